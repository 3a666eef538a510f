/**
 * Scoring runs for `score`, `run`, `routing` and `agent`: the flags that change how answers are scored, laid
 * over what each run recorded (its department list and scoring settings), and the runs scored accordingly.
 */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { BROADER_POLICIES, DEFAULT_OVERLAP_THRESHOLD, type BroaderPolicy, type Judge, type MatcherOptions } from '../../metrics/matcher/index.js';
import { createModel } from '../../models/registry.js';
import { cacheKey, ResponseCache } from '../../run/cache.js';
import { readRunSettings, type DepartmentChoice } from '../../metrics/run-settings.js';
import { scoreRun, type RunScores } from '../../metrics/score-run.js';
import { storeWritable } from '../../run/store.js';
import type { ScoringContext } from '../../metrics/score-case.js';
import { scoringContexts, type ScoringOverride } from '../../metrics/settings.js';
import type { ScoringSettings } from '../../run/recorded.js';
import { bertscoreIdentity } from '../../metrics/text/index.js';
import { loadDepartmentFile } from '../../bench/department-file.js';
import type { CaseSession } from '../../bench/session.js';
import { paint, type Io } from '../io.js';
import { UsageError } from '../common.js';

export interface ScoreFlags {
  /** A BERTScore model folder; false with --no-bertscore-model. */
  bertscoreModel?: string | false;
  judge?: string;
  cdaRequiresPreliminary?: boolean;
  cases?: string[];
  /** A department list file instead of the runs' own. */
  departments?: string;
  /** The overlap threshold of the diagnosis matcher, in (0, 1] (a string as typed on the command line). */
  matchThreshold?: string | number;
  /** Does a prediction broader than the gold count: never, usual (default) or always. */
  broaderPrediction?: string;
  /** Does a prediction narrower than the gold count (default true; `--no-narrower-prediction` makes it false). */
  narrowerPrediction?: boolean;
}

/** The flags that choose how diagnoses are matched, shared by `score` and `run`. */
export function matcherFlags(cmd: Command): Command {
  return cmd
    .option('--match-threshold <t>', `overlap (Dice) threshold above which two names the lexicon does not know count as one, in (0, 1] (default ${DEFAULT_OVERLAP_THRESHOLD})`)
    .option('--broader-prediction <policy>', `does a diagnosis broader than the gold count: ${BROADER_POLICIES.join(', ')} (default usual: only where the gold is the usual form of the broader name)`)
    .option('--no-narrower-prediction', 'a diagnosis more specific than the gold does not count (by default it does)');
}

/** The scoring flags of a command's options (for `run`, which has many other flags). */
export function scoreFlagsOf(flags: ScoreFlags): ScoreFlags {
  return {
    ...(flags.bertscoreModel !== undefined ? { bertscoreModel: flags.bertscoreModel } : {}),
    ...(flags.matchThreshold !== undefined ? { matchThreshold: flags.matchThreshold } : {}),
    ...(flags.broaderPrediction !== undefined ? { broaderPrediction: flags.broaderPrediction } : {}),
    ...(flags.narrowerPrediction === false ? { narrowerPrediction: false } : {}),
  };
}

/** The matcher's options from the flags; a value out of range is a usage error. */
export function matcherOptionsOf(flags: ScoreFlags, thresholdFlag = '--match-threshold'): Omit<MatcherOptions, 'judge' | 'lexicon'> {
  const out: Omit<MatcherOptions, 'judge' | 'lexicon'> = {};
  if (flags.matchThreshold !== undefined) {
    const t = typeof flags.matchThreshold === 'number' ? flags.matchThreshold : flags.matchThreshold.trim() === '' ? NaN : Number(flags.matchThreshold);
    if (!(t > 0 && t <= 1)) throw new UsageError(`${thresholdFlag} "${String(flags.matchThreshold)}" should be a number in (0, 1], e.g. ${DEFAULT_OVERLAP_THRESHOLD}`);
    out.threshold = t;
  }
  if (flags.broaderPrediction !== undefined) {
    if (!(BROADER_POLICIES as readonly string[]).includes(flags.broaderPrediction)) throw new UsageError(`--broader-prediction takes ${BROADER_POLICIES.join(', ')}, not "${flags.broaderPrediction}"`);
    out.broaderPrediction = flags.broaderPrediction as BroaderPolicy;
  }
  if (flags.narrowerPrediction === false) out.narrowerPrediction = false;
  return out;
}

