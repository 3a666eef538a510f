/**
 * DIFR, the department instruction following rate: the department guide asked for exactly 3 and exactly 5
 * departments. Two score rows (one per K) in one column; selected with the department guide.
 */
import { departmentGuide3, departmentGuide5 } from '../generations/department-guide.js';
import { department } from './department.js';
import type { TaskModule } from './types.js';

const difr = <const G extends typeof departmentGuide3 | typeof departmentGuide5, const K extends 3 | 5>(k: K, generation: G) =>
  ({
    id: `difr${k}`,
    formerIds: [],
    partOf: department.id,
    title: `DIFR (${k} departments)`,
    label: { en: `DIFR (${k} departments)`, zh: `指令遵循（${k} 个科室）` },
    column: 'DIFR',
    weight: 1,
    protocol: true,
    generation,
    departments: k,
    scoring: 'department-count',
    field: `difr${k}`,
    // needs nothing but a chief complaint: any department list answer is counted
    supports: (s) => s.triage,
  }) as const satisfies TaskModule;

export const difr3 = difr(3, departmentGuide3);
export const difr5 = difr(5, departmentGuide5);
