/** Errors of the run store, explained for a user. */

/** A run store that cannot be opened or written, in plain words. */
export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

/** SQLite's error codes, said for a user: what is wrong with which file, and that nothing was overwritten. */
export function explainSqlite(err: unknown, path: string): string {
  const code = (err as { code?: string }).code ?? '';
  const what = (err as Error).message;
  if (code === 'SQLITE_NOTADB' || /not a database/i.test(what)) return `${path} is not a clinicallab run store (not an SQLite database); it was left untouched — use another --out`;
  if (code.startsWith('SQLITE_CORRUPT')) return `${path} is damaged (SQLite: ${what}); it was left untouched — restore it from a copy or use another --out`;
  if (code.startsWith('SQLITE_READONLY')) return `${path} cannot be written (read-only file or folder); nothing was changed`;
  if (code === 'SQLITE_FULL') return `the disk holding ${path} is full; the answers stored so far are safe — free space and run the same command again`;
  if (code.startsWith('SQLITE_CANTOPEN')) return `${path} cannot be opened (${what})`;
  return `${path}: ${what}`;
}
