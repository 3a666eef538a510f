/**
 * Normalisation of diagnosis names for the PD/FD matcher. Pure string functions: no I/O, no state, never throws.
 *
 * Three layers:
 *  1. `basicNormalise` — what the `exact` rule compares. Case, NFKC (full → half width), diacritics, dashes,
 *     quotes, markdown, list markers, whitespace, British → American spelling, Roman and Chinese numerals in
 *     type/stage/grade positions (also with a sub-stage letter: ⅢB期 → 3b期). Nothing here changes which disease
 *     is named.
 *  2. `analyse` — in zh mode first expands the Chinese abbreviations of the lexicon's table (心梗 → 心肌梗死,
 *     zh-abbreviations.ts), rewrites set phrases (qualifiers.ts REWRITES: "malignant tumour of X" is an X
 *     carcinoma, 恶性肿瘤 is 癌), then reads one answer into *readings*: `main` (the name without hedges,
 *     leading labels, trailing explanations and parentheses; a parenthesised part that is only qualifiers,
 *     "（左）", "(Stanford A型)", gives main its slots), `head` (main cut before a complication, a cause or a
 *     location phrase), `cause` ("X due to Y", "Y所致X": the named cause Y), `alias` (each parenthesised part) and
 *     `joined` (main with a short parenthesised modifier put back: "haemorrhoids (mixed)" → "mixed haemorrhoids",
 *     "糖尿病（2型）" → "2型糖尿病"; and a Chinese "X伴Y" read as one name "XY": 2型糖尿病伴周围神经病变 →
 *     2型糖尿病周围神经病变; the matcher uses joined readings only where the lexicon knows them as whole names), and
 *     `complication` (the part after "with" / 伴 / 合并, without the qualifiers of the whole name: a gold's complication
 *     named alone counts, where the lexicon knows it whole).
 *  3. `strip` — one reading to a comparable core. Qualifiers are of two kinds:
 *     - DROPPED freely: hedges, course words such as "paroxysmal", hernia states, risk strata, disc levels. They
 *       describe a disease, they never turn it into another one.
 *     - SLOTS, dropped only when ONE side states them: course (acute/chronic/subacute/old), side, type number or
 *       letter, origin (primary/secondary), nature (benign/malignant), level (upper/lower), wall/site, degree,
 *       completeness, polarity (hyper/hypo, 亢进/减退, 高/低), and (stage.ts) stage, grade and class per scale,
 *       severity, phase and compensation, and (axes.ts) the subtypes, states and sites of one axis of a disease
 *       (placenta previa, hernia state, colon segment, spinal level, receptor status …). When both sides state a slot and it conflicts (acute vs chronic
 *       pancreatitis, type 1 vs type 2 diabetes, 甲亢 vs 甲减, left vs right, NYHA II vs IV, stage IIIA vs IIIB,
 *       mild vs severe) the names conflict and the matcher refuses every rule but `exact`. History (history of,
 *       病史, 术后) and acute exacerbation (stage.ts) are flags; negated terms and stated causes (negation.ts)
 *       are compared by the matcher.
 */

import { anatomyWord, latinSingular, onlySite, splitOrganPrefix } from './anatomy.js';
import { basicNormalise } from './basic-normalise.js';
import { caReadings } from './ca-reading.js';
import { ALTERNATIVES } from './descriptive.js';
import { causesOf, NEGATION_ZH_G, zhNegation } from './negation.js';
import { DROP, EXPLANATION, HEDGES, LEAD_GROUPS, REWRITES, SLOT_RULES, ZH_VARIANTS, removeAll, rewrite, type Slots } from './qualifiers.js';
import { readAxes } from './axes.js';
import { aliasSides, lendQualifiers, namedSubtype, onlyQualifiers } from './paren-qualifiers.js';
import { readParentheses, tidy } from './paren-readings.js';
import { colonLabel } from './colon-label.js';
import { fullKeyOf } from './slot-compare.js';
import { namedScaleAt } from './named-scales.js';
import { readStages } from './stage.js';
import { joinedReadings, sameOrgan, splitName } from './structure.js';

export type MatchLang = 'zh' | 'en';

export { basicNormalise, MAX_CHARS } from './basic-normalise.js';
export { fullKeyOf, slotConflict } from './slot-compare.js';

