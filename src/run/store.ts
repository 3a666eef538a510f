/**
 * The run store: one SQLite database per run directory (better-sqlite3, WAL). It holds the manifest and every
 * job with its status, raw answer, parsed answer, tokens, latency and cost. Every change is one transaction, so a
 * process killed at any moment leaves a consistent store; several workers can share one store: a job is claimed
 * atomically with a lease, and only the worker holding the claim can complete it.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseStored } from './decode.js';
import type { JobSpec } from './jobs.js';
import { explainFailuresOf, explainSqlite, StoreError, storeErrorOf } from './store-errors.js';
import { fromRow, LATER_SCHEMA, SCHEMA, type Row } from './store-schema.js';
import { CaseLedger } from './store-ledger.js';
import { checkedSound, inMemoryImage, signatureOf, STORE_FILE, storeWritable } from './store-open.js';
import { isStale } from './workers.js';

export { newWorkerId } from './workers.js';
export type { CaseRecordRow, OrphanRow } from './store-ledger.js';

export type JobStatus = 'pending' | 'running' | 'done' | 'error' | 'skipped';

export interface StoredJob extends JobSpec {
  status: JobStatus;
  attempts: number;
  response: string | null;
  parsed: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  latencyMs: number | null;
  cost: number | null;
  finishReason: string | null;
  errorKind: string | null;
  error: string | null;
  cached: boolean;
  updatedAt: number;
}

export interface JobResult {
  response: string;
  parsed: unknown;
  inputTokens?: number;
  outputTokens?: number;
  latencyMs: number;
  cost: number | null;
  finishReason: string;
  attempts: number;
  cached: boolean;
}

export interface StatusCount {
  model: string;
  kind: string;
  status: JobStatus;
  n: number;
}

export { STORE_FILE, storeWritable } from './store-open.js';

export interface ScoreRecord {
  model: string;
  caseUid: string;
  language: string;
  department: string;
  task: string;
  exam: string;
  value: number | null;
  detail: unknown;
}

export interface OpenOptions {
  /**
   * Open for reading only: SQLite refuses any write. Where the folder cannot be written nothing is created beside
   * the file either, so a run on a read-only medium can be read: with no write-ahead log beside it (no writer at
   * work) the file is read whole into memory.
   */
  readonly?: boolean;
}

export class RunStore {
  readonly db: Database.Database;
  readonly path: string;
  /** Opened for reading only (see `OpenOptions.readonly`). */
  readonly readonly: boolean;
  /** Whether the store has the later tables (an old store on a read-only medium may not). */
  private readonly later: boolean;
  /** The case records the run was made on, and the answers set aside as orphaned. */
  readonly ledger: CaseLedger;

  private constructor(path: string, readonly: boolean) {
    this.path = path;
    this.readonly = readonly;
    if (readonly) {
      const dir = dirname(path);
      if (storeWritable(dir)) {
        // SQLite refuses every write on this connection; being able to, it removes its log and index files on close
        this.db = new Database(path, { fileMustExist: true });
        this.db.pragma('query_only = ON');
      } else if (existsSync(`${path}-wal`)) this.db = new Database(path, { readonly: true, fileMustExist: true });
      else this.db = new Database(inMemoryImage(path), { readonly: true }); // no writer at work, and no file may be created
      this.db.pragma('busy_timeout = 15000');
    } else {
      this.db = new Database(path);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma('busy_timeout = 15000');
      this.db.exec(SCHEMA);
      try {
        this.db.exec(LATER_SCHEMA);
      } catch (err) {
        if (!String((err as { code?: string }).code).startsWith('SQLITE_READONLY')) throw err;
      }
    }
    this.later = (this.db.prepare(`SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('case_records', 'orphans')`).get() as { n: number }).n === 2;
    this.ledger = new CaseLedger(this.db, this.later);
  }

  /** SQL that leaves out the jobs set aside as orphaned. */
  private get notOrphaned(): string {
    return this.later ? 'key NOT IN (SELECT key FROM orphans)' : '1';
  }

