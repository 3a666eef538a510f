/**
 * Layer 1 of the matcher's normalisation (see normalise.ts): what the `exact` rule compares. Case, NFKC (full →
 * half width), diacritics, dashes, quotes, markdown, list markers, whitespace, British → American spelling, Roman
 * and Chinese numerals in type/stage/grade positions. Nothing here changes which disease is named. Pure.
 */

/** Longest input considered, in characters: no diagnosis name is longer; the rest is ignored (keeps it fast). */
export const MAX_CHARS = 600;

const H = '\\p{Script=Han}';
const ROMAN: Record<string, string> = { i: '1', ii: '2', iii: '3', iv: '4', v: '5', vi: '6', vii: '7', viii: '8', ix: '9', x: '10' };
const CN_NUM: Record<string, string> = { 一: '1', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6' };
const ROMAN_RE = '(x|ix|iv|v?i{1,3}|v)';

// The patterns of layer 1 that are built from parts, compiled once.
const HAN_HYPHEN = new RegExp(`(${H})\\s*-\\s*(?=${H})`, 'gu');
const CLASS_KEYS = '(type|stage|grade|class|killip|nyha|ccs|gold|fontaine|rutherford|meyerding|hunt hess|cin|phase|degree|lee|who|figo|level|tier|group)';
const CLASS_NUMERAL = new RegExp(`\\b${CLASS_KEYS}(\\s+(?:(?:class|grade|stage|functional class)\\s*)?)${ROMAN_RE}([a-d]?\\d?)\\b`, 'g');
// the second numeral of a range after one of those words: NYHA II-III → nyha 2-3, stage II to III → stage 2-3
const CLASS_RANGE_END = new RegExp(`\\b${CLASS_KEYS}(\\s+(?:(?:class|grade|stage|functional class)\\s*)?)(\\d{1,2}[a-d]?\\d?)(?:\\s*(?:-|to|/)\\s*|\\s+)${ROMAN_RE}([a-d]?)\\b`, 'g');
// a Roman numeral before 型/级/期/度/类, also with a sub-stage letter and number: Ⅲ级, ⅢB期, IVA期, IB1期
const ROMAN_BEFORE_CLASS = new RegExp(`(?<![a-z])${ROMAN_RE}([a-d]\\d?)?(?=\\s*[型级期度类])`, 'g');
// a Roman numeral range before 级/期: NYHA Ⅲ-Ⅳ级, Ⅰ~Ⅱ度
const ROMAN_RANGE = new RegExp(`(?<![a-z])${ROMAN_RE}(?:\\s*[-~]\\s*|\\s+)(?=${ROMAN_RE}[a-d]?\\d?\\s*[级期度])`, 'g');
const HAN_SPACE_HAN = new RegExp(`(${H}) (?=${H})`, 'gu');
const SPACE_BY_HAN = new RegExp(`(?<=${H}) | (?=${H})`, 'gu');

/** Layer 1. */
export function basicNormalise(input: unknown): string {
  let t = typeof input === 'string' ? input : input == null ? '' : String(input);
  if (t.length > MAX_CHARS) t = t.slice(0, MAX_CHARS);
  t = t
    .replace(/[\u2460-\u2473\u2776-\u277f]/g, ' ') // circled list numbers ①
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // diacritics: Schönlein → schonlein, Barré → barre
    .normalize('NFKC') // full width → half width, Ⅱ → II, （ → (
    .toLowerCase()
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]+/gu, ' ') // control, format, private-use and lone surrogate code points
    .replace(/[\u2010-\u2015\u2212\u2043\ufe58\ufe63]/g, '-')
    .replace(/[\u2018\u2019\u201b\u2032\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[【〔〖]/g, '(')
    .replace(/[】〕〗]/g, ')')
    .replace(/[*_`#~>|]+/g, ' '); // markdown emphasis, headings, quotes, tables
  // Spelling: British → American (applied to both sides alike, so over-reach is harmless).
  t = t
    .replace(/æ/g, 'ae') // ligatures: hæmorrhage, œsophagus
    .replace(/œ/g, 'oe')
    .replace(/ae/g, 'e') // haemorrhage, anaemia, leukaemia, praevia
    .replace(/(?<!i)oe/g, 'e') // oesophageal, oedema, diarrhoea, coeliac (not the "io-e" of angioedema)
    .replace(/\b(tum|hum|col|behavi)our/g, '$1or')
    .replace(/\b(goi|cen)tre\b/g, '$1ter')
    .replace(/\bfibre\b/g, 'fiber')
    .replace(/([a-z]{3,})is(e|ed|es|ing|ation|ations)\b/g, '$1iz$2') // generalised → generalized
    .replace(/([a-z])'s\b/g, '$1') // Graves' disease, Crohn's disease
    .replace(/'/g, '')
    .replace(/&/g, ' and ')
    // an article after a cause word says nothing ("secondary to an adrenal adenoma" is "secondary to adrenal adenoma")
    .replace(/\b(secondary to|caused by|resulting from|attributable to|due to)\s+(?:an?|the)\s+/g, '$1 ');
  // Hyphens and middle dots: Chinese parts are joined (吉兰-巴雷 → 吉兰巴雷, 冯·希佩尔 → 冯希佩尔), Latin words are
  // separated (non-ST-elevation); a "non" written onto its word is a word of its own (nonalcoholic → non alcoholic).
  t = t
    .replace(HAN_HYPHEN, '$1')
    .replace(/(?<=\p{Script=Han})\s*[·•・‧]\s*(?=\p{Script=Han})/gu, '')
    // a combining form ending in -o is joined to its word: angio-oedema is angioedema, gastro-oesophageal
    // gastroesophageal, hepato-renal hepatorenal (not pseudo-, which makes another entity, nor a number word)
    .replace(/\b(?!pseudo-|two-|zero-)([a-z]{3,}o)-(?=[a-z]{3})/g, '$1')
    .replace(/(?<=[a-z])-(?=[a-z0-9])|(?<=[0-9])-(?=[a-z])/g, ' ')
    .replace(/\bnon(?=[a-z]{4,})(?!e\b|etheless|sense)/g, 'non ');
  // Numerals in classifying positions: type II → type 2, NYHA III → nyha 3, Ⅱ型 → 2型, 二型 → 2型.
  t = t
    .replace(ROMAN_RANGE, (_m, r: string) => `${ROMAN[r] ?? r}-`)
    .replace(CLASS_NUMERAL, (_m, k: string, sp: string, r: string, sfx: string) => `${k}${sp}${ROMAN[r] ?? r}${sfx}`)
    .replace(ROMAN_BEFORE_CLASS, (_m, r: string, sfx?: string) => `${ROMAN[r] ?? r}${sfx ?? ''}`)
    .replace(CLASS_RANGE_END, (_m, k: string, sp: string, a: string, r: string, sfx: string) => `${k}${sp}${a}-${ROMAN[r] ?? r}${sfx}`)
    .replace(/[一二三四五六](?=[型级期度])/g, (c) => CN_NUM[c] ?? c);
  // Whitespace: a space between two Chinese parts separates items (心力衰竭 心功能3级); elsewhere next to Chinese it is noise.
  t = t
    .replace(/\s+/g, ' ')
    .replace(HAN_SPACE_HAN, '$1,')
    .replace(SPACE_BY_HAN, '');
  // List markers at the start: 1. 1、 1) (1) - • ; then outer punctuation.
  for (let i = 0; i < 3; i++) t = t.replace(/^\s*(?:\(\s*\d{1,2}\s*\)|\d{1,2}\s*[.、)](?!\d)|[-•·●▪◦]+)\s*/u, '');
  return t.replace(/^[\s,.;:、。!"']+|[\s,.;:、。!"']+$/gu, '');
}