export interface NormaliseHooks {
  /** Expansion of a Latin word that is an abbreviation ('copd' → 'chronic obstructive pulmonary disease'). */
  expand?: (word: string, mode: MatchLang) => string | undefined;
  /** Canonical form of one English word ('cancer' → 'carcinoma', 'kidney' → 'renal'). */
  word?: (word: string) => string;
  /** Expansion of the Chinese abbreviations in a normalised zh text (心梗 → 心肌梗死; zh-abbreviations.ts). */
  expandZh?: (text: string) => { text: string; applied: string[] };
}

export { SLOT_NAMES } from './qualifiers.js';
export type { SlotName, Slots } from './qualifiers.js';

export interface Stripped {
  /** The reading after abbreviation expansion, before qualifiers were removed. */
  text: string;
  /** Content units: English words (stemmed, canonical) or, in zh mode, Han characters and Latin words. */
  units: string[];
  /** The head unit: zh — the last unit; en — the last word before "of" (or due, with, in …), else the last word. */
  head: string;
  /** Comparison key without slot words: en — sorted distinct words; zh — the units in order. */
  key: string;
  /** zh: the key with 性 and 的 left out (类风湿性关节炎 / 类风湿关节炎); en: the key. */
  loose: string;
  /** `key` plus the slot values, for looking names up. */
  fullKey: string;
  slots: Slots;
  /** Qualifier texts removed (freely droppable ones and slot words), for explanations. */
  dropped: string[];
  /** Organ words read in their one form ("kidney → renal", anatomy.ts), for explanations. */
  renamed: string[];
  /** en: the units in their written order, joined without spaces ("angio edema" and "angioedema" alike); zh: the loose key. */
  compact: string;
  negated: boolean;
  /** The negated terms (negation.ts): en — canonical words; zh — the characters after the negator. */
  negTerms: string[];
  /** What the name states plainly: en — " word word … " of the units not negated; zh — the text without negations. */
  plain: string;
  /** The cause categories the reading states (negation.ts). */
  causes: string[];
  history: boolean;
  /** An acute exacerbation (flare, 急性加重) of the named disease (stage.ts). */
  exacerbation: boolean;
}

export interface Reading {
  kind: 'main' | 'head' | 'cause' | 'alias' | 'joined' | 'complication' | 'label';
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
  /** Chinese abbreviations expanded before the readings were made ("心梗 → 心肌梗死"), and a "CA" read as a carcinoma
   *  (ca-reading.ts: "CA → carcinoma"). */
  expanded: string[];
  empty: boolean;
  /** The complication after the head ("diabetic ketoacidosis" of "type 1 diabetes with diabetic ketoacidosis"). */
  tail?: Stripped;
}

// a past or post-treatment state; "postoperative" and 术后 only at the end ("乙状结肠癌根治术后") — before a disease
// they date it ("postoperative ileus", 术后粘连性肠梗阻 are current diagnoses) and are dropped
const HISTORY = /\b(?:history of|h\/o|status post|s\/p|previous|prior)\b|\bpost ?operative(?= (?:state|status|period|changes?)\b|\s*$)|病史|既往|术后(?=\s*$|状态|改变)|史$/gu;
const POSTOPERATIVE = /\bpost ?operative\b|术后/gu;
// English words after which the head word is known: "anaemia due to CKD" is headed by anaemia. Complication
// words (with, plus) are not among them: "X with Y" stays headed by Y, so a prediction naming Y is found in it.
const HEAD_END_EN = new Set(['of', 'due', 'in', 'from', 'caused', 'following']);
const NEGATION_EN = new Set(['non', 'not', 'no', 'without', 'absent', 'negative', 'excluded']);
const NEGATION_ZH = /非|无(?!菌|机|痛|症状|力)|不(?!全|良|适|明|规则|典型|齐|宁|孕|育|安)|未(?!分化|成熟|明确)|排除/u;
const NEGATION_ZH_ANY = new RegExp(NEGATION_ZH_G.source, 'gu');
const UP_ZH = /亢进|亢|增多|增高|升高|抬高|过多|高(?!危|龄|度)/u;
const DOWN_ZH = /减退|减低|低下|减少|降低|压低|过少|减(?!压|肥)|低(?!危|龄|度)/u;
const UP_EN = /^(?:hyper\w*|increased|elevated|elevation|high|raised)$/;
const DOWN_EN = /^(?:hypo\w*|decreased|reduced|low)$/;
const STOP = new Set(['the', 'a', 'an', 'of', 'in', 'on', 'at', 'to', 'for', 'by', 'and', 'or', 'with', 'from', 'as', 'its', 'side', 'sided', 'involving', 'affecting', 'within', 'into', 'is', 'are', 'was', 'disease', 'disorder', 'diseases', 'dz', 'around', 'mellitus', 'intervertebral', 'related', 'associated', 'induced', 'fundal', 'fundus', 'pedicle', 'formation', 'intra']);
const UNIT_RE = /[a-z0-9]+|\p{Script=Han}|\p{L}+/gu;


