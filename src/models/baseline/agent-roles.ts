/**
 * How the baseline answers the ClinicalAgent roles beyond the benchmark tasks: a consulting clinician orders
 * every test the hospital lists (a cautious rule that needs no knowledge of test yield); the chief physician
 * adopts the first opinion (the navigator's first department, its best-ranked clinician); the nurse gives the
 * standard ward observations; the pharmacist returns the plan unchanged. Deterministic, like the rest of it.
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

/** The pharmacist's revision: the plan as given, renumbered. */
export function pharmacistAnswer(prompt: string): string {
  const m = /(?:Treatment plan|治疗计划)\s*[:：]\s*\n([\s\S]*)$/u.exec(prompt);
  const lines = (m ? m[1]! : '')
    .split('\n')
    .map((l) => l.replace(/^\s*\d+[.)、]\s*/u, '').trim())
    .filter((l) => l !== '');
  return lines.map((l, i) => `${i + 1}. ${l}`).join('\n');
}
