/**
 * Normalisation of diagnosis names for the PD/FD matcher. Pure string functions: no I/O, no state, never throws.
 *
 * Three layers:
 *  1. `basicNormalise` — what the `exact` rule compares. Case, NFKC (full → half width), diacritics, dashes,
 *     quotes, markdown, list markers, whitespace, British → American spelling, Roman and Chinese numerals in
 *     type/stage/grade positions. Nothing here changes which disease is named.
 *  2. `analyse` — in zh mode first expands the Chinese abbreviations of the lexicon's table (心梗 → 心肌梗死,
 *     zh-abbreviations.ts), then reads one answer into *readings*: `main` (the name without hedges, leading
 *     labels, trailing explanations and parentheses; a parenthesised part that is only qualifiers, "（左）",
 *     "(Stanford A型)", gives main its slots), `head` (main cut before a complication, a cause or a location phrase),
 *     `cause` ("X due to Y", "Y所致X": the named cause Y), `alias` (each parenthesised part) and `joined`
 *     (main with a short parenthesised modifier put back: "haemorrhoids (mixed)" → "mixed haemorrhoids",
 *     "糖尿病（2型）" → "2型糖尿病"; the matcher uses it only where the lexicon knows it as a whole name).
 *  3. `strip` — one reading to a comparable core. Qualifiers are of two kinds:
 *     - DROPPED freely: hedges, severity, activity, course words such as "paroxysmal", hernia states, stage,
 *       grade, class, Killip, NYHA, Child-Pugh, TNM, risk strata, disc levels. They grade or describe a disease,
 *       they never turn it into another one; two different grades of one disease still match.
 *     - SLOTS, dropped only when ONE side states them: course (acute/chronic/subacute/old), side, type number or
 *       letter, origin (primary/secondary), nature (benign/malignant), level (upper/lower), wall/site, degree,
 *       completeness, polarity (hyper/hypo, 亢进/减退, 高/低). When both sides state a slot and share no value
 *       (acute vs chronic pancreatitis, type 1 vs type 2 diabetes, 甲亢 vs 甲减, left vs right) the names conflict
 *       and the matcher refuses every rule but `exact`. Negation (non-, 非, 不) and history (history of, 病史,
 *       术后) are flags that must agree.
 */

import { basicNormalise } from './basic-normalise.js';

export type MatchLang = 'zh' | 'en';

export { basicNormalise, MAX_CHARS } from './basic-normalise.js';

export interface NormaliseHooks {
  /** Expansion of a Latin word that is an abbreviation ('copd' → 'chronic obstructive pulmonary disease'). */
  expand?: (word: string, mode: MatchLang) => string | undefined;
  /** Canonical form of one English word ('cancer' → 'carcinoma', 'kidney' → 'renal'). */
  word?: (word: string) => string;
  /** Expansion of the Chinese abbreviations in a normalised zh text (心梗 → 心肌梗死; zh-abbreviations.ts). */
  expandZh?: (text: string) => { text: string; applied: string[] };
}

export const SLOT_NAMES = ['course', 'side', 'type', 'origin', 'nature', 'level', 'site', 'degree', 'completeness', 'polarity'] as const;
export type SlotName = (typeof SLOT_NAMES)[number];
export type Slots = Partial<Record<SlotName, string[]>>;

export interface Stripped {
  /** The reading after abbreviation expansion, before qualifiers were removed. */
  text: string;
  /** Content units: English words (stemmed, canonical) or, in zh mode, Han characters and Latin words. */
  units: string[];
  /** The head unit: zh — the last unit; en — the last word before "of" (or due, with, in …), else the last word. */
  head: string;
  /** Comparison key without slot words: en — sorted distinct words; zh — the units in order. */
  key: string;
  /** `key` plus the slot values, for looking names up. */
  fullKey: string;
  slots: Slots;
  /** Qualifier texts removed (freely droppable ones and slot words), for explanations. */
  dropped: string[];
  negated: boolean;
  history: boolean;
}

export interface Reading {
  kind: 'main' | 'head' | 'cause' | 'alias' | 'joined';
  source: string;
  s: Stripped;
}

