/**
 * Reading one run directory for a report: its manifest, every job (without the prompts) and every score row as
 * typed records (run/records.ts, metrics/score-detail.ts), and the cases it was run on. A model's case scores and
 * counts are made from the stored rows by the function `score` makes them with (metrics/model-scores.ts), so a
 * report never rescores a run that is already scored and cannot count it otherwise. A run whose scores do not
 * cover its answers (never scored, or answered further since) is scored first with `scoreRun`; a run the command
 * has just scored (`scored`) is read with those scores as they are.
 */
import type { ClinicalCase } from '../bench/case.js';
import { DepartmentTaxonomy } from '../bench/departments.js';
import { formatProblem, type LoadResult } from '../bench/loader.js';
import { loadThrough, type CaseSession } from '../bench/session.js';
import { filterCases } from '../bench/stats.js';
import type { MetricOptions } from '../metrics/clinical.js';
import { caseSupport, countSupport, type CaseSupport, type SupportCounts } from '../bench/support.js';
import { modelScores, type ModelScores, type RecordRows } from '../metrics/model-scores.js';
import { scoreRecords, type ScoredRecord } from '../metrics/score-detail.js';
import { GENERATION_LABEL, scoredRows } from '../tasks/registry/index.js';
import { runSettings, scoredOtherwise, type RunSettings } from '../metrics/run-settings.js';
import type { ScoringContext } from '../metrics/score-case.js';
import { scoreRun, type RunScores } from '../metrics/score-run.js';
import { scoringContexts, UNRECORDED_PROFILE, type ScoringOverride } from '../metrics/settings.js';
import type { Manifest } from '../run/evaluate.js';
import { readManifest } from '../run/meta-records.js';
import type { ScoringSettings } from '../run/recorded.js';
import { jobRecords, type JobRecord } from '../run/records.js';
import { RunStore, storeWritable, type OrphanRow } from '../run/store.js';
import { agentReads, readAgents, type AgentPending, type AgentRead } from './agent-read.js';
import { readJudgeRatings, type JudgeRead } from './judge-read.js';
import type { ModelUsage, TextComponents } from './types.js';
import { JUDGE_PREFIX } from '../metrics/judge-run.js';
import type { TextProfileName } from '../metrics/text/index.js';

export interface ModelRead extends ModelScores {
  usage: ModelUsage;
  textComponents: TextComponents | null;
  /** The text-metric profile of its stored text scores (scores stored before profiles existed are clinicallab's). */
  textProfile: TextProfileName | null;
  jobs: JobRecord[];
  scores: ScoredRecord[];
}

export interface RunRead {
  dir: string;
  manifest: Manifest | undefined;
  models: ModelRead[];
  /** `uid \0 language` → case, for every case the case files hold. */
  cases: Map<string, ClinicalCase>;
  scoredNow: boolean;
  errorsByKind: { kind: string; n: number }[];
  warnings: string[];
  /** The agent models of the run (ClinicalAgent): configuration and statistics, by model id. */
  agents: Map<string, AgentRead>;
  /** How many of the run's records have a gold answer for each task (null when the case files could not be read). */
  support: SupportCounts | null;
  /** The 4-dimension judge's ratings of each candidate's answers (`clinicallab judge`), by model id. */
  judge: Map<string, JudgeRead>;
  /** The department list and scoring settings the run was read with, and what a command's flags changed. */
  settings: RunSettings;
  /** Answers set aside because their record was removed or edited after they were asked (never scored). */
  orphans: OrphanRow[];
}

export interface ReadOptions {
  /** A department list to use instead of each run's own (a command's --departments), and where it came from. */
  taxonomy?: DepartmentTaxonomy;
  departmentsSource?: string;
  /** A command's scoring flags, laid over each run's recorded settings. */
  scoring?: ScoringOverride;
  /**
   * How to score a run whose scores do not cover its answers or were computed with other settings: one context
   * for every run (a library caller's choice), or a maker of the context each run's settings call for (default:
   * the rules and BERTScore model the settings name, no judge).
   */
  context?: ScoringContext;
  contexts?: (s: ScoringSettings) => Promise<ScoringContext>;
  /** Case files to use instead of those the manifest names. */
  cases?: string[];
  /** The command's cases, read once for every stage (bench/session.ts). */
  session?: CaseSession;
  cdaRequiresPreliminary?: boolean;
  /**
   * The run as a command has just scored it (`score`): its rows and its models' scores are taken as they are —
   * nothing is scored or counted again, and no leaderboard computed twice.
   */
  scored?: RunScores;
}

