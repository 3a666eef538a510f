/**
 * The response cache, shared by all runs on a machine: a model's answer to an exact request (model spec without
 * secrets, sampling parameters, messages, JSON schema) is kept and reused. Only good answers are cached — never
 * errors, never empty text. The key never contains an API key. A cache that cannot be used (a damaged file, a
 * full disk, a read-only folder) never stops a run: it is named, once, and the run carries on without it.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ChatMessage, GenerateRequest, GenerateResult } from '../models/types.js';
import type { SamplingParams } from './jobs.js';
import { hashOf } from './keys.js';

/** `$CLINICALLAB_CACHE_DIR`, else `$XDG_CACHE_HOME/clinicallab`, else `~/.cache/clinicallab`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CLINICALLAB_CACHE_DIR) return env.CLINICALLAB_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'clinicallab');
}

/**
 * The key of a request: everything that decides its answer. That includes the task hint a request carries (which
 * task, how many departments), because a model may read it — the built-in baseline does — so the same prompt
 * asked as a benchmark task and as an agent step must not share an answer.
 */
export function cacheKey(model: string, params: SamplingParams, messages: readonly ChatMessage[], jsonSchema?: unknown, task?: GenerateRequest['task']): string {
  return hashOf({ model, params, messages, jsonSchema: jsonSchema ?? null, task: task ?? null }, 64);
}

export const CACHE_FILE = 'responses.sqlite';

/** Why a cache file cannot be used, in plain words, naming it (never the run store: the run's answers are safe). */
export function cacheProblem(file: string, err: unknown): string {
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  const what = err instanceof Error ? err.message : String(err);
  const cause = code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' || /malformed|not a database/i.test(what) ? 'is damaged' : 'cannot be used';
  return `the response cache ${file} ${cause} (${code ? `SQLite: ${what}` : what}); carrying on without the cache (answers are asked again, not reused) — delete the file to start a fresh cache`;
}

const warnOnStderr = (message: string): void => {
  process.stderr.write(`clinicallab: warning: ${message}\n`);
};

interface OpenCache {
  db: Database.Database;
  getStmt: Database.Statement;
  putStmt: Database.Statement;
}

export class ResponseCache {
  readonly file: string;
  /** Undefined once the cache has failed: from then on nothing is read from or written to it. */
  private open: OpenCache | undefined;
  private readonly warn: (message: string) => void;

  /** `warn` is told, once, when the cache cannot be used (default: standard error). */
  constructor(dir: string = defaultCacheDir(), warn: (message: string) => void = warnOnStderr) {
    this.file = join(dir, CACHE_FILE);
    this.warn = warn;
    let db: Database.Database | undefined;
    try {
      mkdirSync(dir, { recursive: true });
      db = new Database(this.file);
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 15000');
      db.exec(`CREATE TABLE IF NOT EXISTS responses (
        key TEXT PRIMARY KEY, model TEXT NOT NULL, text TEXT NOT NULL, input_tokens INTEGER, output_tokens INTEGER,
        finish_reason TEXT NOT NULL, created_at INTEGER NOT NULL)`);
      const found = db.pragma('quick_check', { simple: true }) as string;
      if (found !== 'ok') throw Object.assign(new Error(`database disk image is malformed: ${found}`), { code: 'SQLITE_CORRUPT' });
      this.open = {
        db,
        getStmt: db.prepare('SELECT text, input_tokens, output_tokens, finish_reason FROM responses WHERE key = ?'),
        putStmt: db.prepare('INSERT OR REPLACE INTO responses (key, model, text, input_tokens, output_tokens, finish_reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      };
    } catch (err) {
      this.failed(err, db);
    }
  }

  /** Whether the cache is in use (false after it failed). */
  get usable(): boolean {
    return this.open !== undefined;
  }

  private failed(err: unknown, db = this.open?.db): void {
    this.open = undefined;
    try {
      db?.close();
    } catch {
      // it is being given up anyway
    }
    this.warn(cacheProblem(this.file, err));
  }

  get(key: string): GenerateResult | undefined {
    if (!this.open) return undefined;
    let row: { text: string; input_tokens: number | null; output_tokens: number | null; finish_reason: string } | undefined;
    try {
      row = this.open.getStmt.get(key) as typeof row;
    } catch (err) {
      this.failed(err);
      return undefined;
    }
    if (!row) return undefined;
    return {
      text: row.text,
      usage: { ...(row.input_tokens !== null ? { inputTokens: row.input_tokens } : {}), ...(row.output_tokens !== null ? { outputTokens: row.output_tokens } : {}) },
      finishReason: row.finish_reason as GenerateResult['finishReason'],
    };
  }

  put(key: string, model: string, result: GenerateResult): void {
    if (result.text.trim() === '' || !this.open) return;
    try {
      this.open.putStmt.run(key, model, result.text, result.usage.inputTokens ?? null, result.usage.outputTokens ?? null, result.finishReason, Date.now());
    } catch (err) {
      this.failed(err);
    }
  }

  close(): void {
    this.open?.db.close();
    this.open = undefined;
  }
}
