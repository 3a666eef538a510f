/**
 * The flags every command that calls models shares — `run`, `agent` and `judge`: the config file, sampling and
 * limits, the checks made before anything is written (keys, prices for a budget), and the response cache.
 */
import type { Command } from 'commander';
import { apiKeyFor } from '../../models/registry.js';
import { ResponseCache, defaultCacheDir } from '../../run/cache.js';
import { loadConfig, MAX_TIMEOUT_MS, type Config } from '../../run/config.js';
import type { ModelEntry } from '../../run/jobs.js';
import { unpriced, type ModelFlags } from '../../run/setup.js';
import { UsageError } from '../common.js';

/** Sampling and limit flags, with the same names and meaning in every command. */
export interface SamplingFlags {
  config?: string;
  temperature?: string;
  maxTokens?: string;
  seed?: string;
  timeout?: string;
  maxRetries?: string;
  concurrency?: string;
}

/** Add the sampling and limit flags; `concurrency` is the help of --concurrency (left out when undefined). */
export function addSamplingOptions(cmd: Command, concurrency?: string): Command {
  cmd
    .option('--config <file>', 'config file (default: clinicallab.config.yaml/.yml/.json in the current folder): keys, headers, prices, sampling and limits per model')
    .option('--temperature <t>', 'sampling temperature of every model (default 0, or the config\'s)')
    .option('--max-tokens <n>', 'longest answer per request, in tokens')
    .option('--seed <n>', 'sampling seed, for providers that take one')
    .option('--timeout <seconds>', `per request (default 180, at most ${MAX_TIMEOUT_MS / 1000}: a day)`)
    .option('--max-retries <n>', 'retries of a failed request (default 5)');
  return concurrency === undefined ? cmd : cmd.option('--concurrency <n>', concurrency);
}

/** A number flag, checked: a usage error names the flag, the value and what it should be. */
export function number(flag: string, value: string | undefined, opts: { integer?: boolean; min?: number; max?: number } = {}): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  const outside = (opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max);
  if (!Number.isFinite(n) || (opts.integer && !Number.isInteger(n)) || outside) {
    const range = opts.min !== undefined && opts.max !== undefined ? ` from ${opts.min} to ${opts.max}` : opts.min !== undefined ? ` ≥ ${opts.min}` : opts.max !== undefined ? ` ≤ ${opts.max}` : '';
    throw new UsageError(`${flag} "${value}" should be ${opts.integer ? 'a whole number' : 'a number'}${range}`);
  }
  return n;
}

/** The config file and the sampling flags. */
export function samplingSettings(opts: SamplingFlags): { config: Config; flags: ModelFlags } {
  const { config } = loadConfig(opts.config);
  const flags: ModelFlags = {};
  const set = <K extends keyof ModelFlags>(k: K, v: number | undefined): void => {
    if (v !== undefined) flags[k] = v;
  };
  set('concurrency', number('--concurrency', opts.concurrency, { integer: true, min: 1 }));
  const timeout = number('--timeout', opts.timeout, { min: 0.001, max: MAX_TIMEOUT_MS / 1000 });
  set('timeoutMs', timeout === undefined ? undefined : timeout * 1000);
  set('maxRetries', number('--max-retries', opts.maxRetries, { integer: true, min: 0 }));
  set('temperature', number('--temperature', opts.temperature, { min: 0 }));
  set('maxTokens', number('--max-tokens', opts.maxTokens, { integer: true, min: 1 }));
  set('seed', number('--seed', opts.seed, { integer: true }));
  return { config, flags };
}

/** Refuse --max-cost when some model has no price (its cost could not be counted against the budget). */
export function checkPrices(entries: readonly ModelEntry[], maxCost: number | undefined): void {
  const noPrice = unpriced(entries);
  if (maxCost !== undefined && noPrice.length > 0) {
    throw new UsageError(`--max-cost needs a price for every model; no price is known for ${noPrice.join(', ')} (add one under "pricing" or the model's "price" in the config file)`);
  }
}

/** Refuse, before anything is written, a model without its key. */
export function checkKeys(entries: readonly ModelEntry[]): void {
  for (const e of entries) {
    try {
      apiKeyFor(e.spec, e.settings);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
}

/** The cache the config and flags ask for (none with --no-cache or `cache: false`). */
export function cacheFrom(config: Config, enabled: boolean | undefined, dir: string | undefined, warn?: (message: string) => void): ResponseCache | undefined {
  if (enabled === false || config.cache === false || (typeof config.cache === 'object' && config.cache.enabled === false)) return undefined;
  return new ResponseCache(dir ?? (typeof config.cache === 'object' ? config.cache.dir : undefined) ?? defaultCacheDir(), warn);
}
