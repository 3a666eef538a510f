/**
 * (Re)scoring a run directory from its stored answers — no model is called. Loads the run's cases (from the
 * files its manifest names, or the ones given), scores every model's answers case by case, stores the per-case
 * scores with their audit details in the run store, and returns them for the leaderboard.
 */
import type { ClinicalCase } from '../bench/case.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { Language } from '../bench/language.js';
import { formatProblem, type LoadResult } from '../bench/loader.js';
import { loadThrough, type CaseSession } from '../bench/session.js';
import type { Manifest } from '../run/evaluate.js';
import { SCORED_WITH_KEY } from '../run/recorded.js';
import { RunStore, type ScoreRecord } from '../run/store.js';
import type { EffectiveScoring } from './settings.js';
import { scoredWith } from './run-settings.js';
import { leaderboard, type CaseScores, type Leaderboard, type MetricOptions } from './clinical.js';
import { scoreCase, type ScoringContext } from './score-case.js';
import { JUDGE_PREFIX } from './judge-run.js';
import { DEFAULT_TEXT_PROFILE, type LibraryNote, type TextProfileName } from './text/index.js';
import { caseScoresFromRows } from './scorers.js';
import { scoredTask } from '../tasks/registry/index.js';

export interface ModelScores {
  model: string;
  cases: CaseScores[];
  leaderboard: Leaderboard;
  /** Per task: how many answers ended in error, are still pending, or were skipped for lack of a gold answer. */
  errors: Record<string, number>;
  pending: Record<string, number>;
  skipped: Record<string, number>;
  /** Per task: answers scored as given although they lacked the requested form. */
  unreadable: Record<string, number>;
  /** Per task: answers in which the model declined to answer. */
  refused: Record<string, number>;
  /** Per task: answers cut off by the token limit. */
  truncated: Record<string, number>;
  /** The same counts record by record, so a breakdown (`groupCounts`) can show them per group. */
  outcomes: CaseCounts[];
  /** Answers set aside because their record was removed or edited after they were asked: counted, never scored. */
  orphaned: number;
}

/** What did not become a score on one record: task labels as scoreCase gives them. */
export interface CaseCounts {
  uid: string;
  language: string;
  department: string;
  errors: string[];
  pending: string[];
  skipped: string[];
  unreadable: string[];
  refused: string[];
  truncated: string[];
}

export interface RunScores {
  dir: string;
  manifest?: Manifest;
  models: ModelScores[];
  /** Which components the text scores have: with BERTScore, or BLEU + ROUGE only (for some language, at least). */
  textComponents: 'bleu+rouge+bertscore' | 'bleu+rouge';
  /** The text-metric profile the text scores were computed with. */
  textProfile: TextProfileName;
  /** Text scores where the profile's reference library would have raised, by what (see LibraryNote). */
  libraryNotes: Partial<Record<LibraryNote, number>>;
  /** Case-file problems met while reloading the cases. */
  caseProblems: number;
  /** The settings the run was scored with, and what the command's flags changed (when the caller said). */
  scoring?: EffectiveScoring;
  /** The department list it was scored with (when the caller said). */
  taxonomy?: DepartmentTaxonomy;
  /** Every score row computed, as they are (or, with `persist: false`, would be) stored. */
  rows: ScoreRecord[];
  /** Whether the scores were written into the run's store. */
  persisted: boolean;
}

export interface ScoreRunOptions extends MetricOptions {
  taxonomy: DepartmentTaxonomy;
  context: ScoringContext;
  /** Case files to use instead of those in the manifest (when they have moved). */
  cases?: string[];
  /** The command's cases, read once for every stage (bench/session.ts). */
  session?: CaseSession;
  /** The run's case files, when the caller has loaded them already (they are then not read again). */
  loaded?: LoadResult;
  /**
   * The settings `context` was made from: kept with the scores (with a hash of the department list), so a reader
   * can tell whether they were computed the way it would. Without it they are recorded as unknown.
   */
  scoring?: EffectiveScoring;
  onProgress?: (done: number, total: number) => void;
  /**
   * Leave out, instead of failing on, records the run has answers for that are not in the case files (a report
   * says so in its warnings; `score` fails, naming the record and why).
   */
  skipMissing?: boolean;
  /**
   * Write the scores into the run's store (default). With false the store is opened read-only and the scores
   * are only returned — for a run on a medium that cannot be written.
   */
  persist?: boolean;
}

