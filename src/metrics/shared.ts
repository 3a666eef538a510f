/**
 * Models compared side by side must be compared on the same records. Runs made on different case sets (or a
 * model that has only part of a run's records) share some records, or none: the figures across models — DWR,
 * paired tests, which value is best — are taken on the shared records only, and how many there are is said.
 */
import { leaderboard, type CaseScores, type Leaderboard, type MetricOptions } from './clinical.js';

export interface SharedRecords {
  /** Records every model has (a record is a case in one language). */
  shared: number;
  /** Records of each model. */
  perModel: Record<string, number>;
  /** True when every model has exactly the shared records. */
  same: boolean;
}

const key = (c: CaseScores): string => `${c.uid}\u0000${c.language}`;

/** Which records every model has, and how many each has. */
export function sharedRecords(byModel: Record<string, readonly CaseScores[]>): SharedRecords & { keys: ReadonlySet<string> } {
  const models = Object.keys(byModel);
  const sets = models.map((m) => new Set(byModel[m]!.map(key)));
  const keys = sets.length === 0 ? new Set<string>() : new Set([...sets[0]!].filter((k) => sets.every((s) => s.has(k))));
  const perModel = Object.fromEntries(models.map((m, i) => [m, sets[i]!.size]));
  return { shared: keys.size, perModel, same: sets.every((s) => s.size === keys.size), keys };
}

/**
 * Each model's leaderboard on the shared records only — what the best value of a column is judged on when the
 * models' records differ; undefined when they do not (the full leaderboards are already comparable).
 */
export function sharedLeaderboards(byModel: Record<string, readonly CaseScores[]>, opts: MetricOptions = {}): Record<string, Leaderboard> | undefined {
  const s = sharedRecords(byModel);
  if (s.same) return undefined;
  return Object.fromEntries(Object.entries(byModel).map(([m, cases]) => [m, leaderboard(cases.filter((c) => s.keys.has(key(c))), opts)]));
}