export interface Analysis {
  input: string;
  basic: string;
  mode: MatchLang;
  readings: Reading[];
  /** Hedges, labels, explanations and parentheses taken off before the readings were made. */
  removed: string[];
  /** Chinese abbreviations expanded before the readings were made ("心梗 → 心肌梗死"). */
  expanded: string[];
  empty: boolean;
}


/** Rule table: a name for explanations, a pattern over the normalised text, and the slot value it sets. */
type Rule = [RegExp, string?];

// Hedges: how sure the writer is, not which disease (likely, suspected, 疑似, 可能, 考虑, 待排).
const HEDGES: RegExp[] = [
  /\b(?:most |highly |very |more )?(?:likely|probable|probably|possible|possibly|presumed|presumptive|provisional|tentative|suspected|suspect|questionable|query|putative)\b/g,
  /\b(?:suspicion of|suspicious (?:of|for)|concerning for|suggestive of|consistent with|compatible with|in keeping with|(?:to )?rule out|r\/o|can ?not (?:be )?(?:excluded|ruled out|exclude|rule out)|not (?:excluded|ruled out)|to be (?:excluded|ruled out)|consider(?:ed|ing)?)\b/g,
  /高度怀疑|怀疑|首先考虑|考虑为|考虑|疑似|疑诊|可疑|可能性大|可能性|可能|倾向于|倾向|待排除|待除外|待排|待查|不除外|不排除|拟诊/gu,
  /\?+/g,
];

// Leading labels and sentence frames ("Primary diagnosis:", "The most likely diagnosis is", "初步诊断：").
const LEADS: RegExp[] = [
  /^(?:(?:the|my|our) )?(?:(?:final|principal|primary|main|preliminary|provisional|working|differential|clinical|leading|top|first|initial) )*(?:diagnos[ie]s|dx|impression)(?: (?:is|are|was|would be|of|includes?))?\s*[:-]?\s*/,
  /^(?:the )?patient (?:has|had|is suffering from|suffers from|presents with)\s+/,
  /^(?:this is|it is|its)\s+/,
  /^(?:初步诊断|主要诊断|最终诊断|出院诊断|临床诊断|诊断|印象|结论)\s*(?:为|是)?\s*:?\s*/u,
];

const LEAD_GROUPS = LEADS.map((re) => [re]);

// Trailing explanation: after a colon/semicolon, a spaced dash, or a reason word (based on, 依据, 建议 …).
const EXPLANATION = /\s*[:;]|\s-+\s|,?\s(?:based on|given|because|as evidenced|evidenced by|supported by|according to|recommend\w*|suggest\w*|needs?|requires?|please|further|pending|awaiting|confirmed by|see|which|per)\b|,(?=依据|根据|因|由于|结合|患者|建议|需|请|诊断依据|理由|支持)/u;