export const caseKey = (uid: string, language: string): string => `${uid}\u0000${language}`;

/** The label the scorer counts a job's errors, pending answers and skips under. */
export const KIND_LABEL: Readonly<Record<string, string>> = GENERATION_LABEL;

interface StoreRead {
  manifest: Manifest | undefined;
  jobs: JobRecord[];
  scores: ScoredRecord[];
  errorsByKind: { kind: string; n: number }[];
  agents: Map<string, AgentPending>;
  settings: RunSettings;
  orphans: OrphanRow[];
}

/**
 * The store of a run, read; what scoring has decoded already (`given`: its jobs, its score rows) is taken as it is,
 * the rest decoded here — each stored row once per command.
 */
function readStore(dir: string, opts: ReadOptions, given: Partial<Pick<RunScores, 'jobs' | 'rows'>> = {}): StoreRead {
  const store = RunStore.open(dir, { readonly: true });
  try {
    const jobs = given.jobs ? [...given.jobs] : jobRecords(store, dir); // typed, decoded once per command
    const errorsByKind = store.errorSummary().map(({ kind, n }) => ({ kind, n }));
    const departments = opts.taxonomy ? { taxonomy: opts.taxonomy, source: opts.departmentsSource ?? 'the list given' } : undefined;
    const settings = runSettings(store, dir, { ...(opts.scoring ? { scoring: opts.scoring } : {}), ...(departments ? { departments } : {}) });
    return { manifest: readManifest(store, dir), jobs, scores: given.rows ? [...given.rows] : scoreRecords(store, dir), errorsByKind, agents: readAgents(store, dir, jobs), settings, orphans: store.ledger.orphans() };
  } finally {
    store.close();
  }
}

/**
 * True when some answered job of a candidate lacks a score row it should have: the run was never scored, or it
 * was answered further since. Judges' ratings (`judge:<spec>`) and agent steps (`agent-…`) are not scored and
 * never count; a task without a gold answer has no row by design. Without the case (its file could not be read),
 * any stored score of the model on the record will do.
 */
export function needsScoring(jobs: readonly JobRecord[], scores: readonly ScoredRecord[], cases: ReadonlyMap<string, ClinicalCase> = new Map()): boolean {
  // rows are read under their task's id now (those of runs scored before issue 18 included: metrics/score-detail.ts)
  const rows = new Set(scores.map((s) => `${s.model}\u0000${caseKey(s.caseUid, s.language)}\u0000${s.task}\u0000${s.exam}`));
  const records = new Set(scores.map((s) => `${s.model}\u0000${caseKey(s.caseUid, s.language)}`));
  const supports = new Map<ClinicalCase, CaseSupport>();
  return jobs.some((j) => {
    if (j.status !== 'done' || j.model.startsWith(JUDGE_PREFIX) || !(j.kind in KIND_LABEL)) return false;
    const k = caseKey(j.caseUid, j.language);
    const c = cases.get(k);
    if (!c) return !records.has(`${j.model}\u0000${k}`);
    let s = supports.get(c);
    if (!s) supports.set(c, (s = caseSupport(c)));
    return scoredRows(j.kind, j.exam, c, s).some((r) => !rows.has(`${j.model}\u0000${k}\u0000${r.task}\u0000${r.exam}`));
  });
}

/** What a model's jobs cost and took: tokens, cost (null when some answer had no price), latency, answers from the cache. */
function usageOf(jobs: readonly JobRecord[]): ModelUsage {
  const u: ModelUsage = { jobs: jobs.length, done: 0, error: 0, pending: 0, inputTokens: 0, outputTokens: 0, cost: 0, latencyMs: 0, cached: 0 };
  for (const j of jobs) {
    if (j.status === 'done') {
      u.done++;
      if (j.cost === null) u.cost = null;
      else if (u.cost !== null) u.cost += j.cost;
      u.latencyMs += j.latencyMs ?? 0;
      if (j.cached) u.cached++;
    } else if (j.status === 'error') u.error++;
    else u.pending++;
    u.inputTokens += j.inputTokens ?? 0;
    u.outputTokens += j.outputTokens ?? 0;
  }
  return u;
}

