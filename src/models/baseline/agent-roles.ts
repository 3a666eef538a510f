/**
 * How the baseline answers the ClinicalAgent roles beyond the benchmark tasks: a consulting clinician orders
 * every test the hospital lists (a cautious rule that needs no knowledge of test yield); the chief physician
 * adopts the first opinion (the navigator's first department, its best-ranked clinician); the nurse gives the
 * standard ward observations; the pharmacist returns the plan, adding a caution for each organ whose laboratory
 * values are abnormal in the results it was shown (kidney: creatinine or urea raised, eGFR lowered; liver: ALT,
 * AST or bilirubin raised; potassium raised). Deterministic, like the rest of it.
 */
import type { Lang } from './evidence.js';

function listAfter(prompt: string, labels: RegExp): string[] {
  const m = labels.exec(prompt);
  if (!m) return [];
  const line = prompt.slice(m.index + m[0].length).split('\n')[0] ?? '';
  return line
    .split(/[,，、]/u)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !/^(?:none|无)$/iu.test(s));
}

/** The examinations part of a consultation: every laboratory test and imaging exam the prompt offers. */
export function ordersAnswer(prompt: string, lang: Lang): string {
  const labs = listAfter(prompt, /(?:^|\n)\s*(?:Laboratory|实验室检查)\s*[:：]/iu);
  const imaging = listAfter(prompt, /(?:^|\n)\s*(?:Imaging|影像学检查)\s*[:：]/iu);
  return `${lang === 'zh' ? '检查项目：' : 'Examinations:'}\n${[...labs, ...imaging].join('\n')}`;
}

/** The chief physician's merge: the first opinion, as written. */
export function chiefAnswer(prompt: string): string {
  const first = /(?:Opinion 1|意见1)[^\n]*\n([\s\S]*?)(?=\n\s*(?:Opinion \d+|意见\d+)[^\n]*\n|$)/u.exec(prompt);
  return first ? first[1]!.trim() : '';
}

export function nurseAnswer(lang: Lang): string {
  return lang === 'zh'
    ? '1. 监测生命体征及病情变化\n2. 遵医嘱用药并观察不良反应\n3. 根据病情指导饮食与活动\n4. 做好管路与伤口护理，预防感染及跌倒\n5. 健康宣教，告知需及时报告的症状'
    : '1. Monitor vital signs and watch for deterioration\n2. Give medicines as prescribed and watch for adverse effects\n3. Advise on diet and mobility as the condition allows\n4. Care for lines and wounds; prevent infection and falls\n5. Teach the patient which symptoms to report at once';
}

const KIDNEY = { en: 'Kidney function is impaired (raised creatinine or urea, or lowered eGFR): adjust the doses of renally cleared drugs and avoid nephrotoxic ones.', zh: '肾功能受损（肌酐或尿素升高，或估算肾小球滤过率下降）：经肾排泄药物需调整剂量，避免肾毒性药物。' };

/** Abnormal laboratory items that change drug choice or dose: [test codes and names, direction, caution]. */
const CAUTIONS: { test: RegExp; up: boolean; en: string; zh: string }[] = [
  { test: /\b(?:CREA|Cr|SCr|creatinine|UREA|BUN)\b|肌酐|尿素/iu, up: true, ...KIDNEY },
  { test: /\beGFR\b|肾小球滤过率/iu, up: false, ...KIDNEY },
  { test: /\b(?:ALT|AST|TBIL|bilirubin)\b|转氨酶|胆红素/iu, up: true, en: 'Liver tests are abnormal (raised transaminases or bilirubin): reduce or avoid hepatotoxic drugs and those cleared by the liver.', zh: '肝功能异常（转氨酶或胆红素升高）：减量或避免肝毒性药物及经肝代谢药物。' },
  { test: /\b(?:K|potassium)\b|血钾|钾/iu, up: true, en: 'Potassium is raised: avoid potassium supplements, potassium-sparing diuretics and ACE inhibitors until it is corrected.', zh: '血钾升高：纠正前避免补钾、保钾利尿剂及ACEI类药物。' },
];

/** The abnormal items of the laboratory results shown in a prompt (the lines after "abnormal:"). */
function abnormalItems(prompt: string): string[] {
  return [...prompt.matchAll(/(?:^|\n)\s*(?:abnormal|异常项目)\s*[:：]([^\n]*)/giu)].flatMap((m) => m[1]!.split(/[;；]/u)).map((s) => s.trim()).filter((s) => s !== '');
}

/** The pharmacist's revision: the plan as given, renumbered, with a caution for each organ the results flag. */
export function pharmacistAnswer(prompt: string, lang: Lang): string {
  const m = /(?:Treatment plan|治疗计划)\s*[:：]\s*\n([\s\S]*)$/u.exec(prompt);
  const lines = (m ? m[1]! : '')
    .split('\n')
    .map((l) => l.replace(/^\s*\d+[.)、]\s*/u, '').trim())
    .filter((l) => l !== '');
  const items = abnormalItems(m ? prompt.slice(0, m.index) : prompt);
  for (const c of CAUTIONS) {
    const hit = items.some((i) => c.test.test(i) && (c.up ? /↑|\bhigh\b|升高|偏高/iu : /↓|\blow\b|降低|偏低/iu).test(i));
    const text = c[lang];
    if (hit && !lines.includes(text)) lines.push(text);
  }
  return lines.map((l, i) => `${i + 1}. ${l}`).join('\n');
}
