/**
 * What the case gives back to the doctor in interactive ClinicalBench, and nothing more. The examiner returns the
 * physical-examination findings matching the requested item; the laboratory and radiology return the result of
 * the ordered panel or the findings of the ordered imaging exam when the case has it, and "not done" otherwise.
 * Requests are matched first against the case's own exams, then against the hospital's tables (PROTOCOL §3), so
 * an exam the case does not have is named and answered "not done". The pathology report and the radiologist's
 * impressions are never released (they name the diagnosis). A patient's answer is checked before the doctor
 * sees it: a sentence naming the gold diagnosis is withheld. Pure functions.
 */
import type { ClinicalCase, ImagingExam, LabTest } from '../../bench/case.js';
import { LAB_PANELS } from '../../bench/lab-tests.js';
import { MODALITIES } from '../../bench/modalities.js';
import { foldKey } from '../../bench/text.js';

export type ExamKind = 'lab' | 'imaging';

export interface Resolved {
  /** `lab` / `imaging` of the case, a table entry the case has not got, or a name on no list. */
  kind: ExamKind | 'unknown';
  /** The case's key (done), the table's key (not done), or the request as written (unknown). */
  key: string;
  name: string;
  done: boolean;
}

const colonOf = (lang: 'zh' | 'en'): string => (lang === 'zh' ? '：' : ': ');

/** Abbreviations and everyday words doctors use for the exams of the tables. */
const ALIASES: Record<string, string[]> = {
  routine_blood_test: ['cbc', 'fbc', 'full blood count', 'complete blood count', 'blood count', 'blood routine', '血常规', '血细胞分析'],
  blood_biochemistry_test: ['biochemistry', 'chemistry', 'metabolic panel', 'cmp', 'bmp', 'chem', '生化', '血生化', '肝肾功能'],
  coagulation_function_test: ['coagulation', 'coags', 'pt inr', 'clotting', '凝血', '凝血四项'],
  tumor_marker_test: ['tumor markers', 'tumour markers', 'cea', 'afp', 'ca19-9', '肿瘤标志物'],
  liver_function: ['lft', 'lfts', 'liver function', '肝功能'],
  renal_function: ['kidney function', 'renal', 'creatinine', '肾功能'],
  urinalysis: ['urine test', 'urine routine', 'ua', '尿常规'],
  glycated_hemoglobin: ['hba1c', 'a1c', '糖化'],
  blood_glucose: ['glucose', 'fasting glucose', 'blood sugar', '血糖'],
  blood_lipids: ['lipids', 'lipid panel', 'cholesterol', '血脂'],
  thyroid_function: ['tft', 'tsh', 'thyroid', '甲功', '甲状腺功能'],
  cardiac_markers: ['troponin', 'cardiac enzymes', 'ctni', 'ctnt', '心肌酶', '肌钙蛋白'],
  arterial_blood_gas: ['abg', 'blood gas', '血气'],
  inflammatory_markers: ['crp', 'pct', 'esr', '炎症指标'],
  plain_computed_tomography_scan: ['ct', 'ct scan', 'non-contrast ct', 'plain ct', 'ct平扫', 'ct检查'],
  contrast_computed_tomography_scan: ['contrast ct', 'enhanced ct', 'ct增强', '增强ct'],
  color_doppler_ultrasound: ['ultrasound', 'ultrasonography', 'us', 'doppler', 'b超', '超声', 'b-scan'],
  plain_magnetic_resonance_imaging_scan: ['mri', 'mr', 'mri scan', 'plain mri', '磁共振', '核磁', 'mri平扫'],
  contrast_magnetic_resonance_imaging_scan: ['contrast mri', 'enhanced mri', '增强mri', '增强磁共振'],
  magnetic_resonance_angiography: ['mra', '磁共振血管成像'],
  digital_radiography: ['x-ray', 'xray', 'x ray', 'radiograph', 'chest x-ray', 'cxr', 'x线', '胸片', 'dr'],
  computed_tomography_angiography: ['cta', 'ct angiography', 'ct血管成像'],
  echocardiogram: ['echo', 'echocardiography', 'cardiac ultrasound', '心超', '心脏彩超', '超声心动'],
  coronary_arteriography: ['coronary angiography', 'cag', '冠脉造影'],
  esophagogastroduodenoscopy: ['endoscopy', 'gastroscopy', 'egd', 'ogd', '胃镜'],
  nasopharyngoscope: ['laryngoscopy', 'nasendoscopy', '喉镜', '鼻咽镜'],
};

