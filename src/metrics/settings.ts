/**
 * The scoring settings of a run (run/recorded.ts) given meaning: today's defaults, a command's flags laid over
 * what the run recorded — each flag that changes something said in words, for the output and the report —,
 * whether stored scores were computed with other settings, and the scoring context the settings call for.
 */
import type { ScoringSettings } from '../run/recorded.js';
import { BROADER_POLICIES, createMatcher, DEFAULT_OVERLAP_THRESHOLD, type BroaderPolicy, type Judge } from './matcher/index.js';
import type { ScoringContext } from './score-case.js';
import { DEFAULT_TEXT_PROFILE, isTextProfileName, TEXT_PROFILES, type TextProfileName } from './text/index.js';
import { bertKey, bertText, loadBertScorers, type BertSetting } from './bert-settings.js';

/**
 * The profile of scores that recorded none: runs and score rows made before profiles were kept were all computed
 * with clinicallab's own recipe (the only one there was), whatever today's default.
 */
export const UNRECORDED_PROFILE: TextProfileName = 'clinicallab';

export function defaultScoring(): ScoringSettings {
  return { profile: DEFAULT_TEXT_PROFILE, matcher: { threshold: DEFAULT_OVERLAP_THRESHOLD, broaderPrediction: 'usual', narrowerPrediction: true }, bertscore: null, judge: null, cdaRequiresPreliminary: false };
}

/** What a command's flags ask of the scoring; what they leave unset keeps the run's. */
export interface ScoringOverride {
  /** A text-metric profile (`--profile`). */
  profile?: TextProfileName;
  /** How the output words a profile nobody typed (the default beside the published rows); default `--profile <name>`. */
  profileNote?: string;
  threshold?: number;
  broaderPrediction?: BroaderPolicy;
  narrowerPrediction?: boolean;
  /** A model folder (one for every language, or one per language, with layer and rescaling), or null for none (`--no-bertscore-model`). */
  bertscore?: BertSetting;
  judge?: string;
  cdaRequiresPreliminary?: boolean;
}

export interface EffectiveScoring {
  settings: ScoringSettings;
  /** Each setting a flag changed, in words: `--match-threshold 0.5 (the run's: 0.8)`. */
  overrides: string[];
  /** Whether the run recorded settings of its own (runs made before they were kept did not: defaults apply). */
  recorded: boolean;
}

/** Recorded settings with anything they lack (a run of an older version) filled from the defaults. */
function complete(s: Partial<ScoringSettings>): ScoringSettings {
  const d = defaultScoring();
  return { profile: s.profile ?? UNRECORDED_PROFILE, matcher: { ...d.matcher, ...(s.matcher ?? {}) }, bertscore: s.bertscore ?? null, judge: s.judge ?? null, cdaRequiresPreliminary: s.cdaRequiresPreliminary ?? false };
}

/** What a run made before settings were recorded was scored with: the defaults of then (profile clinicallab). */
export function unrecordedScoring(): ScoringSettings {
  return complete({});
}

/**
 * The settings a command uses on a run: its recorded ones with the flags laid over; without a record, `fallback`
 * (default: today's defaults, for a new run; unrecordedScoring() for a run made before settings were kept).
 */
export function effectiveScoring(recorded: Partial<ScoringSettings> | undefined, o: ScoringOverride = {}, fallback: ScoringSettings = defaultScoring()): EffectiveScoring {
  const base = recorded ? complete(recorded) : fallback;
  const s: ScoringSettings = { ...base, matcher: { ...base.matcher } };
  const overrides: string[] = [];
  const whose = recorded ? "the run's" : 'default';
  const note = (flag: string, was: string): void => void overrides.push(`${flag} (${whose}: ${was})`);
  if (o.profile !== undefined && o.profile !== base.profile) {
    s.profile = o.profile;
    note(o.profileNote ?? `--profile ${o.profile}`, base.profile);
  }
  if (o.threshold !== undefined && o.threshold !== base.matcher.threshold) {
    s.matcher.threshold = o.threshold;
    note(`--match-threshold ${o.threshold}`, String(base.matcher.threshold));
  }
  if (o.broaderPrediction !== undefined && o.broaderPrediction !== base.matcher.broaderPrediction) {
    s.matcher.broaderPrediction = o.broaderPrediction;
    note(`--broader-prediction ${o.broaderPrediction}`, base.matcher.broaderPrediction);
  }
  if (o.narrowerPrediction !== undefined && o.narrowerPrediction !== base.matcher.narrowerPrediction) {
    s.matcher.narrowerPrediction = o.narrowerPrediction;
    note(o.narrowerPrediction ? 'narrower predictions counted' : '--no-narrower-prediction', o.narrowerPrediction ? 'not counted' : 'counted');
  }
  if (o.bertscore !== undefined && bertKey(o.bertscore) !== bertKey(base.bertscore)) {
    s.bertscore = o.bertscore;
    note(o.bertscore ? `--bertscore-model ${bertText(o.bertscore)}` : '--no-bertscore-model', bertText(base.bertscore));
  }
  if (o.judge !== undefined && o.judge !== base.judge) {
    s.judge = o.judge;
    note(`--judge ${o.judge}`, base.judge ?? 'no judge');
  }
  if (o.cdaRequiresPreliminary && !base.cdaRequiresPreliminary) {
    s.cdaRequiresPreliminary = true;
    note('--cda-requires-preliminary', 'CDA on the final diagnosis');
  }
  return { settings: s, overrides, recorded: Boolean(recorded) };
}

