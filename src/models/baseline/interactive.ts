/**
 * The baseline in interactive ClinicalBench, in both roles, deterministic and offline.
 *
 * As the **doctor** it reads only its prompt: the basic information, the chief complaint and the replies of the
 * conversation so far (never its own questions, which would count as findings). It ranks its knowledge base's
 * diseases on that text (with the department its complaint points to as the prior). It asks first about the present
 * illness and then about past illnesses and medicines, in open questions; then, while it has questions left (five
 * in all at most), it asks about the most telling symptom of
 * one of its two leading candidates that the other does not share and that nobody has mentioned yet,
 * alternating between them; then it requests the whole physical examination once; then it orders, while it has
 * exams left, a blood count and biochemistry and the laboratory panels and imaging its knowledge base associates
 * with its leading candidates (their lab items and imaging findings mapped onto the hospital's lists); then it
 * gives its six-section answer on everything gathered. Reply sentences that deny a list of symptoms are left out
 * of its evidence (its reasoner reads negation clause by clause).
 *
 * As the **patient** it answers from the history sentences that share most words with the question (at most
 * two), turned into the first person; with none, it says it has not noticed that.
 */
import type { Lang } from './evidence.js';
import { diagnosisAnswer } from './compose.js';
import type { Disease } from './kb.js';
import { associatedFound, rankDepartments, rankDiseases, type KnowledgeIndex } from './reason.js';

const SECTION = {
  en: { basic: /Patient basic information:\s*(.*)/i, cc: /Chief complaint:\s*(.*)/i, so: /(?:What has happened so far|What you found):\s*\n([\s\S]*?)(?:\n\s*Your next action:|\n\s*Give your assessment|$)/i },
  zh: { basic: /患者基本信息[:：]\s*(.*)/, cc: /主诉[:：]\s*(.*)/, so: /(?:目前的经过|你了解到的信息)[:：]\s*\n([\s\S]*?)(?:\n\s*你的下一个操作|\n\s*请按以下顺序|$)/ },
} as const;

const REPLY = /^(?:Patient|Examiner|Laboratory|Radiology|患者|查体结果|检验科|影像科)\s*[:：]\s*/u;
const HEAD = /^(?:Turn \d+\.|第\d+轮)/u;
const ASKED = /^(?:Turn \d+\.\s*You:\s*|第\d+轮\s*医生[:：])\s*(?:ASK|问诊)\s*[:：]\s*(.*)$/u;
const ORDERED = /^(?:Turn \d+\.\s*You:\s*|第\d+轮\s*医生[:：])\s*(?:ORDER|检查)\s*[:：]\s*(.*)$/u;
const EXAMINED = /^(?:Turn \d+\.\s*You:\s*|第\d+轮\s*医生[:：])\s*(?:EXAMINE|查体)\s*[:：]/u;

interface Seen {
  findings: string;
  asked: string[];
  ordered: string[];
  examined: boolean;
  budget: { questions: [number, number]; exams: [number, number] };
}