function namesOf(key: string, name: string, extra: string[] = []): string[] {
  const parts = key.split('+');
  return [name, key.replace(/[_+]/g, ' '), ...extra, ...parts.flatMap((p) => ALIASES[p] ?? []), ...(parts.length === 1 ? [] : [])].map(foldKey).filter((n) => n !== '');
}

/** How well a request names an exam: 3 exact, 2 the request contains the name, 1 the name contains the request; 0 no. */
function fit(request: string, names: readonly string[]): number {
  const r = foldKey(request);
  if (r === '') return 0;
  const words = request.toLowerCase().split(/[^a-z0-9-]+/); // PET-CT is not a CT
  let best = 0;
  for (const n of names) {
    if (n === r) return 3;
    if (words.includes(n)) best = Math.max(best, 2);
    if ((n.length >= 3 || /\p{Script=Han}/u.test(n)) && n.length >= 2 && r.includes(n)) best = Math.max(best, 2);
    else if (r.length >= 3 && n.includes(r)) best = Math.max(best, 1);
  }
  return best;
}

function bestOf<T>(request: string, items: readonly T[], names: (t: T) => string[]): T | undefined {
  let best: T | undefined;
  let score = 0;
  for (const t of items) {
    const s = fit(request, names(t));
    if (s > score) [best, score] = [t, s];
  }
  return best;
}

/** Which exam a request means: one of the case's, else one of the tables (not done), else a name on no list. */
export function resolveOrder(request: string, c: ClinicalCase): Resolved {
  const lang = c.language;
  const lab = bestOf(request, c.labs, (l: LabTest) => namesOf(l.key, l.name));
  const img = bestOf(request, c.imaging, (e: ImagingExam) => namesOf(e.key, e.name));
  const labFit = lab ? fit(request, namesOf(lab.key, lab.name)) : 0;
  const imgFit = img ? fit(request, namesOf(img.key, img.name)) : 0;
  const tLab = bestOf(request, LAB_PANELS, (p) => namesOf(p.key, p[lang], [p.en, p.zh]));
  const tImg = bestOf(request, MODALITIES, (m) => namesOf(m.key, m[lang], [m.en, m.zh]));
  const tl = tLab ? fit(request, namesOf(tLab.key, tLab[lang], [tLab.en, tLab.zh])) : 0;
  const ti = tImg ? fit(request, namesOf(tImg.key, tImg[lang], [tImg.en, tImg.zh])) : 0;
  // a general "CT" matches a case's plain+contrast CT; the closer of the two matches wins — but a request that
  // names another exam of the lists more closely ("CT angiography" when the case has a plain CT) is that exam;
  // a part of a combined exam is that exam ("plain MRI scan" of a plain MRI + MR angiography)
  const listed = Math.max(tl, ti);
  const closer = (caseFit: number, key: string, tableKey: string | undefined): boolean => caseFit >= listed || (tableKey !== undefined && key.split('+').includes(tableKey));
  if (lab && labFit >= imgFit && closer(labFit, lab.key, tl >= ti ? tLab?.key : tImg?.key)) return { kind: 'lab', key: lab.key, name: lab.name, done: true };
  if (img && closer(imgFit, img.key, ti >= tl ? tImg?.key : tLab?.key)) return { kind: 'imaging', key: img.key, name: img.name, done: true };
  if (tLab && tl >= ti) return { kind: 'lab', key: tLab.key, name: tLab[lang], done: false };
  if (tImg) return { kind: 'imaging', key: tImg.key, name: tImg[lang], done: false };
  return { kind: 'unknown', key: request.trim(), name: request.trim(), done: false };
}

const NOT_DONE = { en: 'not done (this examination was not performed for this patient)', zh: '未做（该患者未行此项检查）' };
const NOT_LISTED = { en: 'not done (not an examination of this hospital\'s lists)', zh: '未做（不在本院检查项目中）' };

/** The laboratory's or radiology's reply: the result or findings of the resolved exam, or "not done". */
export function examReply(r: Resolved, c: ClinicalCase): string {
  const lang = c.language;
  const colon = colonOf(lang);
  if (r.kind === 'unknown') return `${r.name}${colon}${NOT_LISTED[lang]}`;
  if (!r.done) return `${r.name}${colon}${NOT_DONE[lang]}`;
  if (r.kind === 'lab') {
    const lab = c.labs.find((l) => l.key === r.key)!;
    const abnormal = lang === 'zh' ? '异常项目' : 'abnormal';
    return `${lab.name}${colon}${lab.result || NOT_DONE[lang]}${lab.abnormal ? `\n${abnormal}${colon}${lab.abnormal}` : ''}`;
  }
  const exam = c.imaging.find((e) => e.key === r.key)!;
  const findings = lang === 'zh' ? '影像所见' : 'findings';
  return `${exam.name} ${findings}${colon}${exam.findings || NOT_DONE[lang]}`;
}

