/**
 * The config file (`clinicallab.config.yaml`, `.yml` or `.json` in the current directory, or `--config <file>`):
 * models with their settings, cases, tasks and run options. Validated with clear errors naming the file and the
 * field. Flags given on the command line win over the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** The longest per-request timeout: a day (timers cannot wait past 2³¹ ms, about 24.8 days). */
export const MAX_TIMEOUT_MS = 86_400_000;

const PriceSchema = z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() }).strict();

const ModelConfigSchema = z
  .object({
    spec: z.string().min(1),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().positive().optional(),
    seed: z.number().int().optional(),
    topP: z.number().min(0).max(1).optional(),
    topK: z.number().int().positive().optional(),
    concurrency: z.number().int().positive().optional(),
    timeoutMs: z.number().int().positive().max(MAX_TIMEOUT_MS, { error: `should be at most ${MAX_TIMEOUT_MS} (a day)` }).optional(),
    maxRetries: z.number().int().min(0).optional(),
    apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'should be the name of an environment variable' }).optional(),
    apiKey: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    baseURL: z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, { error: 'should be an http:// or https:// URL' })
      .refine((url) => !/^https?:\/\/[^/?#]*@/i.test(url), { error: 'cannot carry credentials (user:password@ or token@ before the host): use apiKey, apiKeyEnv or headers' })
      .optional(),
    threads: z.number().int().positive().optional(),
    contextSize: z.number().int().positive().optional(),
    price: PriceSchema.optional(),
  })
  .strict();

export const ConfigSchema = z
  .object({
    models: z.array(z.union([z.string().min(1), ModelConfigSchema])).optional(),
    cases: z.union([z.string(), z.array(z.string())]).optional(),
    tasks: z.array(z.string()).optional(),
    lang: z.enum(['zh', 'en']).optional(),
    limit: z.number().int().positive().optional(),
    out: z.string().optional(),
    concurrency: z.number().int().positive().optional(),
    timeoutMs: z.number().int().positive().max(MAX_TIMEOUT_MS, { error: `should be at most ${MAX_TIMEOUT_MS} (a day)` }).optional(),
    maxRetries: z.number().int().min(0).optional(),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().positive().optional(),
    seed: z.number().int().optional(),
    maxCost: z.number().positive().optional(),
    pricing: z.record(z.string(), PriceSchema).optional(),
    templates: z.string().optional(),
    departments: z.string().optional(),
    cache: z.union([z.boolean(), z.object({ dir: z.string().optional(), enabled: z.boolean().optional() }).strict()]).optional(),
  })
  .strict();

export type ModelConfig = z.infer<typeof ModelConfigSchema>;
export type Config = z.infer<typeof ConfigSchema>;

export const CONFIG_NAMES = ['clinicallab.config.yaml', 'clinicallab.config.yml', 'clinicallab.config.json'];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parse config text; the file name is only for messages. */
export function parseConfig(text: string, file: string): Config {
  let value: unknown;
  try {
    value = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new ConfigError(`${file}: cannot be read as ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(err as Error).message.split('\n')[0]}`);
  }
  if (value == null) return {};
  const parsed = ConfigSchema.safeParse(value);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((iss) => {
      const path = iss.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
      const message = iss.code === 'unrecognized_keys' ? `unknown setting${iss.keys.length > 1 ? 's' : ''} ${iss.keys.map((k) => `"${k}"`).join(', ')}` : iss.message;
      return `${file}: ${path ? `\`${path}\` ` : ''}${message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  return parsed.data;
}

/** Read the config named by --config, else the first of CONFIG_NAMES in `cwd`, else an empty config. */
export function loadConfig(explicit: string | undefined, cwd: string = process.cwd()): { config: Config; file?: string } {
  const file = explicit ?? CONFIG_NAMES.map((n) => join(cwd, n)).find((p) => existsSync(p));
  if (!file) return { config: {} };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  return { config: parseConfig(text, file), file };
}

/** The config file's case paths as a list (it may give one path or several). */
export function configCasePaths(config: Config): string[] | undefined {
  return config.cases === undefined ? undefined : Array.isArray(config.cases) ? config.cases : [config.cases];
}
