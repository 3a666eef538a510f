/**
 * Finding evidence in case text for the baseline model: whether a term is present (and not negated), the
 * patient's age and sex, and abnormal lab results with their direction — from arrows and words (↑, 升高,
 * "raised"), and from a result line's value against its reference range when the line has no arrow
 * (`WBC  14.2    *10^9/L  3.5-9.5` is high). Pure; zh and en.
 */
import { parseLabResult, rangeSide } from '../../bench/labs.js';

export type Lang = 'zh' | 'en';

const EN_STOP = new Set(['of', 'the', 'a', 'an', 'and', 'or', 'in', 'on', 'at', 'to', 'with', 'for', 'by', 'is', 'are', 'was']);

/** Lower-case en words with a light stemmer (plural and -ing/-ed endings), numbers kept. */
export function enTokens(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== '')
    .map(stem);
}

function stem(t: string): string {
  if (t.length > 5 && t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (t.length > 4 && t.endsWith('es') && /(?:ss|x|ch|sh)es$/.test(t)) return t.slice(0, -2);
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') && !t.endsWith('is') && !t.endsWith('us')) return t.slice(0, -1);
  return t;
}

const EN_NEGATION = /\b(?:no|not|deny|denies|denied|denying|without|negative|absent|free of|unremarkable|normal|none|nor|excluded|ruled out)\b/;
const ZH_NEGATION = /(?:无|未|否认|不伴|没有|排除|阴性|正常)/u;

/** A prepared text: clauses for negation checks, tokens for en matching. */
export interface PreparedText {
  lang: Lang;
  raw: string;
  /** Clauses (split at sentence and clause punctuation), each with its tokens (en) or text (zh). */
  clauses: { text: string; tokens: string[] }[];
  /** Every en token of the text: a term with a word not in it cannot be there (a fast no). */
  vocabulary: Set<string>;
  /** Terms already looked up in this text (the same finding recurs across many diseases). */
  seen: Map<string, boolean>;
  /** Lab abbreviations already looked up, with the directions they are reported with. */
  labs: Map<string, Set<Direction>>;
}

export function prepare(text: string, lang: Lang): PreparedText {
  const norm = text.normalize('NFKC');
  const pieces = lang === 'zh' ? norm.split(/[。；;，,\n]/u) : norm.split(/(?<=[.;])\s+|[;\n]|,\s+(?:and\s+)?(?=no\b|not\b|without\b)/i);
  const clauses = pieces.map((p) => p.trim()).filter((p) => p !== '').map((p) => ({ text: lang === 'zh' ? p : p.toLowerCase(), tokens: lang === 'en' ? enTokens(p) : [] }));
  return { lang, raw: norm, clauses, vocabulary: new Set(clauses.flatMap((c) => c.tokens)), seen: new Map(), labs: new Map() };
}

const termWords = new Map<string, string[]>();
const zhTerms = new Map<string, string>();

/** Where a term occurs in a clause: index of the first matched token (en) or character (zh), or -1. */
function findIn(clause: { text: string; tokens: string[] }, term: string, lang: Lang): number {
  if (lang === 'zh') {
    let t = zhTerms.get(term);
    if (t === undefined) zhTerms.set(term, (t = term.normalize('NFKC')));
    return clause.text.indexOf(t);
  }
  let words = termWords.get(term);
  if (!words) termWords.set(term, (words = enTokens(term).filter((w) => !EN_STOP.has(w))));
  if (words.length === 0) return -1;
  const toks = clause.tokens;
  // every content word of the term, in order, each within 3 tokens of the previous one
  for (let i = 0; i < toks.length; i++) {
    if (toks[i] !== words[0]) continue;
    let at = i;
    let ok = true;
    for (const w of words.slice(1)) {
      let found = -1;
      for (let j = at + 1; j <= Math.min(toks.length - 1, at + 4); j++) {
        if (toks[j] === w) {
          found = j;
          break;
        }
      }
      if (found < 0) {
        ok = false;
        break;
      }
      at = found;
    }
    if (ok) return i;
  }
  return -1;
}

function negated(clause: { text: string; tokens: string[] }, at: number, term: string, lang: Lang): boolean {
  if (lang === 'zh') {
    // 无痛性 ("painless"), 无明显诱因 ("without obvious cause") describe the finding, they do not deny it
    const before = clause.text.slice(Math.max(0, at - 6), at).replace(/无痛性?|无明显诱因|无诱因/gu, '');
    const after = clause.text.slice(at + term.length, at + term.length + 4);
    return ZH_NEGATION.test(before) || /^(?:阴性|正常|未见)/u.test(after);
  }
  const before = clause.tokens.slice(Math.max(0, at - 6), at).join(' ');
  return EN_NEGATION.test(before);
}

/** Whether a term can occur in the text at all: every content word (en) or the whole term (zh) is in it. */
function mayOccur(text: PreparedText, term: string): boolean {
  if (text.lang === 'zh') {
    let t = zhTerms.get(term);
    if (t === undefined) zhTerms.set(term, (t = term.normalize('NFKC')));
    return text.raw.includes(t);
  }
  let words = termWords.get(term);
  if (!words) termWords.set(term, (words = enTokens(term).filter((w) => !EN_STOP.has(w))));
  return words.length > 0 && words.every((w) => text.vocabulary.has(w));
}

/** Whether the text affirms a term: present in some clause and not negated there. */
export function affirms(text: PreparedText, term: string): boolean {
  const known = text.seen.get(term);
  if (known !== undefined) return known;
  let found = false;
  if (mayOccur(text, term)) {
    for (const clause of text.clauses) {
      const at = findIn(clause, term, text.lang);
      if (at >= 0 && !negated(clause, at, term, text.lang)) {
        found = true;
        break;
      }
    }
  }
  text.seen.set(term, found);
  return found;
}

export interface Patient {
  sex?: 'male' | 'female';
  /** Years (months become fractions). */
  age?: number;
  pregnant: boolean;
}

export function patientOf(text: string): Patient {
  const t = text.normalize('NFKC');
  const p: Patient = { pregnant: /pregnan|gestation|weeks? of amenorrh|孕\d|妊娠|孕周|停经\d+周|G\dP\d/i.test(t) };
  if (/\b(?:female|woman|girl|lady)\b|女/i.test(t)) p.sex = 'female';
  else if (/\b(?:male|man|boy)\b|男/i.test(t)) p.sex = 'male';
  const years = /(\d{1,3})\s*(?:-|\s)?(?:years?|yrs?|y)\b|aged\s+(\d{1,3})|(\d{1,3})\s*岁/i.exec(t);
  const months = /(\d{1,2})\s*(?:-|\s)?months?[- ]old|(\d{1,2})\s*个?月(?:龄|大)?[，,。]?/i.exec(t);
  if (years) p.age = Number(years[1] ?? years[2] ?? years[3]);
  else if (months) p.age = Number(months[1] ?? months[2]) / 12;
  return p;
}

export type Direction = 'high' | 'low' | 'positive' | 'negative';

const ABBR_CHARS = 'A-Za-z0-9%#\\-.'; // as printed: NEUT%, PLT-I, CA19-9
const abbrPatterns = new Map<string, RegExp>();

/**
 * The directions a lab abbreviation is reported with in the text (↑/↓, raised/low, 升高/降低, +/-). A prepared
 * text keeps its answers: one prompt is asked about every lab of every disease.
 */
export function labDirections(text: string | PreparedText, abbr: string): ReadonlySet<Direction> {
  if (typeof text === 'string') return directionsIn(text.normalize('NFKC'), abbr);
  let known = text.labs.get(abbr);
  if (!known) text.labs.set(abbr, (known = text.raw.includes(abbr) ? directionsIn(text.raw, abbr) : new Set()));
  return known;
}

function directionsIn(t: string, abbr: string): Set<Direction> {
  const out = new Set<Direction>();
  let re = abbrPatterns.get(abbr);
  if (!re) {
    const esc = abbr.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    abbrPatterns.set(abbr, (re = new RegExp(`(?<![${ABBR_CHARS}])${esc}(?![${ABBR_CHARS}])`, 'g')));
  }
  for (const m of t.matchAll(re)) {
    const measured = rangeDirection(t, m.index, abbr);
    if (measured) out.add(measured);
    const after = (t.slice(m.index + m[0].length, m.index + m[0].length + 40).split(/[;；。\n]|\d+\.\s/u)[0] ?? '').replace(/^[\s)）:：]+/u, '');
    const before = t.slice(Math.max(0, m.index - 25), m.index).toLowerCase();
    if (/↑|升高|增高|偏高|\bhigh\b|elevated|raised|increased/iu.test(after) || /(?:elevated|raised|increased|high)\s*[a-z\s]*$/.test(before) || /升高$/u.test(before)) out.add('high');
    if (/↓|降低|减低|偏低|\blow\b|decreased|reduced/iu.test(after) || /(?:low|decreased|reduced)\s*[a-z\s]*$/.test(before)) out.add('low');
    if (/^\s*[(（]?\s*(?:\+{1,4}|阳性|positive)/iu.test(after)) out.add('positive');
    if (/^\s*[(（]?\s*(?:-|阴性|negative)(?!\d)/iu.test(after)) out.add('negative');
  }
  return out;
}

/**
 * The direction of a lab result line's value against its own reference range, for the item around `at`
 * (`index  name  ABBR  value  [↑|↓]  unit  range`, one `;`-separated item): high above the range, low below it;
 * undefined when the item is not such a line, is flagged with an arrow (read from the arrow instead), is not
 * numeric, or is within range.
 */
export function rangeDirection(text: string, at: number, abbr: string): 'high' | 'low' | undefined {
  const start = Math.max(text.lastIndexOf(';', at), text.lastIndexOf('；', at), text.lastIndexOf('\n', at)) + 1;
  const ends = [text.indexOf(';', at), text.indexOf('；', at), text.indexOf('\n', at)].filter((i) => i >= 0);
  const item = parseLabResult(text.slice(start, ends.length > 0 ? Math.min(...ends) : text.length))[0];
  if (!item || item.abbr !== abbr || item.flag !== '') return undefined;
  const side = rangeSide(item.value, item.range);
  return side === 'low' || side === 'high' ? side : undefined;
}
