/**
 * Reading one run directory for a report: its manifest, every job (without the prompts), the stored scores and
 * the cases it was run on. Per-case scores for the leaderboard are rebuilt from the `scores` table — the same
 * numbers `scoreRun` computed — so a report never rescores a run that is already scored. A run whose scores do
 * not cover its answers (never scored, or answered further since) is scored first with `scoreRun`.
 */
import type { ClinicalCase } from '../bench/case.js';
import { DepartmentTaxonomy } from '../bench/departments.js';
import { formatProblem, type LoadResult } from '../bench/loader.js';
import { loadThrough, type CaseSession } from '../bench/session.js';
import { filterCases } from '../bench/stats.js';
import type { CaseScores } from '../metrics/clinical.js';
import { caseSupport, countSupport, type CaseSupport, type SupportCounts } from '../bench/support.js';
import { caseScoresFromRows } from '../metrics/scorers.js';
import { currentTaskId, GENERATION_LABEL, scoredRows, scoredTask, tasksOfGeneration, unsupportedTasks } from '../tasks/registry/index.js';
import { runSettings, scoredOtherwise, type RunSettings } from '../metrics/run-settings.js';
import type { ScoringContext } from '../metrics/score-case.js';
import { scoreRun } from '../metrics/score-run.js';
import { scoringContexts, UNRECORDED_PROFILE, type ScoringOverride } from '../metrics/settings.js';
import type { Manifest } from '../run/evaluate.js';
import type { ScoringSettings } from '../run/recorded.js';
import { RunStore, storeWritable, type JobStatus, type OrphanRow, type ScoreRecord } from '../run/store.js';
import { agentReads, readAgents, type AgentPending, type AgentRead } from './agent-read.js';
import { readJudgeRatings, type JudgeRead } from './judge-read.js';
import { readingTallies, type ReadingTallies } from './readings.js';
import type { ModelUsage, TextComponents } from './types.js';
import { JUDGE_PREFIX } from '../metrics/judge-run.js';
import { isTextProfileName, type TextProfileName } from '../metrics/text/index.js';

/** A job as a report needs it: everything but the prompt. */
export interface JobRecord {
  key: string;
  templateHash: string;
  model: string;
  kind: string;
  caseUid: string;
  language: string;
  exam: string | null;
  status: JobStatus;
  response: string | null;
  parsed: unknown;
  inputTokens: number | null;
  outputTokens: number | null;
  latencyMs: number | null;
  cost: number | null;
  errorKind: string | null;
  error: string | null;
  cached: boolean;
  finishReason: string | null;
}

export interface ModelRead extends ReadingTallies {
  model: string;
  cases: CaseScores[];
  errors: Record<string, number>;
  pending: Record<string, number>;
  skipped: Record<string, number>;
  usage: ModelUsage;
  textComponents: TextComponents | null;
  /** The text-metric profile of its stored text scores (scores stored before profiles existed are clinicallab's). */
  textProfile: TextProfileName | null;
  jobs: JobRecord[];
  scores: ScoreRecord[];
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
}

export const caseKey = (uid: string, language: string): string => `${uid}\u0000${language}`;

/** The label the scorer counts a job's errors, pending answers and skips under. */
export const KIND_LABEL: Readonly<Record<string, string>> = GENERATION_LABEL;

interface StoreRead {
  manifest: Manifest | undefined;
  jobs: JobRecord[];
  scores: ScoreRecord[];
  errorsByKind: { kind: string; n: number }[];
  agents: Map<string, AgentPending>;
  settings: RunSettings;
  orphans: OrphanRow[];
}

