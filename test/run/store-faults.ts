/** Real faults of a run store file for tests: a damaged page, a file that cannot be written, a disk that is full. */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { RunStore } from '../../src/run/store.js';
import { tempDir } from '../helpers.js';

/** Overwrite the first page of a table (the root of its b-tree) with garbage, as a failing disk might. */
export function damageTable(file: string, table = 'jobs'): void {
  const db = new Database(file, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const root = (db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table) as { rootpage: number }).rootpage;
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (root - 1) * pageSize);
  closeSync(fd);
}

/**
 * How this process can make a file impossible to write. Tests often run as root, for whom permission bits mean
 * nothing; the immutable attribute (`chattr +i`) stops root too, where the file system supports it.
 */
function readOnlyMethod(): 'chmod' | 'chattr' | undefined {
  if (process.getuid?.() !== 0) return 'chmod';
  const probe = join(tempDir(), 'probe');
  writeFileSync(probe, '');
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return 'chattr';
  } catch {
    return undefined;
  }
}

export const READ_ONLY_METHOD = readOnlyMethod();

/** Make a file read-only for this process (root included); returns the function that undoes it. */
export function makeReadOnly(path: string): () => void {
  if (READ_ONLY_METHOD === 'chattr') {
    execFileSync('chattr', ['+i', path]);
    return () => execFileSync('chattr', ['-i', path]);
  }
  chmodSync(path, 0o444);
  return () => chmodSync(path, 0o644);
}

/**
 * Let this connection's database grow by no more than `spare` pages: the next write that needs more fails with
 * SQLITE_FULL, exactly as on a full disk (`PRAGMA max_page_count` is SQLite's own limit, on this connection only).
 */
export function fillDisk(store: RunStore, spare = 0): void {
  const pages = store.db.pragma('page_count', { simple: true }) as number;
  store.db.pragma(`max_page_count = ${pages + spare}`);
}
