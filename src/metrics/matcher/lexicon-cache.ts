/**
 * A cache of the lexicon's name index on disk. Indexing reads every name through the matcher's normalisation
 * (about a second of CPU for the bundled lexicon), while the index is a pure function of the lexicon files and of
 * the matcher's code: so it is kept in the OS temporary folder under a hash of both, and any change to either —
 * a lexicon entry, the abbreviation table, a line of the matcher — gives another hash and a fresh index. A cache
 * that cannot be read or written is ignored (the index is then built as without it). `CLINICALLAB_LEXICON_CACHE=off`
 * turns it off; `CLINICALLAB_LEXICON_CACHE=<folder>` puts it elsewhere.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What indexing computes: the name maps of both modes, the loose zh map, the clashes found, the name count. */
export interface IndexSnapshot {
  version: 1;
  primary: { en: [string, string][]; zh: [string, string][] };
  secondary: { en: [string, string | null][]; zh: [string, string | null][] };
  loose: [string, string | null][];
  warnings: string[];
  total: number;
}

let codeHash: string | undefined;

/** A hash of the matcher's own source files (the folder of this module), computed once per process. */
function matcherCode(): string {
  if (codeHash !== undefined) return codeHash;
  const h = createHash('sha256');
  try {
    const dir = dirname(fileURLToPath(import.meta.url));
    for (const f of readdirSync(dir).filter((n) => /\.(?:[cm]?js|ts)$/.test(n)).sort()) h.update(f).update(readFileSync(join(dir, f)));
  } catch {
    h.update(String(Date.now())); // unreadable code: a key no other process shares
  }
  return (codeHash = h.digest('hex'));
}

function cacheDir(): string | undefined {
  const setting = process.env.CLINICALLAB_LEXICON_CACHE;
  if (setting === 'off' || setting === '0' || setting === 'false') return undefined;
  return setting && setting !== 'on' ? setting : join(tmpdir(), 'clinicallab-cache');
}

/** The cache key of a lexicon read from these file contents (in order). */
export function cacheKey(contents: readonly string[]): string {
  const h = createHash('sha256').update(matcherCode());
  for (const c of contents) h.update('\u0000').update(c);
  return h.digest('hex').slice(0, 40);
}

export function readIndex(key: string): IndexSnapshot | undefined {
  const dir = cacheDir();
  if (!dir) return undefined;
  try {
    const snap = JSON.parse(readFileSync(join(dir, `lexicon-${key}.json`), 'utf8')) as IndexSnapshot;
    return snap.version === 1 && Array.isArray(snap.primary?.en) && Array.isArray(snap.loose) ? snap : undefined;
  } catch {
    return undefined;
  }
}

export function writeIndex(key: string, snap: IndexSnapshot): void {
  const dir = cacheDir();
  if (!dir) return;
  try {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `lexicon-${key}.json`);
    const part = `${file}.${process.pid}.tmp`;
    writeFileSync(part, JSON.stringify(snap));
    renameSync(part, file); // atomic: a process reading at the same time sees the whole file or none
  } catch {
    // a read-only or full temporary folder: the index was built, it is just not kept
  }
}
