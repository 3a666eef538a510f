/** Task 2, the preliminary diagnosis: a list of diagnoses, right when one names the principal gold item. */
import { clinicalDiagnosis } from '../generations/clinical-diagnosis.js';
import type { TaskModule } from './types.js';

export const preliminary = {
  id: 'preliminary',
  formerIds: [],
  number: 2,
  title: 'Preliminary Diagnosis',
  label: { en: 'Preliminary diagnosis', zh: '初步诊断' },
  column: 'PD',
  weight: 1,
  protocol: true,
  generation: clinicalDiagnosis,
  section: 'preliminary',
  gold: 'preliminary',
  scoring: 'diagnosis-list',
  field: 'pd',
  supports: (s) => s.preliminary,
} as const satisfies TaskModule;