  /**
   * Open (creating if needed, unless `readonly`) the store of a run directory, and check that it is sound before
   * anything reads from or writes to it; failures say which file and what to do.
   */
  static open(dir: string, opts: OpenOptions = {}): RunStore {
    const path = join(dir, STORE_FILE);
    if (opts.readonly) {
      if (!existsSync(path)) throw new StoreError(`${dir} is not a run directory (no ${STORE_FILE} in it)`);
    } else {
      try {
        mkdirSync(dir, { recursive: true });
      } catch (err) {
        throw new StoreError(`cannot create the run directory ${dir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}; choose another --out`);
      }
    }
    let store: RunStore;
    try {
      store = new RunStore(path, opts.readonly ?? false);
    } catch (err) {
      throw storeErrorOf(err, path);
    }
    try {
      store.checkSound();
    } catch (err) {
      store.close();
      throw err;
    }
    return store;
  }

  /**
   * Throw when SQLite's full integrity check finds the file damaged — a broken page, or an index that disagrees
   * with its table (which a quick check cannot see, and which would make counts read through the index wrong).
   * Every command checks at open, before anything is read or written: a damaged store is never written into nor
   * reported as if sound (the damaged file is left as it is, for a copy or a repair). A store found sound is not
   * checked again in this process until its file or log changes.
   */
  checkSound(): void {
    const signature = signatureOf(this.path);
    if (checkedSound.get(this.path) === signature) return;
    const found = (this.db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).filter((m) => !m.startsWith('***'));
    if (found.length === 1 && found[0] === 'ok') {
      checkedSound.set(this.path, signature);
      return;
    }
    checkedSound.delete(this.path);
    const message = `database disk image is malformed: ${found[0] ?? 'integrity check failed'}${found.length > 1 ? ` (and ${found.length - 1} more problem${found.length > 2 ? 's' : ''})` : ''}`;
    throw new StoreError(explainSqlite({ code: 'SQLITE_CORRUPT', message }, this.path), { code: 'SQLITE_CORRUPT' });
  }

  close(): void {
    this.db.close();
  }

  setManifest(value: unknown): void {
    this.setMeta('manifest', value);
  }