/** Whether two settings give different per-case scores (the CDA rule only changes the aggregate, not the rows). */
export function rowsDiffer(a: Partial<ScoringSettings>, b: Partial<ScoringSettings>): boolean {
  const x = complete(a);
  const y = complete(b);
  return (
    x.profile !== y.profile ||
    x.matcher.threshold !== y.matcher.threshold ||
    x.matcher.broaderPrediction !== y.matcher.broaderPrediction ||
    x.matcher.narrowerPrediction !== y.matcher.narrowerPrediction ||
    bertKey(x.bertscore) !== bertKey(y.bertscore) ||
    x.judge !== y.judge
  );
}

/** The settings in a line. */
export function describeScoring(s: ScoringSettings): string {
  const m = s.matcher;
  return [
    `text profile ${s.profile}`,
    `matcher threshold ${m.threshold}, broader predictions ${m.broaderPrediction}, narrower predictions ${m.narrowerPrediction ? 'counted' : 'not counted'}`,
    `BERTScore ${bertText(s.bertscore, 'none (BLEU + ROUGE-L only)')}`,
    `judge ${s.judge ?? 'none'}`,
    `CDA ${s.cdaRequiresPreliminary ? 'requires the preliminary diagnosis too' : 'on the final diagnosis'}`,
  ].join('; ');
}

/** Makes the scoring contexts settings call for, each once per settings (a BERTScore model is loaded once). */
export function scoringContexts(makeJudge?: (spec: string) => Promise<Judge>): (s: ScoringSettings) => Promise<ScoringContext> {
  const made = new Map<string, Promise<ScoringContext>>();
  return (s) => {
    const key = JSON.stringify([s.profile, s.matcher, s.bertscore, s.judge]);
    let ctx = made.get(key);
    if (!ctx) {
      ctx = contextFor(s, makeJudge);
      made.set(key, ctx);
    }
    return ctx;
  };
}

async function contextFor(s: ScoringSettings, makeJudge?: (spec: string) => Promise<Judge>): Promise<ScoringContext> {
  if (!isTextProfileName(s.profile)) throw new Error(`the run is scored with the text-metric profile "${s.profile}", which this version of clinicallab does not know (it knows ${TEXT_PROFILES.join(', ')})`);
  if (!(BROADER_POLICIES as readonly string[]).includes(s.matcher.broaderPrediction)) throw new Error(`the run's matcher policy for broader predictions "${s.matcher.broaderPrediction}" is not one of ${BROADER_POLICIES.join(', ')}`);
  if (s.judge && !makeJudge) throw new Error(`the run is scored with the judge ${s.judge}, and no judge can be called here`);
  const judge = s.judge ? await makeJudge!(s.judge) : undefined;
  const bert = await loadBertScorers(s.profile, s.bertscore);
  return {
    profile: s.profile,
    matcher: createMatcher({ threshold: s.matcher.threshold, broaderPrediction: s.matcher.broaderPrediction as BroaderPolicy, narrowerPrediction: s.matcher.narrowerPrediction, ...(judge ? { judge } : {}) }),
    ...(judge ? { useJudge: true } : {}),
    ...(Object.keys(bert).length > 0 ? { bertByLanguage: bert } : {}),
  };
}
