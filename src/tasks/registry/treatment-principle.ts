/** Task 6, Principle of Treatment: free text, scored by its similarity to the gold text (BLEU, ROUGE-L, BERTScore). */
import { clinicalDiagnosis } from '../generations/clinical-diagnosis.js';
import type { TaskModule } from './types.js';

export const treatmentPrinciple = {
  id: 'treatment-principle',
  // called `principle` before issue 18: one letter from `principal`
  formerIds: ['principle'],
  number: 6,
  title: 'Principle of Treatment',
  label: { en: 'Principle of treatment', zh: '治疗原则' },
  column: 'PT',
  weight: 1,
  protocol: true,
  generation: clinicalDiagnosis,
  section: 'principle',
  gold: 'principle',
  scoring: 'text-similarity',
  field: 'pt',
  supports: (s) => s.principle,
} as const satisfies TaskModule;