// Freely droppable qualifiers (see the file comment). Protected names: multiple myeloma/sclerosis, small bowel,
// 重症肌无力 (myasthenia gravis) are not touched because the patterns do not match them.
const DROP: RegExp[] = [
  /\b(?:very severe|mild(?:ly)?|moderate(?:ly)?|severe(?:ly)?|critical|extensive|massive|significant|marked|minor|(?:in)?active|quiescent|(?:un)?complicated|recurrent|relapsed|relapsing|refractory|initial|first episode|episode|new onset|newly diagnosed|early|advanced|late|progressive|(?:de)?compensated|paroxysmal|persistent|permanent|long standing|intermittent|perforated|(?:un)?ruptured|incarcerated|strangulated|(?:ir)?reducible|obstructed|(?:poorly|well|suboptimally|inadequately|un)? ?controlled|confirmed|proven|biopsy proven|clinical(?:ly)?|simple|solitary|single|multifocal|generalized|localized|diffuse(?! large)|non ?(?:functioning|secreting|keratinizing)|functioning|secreting)\b|(?<=\b(?:ulcer|appendicitis|diverticulitis) )perforation\b/g,
  /\bmultiple(?= (?:uterine|fibroid|leiomyom|myom|nodule|cyst|calcul|stone|polyp|fracture|lesion|metasta|adenoma|hemangioma))/g,
  /\b(?:very high|high|intermediate high|intermediate low|intermediate|moderate|low)[- ]risk\b/g,
  /\b(?:nyha|killip|ccs)(?:\s*(?:functional )?(?:class|grade))?\s*\d(?:\s*级|\b)|\bchild ?pugh(?:\s*(?:class|grade))?\s*[abc](?:\s*\d{1,2})?\b|\bceap\s*c\d[ab]?\b/g,
  /\b(?:stage|grade|class|phase|score|tier|group)\s*\d{1,2}[a-d]?(?:\s*-\s*\d{1,2}[a-d]?)?\b/g,
  /\b(?:bi|ti|li|pi|c ?ti|acr ?ti|o) ?rads\s*\d[a-c]?\b|\b(?:ckd\s*)?g[1-5][ab]?(?:\s*a[1-3])?\b(?!\s*p)/g,
  /\b[cpy]?t(?:[0-4x]|is)[a-d]?\s*n[0-3x][a-c]?\s*m[01x][a-c]?\b|\bl\d(?:\s*[-/]\s*|\s+)(?:l?\d|s\d)\b|\b(?:[ctl]\d{1,2}|s[1-5])\b|\b(?:lee|who|gleason|figo|isup|fuhrman)\s*(?:grade\s*)?\d{1,2}\b/g,
  /轻度|中度|重度|极重度|中重度|轻中度|轻型|中型|重型|轻症|危重型?|重症(?!肌无力)|活动期|缓解期|稳定期|急性期|慢性期|恢复期|失代偿期|代偿期|失代偿|代偿|早期|晚期|进展期|中晚期|初发型?|复发性?|难治性|反复发作|首次发作|新发|首发|单发|巨大|广泛(?!前壁)|单纯性(?!疱疹)|可复性?|难复性?|嵌顿性?|绞窄性?|未破裂|破裂|穿孔|(?:血糖)?控制(?:欠佳|不佳|不良|良好|差)/gu,
  /多发性?(?=子宫|肌瘤|结节|结石|囊肿|息肉|骨折|腺瘤|血管瘤|病灶|转移)/gu,
  /全身型|眼肌型|慢性复发型|慢性持续型|暴发型|左半结肠型|广泛结肠型|全结肠型|直肠型|腹型|关节型|肾型|皮肤型|混合型(?=高脂|高血脂|血脂)|周围型|中央型|非功能性|无功能性?|功能性(?=垂体)/gu,
  /(?:很高危|极高危|中高危|中低危|高危|中危|低危)组?/gu,
  /[a-z-]*\s*分[级期]\s*\d*[a-d]?\s*[级期]?|心功能\s*\d\s*级|(?:killip|nyha|ccs)\s*\d\s*级|child ?pugh\s*[abc]\s*级?|(?:慢性肾脏病)?g\d[ab]?a?\d?期|(?:bi|c ?ti|acr ?ti|ti) ?rads\s*\d[a-c]?\s*类?|\d{1,2}[a-d]?\s*[级期类]|孕\d+产\d+|孕\d+\+\d+周/gu,
];

