/**
 * Scoring runs for `score`, `run`, `routing` and `agent`: the flags that change how answers are scored, laid
 * over what each run recorded (its department list and scoring settings), and the runs scored accordingly.
 */
import type { Command } from 'commander';
import { BROADER_POLICIES, DEFAULT_OVERLAP_THRESHOLD, type BroaderPolicy, type MatcherOptions } from '../../metrics/matcher/index.js';
import type { RunScores } from '../../metrics/score-run.js';
import type { ScoringContext } from '../../metrics/score-case.js';
import { modelScoringContexts, score } from '../../metrics/score-runs.js';

export { departmentChoice } from '../../metrics/score-runs.js';
import type { ScoringOverride } from '../../metrics/settings.js';
import type { ScoringSettings } from '../../run/recorded.js';
import type { CaseSession } from '../../bench/session.js';
import { paint, type Io } from '../io.js';
import { UsageError } from '../common.js';
import { textOverrideOf, type TextFlags } from './text-flags.js';

export interface ScoreFlags extends TextFlags {
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

/**
 * The matcher's judge flag: `--match-judge <spec>`, a model deciding the diagnosis pairs the rules leave open
 * (not the 4-dimension rater of `clinicallab rate`). `--judge` is its old name and still works.
 */
export function matchJudgeFlags(cmd: Command, what: string): Command {
  return cmd
    .option('--match-judge <spec>', `the matcher's judge: ${what}`)
    .option('--judge <spec>', 'the old name of --match-judge (still taken)');
}

/** The matcher's judge the flags name (`--match-judge`, or its old name `--judge`), put where scoring reads it. */
export function withMatchJudge<T extends { judge?: string; matchJudge?: string }>(opts: T): T {
  const spec = opts.matchJudge ?? opts.judge;
  return spec === undefined ? opts : { ...opts, judge: spec };
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
    ...(flags.profile !== undefined ? { profile: flags.profile } : {}),
    ...(flags.bertscoreModel !== undefined ? { bertscoreModel: flags.bertscoreModel } : {}),
    ...(flags.bertscoreLayer !== undefined ? { bertscoreLayer: flags.bertscoreLayer } : {}),
    ...(flags.bertscoreRescale ? { bertscoreRescale: true } : {}),
    ...(flags.bertscoreBaseline !== undefined ? { bertscoreBaseline: flags.bertscoreBaseline } : {}),
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
 * What the flags change in the scoring of a run, checked: a bad matcher value is a usage error, and a BERTScore
 * folder is identified (it must be a model folder) before anything is scored.
 */
export function scoringOverrideOf(flags: ScoreFlags): ScoringOverride {
  const m = matcherOptionsOf(flags);
  const o: ScoringOverride = textOverrideOf(flags);
  if (m.threshold !== undefined) o.threshold = m.threshold;
  if (m.broaderPrediction !== undefined) o.broaderPrediction = m.broaderPrediction;
  if (m.narrowerPrediction !== undefined) o.narrowerPrediction = m.narrowerPrediction;
  if (flags.judge !== undefined) o.judge = flags.judge;
  if (flags.cdaRequiresPreliminary) o.cdaRequiresPreliminary = true;
  return o;
}

/** The scoring contexts of one command: one matcher, judge and BERTScore model per distinct settings. */
export function commandContexts(): (s: ScoringSettings) => Promise<ScoringContext> {
  return modelScoringContexts();
}

/** `name: scored with --match-threshold 0.5 (the run's: 0.8)`: one line per run whose flags changed something. */
export function overrideLines(runs: readonly Pick<RunScores, 'dir' | 'scoring'>[]): string[] {
  return runs.filter((r) => r.scoring && r.scoring.overrides.length > 0).map((r) => `${r.dir}: scored with ${r.scoring!.overrides.join('; ')} — not the run's own settings`);
}

/** Score runs as the library's score() does, the flags turned into its options, its warnings printed; with a session, each run's case files are parsed once for every stage of the command. */
export async function scoreRuns(io: Io, dirs: readonly string[], flags: ScoreFlags, contexts = commandContexts(), session?: CaseSession): Promise<RunScores[]> {
  const override = scoringOverrideOf(flags); // checked before a judge model or BERTScore is loaded
  return score(dirs, {
    override,
    contexts,
    ...(flags.departments !== undefined ? { departments: flags.departments } : {}),
    ...(flags.cases ? { cases: flags.cases } : {}),
    ...(session ? { session } : {}),
    onWarning: (m) => io.err(paint(io, 'yellow', m)),
  });
}
