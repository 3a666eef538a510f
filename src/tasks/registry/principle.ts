/** Task 6, Principle of Treatment: free text, scored by its similarity to the gold text (BLEU, ROUGE-L, BERTScore). */
import type { TaskModule } from './types.js';

export const principle = {
  id: 'principle',
  formerIds: [],
  number: 6,
  title: 'Principle of Treatment',
  label: { en: 'Principle of treatment', zh: '治疗原则' },
  column: 'PT',
  weight: 1,
  generation: 'clinical-diagnosis',
  template: 'clinical-diagnosis',
  section: 'principle',
  gold: 'principle',
  scoring: 'text-similarity',
  field: 'pt',
  supports: (s) => s.principle,
} as const satisfies TaskModule;
