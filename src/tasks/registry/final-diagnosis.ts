/** Task 5, the final diagnosis: one diagnosis, right when the matcher finds it names the principal one. */
import { clinicalDiagnosis } from '../generations/clinical-diagnosis.js';
import type { TaskModule } from './types.js';

export const finalDiagnosis = {
  id: 'final-diagnosis',
  // called `principal` (after the gold field) before issue 18: one letter from `principle`
  formerIds: ['principal'],
  number: 5,
  title: 'Final Diagnosis',
  label: { en: 'Final diagnosis', zh: '最终诊断' },
  column: 'FD',
  weight: 5,
  protocol: true,
  generation: clinicalDiagnosis,
  section: 'principal',
  gold: 'principal',
  scoring: 'diagnosis-name',
  field: 'fd',
  supports: (s) => s.principal,
} as const satisfies TaskModule;
