/**
 * Finding the six sections' labels in an answer: the label variants (the prompt's own labels and the names
 * clinicians use for these parts of an admission or consultation note, the abbreviations and merged headings
 * models write) are the clinical-diagnosis generation's, in generations/clinical-sections.ts; here they become
 * patterns, beside the headings of other parts of an answer — prognosis, patient education, disclaimers, case
 * analysis — that end a section instead of belonging to it. Nothing here names a section.
 *
 * Variants are written with a small notation: `(a|b)` one of, `[a|b]` optionally one of, and a space matches
 * one to three spaces. Weak labels (single generic words such as "Plan", "治疗") count only at the start of a
 * line and only for a section no other label names.
 */
import { escapeRegExp } from '../bench/text.js';
import { SECTION_IDS, SECTION_LABEL_SETS as LABELS, type SectionId } from './generations/clinical-sections.js';

export type { LabelSet } from './generations/clinical-sections.js';

/** Headings of other parts of an answer: they end the section before them. */
const OTHER_HEADINGS = [
  'Prognosis',
  '(Patient|Health) (Education|Counselling|Counseling|Advice)',
  'Lifestyle (Advice|Modifications|Recommendations)',
  '[Important ]Disclaimer',
  'References',
  '[Case |Clinical ](Summary|Analysis|Reasoning|Discussion)',
  'Key Points',
  'Red Flags',
  'Thought Process',
  '预后',
  '健康(宣教|教育|指导)',
  '宣教',
  '注意事项',
  '免责声明',
  '参考文献',
  '总结',
  '小结',
  '病(例|情)(特点|分析|摘要)',
  '临床分析',
  '诊疗思路',
  '思考过程',
  '生活方式(建议|指导)',
  '温馨提示',
];

/** Expand the notation into every string it stands for. */
export function expand(pattern: string): string[] {
  const m = /[([]/.exec(pattern);
  if (!m) return [pattern];
  const open = m.index;
  const close = pattern.indexOf(m[0] === '(' ? ')' : ']', open);
  const options = pattern.slice(open + 1, close).split('|');
  if (m[0] === '[') options.push('');
  const rest = expand(pattern.slice(close + 1));
  return options.flatMap((o) => rest.map((r) => pattern.slice(0, open) + o + r));
}

const CJK = /\p{Script=Han}/u;
/** Han characters of the basic plane, as a class usable without the `u` flag (which makes these patterns slow). */
const HAN = '[\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff]';

/** One variant as a regular expression: the notation's groups become groups, so the pattern stays small. */
function variantSource(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '(' || c === '[') {
      const close = pattern.indexOf(c === '(' ? ')' : ']', i);
      const options = pattern
        .slice(i + 1, close)
        .split('|')
        .sort((a, b) => b.length - a.length)
        .map((o) => escapeRegExp(o).replace(/ /g, '\\s{1,3}'));
      out += `(?:${options.join('|')})${c === '[' ? '?' : ''}`;
      i = close;
    } else out += c === ' ' ? '\\s{1,3}' : escapeRegExp(c);
  }
  return out;
}

/** One alternation of every variant, longest first; English labels as whole words, Chinese not inside a longer word. */
export function alternatives(patterns: readonly string[]): string {
  const longest = (p: string): number => Math.max(...expand(p).map((v) => v.length));
  const all = [...new Set(patterns)].sort((a, b) => longest(b) - longest(a));
  const en = all.filter((v) => !CJK.test(v)).map(variantSource);
  const zh = all.filter((v) => CJK.test(v)).map(variantSource);
  return [en.length ? `\\b(?:${en.join('|')})\\b` : '', zh.length ? `(?<!${HAN})(?:${zh.join('|')})` : ''].filter(Boolean).join('|');
}

export interface LabelMatcher {
  ids: SectionId[];
  weak: boolean;
  /** Sticky and case-insensitive: tried at one position. */
  at: RegExp;
  /** The characters its labels begin with (lower case): it is only tried where one of them stands. */
  first: ReadonlySet<string>;
}

const firstChars = (patterns: readonly string[]): Set<string> => new Set(patterns.flatMap(expand).map((v) => v.trim()[0]!.toLowerCase()));

/** The label patterns, in the order they are tried. */
export const LABEL_MATCHERS: readonly LabelMatcher[] = LABELS.map((l) => ({ ids: l.ids, weak: l.weak ?? false, at: new RegExp(`(?:${alternatives(l.variants)})`, 'iy'), first: firstChars(l.variants) }));

/** Labels of one section found inside running text (strong labels only; see sections.ts). */
export function inlineAlternatives(id: SectionId): string {
  return alternatives(LABELS.filter((l) => !l.weak && l.ids.length === 1 && l.ids[0] === id).flatMap((l) => l.variants));
}

/** A heading of another part of the answer, tried at one position. */
export const OTHER_HEADING_AT = new RegExp(`(?:${alternatives(OTHER_HEADINGS)})`, 'iy');

/** The characters such a heading can begin with (lower case). */
export const OTHER_FIRST_CHARS: ReadonlySet<string> = firstChars(OTHER_HEADINGS);

/** The characters a label can begin with (lower case), to pass over most lines at once. */
export const LABEL_FIRST_CHARS: ReadonlySet<string> = firstChars(LABELS.flatMap((l) => l.variants));

/** A JSON key (`"Preliminary Diagnosis"`, `初步诊断`, `principal_diagnosis`, `treatmentPlan`) as the section(s) it names. */
export function sectionsOfKey(key: string): SectionId[] {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim();
  const plain = words.toLowerCase();
  if ((SECTION_IDS as readonly string[]).includes(plain)) return [plain as SectionId];
  for (const m of LABEL_MATCHERS) {
    m.at.lastIndex = 0;
    if (m.first.has(words[0]?.toLowerCase() ?? '') && m.at.test(words) && m.at.lastIndex === words.length) return m.ids;
  }
  return [];
}
