/**
 * The six labelled sections of the clinical-diagnosis answer (tasks 2–7 each read one): their ids — the keys of a
 * stored answer's sections — in the order the template asks them, the label each is given when an answer is
 * written out, and every way models label them (read by section-labels.ts, which holds the notation's machinery).
 * This is the clinical-diagnosis generation's answer format; a task module names the section it reads by its id.
 *
 * Variants are written with a small notation: `(a|b)` one of, `[a|b]` optionally one of, and a space matches
 * one to three spaces. Weak labels (single generic words such as "Plan", "治疗") count only at the start of a
 * line and only for a section no other label names.
 */
import type { Language } from '../../bench/language.js';

export const SECTION_IDS = ['preliminary', 'basis', 'differential', 'principal', 'principle', 'plan'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Canonical labels, used when formatting. */
export const SECTION_LABELS: Readonly<Record<Language, Readonly<Record<SectionId, string>>>> = {
  en: {
    preliminary: 'Preliminary Diagnosis',
    basis: 'Diagnostic Basis',
    differential: 'Differential Diagnosis',
    principal: 'Principal Diagnosis',
    principle: 'Therapeutic Principle',
    plan: 'Treatment Plan',
  },
  zh: {
    preliminary: '初步诊断',
    basis: '诊断依据',
    differential: '鉴别诊断',
    principal: '主要诊断',
    principle: '治疗原则',
    plan: '治疗计划',
  },
};

export interface LabelSet {
  ids: SectionId[];
  variants: string[];
  weak?: boolean;
}

const DX = '(Diagnosis|Diagnoses)';

/** The labels, merged ones first (they begin with a single section's label). */
export const SECTION_LABEL_SETS: readonly LabelSet[] = [
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
