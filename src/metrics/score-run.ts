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
import { readManifest } from '../run/meta-records.js';
import { SCORED_WITH_KEY } from '../run/recorded.js';
import { jobRecords, type JobRecord } from '../run/records.js';
import { RunStore } from '../run/store.js';
import type { EffectiveScoring } from './settings.js';
import { scoredWith } from './run-settings.js';
import type { MetricOptions } from './clinical.js';
import { modelScores, type ModelScores, type RecordRows } from './model-scores.js';
import { scoreCase, type ScoringContext } from './score-case.js';
import type { ScoredRecord } from './score-detail.js';
import { JUDGE_PREFIX } from './judge-run.js';
import { DEFAULT_TEXT_PROFILE, type LibraryNote, type TextProfileName } from './text/index.js';

export { countOutcomes, groupCases, groupCounts, type CaseCounts, type ModelScores, type OutcomeCounts } from './model-scores.js';

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
  /** Every score row computed, typed, as they are (or, with `persist: false`, would be) stored. */
  rows: ScoredRecord[];
  /** Every job of the run, decoded (run/records.ts): handed on, so a reader of the run decodes none again. */
  jobs: JobRecord[];
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
  /** The run's jobs, when the caller has decoded them already from its store (they are then not decoded again). */
  jobs?: readonly JobRecord[];
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

export async function scoreRun(dir: string, opts: ScoreRunOptions): Promise<RunScores> {
  const persist = opts.persist ?? true;
  const store = RunStore.open(dir, { readonly: !persist });
  try {
    const manifest = readManifest(store, dir);
    const files = opts.cases ?? manifest?.cases.map((c) => c.file) ?? [];
    if (files.length === 0 && !opts.loaded) throw new Error(`${dir}: the run does not say which case files it used; give them with --cases`);
    const loaded = opts.loaded ?? (await loadThrough(opts.session, files, { taxonomy: opts.taxonomy }));
    const byKey = new Map<string, ClinicalCase>(loaded.cases.map((c) => [`${c.uid}\u0000${c.language}`, c]));
    const jobs = opts.jobs ? [...opts.jobs] : jobRecords(store, dir); // typed, decoded once; scoring needs answers, not the (long) prompts
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
      jobs,
      persisted: persist,
    };
    const languages = new Set(jobs.filter((j) => !j.model.startsWith(JUDGE_PREFIX)).map((j) => j.language as Language));
    if (languages.size === 0 || [...languages].some((l) => !(opts.context.bertByLanguage?.[l] ?? opts.context.bert))) result.textComponents = 'bleu+rouge';
    const orphans = store.ledger.orphans();
    let done = 0;
    const total = jobs.length;
    for (const model of models) {
      const perCase = new Map<string, JobRecord[]>();
      for (const j of jobs) {
        if (j.model !== model) continue;
        const k = `${j.caseUid}\u0000${j.language}`;
        const list = perCase.get(k);
        if (list) list.push(j);
        else perCase.set(k, [j]);
      }
      const records: RecordRows[] = [];
      const rows: ScoredRecord[] = [];
      for (const [k, caseJobs] of perCase) {
        const c = byKey.get(k);
        if (!c && opts.skipMissing) continue;
        if (!c) throw new Error(missingCase(dir, k, manifest, loaded, files));
        const outcome = await scoreCase(c, caseJobs, opts.context);
        const mine = outcome.rows.map((r): ScoredRecord => ({ model, caseUid: c.uid, language: c.language, department: c.gold.department?.id ?? '', ...r }));
        for (const r of mine) if (r.scoring === 'text-similarity') for (const note of r.detail.notes ?? []) result.libraryNotes[note] = (result.libraryNotes[note] ?? 0) + 1;
        // the case scores and counts from the rows, by the function the report reads stored rows with
        records.push({ uid: c.uid, language: c.language, case: c, jobs: caseJobs, rows: mine });
        rows.push(...mine);
        done += caseJobs.length;
        opts.onProgress?.(done, total);
      }
      const ms: ModelScores = modelScores(model, records, orphans.filter((o) => o.model === model).length, opts);
      if (persist) store.replaceScores(model, rows.map(({ scoring: _, ...r }) => r));
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
