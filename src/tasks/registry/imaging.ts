/** Task 8, the imaging diagnosis: one impression per exam, scored by its similarity to the exam's gold impression. */
import { imagingDiagnosis } from '../generations/imaging-diagnosis.js';
import type { TaskModule } from './types.js';

export const imaging = {
  id: 'imaging',
  formerIds: [],
  number: 8,
  title: 'Imaging Diagnosis',
  label: { en: 'Imaging diagnosis', zh: '影像诊断' },
  column: 'ID',
  weight: 1,
  protocol: true,
  generation: imagingDiagnosis,
  gold: 'imaging',
  perExam: true,
  scoring: 'text-similarity',
  field: 'id',
  supports: (s, exam) => (exam === undefined ? s.imaging.length > 0 : s.imaging.includes(exam)),
} as const satisfies TaskModule;