  /** Insert jobs not yet in the store (by key); returns how many were new. */
  addJobs(jobs: readonly JobSpec[]): number {
    const start = (this.db.prepare('SELECT COALESCE(MAX(seq), 0) AS m FROM jobs').get() as { m: number }).m;
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO jobs (key, model, kind, case_uid, language, exam, k, template_hash, prompt, prompt_hash, seq, updated_at)
       VALUES (@key, @model, @kind, @caseUid, @language, @exam, @k, @templateHash, @prompt, @promptHash, @seq, @now)`,
    );
    const now = Date.now();
    let added = 0;
    this.db.transaction(() => {
      jobs.forEach((j, i) => {
        added += insert.run({ ...j, exam: j.exam ?? null, k: j.k ?? null, seq: start + i + 1, now }).changes;
      });
    })();
    return added;
  }

  /** Atomically claim up to n pending jobs of a model for a worker. */
  claim(model: string, n: number, worker: string, leaseMs: number): StoredJob[] {
    if (n <= 0) return [];
    const now = Date.now();
    const rows = this.db
      .prepare(
        `UPDATE jobs SET status = 'running', worker = ?, lease_until = ?, updated_at = ?
         WHERE key IN (SELECT key FROM jobs WHERE model = ? AND status = 'pending' ORDER BY seq LIMIT ?)
         RETURNING *`,
      )
      .all(worker, now + leaseMs, now, model, n) as Row[];
    return rows.map(fromRow);
  }

  /** Claim one job by key (pending, or errored when `retryErrors`); the agent runs its steps one by one. */
  claimKey(key: string, worker: string, leaseMs: number, retryErrors = false): StoredJob | undefined {
    const now = Date.now();
    const row = this.db
      .prepare(`UPDATE jobs SET status = 'running', worker = ?, lease_until = ?, updated_at = ? WHERE key = ? AND status IN ('pending'${retryErrors ? ", 'error'" : ''}) RETURNING *`)
      .get(worker, now + leaseMs, now, key) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  job(key: string): StoredJob | undefined {
    const row = this.db.prepare('SELECT * FROM jobs WHERE key = ?').get(key) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  /**
   * Another run-level record next to the manifest (the agent's configuration, the recorded inputs, …), as stored:
   * plain JSON for its decoder (run/meta-records.ts) to check, an `UnreadJson` when the stored text does not parse,
   * undefined when there is none. Never typed here: only a decoder says what a record is.
   */
  getMeta(key: string): unknown {
    const row = this.db.prepare('SELECT value FROM manifest WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? parseStored(row.value) : undefined;
  }

  setMeta(key: string, value: unknown): void {
    this.db.prepare('INSERT INTO manifest (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
  }

  /** Record an answer; only the worker holding the claim can. Returns false when the claim was lost. */
  complete(key: string, worker: string, r: JobResult): boolean {
    const info = this.db
      .prepare(
        `UPDATE jobs SET status = 'done', response = ?, parsed = ?, input_tokens = ?, output_tokens = ?, latency_ms = ?, cost = ?,
           finish_reason = ?, attempts = attempts + ?, cached = ?, error_kind = NULL, error = NULL, worker = NULL, lease_until = NULL, updated_at = ?
         WHERE key = ? AND status = 'running' AND worker = ?`,
      )
      .run(r.response, JSON.stringify(r.parsed), r.inputTokens ?? null, r.outputTokens ?? null, r.latencyMs, r.cost, r.finishReason, r.attempts, r.cached ? 1 : 0, Date.now(), key, worker);
    return info.changes === 1;
  }

  /** Record an error after the last retry; the job is excluded from scores and can be retried later. */
  fail(key: string, worker: string, kind: string, message: string, attempts: number): boolean {
    const info = this.db
      .prepare(
        `UPDATE jobs SET status = 'error', error_kind = ?, error = ?, attempts = attempts + ?, worker = NULL, lease_until = NULL, updated_at = ?
         WHERE key = ? AND status = 'running' AND worker = ?`,
      )
      .run(kind, message, attempts, Date.now(), key, worker);
    return info.changes === 1;
  }

  /** Give a claimed job back (interrupted, over budget). */
  release(key: string, worker: string): void {
    this.db.prepare(`UPDATE jobs SET status = 'pending', worker = NULL, lease_until = NULL, updated_at = ? WHERE key = ? AND status = 'running' AND worker = ?`).run(Date.now(), key, worker);
  }

  /** Extend a claim (a job waiting out a long Retry-After keeps it). */
  renewLease(key: string, worker: string, until: number): void {
    this.db.prepare(`UPDATE jobs SET lease_until = ? WHERE key = ? AND status = 'running' AND worker = ?`).run(until, key, worker);
  }

  /**
   * Return to pending the jobs of workers that died (same host, process gone — or this very process id under
   * another worker id, as after a restart that reused the pid) or whose lease ran out. `live` are the worker ids
   * this process is running.
   */
  reclaimStale(now = Date.now(), live: ReadonlySet<string> = new Set()): number {
    const stale = this.staleRunning(now, live);
    const reset = this.db.prepare(`UPDATE jobs SET status = 'pending', worker = NULL, lease_until = NULL, updated_at = ? WHERE key = ? AND status = 'running'`);
    this.db.transaction(() => stale.forEach((r) => reset.run(now, r.key)))();
    return stale.length;
  }

  /**
   * How many running jobs are stale: their lease ran out, or their worker's process on this host is gone (a
   * killed worker). Nothing is changed; the next run takes them back.
   */
  staleCount(now = Date.now()): number {
    return this.staleRunning(now, new Set()).length;
  }

  private staleRunning(now: number, live: ReadonlySet<string>): { key: string }[] {
    const running = this.db.prepare(`SELECT key, worker, lease_until FROM jobs WHERE status = 'running'`).all() as { key: string; worker: string | null; lease_until: number | null }[];
    return running.filter((r) => isStale(r.worker, r.lease_until, now, live));
  }

  /** Put every errored job (optionally of some models) back to pending; returns how many. */
  resetErrors(models?: readonly string[]): number {
    if (models && models.length > 0) {
      const stmt = this.db.prepare(`UPDATE jobs SET status = 'pending', updated_at = ? WHERE status = 'error' AND model = ?`);
      return this.db.transaction(() => models.reduce((n, m) => n + stmt.run(Date.now(), m).changes, 0))();
    }
    return this.db.prepare(`UPDATE jobs SET status = 'pending', updated_at = ? WHERE status = 'error'`).run(Date.now()).changes;
  }

  /** Jobs per model, kind and status; answers set aside as orphaned are not counted (see `orphans`). */
  counts(): StatusCount[] {
    return this.db.prepare(`SELECT model, kind, status, COUNT(*) AS n FROM jobs WHERE ${this.notOrphaned} GROUP BY model, kind, status ORDER BY model, kind, status`).all() as StatusCount[];
  }

  pendingCount(model?: string): number {
    const row = (model
      ? this.db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE status IN ('pending','running') AND model = ?`).get(model)
      : this.db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE status IN ('pending','running')`).get()) as { n: number };
    return row.n;
  }

  totals(): { inputTokens: number; outputTokens: number; cost: number; unpricedDone: number } {
    return this.db
      .prepare(
        `SELECT COALESCE(SUM(input_tokens),0) AS inputTokens, COALESCE(SUM(output_tokens),0) AS outputTokens,
                COALESCE(SUM(cost),0) AS cost, COALESCE(SUM(CASE WHEN status='done' AND cost IS NULL THEN 1 ELSE 0 END),0) AS unpricedDone
         FROM jobs`,
      )
      .get() as { inputTokens: number; outputTokens: number; cost: number; unpricedDone: number };
  }

  /**
   * How the answered jobs were read, per model and kind: whether the token limit cut them off (finish reason
   * `length`) and the reader's verdict (`reading` of the parsed answer, tasks/reading.ts; null for answers stored
   * without one).
   */
  readingCounts(): { model: string; kind: string; cut: number; reading: string | null; n: number }[] {
    return this.db
      .prepare(
        `SELECT model, kind, CASE WHEN finish_reason = 'length' THEN 1 ELSE 0 END AS cut, json_extract(parsed, '$.reading') AS reading, COUNT(*) AS n
         FROM jobs WHERE status = 'done' GROUP BY model, kind, cut, reading ORDER BY model, kind`,
      )
      .all() as { model: string; kind: string; cut: number; reading: string | null; n: number }[];
  }

  /** How many jobs ended in error, per kind of error, with one example message each. */
  errorSummary(): { kind: string; n: number; example: string }[] {
    return this.db
      .prepare(`SELECT error_kind AS kind, COUNT(*) AS n, MIN(error) AS example FROM jobs WHERE status = 'error' GROUP BY error_kind ORDER BY n DESC`)
      .all() as { kind: string; n: number; example: string }[];
  }

  /**
   * Jobs in insertion order, optionally filtered by status and model. `prompts: false` leaves the prompt texts
   * out (as "") for readers that do not need them — they are most of a job's size. Answers set aside as orphaned
   * are left out unless `orphans: true`.
   */
  jobs(filter: { status?: JobStatus; model?: string; prompts?: boolean; orphans?: boolean } = {}): StoredJob[] {
    const where: string[] = filter.orphans ? [] : [this.notOrphaned];
    const args: unknown[] = [];
    if (filter.status) {
      where.push('status = ?');
      args.push(filter.status);
    }
    if (filter.model) {
      where.push('model = ?');
      args.push(filter.model);
    }
    const columns = filter.prompts === false ? `*, '' AS prompt` : '*';
    const sql = `SELECT ${columns} FROM jobs ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq`;
    return (this.db.prepare(sql).all(...args) as Row[]).map(fromRow);
  }

  /** Replace a model's scores (scoring is always recomputable from the answers). */
  replaceScores(model: string, rows: readonly ScoreRecord[]): void {
    const del = this.db.prepare('DELETE FROM scores WHERE model = ?');
    const ins = this.db.prepare('INSERT INTO scores (model, case_uid, language, department, task, exam, value, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    this.db.transaction(() => {
      del.run(model);
      for (const r of rows) ins.run(r.model, r.caseUid, r.language, r.department, r.task, r.exam, r.value, JSON.stringify(r.detail));
    })();
  }

  scores(model?: string): ScoreRecord[] {
    const rows = (model ? this.db.prepare('SELECT * FROM scores WHERE model = ?').all(model) : this.db.prepare('SELECT * FROM scores').all()) as {
      model: string; case_uid: string; language: string; department: string; task: string; exam: string; value: number | null; detail: string;
    }[];
    return rows.map((r) => ({ model: r.model, caseUid: r.case_uid, language: r.language, department: r.department, task: r.task, exam: r.exam, value: r.value, detail: parseStored(r.detail) }));
  }

  /** SQLite's own consistency check: "ok" when the file is sound. */
  integrityCheck(): string {
    return (this.db.pragma('integrity_check', { simple: true }) as string) ?? 'unknown';
  }
}

// every read and write after opening says which file failed and what to do, as opening does
explainFailuresOf(RunStore.prototype, (store: RunStore) => store.path);
explainFailuresOf(CaseLedger.prototype, (ledger: CaseLedger) => ledger.path);
