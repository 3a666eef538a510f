/** Task 3, Diagnostic Basis: free text, scored by its similarity to the gold text (BLEU, ROUGE-L, BERTScore). */
import { clinicalDiagnosis } from '../generations/clinical-diagnosis.js';
import type { TaskModule } from './types.js';

export const basis = {
  id: 'basis',
  formerIds: [],
  number: 3,
  title: 'Diagnostic Basis',
  label: { en: 'Diagnostic basis', zh: '诊断依据' },
  column: 'DB',
  weight: 1,
  protocol: true,
  generation: clinicalDiagnosis,
  section: 'basis',
  gold: 'basis',
  scoring: 'text-similarity',
  field: 'db',
  supports: (s) => s.basis,
} as const satisfies TaskModule;
