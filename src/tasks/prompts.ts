/**
 * Prompt builders for every generation a case needs (PROTOCOL §4). Each returns the rendered single user turn
 * plus the template identity (name, hash, source) so that runs and caches can record exactly what was asked.
 */
import type { ClinicalCase, ImagingExam } from '../bench/case.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { Language } from '../bench/language.js';
import type { GenerationKind } from './definitions.js';
import { getTemplate, renderTemplate, type TemplateName, type TemplateSet } from './templates.js';

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

export interface PromptContext {
  templates: TemplateSet;
  taxonomy: DepartmentTaxonomy;
}

function build(c: ClinicalCase, ctx: PromptContext, kind: GenerationKind, name: TemplateName, values: Record<string, string | number>, extra: Partial<Prompt> = {}): Prompt {
  const template = getTemplate(ctx.templates, c.language, name);
  return {
    kind,
    caseUid: c.uid,
    language: c.language,
    ...extra,
    template: { name, hash: template.hash, source: template.source },
    text: renderTemplate(template, values),
  };
}

/** Task 1 (k = 1) and the DIFR variants (k = 3, 5): basic information and chief complaint only. */
export function departmentGuidePrompt(c: ClinicalCase, ctx: PromptContext, k: 1 | 3 | 5 = 1): Prompt {
  const values = {
    basic_information: c.summary.basicInformation,
    chief_complaint: c.summary.chiefComplaint,
    department_list: ctx.taxonomy.names(c.language).join('\n'),
    k,
  };
  const kind: GenerationKind = k === 1 ? 'department-guide' : k === 3 ? 'department-guide-3' : 'department-guide-5';
  return build(c, ctx, kind, k === 1 ? 'department-guide' : 'department-guide-multi', values, { k });
}

/** The role given when a dataset names no department (imported data often has none). */
export const GENERAL_ROLE = { en: 'general medicine', zh: '全科医学科' } as const;

/** Tasks 2–7: the whole case summary, in the role of a clinician of the gold department. */
export function clinicalDiagnosisPrompt(c: ClinicalCase, ctx: PromptContext): Prompt {
  const dep = c.gold.department;
  return build(c, ctx, 'clinical-diagnosis', 'clinical-diagnosis', {
    department: dep ? (c.language === 'zh' ? dep.zh : dep.short) : GENERAL_ROLE[c.language],
    case_summary: c.summary.raw.trim(),
  });
}

/** Task 8: the findings of one imaging exam, in the role of a radiologist. */
export function imagingDiagnosisPrompt(c: ClinicalCase, exam: ImagingExam, ctx: PromptContext): Prompt {
  return build(c, ctx, 'imaging-diagnosis', 'imaging-diagnosis', { modality: exam.name, findings: exam.findings }, { exam: exam.key });
}

/** Every prompt of a case, in task order; imaging exams without findings are left out (the loader warns). */
export function casePrompts(c: ClinicalCase, ctx: PromptContext, kinds: readonly GenerationKind[] = ['department-guide', 'department-guide-3', 'department-guide-5', 'clinical-diagnosis', 'imaging-diagnosis']): Prompt[] {
  const out: Prompt[] = [];
  for (const kind of kinds) {
    if (kind === 'department-guide') out.push(departmentGuidePrompt(c, ctx, 1));
    else if (kind === 'department-guide-3') out.push(departmentGuidePrompt(c, ctx, 3));
    else if (kind === 'department-guide-5') out.push(departmentGuidePrompt(c, ctx, 5));
    else if (kind === 'clinical-diagnosis') out.push(clinicalDiagnosisPrompt(c, ctx));
    else for (const exam of c.imaging) if (exam.findings !== '') out.push(imagingDiagnosisPrompt(c, exam, ctx));
  }
  return out;
}
