/** Opening a run store: a read-only image of it, whether it can be written, and which stores were found sound. */
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const STORE_FILE = 'run.sqlite';

/** The stores found sound in this process, with the size and time of the file and its log when they were. */
export const checkedSound = new Map<string, string>();

/** What a store's file and its log look like now: a store checked sound need not be checked again until it changes. */
export function signatureOf(path: string): string {
  return ['', '-wal'].map((x) => {
    try {
      const st = statSync(path + x);
      return `${st.size}:${st.mtimeMs}`;
    } catch {
      return '-';
    }
  }).join('/');
}

/** A WAL-mode database image read as a rollback-journal one (bytes 18–19 of the header), to open it from memory. */
export function inMemoryImage(path: string): Buffer {
  const bytes = readFileSync(path);
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) bytes[18] = bytes[19] = 1;
  return bytes;
}

/**
 * Whether the store of a run directory can be written: the file, and the folder SQLite keeps its log and index
 * beside it in (a read-only medium, an immutable file or folder, or no permission say no).
 */
export function storeWritable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    accessSync(join(dir, STORE_FILE), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