/** Cheap English stemmer for plurals: nodules → nodule, varicosities → varicosity; short words unchanged. */
function stem(w: string): string {
  const latin = latinSingular(w);
  if (latin) return latin;
  if (w.length > 5 && /(?:omas|ias)$/.test(w)) return w.slice(0, -1); // adenomas, leiomyomas, hernias, anemias
  if (w.length === 4 && /[^aeiousn]s$/.test(w)) return w.slice(0, -1); // ribs, legs, arms (not lens, pons)
  if (w.length <= 4 || /(?:ss|us|is|ys|as|os)$/.test(w)) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  return w.endsWith('s') ? w.slice(0, -1) : w;
}

/** One English word to its canonical form: the lexicon's word table, the singular, the one form of an organ word
 *  (anatomy.ts: kidney → renal). An organ word read so is noted in `renamed`, for the explanation. */
function canonicalWord(w: string, hooks: NormaliseHooks, renamed?: string[]): string {
  if (!/^[a-z]/.test(w)) return w;
  const split = hooks.word?.(w) === undefined || hooks.word(w) === w ? splitOrganPrefix(w) : undefined;
  if (split) return `${split[0]} ${canonicalWord(split[1], hooks, renamed)}`;
  const once = hooks.word?.(w) ?? w;
  const stemmed = stem(once);
  const canon = hooks.word?.(stemmed) ?? stemmed;
  const organ = anatomyWord(canon);
  if (organ !== canon && renamed && !renamed.includes(`${w} → ${organ}`)) renamed.push(`${w} → ${organ}`);
  return organ;
}

// causes that say how or when, not from what, do not make a disease secondary (postmenopausal and senile osteoporosis
// are primary osteoporosis), nor does a pathogen (a bacterial peritonitis may be primary — spontaneous — or secondary)
const NOT_AN_ORIGIN = new Set(['spontaneous', 'ischemic', 'hemorrhagic', 'cardioembolic', 'atherothrombotic', 'lacunar', 'postmenopausal', 'senile', 'virus', 'influenza', 'cmv', 'bacteria', 'pneumococcus', 'staphylococcus', 'klebsiella', 'pseudomonas', 'mycoplasma', 'chlamydia', 'fungus', 'amoeba', 'tb', 'hpylori']);
const CARCINOMA = /\b(?:carcinoma|cancer|adeno ?carcinoma)\b|癌/u; // a cancer's cause is another disease, no secondary origin
const GENERIC_ZH = /^(?:综合征|病|症|病变|疾病|障碍)$/u;
const GENERIC_EN = /^(?:syndrome|disease|disorder|condition|lesion)$/;

// "CKD 4", "CKD3b期": the number of a CKD is its stage (read before "ckd" is expanded)
const CKD_STAGE = /\bckd\s*(?:stage\s*)?g?([1-5][ab]?)(?![0-9a-z])(?:\s*期)?/g;

/** One or two Latin letters before 型 are a type (AA型, AL型 of an amyloidosis), not an abbreviation to expand. */
const typeLetters = (w: string, all: string, at: number): boolean => w.length <= 2 && /^\s*型/u.test(all.slice(at + w.length));