function read(prompt: string, lang: Lang): Seen {
  const s = SECTION[lang];
  const lines = (s.so.exec(prompt)?.[1] ?? '').split('\n');
  const replies: string[] = [];
  const asked: string[] = [];
  const ordered: string[] = [];
  let examined = false;
  let inReply = false;
  for (const line of lines) {
    if (HEAD.test(line)) {
      inReply = false;
      const a = ASKED.exec(line);
      if (a) asked.push(a[1]!);
      const o = ORDERED.exec(line);
      if (o) ordered.push(o[1]!);
      if (EXAMINED.test(line)) examined = true;
    } else if (REPLY.test(line)) {
      inReply = true;
      replies.push(line.replace(REPLY, ''));
    } else if (inReply) replies.push(line);
  }
  const nums = [...(/(?:Budget|次数限制)[:：]\s*(.*)/.exec(prompt)?.[1] ?? '').matchAll(/(\d+)/g)].map((m) => Number(m[1]));
  // a sentence that denies a list of symptoms ("No headache, vomiting or chest pain.") is left out of the evidence:
  // the reasoner reads negation clause by clause, and would take the end of the list as affirmed
  const affirmed = replies.flatMap((r) => r.split(/(?<=[.;。；])\s*/u)).filter((x) => !/^\s*(?:no|denies|never|without|无|否认|未)\b|^\s*(?:无|否认|未)/iu.test(x) && !/^No, I haven't/.test(x));
  const findings = [s.basic.exec(prompt)?.[1] ?? '', s.cc.exec(prompt)?.[1] ?? '', ...affirmed].join('\n');
  return { findings, asked, ordered, examined, budget: { questions: [nums[0] ?? 0, nums[1] ?? 0], exams: [nums[2] ?? 0, nums[3] ?? 0] } };
}

/** Lab items of the knowledge base (by abbreviation) → the hospital's lab panels. */
const PANEL_OF: [RegExp, { en: string; zh: string }][] = [
  [/^(?:WBC|HGB|Hb|PLT|NEUT|RBC|MCV|LYM|EOS)/i, { en: 'routine blood test', zh: '血常规' }],
  [/^(?:ALT|AST|TBIL|DBIL|ALP|GGT|ALB)/i, { en: 'liver function tests', zh: '肝功能' }],
  [/^(?:CREA|Cr|BUN|UREA|eGFR|UA)$/i, { en: 'renal function', zh: '肾功能' }],
  [/^(?:K|Na|Cl|Ca)$/i, { en: 'electrolytes', zh: '电解质' }],
  [/^(?:GLU|FPG)/i, { en: 'blood glucose', zh: '血糖' }],
  [/^HbA1c/i, { en: 'glycated haemoglobin', zh: '糖化血红蛋白' }],
  [/^(?:TC|TG|LDL|HDL)/i, { en: 'blood lipids', zh: '血脂' }],
  [/^(?:TSH|FT3|FT4|T3|T4|TRAb|TPOAb)/i, { en: 'thyroid function', zh: '甲状腺功能' }],
  [/^(?:cTn|CK-MB|MYO|TnI|TnT)/i, { en: 'myocardial injury markers', zh: '心肌损伤标志物' }],
  [/BNP/i, { en: 'natriuretic peptide', zh: '脑钠肽' }],
  [/^(?:CRP|PCT|ESR)/i, { en: 'inflammatory markers (CRP, PCT)', zh: '炎症指标' }],
  [/D-?dimer/i, { en: 'D-dimer', zh: 'D-二聚体' }],
  [/^(?:CEA|AFP|CA\d|PSA|SCC|NSE|CYFRA)/i, { en: 'tumour markers', zh: '肿瘤标志物' }],
  [/^(?:PT|APTT|INR|FIB)$/i, { en: 'coagulation function', zh: '凝血功能' }],
  [/^(?:AMY|LIP)/i, { en: 'serum amylase and lipase', zh: '血淀粉酶+脂肪酶' }],
  [/^(?:pH|PaO2|PaCO2|Lac)$/i, { en: 'arterial blood gas', zh: '动脉血气分析' }],
  [/^(?:hCG|β-hCG)/i, { en: 'hCG (pregnancy test)', zh: '人绒毛膜促性腺激素' }],
];

/** Words of imaging findings in the knowledge base → the hospital's imaging examinations. */
const MODALITY_OF: [RegExp, { en: string; zh: string }][] = [
  [/\bDWI\b|\bADC\b|\bMRI\b|\bT2\b|弥散|信号/iu, { en: 'plain MRI scan', zh: '磁共振平扫' }],
  [/angiograph|\bMRA\b|\bCTA\b|stenosis|occlusion|aneurysm|狭窄|闭塞|动脉瘤/iu, { en: 'CT angiography (CTA)', zh: 'CT血管造影' }],
  [/ultraso|doppler|echogenic|hypoechoic|thrombus|cyst|gallstone|超声|回声|血栓|囊肿|结石/iu, { en: 'color Doppler ultrasound', zh: '彩色多普勒超声' }],
  [/ejection fraction|wall motion|valve|vegetation|pericardial|射血分数|室壁|瓣膜|赘生物|心包/iu, { en: 'echocardiography', zh: '超声心动图' }],
  [/X-ray|radiograph|fracture|consolidation|X线|骨折|实变/iu, { en: 'digital radiography (X-ray)', zh: '数字X线摄影' }],
  [/endoscop|ulcer|mucosa|varices|内镜|溃疡|黏膜|静脉曲张/iu, { en: 'esophagogastroduodenoscopy', zh: '食道、胃、十二指肠镜' }],
  [/mammograph|calcification|钼靶|钙化/iu, { en: 'mammography', zh: '乳腺钼靶' }],
  [/\bCT\b|density|hypodense|hyperdense|mass|nodule|lesion|密度|肿块|结节|占位|病灶/iu, { en: 'plain CT scan', zh: 'CT平扫' }],
];

function examsFor(d: Disease, lang: Lang): string[] {
  const out: string[] = [];
  for (const l of d.labs) for (const [re, name] of PANEL_OF) if (re.test(l.abbr)) out.push(name[lang]);
  for (const [term] of [...d.imaging.en].sort((a, b) => b[1] - a[1])) for (const [re, name] of MODALITY_OF) if (re.test(term)) out.push(name[lang]);
  return out;
}

const said = (text: string, term: string): boolean => text.toLowerCase().includes(term.toLowerCase());

/** The doctor's next action. */
export function doctorAnswer(prompt: string, index: KnowledgeIndex, lang: Lang, final: boolean): string {
  const seen = read(prompt, lang);
  // the department the complaint points to is the prior, as a triage nurse would send the patient there
  const triage = rankDepartments(index, seen.findings, lang)[0];
  const department = triage && triage.score > 0 ? triage.department : undefined;
  const ranked = rankDiseases(index, seen.findings, lang, department);
  const answer = (): string => `${lang === 'zh' ? '最终诊断：' : 'FINAL:'}\n${diagnosisAnswer(ranked, associatedFound(ranked[0]!.disease, seen.findings, lang), lang)}`;
  if (final) return answer();
  const [qBudget, qUsed] = seen.budget.questions;
  const [eBudget, eUsed] = seen.budget.exams;
  // history first: the present illness, then past illnesses and medicines, in open questions
  const cc = (SECTION[lang].cc.exec(prompt)?.[1] ?? '').replace(/[.。]\s*$/u, '');
  if (qUsed === 0 && qBudget > 0) return lang === 'zh' ? `问诊：请详细说说${cc}是怎么开始的，后来有什么变化？` : `ASK: Please tell me more about the ${cc.charAt(0).toLowerCase()}${cc.slice(1)}: how did it start, and how has it changed since?`;
  if (qUsed === 1 && qBudget > 1) return lang === 'zh' ? '问诊：您以前得过什么病吗？平时吃什么药？' : 'ASK: Have you had any illnesses before, and do you take any medicines?';
  if (qUsed < Math.min(qBudget, 5) && ranked[0]!.score > 0) {
    const top = ranked.slice(0, 2).map((r) => r.disease);
    const everything = `${seen.findings}\n${seen.asked.join('\n')}`;
    for (let k = 0; k < 2; k++) {
      const mine = top[(qUsed + k) % top.length]!;
      const other = top.find((d) => d !== mine);
      const shared = new Set((other?.symptoms[lang] ?? []).map(([t]) => t.toLowerCase()));
      const term = [...mine.symptoms[lang]].sort((a, b) => b[1] - a[1]).map(([t]) => t).find((t) => !shared.has(t.toLowerCase()) && !said(everything, t));
      if (term) return lang === 'zh' ? `问诊：有没有${term}？` : `ASK: Have you had any ${term}?`;
    }
  }
  if (!seen.examined) return lang === 'zh' ? '查体：全身体格检查' : 'EXAMINE: full physical examination';
  if (eUsed < eBudget) {
    const wanted = [lang === 'zh' ? '血常规' : 'routine blood test', lang === 'zh' ? '血生化' : 'blood biochemistry', ...ranked.slice(0, 2).flatMap((r) => examsFor(r.disease, lang))];
    const next = wanted.find((w) => !seen.ordered.includes(w));
    if (next) return `${lang === 'zh' ? '检查：' : 'ORDER: '}${next}`;
  }
  return answer();
}

const STOP = new Set(['have', 'you', 'your', 'any', 'did', 'does', 'the', 'and', 'what', 'when', 'how', 'had', 'been', 'with', 'about', 'there', '有没有', '是否', '什么', '怎么', '有无']);

function words(text: string): Set<string> {
  const t = text.toLowerCase();
  const out = new Set<string>();
  for (const w of t.match(/[a-z][a-z-]{2,}/g) ?? []) if (!STOP.has(w)) out.add(w.replace(/(?<=[a-z]{3})(?:s|es|ing|ed)$/, ''));
  for (const run of t.match(/\p{Script=Han}+/gu) ?? []) for (let i = 0; i + 1 < run.length; i++) if (!STOP.has(run.slice(i, i + 2))) out.add(run.slice(i, i + 2));
  return out;
}

/** Everyday questions and the words a history answers them with. */
const CONCEPTS: { ask: RegExp; words: string[] }[] = [
  { ask: /illness|disease|medic|drug|before|past|既往|以前|药/iu, words: ['history', 'diagnos', 'year', 'tak', 'tablet', 'mg', 'previou', '既往', '病史', '服用', '口服', '年'] },
  { ask: /start|begin|began|onset|how long|when|开始|多久|什么时候/iu, words: ['ago', 'day', 'week', 'month', 'sudden', 'gradual', '天', '周', '月', '突然', '逐渐'] },
  { ask: /smok|drink|alcohol|吸烟|抽烟|喝酒|饮酒/iu, words: ['smok', 'cigarette', 'alcohol', 'drink', '吸烟', '饮酒'] },
  { ask: /family|parent|mother|father|家族|父母/iu, words: ['family', 'mother', 'father', '家族', '父', '母'] },
];

const EN_FIRST: [RegExp, string][] = [
  [/\b(?:the patient|the child|the woman|the man|he|she)\s+(?:has|had)\b/gi, 'I have had'],
  [/\b(?:the patient|he|she) is\b/gi, 'I am'],
  [/\b(?:the patient|he|she) was\b/gi, 'I was'],
  [/\b(?:the patient|he|she) (report|denie|complain|note|describe|say|feel|experience|develop|notice)(?:s|d)\b/gi, 'I $1'],
  [/\b(?:the patient|the child|he|she)\b/gi, 'I'],
  [/\b(?:his|her)\b/gi, 'my'],
  [/\bhim\b/gi, 'me'],
  [/\bI denie\b/g, 'I deny'],
];

function firstPerson(sentence: string, lang: Lang): string {
  if (lang === 'zh') {
    const s = sentence.replace(/^(?:既往史|个人史|家族史|婚育史|月经史)[:：]\s*/u, '').replace(/患者|患儿|病人|该患/gu, '我').replace(/其(?=[\p{Script=Han}])/gu, '我的');
    if (s.includes('我')) return s;
    // the records leave the subject out ("间断便血5年", "无头痛"): the patient says it of themself
    return /^(?:无|否认|未)/u.test(s) ? `我没有${s.replace(/^(?:无|否认|未)/u, '')}` : `我${s}`;
  }
  let s = sentence;
  for (const [re, to] of EN_FIRST) s = s.replace(re, to);
  return s.replace(/^\s*([a-z])/, (m) => m.toUpperCase());
}

/** The patient's answer to one question, from their history. */
export function patientAnswer(prompt: string, lang: Lang): string {
  const history = (lang === 'zh' ? /你对自己情况的了解[:：]\s*\n([\s\S]*?)\n\s*医生问/ : /What you know about yourself:\s*\n([\s\S]*?)\n\s*The doctor asks:/i).exec(prompt)?.[1] ?? '';
  const question = (lang === 'zh' ? /医生问[:：]\s*(.*)/ : /The doctor asks:\s*(.*)/i).exec(prompt)?.[1] ?? '';
  const q = words(question);
  for (const c of CONCEPTS) if (c.ask.test(question)) for (const w of c.words) q.add(w);
  const sentences = history
    .replace(/^(?:Basic information|Chief complaint|History|基本信息|主诉|病史)[:：]\s*/gimu, '')
    .split(/(?<=[;。；!?！？])\s*|(?<=\.)(?=\s|$)\s*|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 3);
  const scored = sentences.map((s, i) => ({ s, i, n: [...words(s)].filter((w) => q.has(w)).length })).filter((x) => x.n > 0);
  scored.sort((a, b) => b.n - a.n || a.i - b.i);
  const chosen = scored.slice(0, 2).sort((a, b) => a.i - b.i).map((x) => firstPerson(x.s, lang));
  if (chosen.length === 0) return lang === 'zh' ? '这个我没注意到，好像没有。' : "No, I haven't noticed anything like that.";
  return chosen.join(lang === 'zh' ? '' : ' ');
}