/**
 * A judge backed by a model, its answers cached like any other answer (the same question is never paid twice);
 * `score` and `match` share it, and so its cache.
 */
export async function judgeFrom(spec: string): Promise<Judge> {
  const model = await createModel(spec);
  const cache = new ResponseCache();
  const params = { temperature: 0, maxTokens: 8 };
  return async (prompt: string) => {
    const messages = [{ role: 'user' as const, content: prompt }];
    const key = cacheKey(`judge:${model.id}`, params, messages);
    const hit = cache.get(key);
    if (hit) return hit.text;
    const r = await model.generate({ messages, ...params });
    cache.put(key, `judge:${model.id}`, r);
    return r.text;
  };
}

/**
 * What the flags change in the scoring of a run, checked: a bad matcher value is a usage error, and a BERTScore
 * folder is identified (it must be a model folder) before anything is scored.
 */
export function scoringOverrideOf(flags: ScoreFlags): ScoringOverride {
  const m = matcherOptionsOf(flags);
  const o: ScoringOverride = {};
  if (m.threshold !== undefined) o.threshold = m.threshold;
  if (m.broaderPrediction !== undefined) o.broaderPrediction = m.broaderPrediction;
  if (m.narrowerPrediction !== undefined) o.narrowerPrediction = m.narrowerPrediction;
  if (flags.bertscoreModel === false) o.bertscore = null;
  else if (flags.bertscoreModel !== undefined) o.bertscore = { dir: resolve(flags.bertscoreModel), identity: bertscoreIdentity(flags.bertscoreModel) };
  if (flags.judge !== undefined) o.judge = flags.judge;
  if (flags.cdaRequiresPreliminary) o.cdaRequiresPreliminary = true;
  return o;
}

/** A --departments file, read, with where it came from. */
export async function departmentChoice(file: string | undefined): Promise<DepartmentChoice | undefined> {
  return file === undefined ? undefined : { taxonomy: await loadDepartmentFile(file), source: file };
}

/** The scoring contexts of one command: one matcher, judge and BERTScore model per distinct settings. */
export function commandContexts(): (s: ScoringSettings) => Promise<ScoringContext> {
  return scoringContexts(judgeFrom);
}

/** `name: scored with --match-threshold 0.5 (the run's: 0.8)`: one line per run whose flags changed something. */
export function overrideLines(runs: readonly Pick<RunScores, 'dir' | 'scoring'>[]): string[] {
  return runs.filter((r) => r.scoring && r.scoring.overrides.length > 0).map((r) => `${r.dir}: scored with ${r.scoring!.overrides.join('; ')} — not the run's own settings`);
}

/**
 * Score runs, each with its own recorded department list and scoring settings, the flags laid over them. Each
 * result says what the flags changed (`scoring.overrides`).
 */
export async function scoreRuns(io: Io, dirs: readonly string[], flags: ScoreFlags, contexts = commandContexts(), session?: CaseSession): Promise<RunScores[]> {
  const scoring = scoringOverrideOf(flags); // checked before a judge model or BERTScore is loaded
  const departments = await departmentChoice(flags.departments);
  const out: RunScores[] = [];
  for (const dir of dirs) {
    const rs = readRunSettings(dir, { scoring, ...(departments ? { departments } : {}) });
    const persist = storeWritable(dir); // a run on a read-only medium is scored all the same, without saving
    const r = await scoreRun(dir, {
      persist,
      taxonomy: rs.taxonomy,
      context: await contexts(rs.scoring.settings),
      scoring: rs.scoring,
      ...(flags.cases ? { cases: flags.cases } : {}),
      ...(session ? { session } : {}),
      ...(rs.scoring.settings.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {}),
    });
    if (!persist) io.err(paint(io, 'yellow', `${dir}: its store cannot be written (read-only); the scores are shown but were not saved`));
    if (r.caseProblems > 0) io.err(paint(io, 'yellow', `${dir}: ${r.caseProblems} problem(s) while reloading its case files (see clinicallab validate)`));
    out.push({ ...r, taxonomy: rs.taxonomy });
  }
  return out;
}