/** Layer 3: one reading to its core (see the file comment for what is dropped and what is a slot). */
export function strip(reading: string, mode: MatchLang, hooks: NormaliseHooks = {}, context?: string, literal = false): Stripped {
  const dropped: string[] = [];
  const renamed: string[] = [];
  let t = ` ${removeAll(reading, HEDGES, dropped)} `.replace(CKD_STAGE, (m, n: string) => (/g\d/.test(m) ? ` ckd g${n} ` : ` ckd stage ${n} `));
  // a Latin abbreviation, also when a stage or grade number is written onto it before 期/级 ("COPD3级" → copd + 3级)
  // (not the name of a scale with its value: "ISS stage III" of a myeloma, "AO type A2" of a fracture, named-scales.ts)
  if (hooks.expand) t = t.replace(/([a-z][a-z0-9]*?)(\d{1,2}[a-d]?(?=\s*[期级]))?(?![a-z0-9])/g, (w, word: string, n: string | undefined, at: number, all: string) => {
    const e = hooks.expand?.(w, mode) ?? (n ? `${hooks.expand?.(word, mode) ?? word}${n}` : w); // only a word the table expands is checked further
    return e === w || namedScaleAt(all, at) || typeLetters(w, all, at) ? w : e;
  });
  if (mode === 'zh') t = rewrite(t, ZH_VARIANTS);
  const text = tidy(t);
  const zhNeg = mode === 'zh' ? zhNegation(t) : undefined;
  const causes = causesOf(zhNeg ? zhNeg.plain : t);
  // a name that would be left with only a generic head (恶性综合征, "malignant syndrome") is read literally: its
  // qualifier words are the name (see the end of this function)
  const slots: Slots = {};
  let stages: ReturnType<typeof readStages> = { text: t, slots: {}, dropped: [], exacerbation: false };
  if (!literal) {
    // stated subtypes, states and sites (axes.ts), read in the context of the whole name
    const where = context === undefined ? t : `${context} ${t}`;
    const axes = readAxes(t, where);
    t = axes.text;
    dropped.push(...axes.removed);
    stages = readStages(t, where);
    const free: string[] = [];
    t = removeAll(stages.text, DROP, free);
    if (mode === 'en' && free.length > 0 && onlySite(t)) t = stages.text; // "solitary kidney" keeps "solitary"
    else dropped.push(...free);
    dropped.push(...stages.dropped);
    Object.assign(slots, axes.slots, stages.slots, axes.slots.stage ? { stage: [...(stages.slots.stage ?? []), ...axes.slots.stage] } : {});
    for (const [name, rules, any] of SLOT_RULES) {
      if (!any(t)) continue;
      for (const [re, value] of rules) {
        t = t.replace(re, (m: string, ...groups: unknown[]) => {
          const captured = groups.slice(0, -2).findIndex((g) => typeof g === 'string' && g !== '');
          let v = value ?? String(groups[captured] ?? m);
          if (name === 'degree' && captured >= 0 && captured <= 3) v = String(captured + 1);
          const list = (slots[name] ??= []);
          for (const one of v.split('+')) if (!list.includes(one)) list.push(one);
          dropped.push(m.trim());
          return ' ';
        });
      }
    }
  }
  // a disease named by its cause (肾性高血压, alcoholic cirrhosis) is a secondary one, unless it says so or is a cancer
  if (!slots.origin && causes.some((c) => !NOT_AN_ORIGIN.has(c)) && !CARCINOMA.test(t)) slots.origin = ['secondary'];
  let history = false;
  t = t.replace(HISTORY, () => {
    history = true;
    return ' ';
  });
  t = removeAll(t, [POSTOPERATIVE], dropped);
  if (mode === 'zh') {
    t = t.replace(/(?<=.{2})症(?=$|[,\s])|形成(?=$|[,\s])|(?<=[a-z0-9])\s*病(?=$|[,\s])|(?<=[肺肝]|甲状腺)\s*叶/gu, ''); // 叶: 右肺下叶 → 肺
    // one negator (无功能 / 非功能), and 型 as 性 after a character once the type slot is read (稳定型 / 稳定性)
    t = t.replace(NEGATION_ZH_ANY, '非').replace(/(?<=\p{Script=Han})型(?=\p{Script=Han})/gu, '性');
  }
  const words = t.match(UNIT_RE) ?? [];
  const polarity: string[] = [];
  const mark = (v: string): void => void (polarity.includes(v) || polarity.push(v));
  let negated = false;
  const units: string[] = [];
  const negTerms: string[] = [];
  const plainUnits: string[] = [];
  // en: "non"/"not" negates the next word, "without"/"no" every word after it, "negative"/"absent" the word before
  let negating: 'next' | 'rest' | undefined;
  let head = '';
  let headFixed = false;
  let prev: string | undefined;
  for (const raw of words) {
    if (/^[a-z0-9]/.test(raw)) {
      if (NEGATION_EN.has(raw)) {
        negated = true;
        if (raw === 'negative' || raw === 'absent' || raw === 'excluded') {
          const last = plainUnits.pop();
          if (last !== undefined) negTerms.push(last);
        } else negating = raw === 'non' || raw === 'not' ? 'next' : 'rest';
      }
      if (UP_EN.test(raw)) mark('up');
      if (DOWN_EN.test(raw)) mark('down');
      if (mode === 'en' && HEAD_END_EN.has(raw) && units.length > 0) headFixed = true;
      // "a" is an article after a function word or at the start ("perforation of a duodenal ulcer"), a class
      // letter after a content word ("haemophilia A", "hepatitis A")
      const classLetter = raw === 'a' && prev !== undefined && !STOP.has(prev) && !NEGATION_EN.has(prev);
      prev = raw;
      if (STOP.has(raw) && !classLetter && (raw !== 'disease' || words.length > 1)) continue;
      if (NEGATION_EN.has(raw)) continue;
      const w = canonicalWord(raw, hooks, renamed);
      for (const part of w.split(' ')) {
        if (part === 'intra') continue; // intraventricular is ventricular, as "into the ventricles" is
        units.push(part);
        if (negating) negTerms.push(part);
        else plainUnits.push(part);
        if (!headFixed) head = part;
      }
      if (negating === 'next') negating = undefined;
    } else {
      units.push(raw);
      prev = raw;
      if (!headFixed) head = raw;
    }
  }
  const han = words.filter((w) => !/^[a-z0-9]/.test(w)).join('');
  if (NEGATION_ZH.test(han)) negated = true;
  if (UP_ZH.test(han)) mark('up');
  if (DOWN_ZH.test(han)) mark('down');
  if (polarity.length > 0) slots.polarity = polarity;
  if (mode === 'zh') head = units[units.length - 1] ?? '';
  // only a generic head left once the qualifiers are out: those words are the name (恶性综合征 is the neuroleptic
  // malignant syndrome, not any 综合征 that happens to be malignant; 急性综合征 is no acute 综合征)
  const generic = mode === 'zh' ? GENERIC_ZH.test(units.join('')) : units.length === 1 && GENERIC_EN.test(units[0]!);
  if (!literal && generic && Object.keys(slots).length + dropped.length > 0) return strip(reading, mode, hooks, context, true);
  const key = mode === 'en' ? [...new Set(units)].sort().join(' ') : units.join('');
  // the loose key also leaves out a final 病 (帕金森病 / 帕金森, 阿尔茨海默病 / 阿尔茨海默症), not after a lesion:
  // 结节病 (sarcoidosis) is not a 结节, 息肉病 not a 息肉, 脂肪瘤病 not a 脂肪瘤 (but 肾结石病 is a 肾结石)
  const loose = mode === 'en' ? key : key.replace(/(?<=.)[性的](?=.)/gu, '').replace(/(?<=\p{Script=Han}{2})(?<![节肉瘤囊疣斑痣压])病$/u, '');
  return {
    text,
    units,
    head,
    key,
    loose,
    fullKey: fullKeyOf(key, slots),
    slots,
    dropped,
    renamed,
    compact: mode === 'en' ? units.join('') : loose,
    negated,
    negTerms: zhNeg ? zhNeg.terms : [...new Set(negTerms)],
    plain: zhNeg ? zhNeg.plain : ` ${plainUnits.join(' ')} `,
    causes,
    history,
    exacerbation: stages.exacerbation,
  };
}