function readStore(dir: string, opts: ReadOptions): StoreRead {
  const store = RunStore.open(dir, { readonly: true });
  try {
    const stored = store.jobs({ prompts: false });
    const jobs = stored.map(
      (j): JobRecord => ({
        key: j.key,
        templateHash: j.templateHash,
        model: j.model,
        kind: j.kind,
        caseUid: j.caseUid,
        language: j.language,
        exam: j.exam ?? null,
        status: j.status,
        response: j.response,
        parsed: j.parsed === null ? null : (JSON.parse(j.parsed) as unknown),
        inputTokens: j.inputTokens,
        outputTokens: j.outputTokens,
        latencyMs: j.latencyMs,
        cost: j.cost,
        errorKind: j.errorKind,
        error: j.error,
        cached: j.cached,
        finishReason: j.finishReason,
      }),
    );
    const errorsByKind = store.errorSummary().map(({ kind, n }) => ({ kind, n }));
    const departments = opts.taxonomy ? { taxonomy: opts.taxonomy, source: opts.departmentsSource ?? 'the list given' } : undefined;
    const settings = runSettings(store, dir, { ...(opts.scoring ? { scoring: opts.scoring } : {}), ...(departments ? { departments } : {}) });
    return { manifest: store.getManifest<Manifest>(), jobs, scores: store.scores(), errorsByKind, agents: readAgents(store, stored), settings, orphans: store.ledger.orphans() };
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
export function needsScoring(jobs: readonly JobRecord[], scores: readonly ScoreRecord[], cases: ReadonlyMap<string, ClinicalCase> = new Map()): boolean {
  // rows stored under a task's former id (runs scored before issue 18) count as the task's
  const rows = new Set(scores.map((s) => `${s.model}\u0000${caseKey(s.caseUid, s.language)}\u0000${currentTaskId(s.task)}\u0000${s.exam}`));
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

const bump = (m: Record<string, number>, k: string): number => (m[k] = (m[k] ?? 0) + 1);

/** One model's per-case scores and counts, rebuilt from its jobs and stored score rows. */
export function rebuildModel(model: string, jobs: readonly JobRecord[], scores: readonly ScoreRecord[], cases: ReadonlyMap<string, ClinicalCase>): ModelRead {
  const out: ModelRead = {
    model,
    cases: [],
    errors: {},
    pending: {},
    skipped: {},
    usage: { jobs: jobs.length, done: 0, error: 0, pending: 0, inputTokens: 0, outputTokens: 0, cost: 0, latencyMs: 0, cached: 0 },
    textComponents: null,
    textProfile: null,
    jobs: [...jobs],
    scores: [...scores],
    ...readingTallies(jobs, (kind) => KIND_LABEL[kind]),
  };
  const byCase = new Map<string, { jobs: JobRecord[]; scores: ScoreRecord[] }>();
  const entry = (k: string): { jobs: JobRecord[]; scores: ScoreRecord[] } => {
    let e = byCase.get(k);
    if (!e) byCase.set(k, (e = { jobs: [], scores: [] }));
    return e;
  };
  for (const j of jobs) entry(caseKey(j.caseUid, j.language)).jobs.push(j);
  for (const s of scores) entry(caseKey(s.caseUid, s.language)).scores.push(s);
  let lexical = 0;
  let full = 0;
  for (const j of jobs) {
    const u = out.usage;
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
  for (const [k, e] of byCase) {
    if (e.jobs.length === 0) continue; // scores of jobs no longer in the store
    const c = cases.get(k);
    const first = e.jobs[0]!;
    const base = { uid: first.caseUid, language: first.language, department: c?.gold.department?.id ?? e.scores[0]?.department ?? '' };
    const examsOfCase = c ? new Set(c.imaging.map((x) => x.key)) : undefined;
    for (const j of e.jobs) {
      if (j.kind === 'imaging-diagnosis' && examsOfCase && !examsOfCase.has(j.exam ?? '')) continue;
      const label = KIND_LABEL[j.kind] ?? j.kind;
      if (j.status === 'error') bump(out.errors, label);
      else if (j.status !== 'done') bump(out.pending, label);
    }
    const has = (task: string, exam = ''): ScoreRecord | undefined => e.scores.find((s) => currentTaskId(s.task) === task && s.exam === exam);
    // the case scores from the stored rows, as `score` makes them from the rows it computes
    const { scores: cs, errors: judged } = caseScoresFromRows(base, e.scores, scoredTask);
    for (const error of judged) bump(out.errors, error);
    for (const s of e.scores) {
      const d = s.detail as Record<string, unknown>;
      if (d && typeof d === 'object' && 'components' in d) {
        if (d.components === 'bleu+rouge') lexical++;
        else full++;
        out.textProfile = isTextProfileName(d.profile) ? d.profile : UNRECORDED_PROFILE;
      }
    }
    if (c) {
      // what the case has no gold answer for, counted as the scores count it
      for (const t of unsupportedTasks(c)) bump(out.skipped, t);
    } else {
      // without the case: a done job whose task has no score row was skipped for lack of a gold answer
      for (const j of e.jobs) {
        if (j.status !== 'done') continue;
        for (const t of tasksOfGeneration(j.kind)) {
          if (t.perExam ? !has(t.id, j.exam ?? '') : t.section !== undefined && !has(t.id)) bump(out.skipped, t.id);
        }
      }
    }
    out.cases.push(cs);
  }
  out.textComponents = full > 0 ? 'bleu+rouge+bertscore' : lexical > 0 ? 'bleu+rouge' : null;
  return out;
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
  let data = readStore(dir, opts);
  const { taxonomy } = data.settings;
  const loaded = await readCases(dir, data.manifest, opts, taxonomy, warnings, new Set(data.jobs.map((j) => j.caseUid)));
  const cases = new Map<string, ClinicalCase>((loaded?.cases ?? []).map((c) => [caseKey(c.uid, c.language), c]));
  let scoredNow = false;
  // a caller's own context scores what is not scored yet; settings are compared only when they are the run's
  if (needsScoring(data.jobs, data.scores, cases) || (!opts.context && scoredOtherwise(data.settings))) {
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
      ...(opts.cdaRequiresPreliminary || settings.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {}),
    });
    if (persist) data = readStore(dir, opts);
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
  const models = modelIds.map((m) =>
    rebuildModel(
      m,
      data.jobs.filter((j) => j.model === m),
      data.scores.filter((s) => s.model === m),
      cases,
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
    judge: readJudgeRatings(data.jobs, modelIds),
    settings: data.settings,
    orphans: data.orphans,
  };
}