// Slots (see the file comment). Order matters inside a slot: "subacute" before "acute", 不完全 before 完全.
const SLOTS: [SlotName, Rule[]][] = [
  ['course', [[/\bsub ?acute\b|亚急性/gu, 'subacute'], [/\b(?:hyper)?acute\b|超?急性/gu, 'acute'], [/\bchronic\b|慢性/gu, 'chronic'], [/\bold\b|陈旧性?/gu, 'old']]],
  ['side', [[/\b(?:bilateral(?:ly)?|both)\b|双侧|两侧|双(?=[肺肾膝乳眼耳髋踝足手下上侧])/gu, 'both'], [/\b(?:left|lt)(?: sided)?\b|左侧?/gu, 'left'], [/\b(?:right|rt)(?: sided)?\b|右侧?/gu, 'right']]],
  ['type', [[/\bstanford\s+(?:type\s*)?([ab])\b(?:\s*型)?|\btype\s*(\d{1,2}|[a-d])\b|(?:stanford\s*)?(?<![a-z])(\d{1,2}|[a-d])\s*型/gu]]],
  ['origin', [[/\b(?:primary|essential|idiopathic)\b|原发性?(?!孔)|特发性/gu, 'primary'], [/\bsecondary\b|继发性?(?!孔)/gu, 'secondary']]],
  ['nature', [[/\bbenign\b|良性/gu, 'benign'], [/\bmalignant\b|恶性/gu, 'malignant']]],
  ['level', [[/\b(?:upper|high(?= rect))\b|高位|上(?=消化道|肢|叶|段|呼吸道|尿路|极|腹)/gu, 'upper'], [/\b(?:lower|low(?= rect))\b|低位|下(?=消化道|肢|叶|段|呼吸道|尿路|极|腹)/gu, 'lower'], [/\b(?:middle|mid)\b|中(?=叶|段)/gu, 'middle']]],
  ['site', [[/\banteroseptal\b|前间壁/gu, 'anteroseptal'], [/\banterolateral\b|前侧壁/gu, 'anterolateral'], [/\binferoposterior\b|下后壁/gu, 'inferoposterior'], [/\banterior(?: wall)?\b|广泛前壁|前壁/gu, 'anterior'], [/\binferior(?: wall)?\b|下壁/gu, 'inferior'], [/\bposterior(?: wall)?\b|正?后壁/gu, 'posterior'], [/\b(?:infero|postero)?lateral(?: wall)?\b|高?侧壁/gu, 'lateral']]],
  ['degree', [[/\b(?:(first|1st)|(second|2nd)|(third|3rd))[- ]degree\b|\bdegree\s*(\d)\b|(\d)\s*度/gu]]],
  ['completeness', [[/\b(?:incomplete|partial)\b|不完全性?|部分性?/gu, 'partial'], [/\b(?:complete|total)\b|完全性?/gu, 'complete']]],
];

const SLOT_RULES = SLOTS.map(([name, rules]) => [name, rules, anyOf(rules.map(([re]) => re))] as const);

const HISTORY = /\b(?:history of|h\/o|status post|s\/p|post ?operative|previous|prior)\b|病史|既往|术后|史$/gu;
// English words after which the head word is known: "anaemia due to CKD" is headed by anaemia. Complication
// words (with, plus) are not among them: "X with Y" stays headed by Y, so a prediction naming Y is found in it.
const HEAD_END_EN = new Set(['of', 'due', 'in', 'from', 'caused']);
const NEGATION_EN = new Set(['non', 'not', 'no', 'without', 'absent', 'negative', 'excluded']);
const NEGATION_ZH = /非|无(?!菌|机|痛|症状|力)|不(?!全|良|适|明|规则|典型|齐|宁|孕|育|安)|未(?!分化|成熟|明确)|排除/u;
const UP_ZH = /亢进|亢|增多|增高|升高|抬高|过多|高(?!危|龄|度)/u;
const DOWN_ZH = /减退|减低|低下|减少|降低|压低|过少|减(?!压|肥)|低(?!危|龄|度)/u;
const UP_EN = /^(?:hyper\w*|increased|elevated|elevation|high|raised)$/;
const DOWN_EN = /^(?:hypo\w*|decreased|reduced|low)$/;
const STOP = new Set(['the', 'a', 'an', 'of', 'in', 'on', 'at', 'to', 'for', 'by', 'and', 'or', 'with', 'from', 'as', 'its', 'side', 'sided', 'involving', 'affecting', 'within', 'into', 'is', 'are', 'was', 'disease', 'disorder', 'diseases', 'dz']);
const UNIT_RE = /[a-z0-9]+|\p{Script=Han}|\p{L}+/gu;

function tidy(t: string): string {
  return t.replace(/\s+/g, ' ').replace(/^[\s,.;:、。/-]+|[\s,.;:、。/-]+$/gu, '');
}

/**
 * One test that is true whenever any of the patterns would match (their union, without the global flag): when it
 * fails, none of them matches and a whole group of replacements can be skipped — they would leave the text as it is.
 */
