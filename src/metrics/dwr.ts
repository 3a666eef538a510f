/**
 * DWR — Department Win Rate. The authors did not publish its definition; what their numbers show is that it is
 * a per-department percentage macro-averaged over the departments, and that the models' values sum to more than
 * 100 (ties count for everyone). Reconstruction used here:
 *
 *   for each department, for each model: the share of the department's cases on which the model's case score
 *   (clinical.ts `caseScore`, over the components every compared model has for that case) is the best among all
 *   compared models — a tie counts as a win for every tied
 *   model; DWR = the mean of these shares over the departments that have cases.
 *
 * Only cases every model has a score for are compared (a case a model failed on is no contest, not a loss).
 */
import { caseScore, caseScoreParts, type CaseScores } from './clinical.js';

export interface DwrResult {
  /** Model → DWR (0–100). */
  dwr: Record<string, number>;
  /** Model → department → win share (0–100). */
  byDepartment: Record<string, Record<string, number>>;
  /** Cases compared per department. */
  cases: Record<string, number>;
}

const key = (c: CaseScores): string => `${c.uid}\u0000${c.language}`;

export function departmentWinRate(byModel: Record<string, readonly CaseScores[]>, epsilon = 1e-9): DwrResult {
  const models = Object.keys(byModel);
  // case → model → its per-case record; scores are compared over the components every model has for the case
  const records = new Map<string, Map<string, CaseScores>>();
  const departments = new Map<string, string>();
  for (const m of models) {
    for (const c of byModel[m]!) {
      const k = key(c);
      departments.set(k, c.department);
      if (!records.has(k)) records.set(k, new Map());
      records.get(k)!.set(m, c);
    }
  }
  const scores = new Map<string, Map<string, number>>();
  for (const [k, perModel] of records) {
    if (perModel.size !== models.length) continue;
    const common = [...perModel.values()].map((c) => new Set(caseScoreParts(c).keys())).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
    const s = new Map<string, number>();
    for (const [m, c] of perModel) {
      const v = caseScore(c, common);
      if (v !== undefined) s.set(m, v);
    }
    scores.set(k, s);
  }
  const wins: Record<string, Record<string, number>> = Object.fromEntries(models.map((m) => [m, {}]));
  const cases: Record<string, number> = {};
  for (const [k, perModel] of scores) {
    if (perModel.size !== models.length) continue;
    const dep = departments.get(k)!;
    cases[dep] = (cases[dep] ?? 0) + 1;
    const best = Math.max(...perModel.values());
    for (const [m, s] of perModel) if (s >= best - epsilon) wins[m]![dep] = (wins[m]![dep] ?? 0) + 1;
  }
  const deps = Object.keys(cases);
  const byDepartment: DwrResult['byDepartment'] = {};
  const dwr: Record<string, number> = {};
  for (const m of models) {
    byDepartment[m] = Object.fromEntries(deps.map((d) => [d, (100 * (wins[m]![d] ?? 0)) / cases[d]!]));
    dwr[m] = deps.length === 0 ? 0 : deps.reduce((s, d) => s + byDepartment[m]![d]!, 0) / deps.length;
  }
  return { dwr, byDepartment, cases };
}
