/**
 * The matcher's judge backed by a model: an LLM asked whether a predicted diagnosis names the gold disease, for
 * the pairs the matcher's rules leave open (src/metrics/matcher/judge.ts reads its yes/no). Its questions go
 * through the executor like every other model call — the model's concurrency limit, retries and backoff,
 * redaction of its key, and the response cache (the same question is never paid twice; `score` and `match`
 * share the answers). It is asked at temperature 0 for at most 8 tokens.
 */
import { cacheKey, ResponseCache } from '../run/cache.js';
import type { Config } from '../run/config.js';
import { Executor } from '../run/executor.js';
import type { ModelEntry } from '../run/jobs.js';
import { modelEntries } from '../run/setup.js';
import type { Model } from '../models/types.js';
import type { Judge } from './matcher/index.js';

/** The sampling of every matcher-judge question (part of its cache key). */
export const MATCH_JUDGE_PARAMS = { temperature: 0, maxTokens: 8 } as const;

export interface MatchJudgeOptions {
  /** The config file's settings (key variable, headers, limits) for the judge model, as for a run. */
  config?: Config;
  /** Default: the shared response cache (~/.cache/clinicallab, or $CLINICALLAB_CACHE_DIR). */
  cache?: ResponseCache;
  env?: NodeJS.ProcessEnv;
  createModel?: (entry: ModelEntry) => Promise<Model>;
}

/** A matcher's judge calling the model `spec`; the model is made (and a missing key refused) before it returns. */
export async function matchJudge(spec: string, o: MatchJudgeOptions = {}): Promise<Judge> {
  const base = modelEntries([spec], o.config ?? {})[0]!;
  const entry: ModelEntry = { ...base, params: { ...MATCH_JUDGE_PARAMS } };
  const executor = new Executor({ entries: [entry], cache: o.cache ?? new ResponseCache(), ...(o.env ? { env: o.env } : {}), ...(o.createModel ? { createModel: o.createModel } : {}) });
  const lane = await executor.lane(entry);
  return async (prompt: string) => {
    const messages = [{ role: 'user' as const, content: prompt }];
    const outcome = await lane.ask({ messages, ...MATCH_JUDGE_PARAMS }, cacheKey(`judge:${lane.model.id}`, MATCH_JUDGE_PARAMS, messages));
    if (outcome.status === 'done') return outcome.result.text;
    throw new Error(outcome.status === 'error' ? outcome.message : outcome.status === 'stopped' ? `stopped: ${outcome.reason}` : 'cancelled');
  };
}
