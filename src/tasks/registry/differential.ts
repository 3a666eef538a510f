/** Task 4, Differential Diagnosis: free text, scored by its similarity to the gold text (BLEU, ROUGE-L, BERTScore). */
import { clinicalDiagnosis } from '../generations/clinical-diagnosis.js';
import type { TaskModule } from './types.js';

export const differential = {
  id: 'differential',
  formerIds: [],
  number: 4,
  title: 'Differential Diagnosis',
  label: { en: 'Differential diagnosis', zh: '鉴别诊断' },
  column: 'DD',
  weight: 1,
  protocol: true,
  generation: clinicalDiagnosis,
  section: 'differential',
  gold: 'differential',
  scoring: 'text-similarity',
  field: 'dd',
  supports: (s) => s.differential,
} as const satisfies TaskModule;
