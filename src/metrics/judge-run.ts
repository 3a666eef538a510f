/**
 * Running the 4-dimension rater over a run: every six-section answer of every model (or agent) in the run is
 * rated by each rater model ("judge") against the case and its gold answer. Each rating is a job of the run store
 * (model `judge:<spec>`, kind `judge-4d`), so rating is cached and resumable; a reply that cannot be read is asked
 * again with a reminder (up to `retries` times) and then counted as a judge error — never as a zero. Rater models
 * take their settings (key, headers, price, sampling, limits) from the config file and flags, as in a run, and
 * their calls go through the run's executor: as many answers are rated at once as the raters' concurrency
 * allows, and `maxCost` stops starting new ratings once the run's cost would pass it.
 */
import type { ClinicalCase } from '../bench/case.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import { loadCases } from '../bench/loader.js';
import { parseModelSpec } from '../models/spec.js';
import type { Model } from '../models/types.js';
import type { ResponseCache } from '../run/cache.js';
import { BudgetReached, storedCall, StoredCallFailed } from '../run/call.js';
import type { Config } from '../run/config.js';
import { readManifest } from '../run/meta-records.js';
import { Executor } from '../run/executor.js';
import type { ModelEntry } from '../run/jobs.js';
import { hashOf } from '../run/keys.js';
import type { BackoffOptions } from '../run/limiter.js';
import { modelEntries, type ModelFlags } from '../run/setup.js';
import { newWorkerId, RunStore } from '../run/store.js';
import { formatSections } from '../tasks/sections.js';
import { getTemplate, renderTemplate, type TemplateSet } from '../tasks/templates.js';
import { meanRatings, overall, parseRatings, type Ratings } from './judge4d.js';
import { RATING_KIND } from './rating-record.js';

export const JUDGE_PREFIX = 'judge:';

/** Whether a judge rates with the baseline's offline heuristics (src/models/baseline/judge.ts) rather than a model's judgement. */
export function isHeuristicJudge(spec: string): boolean {
  try {
    return parseModelSpec(spec).provider === 'baseline';
  } catch {
    return false;
  }
}

export interface RateRunOptions {
  dir: string;
  /** The rater models (specs); several are averaged. */
  raters: readonly string[];
  taxonomy: DepartmentTaxonomy;
  templates: TemplateSet;
  /** Only these rated models (default: every model and agent in the run). */
  models?: readonly string[];
  limit?: number;
  /** Re-asks after an unreadable reply (default 2). */
  retries?: number;
  cache?: ResponseCache;
  backoff?: BackoffOptions;
  /** The config file's settings and the command line's overrides, as for `clinicallab run`. */
  fileConfig?: Config;
  flags?: ModelFlags;
  /** USD: no new rating is started once the run's cost (its stored answers included) would pass this. */
  maxCost?: number;
  /** Answers rated at once (default: the raters' concurrency added up). */
  concurrency?: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  createModel?: (entry: ModelEntry) => Promise<Model>;
}

export interface RateRunResult {
  /** The rated answers, in the run's order; an answer left unrated (budget, interruption) is not among them. */
  answers: RatedAnswer[];
  models: ModelRatings[];
  /** Answers left unrated because the budget was reached or the run was stopped: running again rates them. */
  unrated: number;
  budgetReached: boolean;
}

/** The judge models with their settings (for checks before anything starts, and for the run). */
export function raterEntries(judges: readonly string[], fileConfig: Config = {}, flags: ModelFlags = {}): Map<string, ModelEntry> {
  return new Map([...new Set(judges)].map((spec) => [spec, modelEntries([spec], fileConfig, flags)[0]!]));
}

export interface RatedAnswer {
  model: string;
  uid: string;
  language: string;
  /** Mean over the judges that answered; null when none did. */
  ratings: Ratings | null;
  judgeErrors: number;
}

export interface ModelRatings {
  model: string;
  n: number;
  judgeErrors: number;
  ratings: Ratings | null;
  overall: number | null;
}

const REMINDER = {
  en: '\n\nYour previous reply could not be read. Answer with exactly the four lines "Fluency: <0-100>", "Relevance: <0-100>", "Completeness: <0-100>", "Proficiency: <0-100>".',
  zh: '\n\n上一次的回答无法读取。请恰好回答四行：“流畅性：<0-100>”“相关性：<0-100>”“完整性：<0-100>”“专业性：<0-100>”。',
} as const;

function goldText(c: ClinicalCase): string {
  const g = c.gold;
  return formatSections({ preliminary: g.preliminaryDiagnosisText, basis: g.diagnosticBasis, differential: g.differentialDiagnosisText, principal: g.principalDiagnosis, principle: g.therapeuticPrinciple, plan: g.treatmentPlanText }, c.language);
}

