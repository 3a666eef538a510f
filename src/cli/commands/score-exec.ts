/** Building the scoring context (matcher, BERTScore model, judge) and scoring runs, for `score` and `run`. */
import type { Command } from 'commander';
import type { DepartmentTaxonomy } from '../../bench/departments.js';
import { BROADER_POLICIES, createMatcher, DEFAULT_OVERLAP_THRESHOLD, type BroaderPolicy, type Judge, type MatcherOptions } from '../../metrics/matcher/index.js';
import { createModel } from '../../models/registry.js';
import { cacheKey, ResponseCache } from '../../run/cache.js';
import { scoreRun, type RunScores } from '../../metrics/score-run.js';
import type { ScoringContext } from '../../metrics/score-case.js';
import { paint, type Io } from '../io.js';
import { UsageError } from '../common.js';
import { bertFromFlags, profileOf, type TextFlags } from './text-flags.js';

export interface ScoreFlags extends TextFlags {
  judge?: string;
  cdaRequiresPreliminary?: boolean;
  cases?: string[];
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

export async function scoringContext(flags: ScoreFlags): Promise<ScoringContext> {
  const matcherOptions = matcherOptionsOf(flags); // checked before a judge model or BERTScore is loaded
  const profile = profileOf(flags);
  const judge = flags.judge ? await judgeFrom(flags.judge) : undefined;
  const bert = await bertFromFlags(flags, profile);
  return {
    matcher: createMatcher({ ...matcherOptions, ...(judge ? { judge } : {}) }),
    ...(judge ? { useJudge: true } : {}),
    ...(Object.keys(bert).length > 0 ? { bertByLanguage: bert } : {}),
    ...(flags.profile !== undefined ? { profile } : {}),
  };
}

export async function scoreRuns(io: Io, dirs: readonly string[], taxonomy: DepartmentTaxonomy, flags: ScoreFlags, made?: ScoringContext): Promise<RunScores[]> {
  const context = made ?? (await scoringContext(flags));
  const out: RunScores[] = [];
  for (const dir of dirs) {
    const r = await scoreRun(dir, {
      taxonomy,
      context,
      ...(flags.cases ? { cases: flags.cases } : {}),
      ...(flags.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {}),
    });
    if (r.caseProblems > 0) io.err(paint(io, 'yellow', `${dir}: ${r.caseProblems} problem(s) while reloading its case files (see clinicallab validate)`));
    out.push(r);
  }
  return out;
}
