/**
 * What each ClinicalAgent role is shown, and reading what it answers. Consulting clinicians see history and
 * physical examination only, and order tests by name from the case's own vocabulary; the laboratory releases
 * exactly what was ordered; the final clinicians see everything gathered.
 */
import type { ClinicalCase, ImagingExam, LabTest } from '../bench/case.js';
import { foldKey } from '../bench/text.js';
import { parseSections, SECTION_LABELS, type Sections } from '../tasks/sections.js';

const L = {
  en: { basic: 'Patient Basic Information', cc: 'Chief Complaint', hx: 'Medical History', pe: 'Physical Examination', none: 'none', notDone: 'not performed (not available for this patient)', abnormal: 'abnormal', findings: 'Findings', impression: 'Impression', sep: ', ', labResults: 'Laboratory results', orderedLabs: 'Laboratory tests ordered', orderedImaging: 'Imaging examinations ordered', orderedUnknown: 'Requests not on this patient\'s list' },
  zh: { basic: '患者基本信息', cc: '主诉', hx: '病史', pe: '体格检查', none: '无', notDone: '未做（该患者无此项检查）', abnormal: '异常项目', findings: '影像所见', impression: '影像诊断', sep: '、', labResults: '实验室检查结果', orderedLabs: '申请的实验室检查', orderedImaging: '申请的影像学检查', orderedUnknown: '该患者没有的检查申请' },
} as const;

/** Basic information, chief complaint, history and physical examination — no results. */
export function consultDetails(c: ClinicalCase): string {
  const l = L[c.language];
  const colon = c.language === 'zh' ? '：' : ': ';
  return [
    `${l.basic}${colon}${c.summary.basicInformation}`,
    `${l.cc}${colon}${c.summary.chiefComplaint}`,
    `${l.hx}${colon}${c.summary.history}`,
    `${l.pe}${colon}${c.summary.physicalExamination}`,
  ].join('\n');
}

export function labVocabulary(c: ClinicalCase): string {
  return c.labs.map((l) => l.name).join(L[c.language].sep) || L[c.language].none;
}

export function imagingVocabulary(c: ClinicalCase): string {
  return c.imaging.map((e) => e.name).join(L[c.language].sep) || L[c.language].none;
}

export interface Orders {
  labs: string[];
  imaging: string[];
  /** Requested names that are not in the case's vocabulary (recorded, answered "not performed"). */
  unknown: string[];
}

const ORDERS_LABEL = /(?:^|\n)[ \t#*>-]*(?:\*\*)?(?:Examinations|Examinations ordered|Orders|Tests ordered|检查项目|开具检查|申请检查)(?:\*\*)?[ \t]*[:：]/i;

function matches(item: string, target: LabTest | ImagingExam): boolean {
  const a = foldKey(item);
  const names = [target.name, target.key.replace(/[_+]/g, ' ')].map(foldKey);
  return a !== '' && names.some((n) => n !== '' && (n === a || a.includes(n) || (n.includes(a) && a.length >= 2)));
}

/** The preliminary diagnosis and the examinations a consulting clinician ordered, mapped onto the case's tests. */
export function readConsult(answer: string, c: ClinicalCase): { preliminary: string; orders: Orders } {
  const m = ORDERS_LABEL.exec(answer);
  const preliminary = parseSections(m ? answer.slice(0, m.index) : answer).sections.preliminary;
  const orders: Orders = { labs: [], imaging: [], unknown: [] };
  if (!m) return { preliminary, orders };
  const items = answer
    .slice(m.index + m[0].length)
    .split(/\n|[;；,，、]/u)
    .map((s) => s.replace(/^[\s\-*•\d.)、(（]+|[\s.。]+$/gu, '').trim())
    .filter((s) => s !== '');
  for (const item of items) {
    const lab = c.labs.find((l) => matches(item, l));
    const exam = c.imaging.find((e) => matches(item, e));
    if (lab && !orders.labs.includes(lab.key)) orders.labs.push(lab.key);
    else if (exam && !orders.imaging.includes(exam.key)) orders.imaging.push(exam.key);
    else if (!lab && !exam) orders.unknown.push(item);
  }
  return { preliminary, orders };
}

/** The laboratory's report: the results of the ordered panels only; unknown requests are "not performed". */
export function labReport(c: ClinicalCase, orders: Orders): string {
  const l = L[c.language];
  const colon = c.language === 'zh' ? '：' : ': ';
  const lines = c.labs.filter((x) => orders.labs.includes(x.key)).map((x) => `${x.name}${colon}${x.result}\n${l.abnormal}${colon}${x.abnormal || l.none}`);
  for (const u of orders.unknown) lines.push(`${u}${colon}${l.notDone}`);
  return lines.join('\n') || l.none;
}

/** What the laboratory was asked for (the prompt of its step in the transcript; no model reads it). */
export function labRequest(c: ClinicalCase, orders: Orders): string {
  const l = L[c.language];
  const colon = c.language === 'zh' ? '：' : ': ';
  const names = (keys: string[], from: readonly (LabTest | ImagingExam)[]): string => keys.map((k) => from.find((x) => x.key === k)?.name ?? k).join(l.sep) || l.none;
  return [
    `${l.orderedLabs}${colon}${names(orders.labs, c.labs)}`,
    `${l.orderedImaging}${colon}${names(orders.imaging, c.imaging)}`,
    `${l.orderedUnknown}${colon}${orders.unknown.join(l.sep) || l.none}`,
  ].join('\n');
}

/** The case details with the released laboratory results, for the nurse and the pharmacist. */
export function withLabResults(details: string, lab: string, lang: 'zh' | 'en'): string {
  return `${details}\n\n${L[lang].labResults}${lang === 'zh' ? '：' : ':'}\n${lab}`;
}

/** The imaging reports: findings of each ordered exam with the radiologist's impression. */
export function imagingReport(c: ClinicalCase, impressions: Record<string, string>): string {
  const l = L[c.language];
  const colon = c.language === 'zh' ? '：' : ': ';
  const lines = c.imaging.filter((e) => impressions[e.key] !== undefined).map((e) => `${e.name}\n${l.findings}${colon}${e.findings}\n${l.impression}${colon}${impressions[e.key]}`);
  return lines.join('\n\n') || l.none;
}

/** The clinicians' opinions for the chief physician, each labelled with department and model. */
export function opinionsText(opinions: { department: string; model: string; text: string }[], lang: 'zh' | 'en'): string {
  return opinions.map((o, i) => (lang === 'zh' ? `意见${i + 1}（${o.department}，${o.model}）：\n${o.text}` : `Opinion ${i + 1} (${o.department}, ${o.model}):\n${o.text}`)).join('\n\n');
}

/** Put the nurse's actions after the pharmacist's revised plan: the final treatment plan. */
export function finalPlan(revised: string, nursing: string, original: string, lang: 'zh' | 'en'): string {
  const plan = revised.trim() || original.trim();
  const care = nursing.trim();
  if (!care) return plan;
  return `${plan}\n${lang === 'zh' ? '护理：' : 'Nursing: '}${care.replace(/\n+/g, lang === 'zh' ? '；' : '; ')}`;
}

export { SECTION_LABELS, type Sections };