function bump(map: Record<string, number>, key: string): void {
  const k = key.startsWith('imaging ') ? 'imaging' : key;
  map[k] = (map[k] ?? 0) + 1;
}

export async function scoreRun(dir: string, opts: ScoreRunOptions): Promise<RunScores> {
  const persist = opts.persist ?? true;
  const store = RunStore.open(dir, { readonly: !persist });
  try {
    const manifest = store.getManifest<Manifest>();
    const files = opts.cases ?? manifest?.cases.map((c) => c.file) ?? [];
    if (files.length === 0 && !opts.loaded) throw new Error(`${dir}: the run does not say which case files it used; give them with --cases`);
    const loaded = opts.loaded ?? (await loadThrough(opts.session, files, { taxonomy: opts.taxonomy }));
    const byKey = new Map<string, ClinicalCase>(loaded.cases.map((c) => [`${c.uid}\u0000${c.language}`, c]));
    const jobs = store.jobs({ prompts: false }); // scoring needs answers, not the (long) prompts
    // judges' ratings live in the store too, under `judge:<spec>`; they are not candidates
    const models = [...new Set(jobs.map((j) => j.model))].filter((m) => !m.startsWith(JUDGE_PREFIX));
    const result: RunScores = {
      dir,
      ...(manifest ? { manifest } : {}),
      models: [],
      textComponents: 'bleu+rouge+bertscore',
      textProfile: opts.context.profile ?? DEFAULT_TEXT_PROFILE,
      libraryNotes: {},
      caseProblems: loaded.problems.filter((p) => p.severity === 'error').length,
      ...(opts.scoring ? { scoring: opts.scoring } : {}),
      rows: [],
      persisted: persist,
    };
    const languages = new Set(jobs.filter((j) => !j.model.startsWith(JUDGE_PREFIX)).map((j) => j.language as Language));
    if (languages.size === 0 || [...languages].some((l) => !(opts.context.bertByLanguage?.[l] ?? opts.context.bert))) result.textComponents = 'bleu+rouge';
    const orphans = store.ledger.orphans();
    let done = 0;
    const total = jobs.length;
    for (const model of models) {
      const mine = jobs.filter((j) => j.model === model);
      const perCase = new Map<string, typeof mine>();
      for (const j of mine) {
        const k = `${j.caseUid}\u0000${j.language}`;
        const list = perCase.get(k);
        if (list) list.push(j);
        else perCase.set(k, [j]);
      }
      const orphaned = orphans.filter((o) => o.model === model).length;
      const ms: ModelScores = { model, cases: [], leaderboard: leaderboard([]), errors: {}, pending: {}, skipped: {}, unreadable: {}, refused: {}, truncated: {}, outcomes: [], orphaned };
      const rows: ScoreRecord[] = [];
      for (const [k, caseJobs] of perCase) {
        const c = byKey.get(k);
        if (!c && opts.skipMissing) continue;
        if (!c) throw new Error(missingCase(dir, k, manifest, loaded, files));
        const outcome = await scoreCase(
          c,
          caseJobs.map((j) => ({ kind: j.kind, ...(j.exam !== undefined ? { exam: j.exam } : {}), status: j.status, parsed: j.parsed === null ? null : (JSON.parse(j.parsed) as unknown), finishReason: j.finishReason })),
          opts.context,
        );
        // the case scores from the rows, by the function the report reads stored rows with
        ms.cases.push(caseScoresFromRows({ uid: c.uid, language: c.language, department: outcome.scores.department }, outcome.rows, scoredTask).scores);
        const { errors, pending, skipped, unreadable, refused, truncated } = outcome;
        ms.outcomes.push({ uid: c.uid, language: c.language, department: outcome.scores.department, errors, pending, skipped, unreadable, refused, truncated });
        for (const r of outcome.rows) for (const note of (r.detail as { notes?: LibraryNote[] } | null)?.notes ?? []) result.libraryNotes[note] = (result.libraryNotes[note] ?? 0) + 1;
        for (const r of outcome.rows) rows.push({ model, caseUid: c.uid, language: c.language, department: c.gold.department?.id ?? '', task: r.task, exam: r.exam, value: r.value, detail: r.detail });
        done += caseJobs.length;
        opts.onProgress?.(done, total);
      }
      Object.assign(ms, countOutcomes(ms.outcomes));
      ms.leaderboard = leaderboard(ms.cases, opts);
      if (persist) store.replaceScores(model, rows);
      result.rows.push(...rows);
      result.models.push(ms);
    }
    if (persist) store.setMeta(SCORED_WITH_KEY, opts.scoring ? scoredWith({ taxonomy: opts.taxonomy, scoring: opts.scoring }) : null);
    return result;
  } finally {
    store.close();
  }
}

