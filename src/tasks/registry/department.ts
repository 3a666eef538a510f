/** Task 1, the department guide: name the one department the patient should see (PROTOCOL §4). */
import { departmentGuide } from '../generations/department-guide.js';
import type { TaskModule } from './types.js';

export const department = {
  id: 'department',
  formerIds: [],
  number: 1,
  title: 'Department Guide',
  label: { en: 'Department guide', zh: '导诊' },
  column: 'Acc',
  weight: 5,
  protocol: true,
  generation: departmentGuide,
  gold: 'department',
  scoring: 'department-match',
  field: 'acc',
  // a chief complaint to triage from, and a gold department
  supports: (s) => s.triage && s.department,
} as const satisfies TaskModule;
