/** Task 7, Treatment Plan: free text, scored by its similarity to the gold text (BLEU, ROUGE-L, BERTScore). */
import { clinicalDiagnosis } from '../generations/clinical-diagnosis.js';
import type { TaskModule } from './types.js';

export const plan = {
  id: 'plan',
  formerIds: [],
  number: 7,
  title: 'Treatment Plan',
  label: { en: 'Treatment plan', zh: '治疗计划' },
  column: 'TP',
  weight: 1,
  protocol: true,
  generation: clinicalDiagnosis,
  section: 'plan',
  gold: 'plan',
  scoring: 'text-similarity',
  field: 'tp',
  supports: (s) => s.plan,
} as const satisfies TaskModule;
