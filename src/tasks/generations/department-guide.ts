/**
 * The department guide (task 1) and its DIFR variants: the basic information and chief complaint, and the list of
 * departments to choose from; asked for one department (k = 1), or for exactly 3 and exactly 5 (DIFR).
 */
import type { ClinicalCase } from '../../bench/case.js';
import { readDepartment, readDepartments } from '../reading.js';
import { generation, type AnswerFields, type PromptContext, type PromptSpec } from './types.js';

const VARIABLES = ['basic_information', 'chief_complaint', 'department_list'] as const;

function guidePrompt(c: ClinicalCase, ctx: PromptContext, k: number): PromptSpec[] {
  const values = {
    basic_information: c.summary.basicInformation,
    chief_complaint: c.summary.chiefComplaint,
    department_list: ctx.taxonomy.names(c.language).join('\n'),
    k,
  };
  return [{ values, k }];
}

/** One department, the one the patient should see. */
export const departmentGuide = generation({
  kind: 'department-guide',
  title: { en: 'Department guide', zh: '科室导诊' },
  template: { name: 'department-guide', variables: VARIABLES },
  perExam: false,
  prompts: (c, ctx) => guidePrompt(c, ctx, 1),
  read: (text, taxonomy, ctx) => readDepartment(text, taxonomy, ctx),
  decode: (f) => ({ department: f.stringOrNull('department'), status: f.string('status'), named: f.strings('named') }),
});

const departmentList = (f: AnswerFields) => ({
  count: f.number('count'),
  valid: f.number('valid'),
  items: f.list('items', (i) => ({ text: i.string('text'), department: i.stringOrNull('department') })),
});

const multi = <const K extends string>(kind: K, k: number) =>
  generation({
    kind,
    title: { en: `DIFR (${k})`, zh: `指令遵循（${k}）` },
    template: { name: 'department-guide-multi', variables: [...VARIABLES, 'k'] },
    perExam: false,
    prompts: (c, ctx) => guidePrompt(c, ctx, k),
    read: (text, taxonomy, ctx) => readDepartments(text, taxonomy, ctx),
    decode: departmentList,
  });

/** Exactly 3 departments (DIFR). */
export const departmentGuide3 = multi('department-guide-3', 3);
/** Exactly 5 departments (DIFR). */
export const departmentGuide5 = multi('department-guide-5', 5);