function anyOf(patterns: RegExp[]): (t: string) => boolean {
  const groups = [patterns.filter((re) => re.unicode), patterns.filter((re) => !re.unicode)].filter((g) => g.length > 0);
  const tests = groups.map((g) => new RegExp(g.map((re) => `(?:${re.source})`).join('|'), g[0]!.unicode ? 'u' : ''));
  return (t) => tests.some((re) => re.test(t));
}
const PREFILTER = new Map<RegExp[], (t: string) => boolean>();

function removeAll(t: string, patterns: RegExp[], into: string[]): string {
  let any = PREFILTER.get(patterns);
  if (!any) PREFILTER.set(patterns, (any = anyOf(patterns)));
  if (!any(t)) return t;
  let out = t;
  for (const re of patterns) {
    out = out.replace(re, (m) => {
      if (m.trim()) into.push(m.trim());
      return ' ';
    });
  }
  return out;
}

/** Cheap English stemmer for plurals: nodules → nodule, varicosities → varicosity; short words unchanged. */
function stem(w: string): string {
  if (w.length > 5 && /(?:omas|ias)$/.test(w)) return w.slice(0, -1); // adenomas, leiomyomas, hernias, anemias
  if (w.length <= 4 || /(?:ss|us|is|ys|as|os)$/.test(w)) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  return w.endsWith('s') ? w.slice(0, -1) : w;
}

function canonicalWord(w: string, hooks: NormaliseHooks): string {
  if (!/^[a-z]/.test(w)) return w;
  const once = hooks.word?.(w) ?? w;
  const stemmed = stem(once);
  return hooks.word?.(stemmed) ?? stemmed;
}

/** Layer 3: one reading to its core (see the file comment for what is dropped and what is a slot). */
export function strip(reading: string, mode: MatchLang, hooks: NormaliseHooks = {}): Stripped {
  const dropped: string[] = [];
  let t = ` ${removeAll(reading, HEDGES, dropped)} `;
  // a Latin abbreviation, also when a stage or grade number is written onto it before 期/级 ("CKD4期" → ckd + 4期)
  if (hooks.expand) t = t.replace(/([a-z][a-z0-9]*?)(\d{1,2}[a-d]?(?=\s*[期级]))?(?![a-z0-9])/g, (w, word: string, n?: string) => (hooks.expand?.(w, mode) ?? (n ? `${hooks.expand?.(word, mode) ?? word}${n}` : w)));
  const text = tidy(t);
  t = removeAll(t, DROP, dropped);
  const slots: Slots = {};
  for (const [name, rules, any] of SLOT_RULES) {
    if (!any(t)) continue;
    for (const [re, value] of rules) {
      t = t.replace(re, (m: string, ...groups: unknown[]) => {
        const captured = groups.slice(0, -2).findIndex((g) => typeof g === 'string' && g !== '');
        let v = value ?? String(groups[captured] ?? m);
        if (name === 'degree' && captured >= 0 && captured <= 2) v = String(captured + 1);
        const list = (slots[name] ??= []);
        if (!list.includes(v)) list.push(v);
        dropped.push(m.trim());
        return ' ';
      });
    }
  }
  let history = false;
  t = t.replace(HISTORY, () => {
    history = true;
    return ' ';
  });
  if (mode === 'zh') t = t.replace(/(?<=.{2})症(?=$|[,\s])|形成(?=$|[,\s])|(?<=[a-z0-9])\s*病(?=$|[,\s])|(?<=[肺肝]|甲状腺)\s*叶/gu, ''); // 叶: 右肺下叶 → 肺
  const words = t.match(UNIT_RE) ?? [];
  const polarity: string[] = [];
  const mark = (v: string): void => void (polarity.includes(v) || polarity.push(v));
  let negated = false;
  const units: string[] = [];
  let head = '';
  let headFixed = false;
  for (const raw of words) {
    if (/^[a-z0-9]/.test(raw)) {
      if (NEGATION_EN.has(raw)) negated = true;
      if (UP_EN.test(raw)) mark('up');
      if (DOWN_EN.test(raw)) mark('down');
      if (mode === 'en' && HEAD_END_EN.has(raw) && units.length > 0) headFixed = true;
      if (STOP.has(raw) && (raw !== 'disease' || words.length > 1)) continue;
      if (NEGATION_EN.has(raw)) continue;
      const w = canonicalWord(raw, hooks);
      for (const part of w.split(' ')) {
        units.push(part);
        if (!headFixed) head = part;
      }
    } else {
      units.push(raw);
      if (!headFixed) head = raw;
    }
  }
  const han = words.filter((w) => !/^[a-z0-9]/.test(w)).join('');
  if (NEGATION_ZH.test(han)) negated = true;
  if (UP_ZH.test(han)) mark('up');
  if (DOWN_ZH.test(han)) mark('down');
  if (polarity.length > 0) slots.polarity = polarity;
  if (mode === 'zh') head = units[units.length - 1] ?? '';
  const key = mode === 'en' ? [...new Set(units)].sort().join(' ') : units.join('');
  return { text, units, head, key, fullKey: fullKeyOf(key, slots), slots, dropped, negated, history };
}