/** The store key of one rating: the judge, the rated answer's key, the attempt (0, 1, …) and the template's hash. */
export function judgeRatingKey(judge: string, answerKey: string, attempt: number, templateHash: string): string {
  return hashOf({ judge, answer: answerKey, attempt, template: templateHash });
}

export async function rateRun(o: RateRunOptions): Promise<RateRunResult> {
  const entries = raterEntries(o.raters, o.fileConfig, o.flags);
  const store = RunStore.open(o.dir);
  const worker = newWorkerId();
  const executor = new Executor({
    entries: entries.values(),
    ...(o.env ? { env: o.env } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.createModel ? { createModel: o.createModel } : {}),
    ...(o.backoff ? { backoff: o.backoff } : {}),
    ...(o.cache ? { cache: o.cache } : {}),
    ...(o.maxCost !== undefined ? { maxCost: o.maxCost, spent: store.totals().cost } : {}),
  });
  try {
    const manifest = readManifest(store, o.dir);
    const loaded = await loadCases(manifest?.cases.map((c) => c.file) ?? [], { taxonomy: o.taxonomy });
    const byKey = new Map(loaded.cases.map((c) => [`${c.uid}\u0000${c.language}`, c]));
    let answers = store.jobs({ status: 'done' }).filter((j) => j.kind === 'clinical-diagnosis' && !j.model.startsWith(JUDGE_PREFIX) && (!o.models || o.models.includes(j.model)));
    if (o.limit !== undefined) answers = answers.slice(0, o.limit);
    let budgetReached = false;

    /** One answer rated by every rater in turn; undefined when the budget stopped it (it stays unrated). */
    const rate = async (job: (typeof answers)[number], c: ClinicalCase): Promise<RatedAnswer | undefined> => {
      const template = getTemplate(o.templates, c.language, 'judge-4d');
      const base = renderTemplate(template, { case_summary: c.summary.raw.trim(), gold: goldText(c), answer: job.response ?? '' });
      const got: Ratings[] = [];
      let judgeErrors = 0;
      for (const spec of o.raters) {
        let ratings: Ratings | null = null;
        for (let attempt = 0; attempt <= (o.retries ?? 2) && ratings === null; attempt++) {
          const prompt = attempt === 0 ? base : base + REMINDER[c.language];
          try {
            const lane = await executor.lane(entries.get(spec)!);
            const text = await storedCall(
              store,
              worker,
              {
                key: judgeRatingKey(spec, job.key, attempt, template.hash),
                model: `${JUDGE_PREFIX}${spec}`, kind: RATING_KIND, caseUid: c.uid, language: c.language, templateHash: template.hash, prompt,
                label: `judge (${spec})`, parse: (t) => ({ rated: job.model, answer: job.key, ratings: parseRatings(t) }),
              },
              lane,
            );
            ratings = parseRatings(text);
          } catch (err) {
            if (err instanceof BudgetReached) {
              budgetReached = true;
              return undefined;
            }
            if (!(err instanceof StoredCallFailed)) throw err;
            if (err.cancelled && executor.signal.aborted) return undefined; // interrupted: rated on the next run
            break; // the call itself failed after its retries: a judge error
          }
        }
        if (ratings) got.push(ratings);
        else judgeErrors++;
      }
      return { model: job.model, uid: c.uid, language: c.language, ratings: meanRatings(got), judgeErrors };
    };

    const todo = answers.flatMap((job) => {
      const c = byKey.get(`${job.caseUid}\u0000${job.language}`);
      return c ? [{ job, c }] : [];
    });
    const rated: (RatedAnswer | undefined)[] = new Array(todo.length);
    let next = 0;
    const width = o.concurrency ?? [...entries.values()].reduce((n, e) => n + e.concurrency, 0);
    const workers = Array.from({ length: Math.max(1, Math.min(width, todo.length)) }, async () => {
      for (let i = next++; i < todo.length && !budgetReached && !executor.signal.aborted; i = next++) {
        rated[i] = await rate(todo[i]!.job, todo[i]!.c);
      }
    });
    await Promise.all(workers);
    const done = rated.filter((r): r is RatedAnswer => r !== undefined);
    return { answers: done, models: summarise(done), unrated: todo.length - done.length, budgetReached };
  } finally {
    await executor.close();
    store.close();
  }
}

/** Per rated model: the mean of its answers' ratings (each the mean over its judges) and the judge errors. */
function summarise(rated: readonly RatedAnswer[]): ModelRatings[] {
  return [...new Set(rated.map((r) => r.model))].map((model): ModelRatings => {
    const mine = rated.filter((r) => r.model === model);
    const ok = mine.flatMap((r) => (r.ratings ? [r.ratings] : []));
    const mean = meanRatings(ok);
    return { model, n: ok.length, judgeErrors: mine.reduce((s, r) => s + r.judgeErrors, 0), ratings: mean, overall: mean ? overall(mean) : null };
  });
}
