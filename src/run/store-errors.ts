/** Errors of the run store, explained for a user. */
import { basename } from 'node:path';

/** The files SQLite keeps beside a store in WAL mode. */
const STORE_SIDE_FILES = ['-wal', '-shm'];

/** A run store that cannot be opened, read or written, in plain words. `code` is SQLite's, when it said one. */
export class StoreError extends Error {
  readonly code?: string;

  constructor(message: string, options: { code?: string; cause?: unknown } = {}) {
    super(message, options.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = 'StoreError';
    if (options.code !== undefined) this.code = options.code;
  }
}

/** Whether an error came from SQLite (better-sqlite3 gives its errors a `SQLITE_…` code). */
function isSqliteError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

/** SQLite's error codes, said for a user: what is wrong with which file, and that nothing was overwritten. */
export function explainSqlite(err: unknown, path: string): string {
  const code = (err as { code?: string }).code ?? '';
  const what = (err as Error).message;
  if (code === 'SQLITE_NOTADB' || /not a database/i.test(what)) return `${path} is not a clinicallab run store (not an SQLite database); it was left untouched — use another --out`;
  if (code.startsWith('SQLITE_CORRUPT')) return `${path} is damaged (SQLite: ${what}); it was left untouched — restore it from a copy, or start the run afresh in another directory (--out)`;
  if (code.startsWith('SQLITE_READONLY')) return `${path} cannot be written (read-only file or folder); nothing was changed — make it writable, or copy the run directory somewhere writable and use the copy`;
  if (code === 'SQLITE_FULL') return `the disk holding ${path} is full; the answers stored so far are safe — free space and run the same command again`;
  if (code.startsWith('SQLITE_IOERR')) return `${path} could not be read or written (SQLite: ${what}); the answers stored so far are safe — check the disk, then run the same command again`;
  if (code.startsWith('SQLITE_CANTOPEN')) return `${path} cannot be opened (SQLite: ${what}); SQLite needs to read it and to create ${STORE_SIDE_FILES.map((x) => `${basename(path)}${x}`).join(' and ')} beside it — check that the folder exists and can be written`;
  return `${path}: ${what}`;
}

/** The StoreError for a SQLite failure on `path` (anything else is returned as it is). */
export function storeErrorOf(err: unknown, path: string): unknown {
  if (err instanceof StoreError || !isSqliteError(err)) return err;
  return new StoreError(explainSqlite(err, path), { code: (err as { code: string }).code, cause: err });
}

/**
 * Make every method of a store class say what a SQLite failure means and which file it is about — not only when
 * the file is opened, but on any later read or write (a damaged page found by a query, a disk that fills up in
 * the middle of a run). `pathOf` gives the file of an instance.
 */
export function explainFailuresOf(proto: object, pathOf: (self: never) => string): void {
  for (const name of Object.getOwnPropertyNames(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (name === 'constructor' || !d || typeof d.value !== 'function') continue;
    const method = d.value as (...args: unknown[]) => unknown;
    const explained = function (this: never, ...args: unknown[]): unknown {
      try {
        return method.apply(this, args);
      } catch (err) {
        throw storeErrorOf(err, pathOf(this));
      }
    };
    Object.defineProperty(proto, name, { ...d, value: explained });
  }
}