function fullKeyOf(key: string, slots: Slots): string {
  const tags = SLOT_NAMES.filter((n) => n !== 'polarity' && slots[n]).map((n) => `${n}:${[...slots[n]!].sort().join('+')}`);
  return tags.length > 0 ? `${key}|${tags.join('|')}` : key;
}

/** Slots stated on both sides with no value in common: the names conflict. Returns a description or undefined. */
export function slotConflict(a: Slots, b: Slots): string | undefined {
  for (const name of SLOT_NAMES) {
    const x = a[name];
    const y = b[name];
    if (x && y && x.length > 0 && y.length > 0 && !x.some((v) => y.includes(v))) return `${name}: ${x.join('+')} vs ${y.join('+')}`;
  }
  return undefined;
}

const CAUSE_EN = /\s(?:due to|secondary to|caused by|resulting from|induced by|attributable to|from)\s/;
const COMPLICATION_EN = /\s(?:with|w\/|complicated by|accompanied by|associated with|superimposed on|plus)\s|,/;
const LOCATION_EN = /\s(?:in|involving|affecting|at|within|on)\s/;
const CAUSE_ZH = /所致的?|引起的?|导致的?|继发于|(?<=\p{Script=Han}{2})致(?!密|病|死|命|瘤|畸|敏|心律|残|盲|聋)/u;
const COMPLICATION_ZH = /伴有|伴发|伴|合并|并发|并(?!发)|,|、|;/u;

function cutAt(t: string, ...res: RegExp[]): string {
  let end = t.length;
  for (const re of res) {
    const m = re.exec(t);
    if (m && m.index < end) end = m.index;
  }
  return t.slice(0, end);
}

/** Main, head and cause texts of one name (see the file comment). */
function splitName(main: string, mode: MatchLang): { head: string; cause?: string } {
  if (mode === 'en') {
    const head = cutAt(main, COMPLICATION_EN, CAUSE_EN, LOCATION_EN);
    const m = CAUSE_EN.exec(main);
    const cause = m ? cutAt(main.slice(m.index + m[0].length), COMPLICATION_EN) : undefined;
    return { head, cause };
  }
  const m = CAUSE_ZH.exec(main);
  let rest = main;
  let cause: string | undefined;
  if (m) {
    cause = main.slice(0, m.index);
    rest = main.slice(m.index + m[0].length);
    if (cause === '' && rest.includes('的')) [cause, rest] = [rest.slice(0, rest.indexOf('的')), rest.slice(rest.indexOf('的') + 1)];
    cause = cause.split(/[,、;]/u).pop();
  }
  return { head: cutAt(rest, COMPLICATION_ZH), cause };
}

/** The reading mode of one string: the case language, unless the string is plainly in the other script. */
export function readingMode(text: string, lang: MatchLang): MatchLang {
  const letters = text.match(/\p{L}/gu) ?? [];
  const han = letters.filter((c) => /\p{Script=Han}/u.test(c)).length;
  if (lang === 'en') return letters.length > 0 && han / letters.length >= 0.3 ? 'zh' : 'en';
  return han === 0 && letters.length > 0 ? 'en' : 'zh';
}

