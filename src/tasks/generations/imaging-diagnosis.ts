/** The imaging diagnosis (task 8): the findings of one imaging exam, in the role of a radiologist; one prompt per exam. */
import type { ImagingExam } from '../../bench/case.js';
import { readImpression } from '../reading.js';
import { generation, type PromptSpec } from './types.js';

/** The prompt of one exam: its modality and findings. */
export const examPrompt = (e: ImagingExam): PromptSpec => ({ values: { modality: e.name, findings: e.findings }, exam: e.key });

export const imagingDiagnosis = generation({
  kind: 'imaging-diagnosis',
  title: { en: 'Imaging', zh: '影像' },
  template: { name: 'imaging-diagnosis', variables: ['modality', 'findings'] },
  perExam: true,
  // exams without findings are left out (the loader warns)
  prompts: (c) => c.imaging.filter((e) => e.findings !== '').map(examPrompt),
  read: (text, _taxonomy, ctx) => readImpression(text, ctx),
  decode: (f) => ({ impression: f.string('impression') }),
  text: (answer) => answer.impression,
});
