/**
 * DIFR, the department instruction following rate: the department guide asked for exactly 3 and exactly 5
 * departments. Two score rows (one per K) in one column; selected with the department guide.
 */
import type { TaskModule } from './types.js';

const difr = (k: 3 | 5) =>
  ({
    id: `difr${k}`,
    formerIds: [],
    partOf: 'department',
    title: `DIFR (${k} departments)`,
    label: { en: `DIFR (${k} departments)`, zh: `指令遵循（${k} 个科室）` },
    column: 'DIFR',
    weight: 1,
    generation: `department-guide-${k}`,
    template: 'department-guide-multi',
    departments: k,
    scoring: 'department-count',
    field: `difr${k}`,
    // needs nothing but a chief complaint: any department list answer is counted
    supports: (s) => s.triage,
  }) as const satisfies TaskModule;

export const difr3 = difr(3);
export const difr5 = difr(5);