/** Layer 2: one answer to its readings. */
export function analyse(input: unknown, lang: MatchLang, hooks: NormaliseHooks = {}): Analysis {
  const raw = typeof input === 'string' ? input : input == null ? '' : String(input);
  const basic = basicNormalise(raw);
  const mode = readingMode(basic, lang);
  const removed: string[] = [];
  const zh = mode === 'zh' && hooks.expandZh ? hooks.expandZh(basic) : { text: basic, applied: [] };
  let t = tidy(removeAll(` ${zh.text} `, HEDGES, removed));
  for (const group of LEAD_GROUPS) t = removeAll(t, group, removed).trim();
  const ex = EXPLANATION.exec(t);
  if (ex && ex.index > 0) {
    removed.push(t.slice(ex.index).trim());
    t = t.slice(0, ex.index);
  }
  const aliases: string[] = [];
  for (let guard = 0; guard < 20 && /\([^()]*\)/.test(t); guard++) {
    t = t.replace(/\(([^()]*)\)/g, (_m, inner: string) => (aliases.push(inner), ' '));
  }
  const open = t.indexOf('(');
  if (open >= 0) {
    aliases.push(t.slice(open + 1));
    t = t.slice(0, open);
  }
  t = tidy(t.replace(/[()]/g, ' '));
  removed.push(...aliases.map((a) => `(${a.trim()})`));
  const parts = aliases.flatMap((a) => a.split(/[,;、]/u)).map(tidy).filter((a) => a !== '');
  if (t === '' && parts.length > 0) t = parts.shift()!;
  const texts: [Reading['kind'], string][] = [['main', t]];
  const { head, cause } = splitName(t, mode);
  texts.push(['head', tidy(head)]);
  if (cause !== undefined) texts.push(['cause', tidy(cause)]);
  for (const a of parts) texts.push(['alias', a]);
  // a short modifier in parentheses put back in front of the name (word order does not matter in en)
  // (en also with only the head word: "hip fracture (femoral neck)" → "femoral neck fracture"; zh also in place of
  // a shared last character: "甲状腺癌（乳头状癌）" → "甲状腺乳头状癌")
  const short = parts.filter((a) => (mode === 'en' ? a.split(' ').length <= 2 : [...a].length <= 5));
  if (short.length === 1 && parts.length === 1 && t !== '') {
    const a = short[0]!;
    if (mode === 'en') texts.push(['joined', `${a} ${t}`], ['joined', `${a} ${t.split(' ').pop()!}`]);
    else {
      texts.push(['joined', `${a}${t}`]);
      if (a.length >= 2 && t.length >= 2 && a.slice(-1) === t.slice(-1)) texts.push(['joined', `${t.slice(0, -1)}${a}`]);
    }
  }
  const seen = new Set<string>();
  const readings: Reading[] = [];
  const parenSlots: Slots[] = [];
  for (const [kind, text] of texts) {
    if (text === '' || seen.has(text)) continue;
    seen.add(text);
    const s = strip(text, mode, hooks);
    if (s.units.length > 0 || kind === 'main') readings.push({ kind, source: text, s });
    else if (kind === 'alias') parenSlots.push(s.slots);
  }
  // a parenthesised part that is only qualifiers ("腹股沟斜疝（左）", "主动脉夹层（Stanford A型）") states them for the name
  for (const r of readings) {
    if ((r.kind !== 'main' && r.kind !== 'head') || parenSlots.length === 0) continue;
    for (const slots of parenSlots) for (const [k, vs] of Object.entries(slots)) for (const v of vs ?? []) if (!(r.s.slots[k as SlotName] ??= []).includes(v)) r.s.slots[k as SlotName]!.push(v);
    r.s.fullKey = fullKeyOf(r.s.key, r.s.slots);
  }
  const main = readings[0];
  return { input: raw, basic, mode, readings, removed, expanded: zh.applied, empty: !main || main.s.units.length === 0 };
}
