/**
 * How the six sections are labelled, in both languages: the prompt's own labels and the names clinicians use for
 * these parts of an admission or consultation note (working diagnosis, DDx, plan of care; 拟诊, 处理原则, 需与以下
 * 疾病鉴别 …), the abbreviations and merged headings models write ("Treatment Principles and Plan", 治疗原则及方案
 * fill two sections), and the headings of other parts of an answer — prognosis, patient education, disclaimers,
 * case analysis — that end a section instead of belonging to it.
 *
 * Variants are written with a small notation: `(a|b)` one of, `[a|b]` optionally one of, and a space matches
 * one to three spaces. Weak labels (single generic words such as "Plan", "治疗") count only at the start of a
 * line and only for a section no other label names.
 */
import { escapeRegExp } from '../bench/text.js';
import { SECTION_IDS, type SectionId } from './definitions.js';

export interface LabelSet {
  ids: SectionId[];
  variants: string[];
  weak?: boolean;
}

const DX = '(Diagnosis|Diagnoses)';

/** The labels, merged ones first (they begin with a single section's label). */
const LABELS: LabelSet[] = [
  // merged headings: one text fills both sections
  { ids: ['principle', 'plan'], variants: ['(Therapeutic|Treatment|Management) (Principle|Principles) (and|&|/) [Treatment |Management |Therapeutic ](Plan|Plans|Regimen)', 'Principles and Plan of (Treatment|Management|Therapy)', '(治疗|处理|诊疗)原则(及|与|和|、|/|＋|+)[治疗|具体|处理](方案|计划|措施)'] },
  { ids: ['preliminary', 'basis'], variants: [`Preliminary ${DX} (and|&|with) [Diagnostic |Its |Their ](Basis|Bases|Rationale|Evidence)`, '初步诊断(及|与|和|、)[诊断](依据|根据)'] },
  { ids: ['basis', 'differential'], variants: [`Diagnostic (Basis|Bases) (and|&) Differential ${DX}`, '诊断依据(及|与|和|、)鉴别诊断'] },
  {
    ids: ['preliminary'],
    variants: [
      `(Preliminary|Initial|Provisional|Working|Tentative|Presumptive|Suspected|Possible|Probable|Likely|Admission|Admitting) ${DX}`,
      '(Diagnostic|Clinical|Preliminary|Initial) Impression',
      '(初步|考虑|疑似|可疑|入院|印象|可能|可能的)诊断',
      '初步考虑',
      '拟诊[断]',
      '(初步|临床)印象',
      '诊断考虑',
    ],
  },
  {
    ids: ['basis'],
    variants: [
      'Diagnostic (Basis|Bases|Evidence|Rationale|Reasoning|Criteria)',
      `(Basis|Bases|Evidence|Rationale|Grounds|Justification|Reasoning) (for|of) [the ]${DX}`,
      'Supporting (Evidence|Findings|Features|Points)',
      '(Key|Clinical) Findings',
      'Clinical Basis',
      '诊断(依据|根据|理由|要点|支持点)',
      '(支持|临床)依据',
      '支持点',
    ],
  },
  {
    ids: ['differential'],
    variants: [
      `Differential ${DX}`,
      'Differential Considerations',
      'Differentials',
      'DDx',
      `${DX} to (Exclude|Rule Out|Be Excluded|Be Ruled Out|Consider)`,
      'Conditions to (Exclude|Rule Out|Consider)',
      'Rule-outs',
      'Rule Outs',
      `(Alternative|Other) ${DX}[ Considered]`,
      '鉴别诊断[要点]',
      '鉴别要点',
      '(需|应|需要|应当)与(以下|下列|如下)[疾病|几种疾病](鉴别|相鉴别|进行鉴别)',
      '(需要|需|应)鉴别的疾病',
      '需排除的疾病',
      '排除诊断',
    ],
  },
  {
    ids: ['principal'],
    variants: [
      `(Principal|Main|Primary|Final|Leading|Definitive|Confirmed|Discharge|Chief|Key) ${DX}`,
      `Most (Likely|Probable) ${DX}`,
      '(主要|最终|首要|最可能|最可能的|确定|明确|第一|出院)诊断',
      '主诊断',
      '确诊',
      '(主要|最终)考虑',
    ],
  },
  {
    ids: ['principle'],
    variants: [
      '(Therapeutic|Treatment|Management) (Principle|Principles|Strategy|Strategies|Approach|Goals|Goal|Philosophy)',
      '(Principle|Principles|Goals|Goal) of (Treatment|Therapy|Management|Care)',
      '(Principles|Principle) of Therapy',
      'General Principles',
      '(治疗|处理|诊疗)原则',
      '总体治疗原则',
      '治疗(策略|思路|方针|目标|总则)',
    ],
  },
  {
    ids: ['plan'],
    variants: [
      '(Treatment|Therapeutic|Management|Therapy|Care) (Plan|Plans|Regimen)',
      'Plan of (Care|Treatment|Management)',
      '(Recommended|Proposed|Specific) (Treatment|Management|Plan|Therapy)',
      'Treatment (Recommendations|Details|Measures|Options)',
      '(治疗|处理|诊疗)(计划|方案|措施)',
      '处理计划',
      '具体(方案|治疗|治疗方案|措施)',
      '治疗建议',
      '处理意见',
      '处置',
    ],
  },
  { ids: ['preliminary'], weak: true, variants: ['Impression'] },
  { ids: ['basis'], weak: true, variants: ['Basis', 'Evidence', 'Rationale', 'Justification', '依据', '理由'] },
  { ids: ['differential'], weak: true, variants: ['Differential', 'Alternatives', '鉴别'] },
  { ids: ['principal'], weak: true, variants: ['Diagnosis', '诊断'] },
  { ids: ['principle'], weak: true, variants: ['Principles', 'Principle', 'Strategy', 'Approach', '原则'] },
  { ids: ['plan'], weak: true, variants: ['Plan', 'Management', 'Treatment', 'Therapy', 'Recommendations', '治疗', '处理', '方案', '计划'] },
];

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
