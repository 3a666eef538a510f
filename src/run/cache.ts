/**
 * The response cache, shared by all runs on a machine: a model's answer to an exact request (model spec without
 * secrets, sampling parameters, messages, JSON schema) is kept and reused. Only good answers are cached — never
 * errors, never empty text. The key never contains an API key.
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

export class ResponseCache {
  private readonly db: Database.Database;
  private readonly getStmt: Database.Statement;
  private readonly putStmt: Database.Statement;

  constructor(dir: string = defaultCacheDir()) {
    mkdirSync(dir, { recursive: true });
    this.db = new Database(join(dir, 'responses.sqlite'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 15000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS responses (
      key TEXT PRIMARY KEY, model TEXT NOT NULL, text TEXT NOT NULL, input_tokens INTEGER, output_tokens INTEGER,
      finish_reason TEXT NOT NULL, created_at INTEGER NOT NULL)`);
    this.getStmt = this.db.prepare('SELECT text, input_tokens, output_tokens, finish_reason FROM responses WHERE key = ?');
    this.putStmt = this.db.prepare('INSERT OR REPLACE INTO responses (key, model, text, input_tokens, output_tokens, finish_reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  }

  get(key: string): GenerateResult | undefined {
    const row = this.getStmt.get(key) as { text: string; input_tokens: number | null; output_tokens: number | null; finish_reason: string } | undefined;
    if (!row) return undefined;
    return {
      text: row.text,
      usage: { ...(row.input_tokens !== null ? { inputTokens: row.input_tokens } : {}), ...(row.output_tokens !== null ? { outputTokens: row.output_tokens } : {}) },
      finishReason: row.finish_reason as GenerateResult['finishReason'],
    };
  }

  put(key: string, model: string, result: GenerateResult): void {
    if (result.text.trim() === '') return;
    this.putStmt.run(key, model, result.text, result.usage.inputTokens ?? null, result.usage.outputTokens ?? null, result.finishReason, Date.now());
  }

  close(): void {
    this.db.close();
  }
}
