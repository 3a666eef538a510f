/**
 * The routing table of ClinicalAgent: for each department, the models ranked by how well they did on that
 * department's cases in benchmark runs — the authors' per-department weighted average
 * (5·Acc + DIFR + PD + 5·FD + DB + DD + PT + TP + ID) / 17, ties broken by the overall Avg. A department with
 * too few scored cases (or where no model has a complete weighted average) falls back to the overall ranking.
 * A table can also be written by hand; `parseRoutingTable` reads and checks one.
 */
import { z } from 'zod';
import { parseJsonFile } from '../bench/json-text.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import { leaderboard, type CaseScores, type MetricOptions } from '../metrics/clinical.js';

export interface RankedModel {
  model: string;
  /** Weighted average on the department's cases (or overall, for a fallback); null when incomplete. */
  score: number | null;
  /** Cases behind the score. */
  n: number;
}

export interface RoutingTable {
  /** Runs (or "hand-written") the table was built from. */
  source: string[];
  minCases: number;
  overall: RankedModel[];
  departments: Record<string, { models: RankedModel[]; fallback: boolean }>;
}

const byScore = (avg: Map<string, number | null>) => (a: RankedModel, b: RankedModel): number =>
  (b.score ?? -Infinity) - (a.score ?? -Infinity) || (avg.get(b.model) ?? -Infinity) - (avg.get(a.model) ?? -Infinity) || a.model.localeCompare(b.model);

/** Build a routing table from each model's per-case scores. */
export function buildRoutingTable(
  byModel: Record<string, readonly CaseScores[]>,
  taxonomy: DepartmentTaxonomy,
  opts: MetricOptions & { minCases?: number; source?: string[] } = {},
): RoutingTable {
  const minCases = opts.minCases ?? 5;
  const models = Object.keys(byModel);
  const avg = new Map<string, number | null>();
  const overall: RankedModel[] = models.map((m) => {
    const lb = leaderboard(byModel[m]!, opts);
    avg.set(m, lb.Avg.value);
    return { model: m, score: lb.WeightedAvg.value, n: byModel[m]!.length };
  });
  overall.sort(byScore(avg));
  const departments: RoutingTable['departments'] = {};
  for (const dep of taxonomy.departments) {
    const ranked = models.map((m) => {
      const cases = byModel[m]!.filter((c) => c.department === dep.id);
      return { model: m, score: cases.length > 0 ? leaderboard(cases, opts).WeightedAvg.value : null, n: cases.length };
    });
    const enough = ranked.some((r) => r.n >= minCases && r.score !== null);
    departments[dep.id] = enough ? { models: ranked.sort(byScore(avg)), fallback: false } : { models: overall.map((o) => ({ ...o })), fallback: true };
  }
  return { source: opts.source ?? [], minCases, overall, departments };
}

const Ranked = z.object({ model: z.string().min(1), score: z.number().nullable().default(null), n: z.number().int().min(0).default(0) });
const TableSchema = z.object({
  source: z.array(z.string()).default(['hand-written']),
  minCases: z.number().int().min(0).default(0),
  overall: z.array(Ranked).default([]),
  departments: z.record(z.string(), z.union([z.object({ models: z.array(Ranked).min(1), fallback: z.boolean().default(false) }), z.array(z.string().min(1)).min(1)])),
});

/** Read a routing table (built or hand-written: `departments: { gastroenterology: ["openai:gpt-4o", …] }`). */
export function parseRoutingTable(text: string, file: string, taxonomy: DepartmentTaxonomy): RoutingTable {
  const data = parseJsonFile(text, file, TableSchema);
  const departments: RoutingTable['departments'] = {};
  for (const [name, entry] of Object.entries(data.departments)) {
    const dep = taxonomy.normalise(name) ?? taxonomy.departments.find((d) => d.id === name);
    if (!dep) throw new Error(`${file}: \`departments.${name}\` is not a department of the list`);
    departments[dep.id] = Array.isArray(entry) ? { models: entry.map((model) => ({ model, score: null, n: 0 })), fallback: false } : entry;
  }
  const missing = taxonomy.departments.filter((d) => !departments[d.id]);
  if (missing.length > 0 && data.overall.length === 0) {
    throw new Error(`${file}: no models for ${missing.map((d) => d.id).join(', ')} and no "overall" ranking to fall back to`);
  }
  for (const d of missing) departments[d.id] = { models: data.overall, fallback: true };
  return { source: data.source, minCases: data.minCases, overall: data.overall, departments };
}

/** The top-m models for a department. */
export function specialists(table: RoutingTable, department: string, m: number): string[] {
  const entry = table.departments[department] ?? { models: table.overall };
  return entry.models.slice(0, Math.max(1, m)).map((r) => r.model);
}
