/** Counting loaded cases: per department and language, and the distinct cases behind the records. */
import type { ClinicalCase } from './case.js';
import type { Department, DepartmentTaxonomy } from './departments.js';

export interface DepartmentCount {
  department: Department;
  zh: number;
  en: number;
  /** Distinct `clinical_case_uid`s. */
  cases: number;
}

export function countByDepartment(cases: readonly ClinicalCase[], taxonomy: DepartmentTaxonomy): DepartmentCount[] {
  const rows = new Map<string, DepartmentCount & { uids: Set<string> }>();
  for (const dep of taxonomy.departments) rows.set(dep.id, { department: dep, zh: 0, en: 0, cases: 0, uids: new Set() });
  for (const c of cases) {
    const row = c.gold.department ? rows.get(c.gold.department.id) : undefined;
    if (!row) continue;
    row[c.language]++;
    row.uids.add(c.uid);
  }
  return [...rows.values()].map(({ uids, ...r }) => ({ ...r, cases: uids.size }));
}

/** Unknown modality and lab keys seen, with how many records carry each. */
export function unknownKeys(cases: readonly ClinicalCase[]): { imaging: Map<string, number>; labs: Map<string, number> } {
  const imaging = new Map<string, number>();
  const labs = new Map<string, number>();
  for (const c of cases) {
    for (const e of c.imaging) if (!e.known) imaging.set(e.key, (imaging.get(e.key) ?? 0) + 1);
    for (const l of c.labs) if (!l.known) labs.set(l.key, (labs.get(l.key) ?? 0) + 1);
  }
  return { imaging, labs };
}

/** Keep the cases matching a department (any name or alias) and/or a language. */
export function filterCases(
  cases: readonly ClinicalCase[],
  filter: { department?: Department; language?: string },
): ClinicalCase[] {
  return cases.filter(
    (c) => (!filter.department || c.gold.department?.id === filter.department.id) && (!filter.language || c.language === filter.language),
  );
}