/** Words of a text: English words of three letters or more (a plural s dropped), pairs of Chinese characters. */
export function termsOf(text: string): Set<string> {
  const t = text.toLowerCase();
  const out = new Set<string>();
  for (const w of t.match(/[a-z][a-z0-9-]{2,}/g) ?? []) out.add(w.replace(/(?<=[a-z]{3})s$/, ''));
  for (const run of t.match(/\p{Script=Han}+/gu) ?? []) {
    if (run.length === 1) out.add(run);
    for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  }
  return out;
}

/** Body systems and the words a record uses for them, so "abdomen" finds "Murphy sign" and "neuro" finds "Babinski". */
const SYSTEMS: { ask: RegExp; words: string[] }[] = [
  { ask: /vital|blood pressure|\bbp\b|pulse|temperature|heart rate|生命体征|血压|体温|脉搏|心率/i, words: ['bp', 'mmhg', 'pulse', 'temperature', 'heart rate', 'respiratory rate', '血压', '体温', '脉搏', '呼吸', '心率'] },
  { ask: /abdom|belly|stomach|liver|spleen|腹|肝|脾/i, words: ['abdomen', 'abdominal', 'murphy', 'tender', 'bowel', 'liver', 'spleen', 'mcburney', 'rebound', 'guarding', '腹', '压痛', '反跳痛', '肝', '脾', '肠鸣', '墨菲'] },
  { ask: /heart|cardiac|cardio|murmur|心/i, words: ['heart', 'cardiac', 'murmur', 'rhythm', 'apex', '心', '杂音', '心律', '心界'] },
  { ask: /lung|chest|breath|respirat|肺|胸|呼吸/i, words: ['lung', 'chest', 'breath', 'crackle', 'wheez', 'rales', 'percussion', '肺', '胸', '呼吸音', '啰音', '叩诊'] },
  { ask: /neuro|reflex|strength|power|cranial|speech|consciousness|神经|肌力|反射|意识|言语/i, words: ['conscious', 'alert', 'orient', 'aphasia', 'speech', 'facial', 'tongue', 'power', 'strength', 'tone', 'reflex', 'babinski', 'sensation', 'sensory', 'gait', 'nihss', 'gcs', 'pupil', 'meningeal', 'neck stiffness', '神志', '意识', '言语', '失语', '面', '伸舌', '肌力', '肌张力', '反射', '病理征', '巴氏', '巴宾斯基', '腱反射', '指鼻', '共济', '感觉', '瞳孔', '脑膜刺激', '颈强'] },
  { ask: /skin|rash|jaundice|皮肤|皮疹|黄疸/i, words: ['skin', 'rash', 'jaundice', 'pallor', 'cyanosis', '皮肤', '皮疹', '黄染', '黄疸', '苍白', '紫绀'] },
  { ask: /head|neck|thyroid|lymph|eye|ear|nose|throat|头|颈|甲状腺|淋巴|眼|耳|鼻|咽/i, words: ['head', 'neck', 'thyroid', 'lymph', 'eye', 'ear', 'nose', 'throat', 'tonsil', 'pharyn', '头', '颈', '甲状腺', '淋巴结', '眼', '耳', '鼻', '咽', '扁桃体'] },
  { ask: /limb|extremit|joint|spine|back|leg|arm|knee|hip|edema|oedema|swelling|四肢|关节|脊柱|腰|腿|膝|髋|水肿|肿胀/i, words: ['limb', 'extremit', 'joint', 'spine', 'back', 'leg', 'arm', 'knee', 'hip', 'edema', 'oedema', 'swelling', 'range of motion', '四肢', '关节', '脊柱', '腰', '下肢', '上肢', '膝', '髋', '水肿', '肿胀', '活动'] },
  { ask: /breast|乳/i, words: ['breast', 'nipple', 'axilla', '乳', '腋窝'] },
  { ask: /rectal|anal|anus|perian|直肠|肛/i, words: ['rectal', 'anal', 'anus', 'perianal', 'digital', '直肠', '肛', '指诊'] },
  { ask: /pelvic|gyn|vagin|uterus|cervix|妇科|阴道|子宫|宫颈|盆腔/i, words: ['pelvic', 'vagina', 'uterus', 'cervix', 'adnexa', 'fundal', 'fetal', '阴道', '子宫', '宫颈', '附件', '宫底', '胎心'] },
];