/** A model's jobs and score rows per record, in the order of its jobs (rows of records it has no job for are old). */
function recordsOf(jobs: readonly JobRecord[], scores: readonly ScoredRecord[], cases: ReadonlyMap<string, ClinicalCase>): RecordRows[] {
  const byCase = new Map<string, { jobs: JobRecord[]; rows: ScoredRecord[] }>();
  for (const j of jobs) {
    const k = caseKey(j.caseUid, j.language);
    let e = byCase.get(k);
    if (!e) byCase.set(k, (e = { jobs: [], rows: [] }));
    e.jobs.push(j);
  }
  for (const s of scores) byCase.get(caseKey(s.caseUid, s.language))?.rows.push(s);
  return [...byCase].map(([k, e]) => ({ uid: e.jobs[0]!.caseUid, language: e.jobs[0]!.language, case: cases.get(k), jobs: e.jobs, rows: e.rows }));
}

/** Which components and profile a model's text scores have, from its rows on the records it has jobs for. */
function textKindOf(records: readonly RecordRows[]): { textComponents: TextComponents | null; textProfile: TextProfileName | null } {
  let lexical = 0;
  let full = 0;
  let textProfile: TextProfileName | null = null;
  for (const r of records) {
    for (const s of r.rows) {
      if (s.scoring !== 'text-similarity') continue;
      if (s.detail.components === 'bleu+rouge') lexical++;
      else full++;
      textProfile = s.detail.profile ?? UNRECORDED_PROFILE;
    }
  }
  return { textComponents: full > 0 ? 'bleu+rouge+bertscore' : lexical > 0 ? 'bleu+rouge' : null, textProfile };
}

/**
 * One model of a run as a report reads it: its scores and counts made from its typed records by the function
 * `score` makes them with (metrics/model-scores.ts) — or, when the command has just scored the run, those scores
 * themselves — with its usage, text-score kind, jobs and rows.
 */
function modelRead(model: string, jobs: readonly JobRecord[], scores: readonly ScoredRecord[], cases: ReadonlyMap<string, ClinicalCase>, orphaned: number, metricOpts: MetricOptions, given?: ModelScores): ModelRead {
  const records = recordsOf(jobs, scores, cases);
  return { ...(given ?? modelScores(model, records, orphaned, metricOpts)), usage: usageOf(jobs), ...textKindOf(records), jobs: [...jobs], scores: [...scores] };
}

/**
 * The records a run was made on: its case files with the manifest's filters (language, then the first `limit`),
 * as `clinicallab run` chose them; when that does not give the number the manifest recorded (an agent run with its
 * own limit, say), the records some model has a job for.
 */
function runRecords(manifest: Manifest | undefined, loaded: readonly ClinicalCase[], jobs: readonly JobRecord[]): ClinicalCase[] {
  const f = manifest?.filters ?? {};
  let chosen = filterCases(loaded, f.language ? { language: f.language } : {});
  if (typeof f.limit === 'number') chosen = chosen.slice(0, f.limit);
  if (manifest && chosen.length === manifest.records) return chosen;
  const asked = new Set(jobs.map((j) => caseKey(j.caseUid, j.language)));
  return loaded.filter((c) => asked.has(caseKey(c.uid, c.language)));
}

async function readCases(dir: string, manifest: Manifest | undefined, opts: ReadOptions, taxonomy: DepartmentTaxonomy, warnings: string[], asked: ReadonlySet<string>): Promise<LoadResult | null> {
  const files = opts.cases ?? manifest?.cases.map((c) => c.file) ?? [];
  if (files.length === 0) {
    warnings.push(`${dir}: the run does not name its case files; inputs and gold answers are not shown`);
    return null;
  }
  try {
    const loaded = await loadThrough(opts.session, files, { taxonomy });
    if (!opts.cases && manifest) {
      for (const f of loaded.files) {
        const recorded = manifest.cases.find((m) => m.file === f.file);
        if (recorded && recorded.sha256 !== f.sha256) warnings.push(`${f.file} has changed since the run ${dir} read it: the inputs and gold answers shown are today's`);
      }
    }
    // records the run asked about that no longer load are not in the report: say so, never leave it to a smaller count
    const failed = loaded.problems.filter((p) => p.severity === 'error' && (p.uid === undefined || asked.has(p.uid)));
    if (failed.length > 0) warnings.push(`${dir}: ${failed.length} problem${failed.length === 1 ? '' : 's'} reading its case files, whose records are not in the report (first: ${formatProblem(failed[0]!)})`);
    return loaded;
  } catch (err) {
    warnings.push(`${dir}: could not read its case files (${err instanceof Error ? err.message : String(err)}); inputs and gold answers are not shown`);
    return null;
  }
}