/** Why a record the run has answers for is not in its case files, and what to do. */
function missingCase(dir: string, key: string, manifest: Manifest | undefined, loaded: LoadResult, files: readonly string[]): string {
  const [uid, language] = key.split('\u0000');
  const changed = (manifest?.cases ?? []).filter((m) => loaded.files.find((f) => f.file === m.file)?.sha256 !== m.sha256).map((m) => m.file);
  const failed = loaded.problems.find((p) => p.severity === 'error' && p.uid === uid);
  return (
    `${dir}: case ${uid} (${language}) is in the run but not in the case files (${files.join(', ')})` +
    (failed ? `: it could not be loaded (${formatProblem(failed)})` : '') +
    (changed.length > 0
      ? `; ${changed.join(', ')} ${changed.length === 1 ? 'has' : 'have'} changed since the run read ${changed.length === 1 ? 'it' : 'them'} — resume the run with --allow-changed-cases to set the answers of removed records aside, or give the original files with --cases`
      : '')
  );
}

/** Group a model's cases by department or language, for the breakdowns. */
export function groupCases(cases: readonly CaseScores[], by: 'department' | 'language'): Map<string, CaseScores[]> {
  const out = new Map<string, CaseScores[]>();
  for (const c of cases) out.set(c[by], [...(out.get(c[by]) ?? []), c]);
  return out;
}

const COUNTED = ['errors', 'pending', 'skipped', 'unreadable', 'refused', 'truncated'] as const;
export type OutcomeCounts = Pick<ModelScores, (typeof COUNTED)[number]>;

/** The error, pending, skipped, unreadable, refusal and truncation counts per task over some records' outcomes. */
function countOutcomes(outcomes: readonly CaseCounts[]): OutcomeCounts {
  const out: OutcomeCounts = { errors: {}, pending: {}, skipped: {}, unreadable: {}, refused: {}, truncated: {} };
  for (const o of outcomes) for (const k of COUNTED) o[k].forEach((t) => bump(out[k], t));
  return out;
}

/** The same counts for each group of a breakdown (as ModelScores has them overall). */
export function groupCounts(outcomes: readonly CaseCounts[], by: 'department' | 'language'): Map<string, OutcomeCounts> {
  const groups = new Map<string, CaseCounts[]>();
  for (const o of outcomes) {
    const list = groups.get(o[by]);
    if (list) list.push(o);
    else groups.set(o[by], [o]);
  }
  return new Map([...groups].map(([g, list]) => [g, countOutcomes(list)]));
}
