/**
 * Turning flags and a config file into the settings of a run: the models with their parameters, the generation
 * kinds for the chosen tasks, and the run directory. Pure apart from reading the clock for a new run id.
 */
import { priceOf, type Price } from '../models/pricing.js';
import { parseModelSpec } from '../models/spec.js';
import { GENERATION_KINDS, parseTaskName, taskById, TASKS, type GenerationKind } from '../tasks/definitions.js';
import { SCORED_TASKS } from '../tasks/registry/index.js';
import type { Config, ModelConfig } from './config.js';
import type { ModelEntry } from './jobs.js';

export const RUNS_DIR = 'clinicallab-runs';

export interface RunDefaults {
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
}

export const DEFAULTS: RunDefaults = { concurrency: 4, timeoutMs: 180_000, maxRetries: 5 };

/** Per-run overrides from the command line. */
export interface ModelFlags {
  concurrency?: number;
  timeoutMs?: number;
  maxRetries?: number;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
}

/** The models of a run: `--model` flags (specs) win over the config's `models`. */
export function modelEntries(specs: readonly string[] | undefined, config: Config, flags: ModelFlags = {}): ModelEntry[] {
  const items: ModelConfig[] = specs && specs.length > 0 ? specs.map((spec) => configFor(spec, config)) : (config.models ?? []).map((m) => (typeof m === 'string' ? { spec: m } : m));
  const pricing: Record<string, Price> = { ...(config.pricing ?? {}) };
  const entries = items.map((m): ModelEntry => {
    const spec = parseModelSpec(m.spec);
    const price = m.price ?? priceOf(spec, pricing);
    const temperature = flags.temperature ?? m.temperature ?? config.temperature ?? 0;
    const maxTokens = flags.maxTokens ?? m.maxTokens ?? config.maxTokens;
    const seed = flags.seed ?? m.seed ?? config.seed;
    return {
      spec,
      params: {
        temperature,
        ...(maxTokens !== undefined ? { maxTokens } : {}),
        ...(seed !== undefined ? { seed } : {}),
        ...(m.topP !== undefined ? { topP: m.topP } : {}),
        ...(m.topK !== undefined ? { topK: m.topK } : {}),
      },
      settings: {
        ...(m.apiKeyEnv !== undefined ? { apiKeyEnv: m.apiKeyEnv } : {}),
        ...(m.apiKey !== undefined ? { apiKey: m.apiKey } : {}),
        ...(m.headers !== undefined ? { headers: m.headers } : {}),
        ...(m.baseURL !== undefined ? { baseURL: m.baseURL } : {}),
        ...(m.threads !== undefined ? { threads: m.threads } : {}),
        ...(m.contextSize !== undefined ? { contextSize: m.contextSize } : {}),
      },
      concurrency: flags.concurrency ?? m.concurrency ?? config.concurrency ?? (spec.provider === 'llama-cpp' ? 1 : DEFAULTS.concurrency),
      timeoutMs: flags.timeoutMs ?? m.timeoutMs ?? config.timeoutMs ?? DEFAULTS.timeoutMs,
      maxRetries: flags.maxRetries ?? m.maxRetries ?? config.maxRetries ?? DEFAULTS.maxRetries,
      ...(price ? { price } : {}),
    };
  });
  const ids = entries.map((e) => e.spec.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) throw new Error(`the model ${dup} is given twice`);
  return entries;
}

/** A spec from --model picks up that model's settings from the config when the config lists it. */
function configFor(spec: string, config: Config): ModelConfig {
  const found = (config.models ?? []).find((m) => (typeof m === 'string' ? m : m.spec) === spec);
  return found && typeof found !== 'string' ? found : { spec };
}

/** Generation kinds for task names (`department`, `pd`, `difr`, `8`, …); all kinds when none are given. */
export function kindsForTasks(tasks: readonly string[] | undefined): GenerationKind[] {
  if (!tasks || tasks.length === 0) return [...GENERATION_KINDS];
  const kinds = new Set<GenerationKind>();
  for (const raw of tasks.flatMap((t) => t.split(','))) {
    const name = raw.trim();
    if (name === '') continue;
    if (name.toLowerCase() === 'difr') {
      // the DIFR rows' generations (the tasks that are part of another, in the registry)
      for (const t of SCORED_TASKS) if (t.partOf !== undefined) kinds.add(t.generation.kind as GenerationKind);
      continue;
    }
    const id = parseTaskName(name);
    if (!id) throw new Error(`"${name}" is not a task; use ${TASKS.map((t) => t.id).join(', ')} or difr (or their numbers 1–${TASKS.length}, or columns ${TASKS.map((t) => t.column).join(', ')})`);
    kinds.add(taskById(id).generation);
  }
  return GENERATION_KINDS.filter((k) => kinds.has(k));
}

/** `20261129-191500-gpt-4o-mini` */
/** `20261201-093646`: the start of a run directory's name (UTC). */
export function runStamp(now = new Date()): string {
  return now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

export function newRunId(entries: readonly ModelEntry[], now = new Date()): string {
  const stamp = runStamp(now);
  const names = entries.map((e) => e.spec.model.split('/').pop()!.replace(/\.gguf$/i, ''));
  const slug = (names.length > 2 ? `${names.slice(0, 2).join('+')}+${names.length - 2}` : names.join('+'))
    .toLowerCase()
    .replace(/[^a-z0-9.+-]+/g, '-')
    .slice(0, 48);
  return `${stamp}-${slug || 'run'}`;
}

/** Models without a known price, for warnings and for refusing --max-cost. */
export function unpriced(entries: readonly ModelEntry[]): string[] {
  return entries.filter((e) => !e.price).map((e) => e.spec.id);
}