const WHOLE = /^(?:full|complete|general|whole|entire|all|overall)\b|physical examination$|^physical exam$|全身|全面|一般情况|全部|体格检查$/i;

/** Clauses of the physical examination, split at sentence and clause ends. */
function clauses(text: string): string[] {
  return text.split(/(?<=[.;。；!！?？])\s*|\n+|(?<=[，,])\s*(?=[A-Z\p{Script=Han}])/u).map((s) => s.trim()).filter((s) => s !== '');
}

/** The examiner's reply: the clauses of the physical examination about the requested item, or "not recorded". */
export function examinerReply(item: string, c: ClinicalCase): { text: string; found: boolean } {
  const pe = c.summary.physicalExamination.trim();
  const lang = c.language;
  const none = lang === 'zh' ? `${item}：未查（病历中无此项记录）` : `${item}: not done (no such finding recorded)`;
  if (pe === '') return { text: none, found: false };
  if (WHOLE.test(item.trim())) return { text: pe, found: true };
  const words = SYSTEMS.filter((s) => s.ask.test(item)).flatMap((s) => s.words);
  const asked = termsOf(item);
  const hits = clauses(pe).filter((cl) => {
    const low = cl.toLowerCase();
    if (words.some((w) => low.includes(w))) return true;
    const t = termsOf(cl);
    return [...asked].some((a) => a.length >= 2 && t.has(a) && !STOP.has(a));
  });
  return hits.length ? { text: hits.join(lang === 'zh' ? '' : ' '), found: true } : { text: none, found: false };
}

const STOP = new Set(['the', 'and', 'examination', 'exam', 'check', 'physical', 'any', 'sign', 'test', '检查', '查体', '体格']);

/** The diagnoses a patient's answer may never name: the principal diagnosis, and gold diagnoses the history does not mention. */
function forbidden(c: ClinicalCase): string[] {
  const history = foldKey(`${c.summary.basicInformation} ${c.summary.chiefComplaint} ${c.summary.history}`);
  const names = [c.gold.principalDiagnosis, ...c.gold.preliminaryDiagnosis].map((d) => foldKey(d.replace(/^\s*\d+[.)、]\s*/u, '').replace(/[（(][^）)]*[）)]/gu, '')));
  return [...new Set(names)].filter((n) => n.length >= 3 && (n === foldKey(c.gold.principalDiagnosis) || !history.includes(n)));
}

/** A patient's answer as the doctor may see it: sentences naming a gold diagnosis withheld. */
export function guardPatientAnswer(answer: string, c: ClinicalCase): { text: string; withheld: number } {
  const bad = forbidden(c);
  let withheld = 0;
  const sentences = answer.split(/(?<=[.!?。！？;；])\s*/u);
  const kept = sentences.filter((s) => {
    const f = foldKey(s);
    const hit = bad.some((b) => f.includes(b));
    if (hit) withheld++;
    return !hit;
  });
  const note = c.language === 'zh' ? '（患者说不清楚）' : "(the patient can't say)";
  const text = kept.join(c.language === 'zh' ? '' : ' ').trim();
  return { text: text === '' ? note : withheld ? `${text} ${note}`.trim() : text, withheld };
}

/** What the patient model is given: who they are, what brought them, their history — nothing examined or tested. */
export function patientHistory(c: ClinicalCase): string {
  const s = c.summary;
  const L = c.language === 'zh' ? { b: '基本信息', cc: '主诉', h: '病史' } : { b: 'Basic information', cc: 'Chief complaint', h: 'History' };
  const colon = colonOf(c.language);
  return [`${L.b}${colon}${s.basicInformation}`, `${L.cc}${colon}${s.chiefComplaint}`, `${L.h}${colon}${s.history}`].join('\n');
}

/** The hospital's lists the doctor may order from (the tables, not the case's own exams). */
export function orderableLists(lang: 'zh' | 'en'): { labs: string; imaging: string } {
  const sep = lang === 'zh' ? '、' : '; ';
  return { labs: LAB_PANELS.map((p) => p[lang]).join(sep), imaging: MODALITIES.filter((m) => !m.key.includes('+')).map((m) => m[lang]).join(sep) };
}
