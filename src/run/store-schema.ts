/** The run store's tables, and how a row of the jobs table reads back as a StoredJob. */
import type { JobStatus, StoredJob } from './store.js';

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS manifest (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS jobs (
  key TEXT PRIMARY KEY,
  model TEXT NOT NULL,
  kind TEXT NOT NULL,
  case_uid TEXT NOT NULL,
  language TEXT NOT NULL,
  exam TEXT,
  k INTEGER,
  template_hash TEXT NOT NULL,
  prompt TEXT NOT NULL,
  prompt_hash TEXT NOT NULL,
  seq INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','running','done','error','skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  worker TEXT,
  lease_until INTEGER,
  response TEXT,
  parsed TEXT,
  input_tokens INTEGER,
  output_tokens INTEGER,
  latency_ms INTEGER,
  cost REAL,
  finish_reason TEXT,
  error_kind TEXT,
  error TEXT,
  cached INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS jobs_status ON jobs (model, status, seq);
CREATE TABLE IF NOT EXISTS scores (
  model TEXT NOT NULL,
  case_uid TEXT NOT NULL,
  language TEXT NOT NULL,
  department TEXT NOT NULL,
  task TEXT NOT NULL,
  exam TEXT NOT NULL DEFAULT '',
  value REAL,
  detail TEXT NOT NULL,
  PRIMARY KEY (model, case_uid, language, task, exam)
);
`;

/**
 * Tables added later, created apart so that an older store on a read-only medium still opens (it then simply
 * has none of them): a hash of every case record the run was made on (to tell, on resume, which records were
 * added, removed or edited), and the answers set aside because their record was removed or edited.
 */
export const LATER_SCHEMA = `
CREATE TABLE IF NOT EXISTS case_records (
  uid TEXT NOT NULL,
  language TEXT NOT NULL,
  file TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  PRIMARY KEY (uid, language)
);
CREATE TABLE IF NOT EXISTS orphans (key TEXT PRIMARY KEY, reason TEXT NOT NULL, at INTEGER NOT NULL);
`;

export interface Row {
  key: string;
  model: string;
  kind: string;
  case_uid: string;
  language: string;
  exam: string | null;
  k: number | null;
  template_hash: string;
  prompt: string;
  prompt_hash: string;
  status: JobStatus;
  attempts: number;
  response: string | null;
  parsed: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  latency_ms: number | null;
  cost: number | null;
  finish_reason: string | null;
  error_kind: string | null;
  error: string | null;
  cached: number;
  updated_at: number;
}

export function fromRow(r: Row): StoredJob {
  return {
    key: r.key,
    model: r.model,
    kind: r.kind as StoredJob['kind'],
    caseUid: r.case_uid,
    language: r.language,
    ...(r.exam !== null ? { exam: r.exam } : {}),
    ...(r.k !== null ? { k: r.k } : {}),
    templateHash: r.template_hash,
    prompt: r.prompt,
    promptHash: r.prompt_hash,
    status: r.status,
    attempts: r.attempts,
    response: r.response,
    parsed: r.parsed,
    inputTokens: r.input_tokens,
    outputTokens: r.output_tokens,
    latencyMs: r.latency_ms,
    cost: r.cost,
    finishReason: r.finish_reason,
    errorKind: r.error_kind,
    error: r.error,
    cached: r.cached === 1,
    updatedAt: r.updated_at,
  };
}