/** The reading mode of one string: the case language, unless the string is plainly in the other script. */
export function readingMode(text: string, lang: MatchLang): MatchLang {
  const letters = text.match(/\p{L}/gu) ?? [];
  const han = letters.filter((c) => /\p{Script=Han}/u.test(c)).length;
  if (lang === 'en') return letters.length > 0 && han / letters.length >= 0.3 ? 'zh' : 'en';
  return han === 0 && letters.length > 0 ? 'en' : 'zh';
}

/** Layer 2: one answer to its readings. With `mainOnly` (the lexicon's own names) the head, cause and joined
 *  readings are not made; the main reading is the same either way. */
export function analyse(input: unknown, lang: MatchLang, hooks: NormaliseHooks = {}, mainOnly = false): Analysis {
  const raw = typeof input === 'string' ? input : input == null ? '' : String(input);
  const basic = basicNormalise(raw);
  const mode = readingMode(basic, lang);
  const removed: string[] = [];
  const zh = mode === 'zh' && hooks.expandZh ? hooks.expandZh(basic) : { text: basic, applied: [] };
  let t = tidy(rewrite(removeAll(rewrite(` ${zh.text} `, ALTERNATIVES), HEDGES, removed), REWRITES));
  for (const group of LEAD_GROUPS) t = removeAll(t, group, removed).trim();
  // a colon inside parentheses labels what they state ("（Lauren分型：肠型）"), it starts no explanation
  t = t.replace(/\(([^()]*?)\s*:\s*([^()]*)\)/gu, '($1 $2)');
  // "X：Y" in Chinese: the diagnosis Y within the class X (colon-label.ts)
  const labelled = mode === 'zh' ? colonLabel(t, zh.text) : undefined;
  if (labelled) {
    removed.push(`${labelled.label}:`);
    t = labelled.name;
  }
  const ex = EXPLANATION.exec(t);
  if (ex && ex.index > 0) {
    removed.push(t.slice(ex.index).trim());
    t = t.slice(0, ex.index);
  }
  const paren = readParentheses(t, mode);
  const { aliases, parts, headWordJoined } = paren;
  t = paren.name;
  removed.push(...aliases.map((a) => `(${a.trim()})`));
  const texts: [Reading['kind'], string][] = [['main', t]];
  const { head, cause, tail } = splitName(t, mode);
  texts.push(['head', tidy(head)]);
  if (cause !== undefined) texts.push(['cause', tidy(cause)]);
  for (const a of parts) texts.push(['alias', a]);
  texts.push(...paren.joined);
  const qualifierParts = new Set<string>();
  for (const j of joinedReadings(t, mode)) texts.push(['joined', j]);
  // the complication after the head, as a name of its own (counted only where the lexicon knows it whole): the
  // qualifiers of the whole name are not its own (慢性 of 慢性阻塞性肺疾病伴II型呼吸衰竭 is no chronic respiratory failure)
  if (tail !== undefined && tail.trim() !== '') texts.push(['complication', tidy(tail)]);
  if (labelled) texts.push(['label', labelled.label]);
  const seen = new Set<string>();
  const readings: Reading[] = [];
  const parenSlots: Slots[] = [];
  for (const [kind, text] of texts) {
    if (text === '' || seen.has(text) || (mainOnly && kind !== 'main' && kind !== 'alias')) continue;
    seen.add(text);
    const s = strip(text, mode, hooks, kind === 'alias' ? t : undefined);
    if (kind === 'joined' && qualifierParts.has(headWordJoined.get(text) ?? '\u0000')) continue;
    if (kind === 'alias' && onlyQualifiers(text, s, t, (x) => strip(x, mode, hooks))) {
      parenSlots.push(s.slots);
      qualifierParts.add(text);
    } else if (kind === 'alias' && namedSubtype(text, mode) !== undefined) {
      // a named subtype in parentheses is an axis of the name: （胆汁淤积型） vs （肝细胞损伤型） conflict
      parenSlots.push({ axis: [`subtype=${namedSubtype(text, mode)!}`] });
      readings.push({ kind, source: text, s });
    } else if (s.units.length > 0 || kind === 'main') readings.push({ kind, source: text, s });
  }
  // a cause in parentheses is the name's cause: 产后出血（宫缩乏力） vs 产后出血（胎盘滞留）
  const parenCauses = parts.flatMap((a) => causesOf(a));
  if (readings[0] && parenCauses.length > 0) readings[0].s.causes = [...new Set([...readings[0].s.causes, ...parenCauses])];
  // a part that, read in front of the name, leaves its key unchanged states only qualifiers of it (心房颤动（持续性）)
  for (const r of readings) if (r.kind === 'joined' && r !== readings[0] && r.s.key === readings[0]?.s.key) parenSlots.push(r.s.slots);
  lendQualifiers(readings, [...parenSlots, ...aliasSides(readings)]);
  const main = readings[0];
  if (main && cause !== undefined && cause !== '') {
    // the qualifiers of a named cause are the cause's ("hypertension due to primary aldosteronism" is not a primary
    // hypertension), and a disease with a stated cause is a secondary one
    const rest = mode === 'en' ? t.replace(cause, ' ') : t.replace(cause, '');
    const own = strip(rest, mode, hooks).slots;
    if (!sameOrgan(cause, rest, mode) && !CARCINOMA.test(rest)) own.origin ??= ['secondary'];
    main.s.slots = { ...own, ...Object.fromEntries((['stage', 'axis', 'severity', 'phase', 'compensation'] as const).flatMap((k) => (main.s.slots[k] ? [[k, main.s.slots[k]]] : []))) };
    main.s.fullKey = fullKeyOf(main.s.key, main.s.slots);
  }
  const tailS = tail && !mainOnly ? strip(tidy(tail), mode, hooks) : undefined;
  return { input: raw, basic, mode, readings, removed, expanded: [...zh.applied, ...caReadings(zh.text)], empty: !main || main.s.units.length === 0, ...(tailS && tailS.units.length > 0 ? { tail: tailS } : {}) };
}