/**
 * Read a run directory: manifest, jobs, scores (scoring it first when they do not cover its answers, or were
 * computed with other settings than those it is read with), cases.
 */
export async function readRun(dir: string, opts: ReadOptions = {}): Promise<RunRead> {
  const warnings: string[] = [];
  let data = readStore(dir, opts, opts.scored ?? {});
  const { taxonomy } = data.settings;
  const loaded = await readCases(dir, data.manifest, opts, taxonomy, warnings, new Set(data.jobs.map((j) => j.caseUid)));
  const cases = new Map<string, ClinicalCase>((loaded?.cases ?? []).map((c) => [caseKey(c.uid, c.language), c]));
  let scoredNow = false;
  // a run the command has just scored is read with its rows and jobs as they are (above); otherwise a caller's own
  // context scores what is not scored yet, and settings are compared only when they are the run's
  if (!opts.scored && (needsScoring(data.jobs, data.scores, cases) || (!opts.context && scoredOtherwise(data.settings)))) {
    const settings = data.settings.scoring.settings;
    // scores are kept in the store when it can be written (it was checked sound at open); else computed in memory
    const persist = storeWritable(dir);
    const scored = await scoreRun(dir, {
      persist,
      taxonomy,
      context: opts.context ?? (await (opts.contexts ?? scoringContexts())(settings)),
      ...(opts.context ? {} : { scoring: data.settings.scoring }),
      ...(opts.cases ? { cases: opts.cases } : {}),
      ...(loaded ? { loaded, skipMissing: true } : {}), // the case files just read; records not in them are said below
      jobs: data.jobs, // just decoded: scoring takes them as they are
      ...(opts.cdaRequiresPreliminary || settings.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {}),
    });
    if (persist) data = readStore(dir, opts, { jobs: scored.jobs, rows: scored.rows }); // the settings as now stored, the records as computed
    else {
      data.scores = scored.rows;
      warnings.push(`${dir}: its store cannot be written (read-only), so it was scored for this reading only; the scores were not saved`);
    }
    scoredNow = true;
  }
  if (loaded) {
    // answers to records that are not in the case files (removed, or no longer loading) are left out, and said
    const absent = new Set(data.jobs.filter((j) => !cases.has(caseKey(j.caseUid, j.language))).map((j) => caseKey(j.caseUid, j.language)));
    if (absent.size > 0) {
      const some = [...absent].slice(0, 3).map((k) => k.replace('\u0000', ' (') + ')');
      warnings.push(`${dir}: ${absent.size} record${absent.size === 1 ? '' : 's'} the run has answers for ${absent.size === 1 ? 'is' : 'are'} not in its case files as read now (${some.join(', ')}${absent.size > 3 ? ', …' : ''}); left out of the report`);
      data.jobs = data.jobs.filter((j) => cases.has(caseKey(j.caseUid, j.language)));
    }
  }
  for (const o of data.settings.scoring.overrides) warnings.push(`${dir}: scored with ${o} — not the run's own setting`);
  if (data.orphans.length > 0) {
    const records = new Set(data.orphans.map((o) => caseKey(o.caseUid, o.language))).size;
    warnings.push(`${dir}: ${data.orphans.length} answer${data.orphans.length === 1 ? '' : 's'} of ${records} record${records === 1 ? '' : 's'} removed or edited since they were asked are set aside (orphaned): counted, never scored`);
  }
  const modelIds = [...new Set(data.jobs.map((j) => j.model))].filter((m) => !m.startsWith(JUDGE_PREFIX));
  const metricOpts: MetricOptions = opts.cdaRequiresPreliminary || data.settings.scoring.settings.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {};
  const models = modelIds.map((m) =>
    modelRead(
      m,
      data.jobs.filter((j) => j.model === m),
      data.scores.filter((s) => s.model === m),
      cases,
      data.orphans.filter((o) => o.model === m).length,
      metricOpts,
      opts.scored?.models.find((x) => x.model === m),
    ),
  );
  return {
    dir,
    manifest: data.manifest,
    models,
    cases,
    scoredNow,
    errorsByKind: data.errorsByKind,
    warnings,
    agents: agentReads(data.agents, cases),
    support: loaded ? countSupport(runRecords(data.manifest, loaded.cases, data.jobs)) : null,
    judge: readJudgeRatings(dir, data.jobs, modelIds),
    settings: data.settings,
    orphans: data.orphans,
  };
}
