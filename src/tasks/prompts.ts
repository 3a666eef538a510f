/**
 * Prompt builders for every generation a case needs (PROTOCOL §4). Each returns the rendered single user turn
 * plus the template identity (name, hash, source) so that runs and caches can record exactly what was asked.
 */
import type { ClinicalCase, ImagingExam } from '../bench/case.js';
import type { Language } from '../bench/language.js';
import type { GenerationKind } from './definitions.js';
import { departmentGuide, departmentGuide3, departmentGuide5 } from './generations/department-guide.js';
import { clinicalDiagnosis } from './generations/clinical-diagnosis.js';
import { examPrompt, imagingDiagnosis } from './generations/imaging-diagnosis.js';
import type { AnyGeneration, PromptContext, PromptSpec } from './generations/types.js';
import { GENERATIONS, generationOf } from './registry/index.js';
import { getTemplate, renderTemplate, type TemplateName } from './templates.js';

export type { PromptContext } from './generations/types.js';
export { GENERAL_ROLE } from './generations/clinical-diagnosis.js';

export interface Prompt {
  kind: GenerationKind;
  caseUid: string;
  language: Language;
  /** Imaging modality key, for imaging-diagnosis prompts. */
  exam?: string;
  /** Number of departments asked for, for department-guide prompts. */
  k?: number;
  template: { name: TemplateName; hash: string; source: string };
  /** The single user turn sent to the model. */
  text: string;
}

/** One prompt of a generation, rendered from its template. */
function build(c: ClinicalCase, ctx: PromptContext, g: AnyGeneration, spec: PromptSpec): Prompt {
  const template = getTemplate(ctx.templates, c.language, g.template.name);
  return {
    kind: g.kind as GenerationKind,
    caseUid: c.uid,
    language: c.language,
    ...(spec.exam !== undefined ? { exam: spec.exam } : {}),
    ...(spec.k !== undefined ? { k: spec.k } : {}),
    template: { name: g.template.name as TemplateName, hash: template.hash, source: template.source },
    text: renderTemplate(template, spec.values),
  };
}

/** The prompts one generation asks of a case. */
export function generationPrompts(c: ClinicalCase, ctx: PromptContext, kind: GenerationKind): Prompt[] {
  const g = generationOf(kind);
  if (!g) throw new Error(`"${kind}" is not a kind of model call the tasks ask`);
  return g.prompts(c, ctx).map((spec) => build(c, ctx, g, spec));
}

/** Task 1 (k = 1) and the DIFR variants (k = 3, 5): basic information and chief complaint only. */
export function departmentGuidePrompt(c: ClinicalCase, ctx: PromptContext, k: 1 | 3 | 5 = 1): Prompt {
  const g = k === 1 ? departmentGuide : k === 3 ? departmentGuide3 : departmentGuide5;
  return generationPrompts(c, ctx, g.kind)[0]!;
}

/** Tasks 2–7: the whole case summary, in the role of a clinician of the gold department. */
export function clinicalDiagnosisPrompt(c: ClinicalCase, ctx: PromptContext): Prompt {
  return generationPrompts(c, ctx, clinicalDiagnosis.kind)[0]!;
}

/** Task 8: the findings of one imaging exam, in the role of a radiologist. */
export function imagingDiagnosisPrompt(c: ClinicalCase, exam: ImagingExam, ctx: PromptContext): Prompt {
  return build(c, ctx, imagingDiagnosis, examPrompt(exam));
}

/** Every prompt of a case, in task order (each generation's, as it declares them: imaging exams without findings are left out). */
export function casePrompts(c: ClinicalCase, ctx: PromptContext, kinds: readonly GenerationKind[] = GENERATIONS.map((g) => g.kind)): Prompt[] {
  return kinds.flatMap((kind) => generationPrompts(c, ctx, kind));
}
