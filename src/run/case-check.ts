/**
 * Has the dataset of a run changed since it was made? The manifest holds each case file's SHA-256 and the store
 * a hash of every record (uid + language) as the run read it; comparing them with the files as they are now
 * says which files changed, went missing or were added, and which records were added, removed or edited. A run
 * made before records were hashed can only say that a file changed (and which records are gone).
 */
import type { ClinicalCase } from '../bench/case.js';
import type { FileReport } from '../bench/loader.js';
import { canonicalJson, sha256 } from './keys.js';
import type { CaseRecordRow } from './store.js';

/** One record of a case file. */
export interface RecordRef {
  uid: string;
  language: string;
  file: string;
}

export interface FileChange {
  file: string;
  state: 'changed' | 'missing' | 'added';
  /** Records of the file added, removed and edited (by uid); for a run without record hashes, edits are unknown. */
  added: RecordRef[];
  removed: RecordRef[];
  edited: RecordRef[];
}

export interface CaseChanges {
  files: FileChange[];
  /** Whether the run kept a hash of every record (runs made before that did not: edits cannot be told). */
  perRecord: boolean;
  added: RecordRef[];
  removed: RecordRef[];
  edited: RecordRef[];
  /**
   * Whether the changes touch the run: a record it has answers for was removed or edited (or, without record
   * hashes, sits in a changed file), or a record would be added to its plan. A file rewritten with the same
   * records, or changed only in records the run never asked about, does not.
   */
  touchesRun: boolean;
}

export const recordKey = (uid: string, language: string): string => `${uid}\u0000${language}`;

/** A hash of one record's content as loaded (canonical JSON: key order and layout in the file do not count). */
export function recordHash(c: ClinicalCase): string {
  return sha256(canonicalJson(c.record));
}

export function caseRecordRows(cases: readonly ClinicalCase[]): CaseRecordRow[] {
  return cases.map((c) => ({ uid: c.uid, language: c.language, file: c.source.file, sha256: recordHash(c) }));
}

export interface CompareInput {
  /** The case files the manifest recorded. */
  recordedFiles: readonly { file: string; sha256: string; records: number }[];
  /** The records the store recorded (empty for runs made before they were kept). */
  recordedRecords: readonly CaseRecordRow[];
  /** The case files and records as loaded now. */
  files: readonly FileReport[];
  cases: readonly ClinicalCase[];
  /** `recordKey`s of the records the run has answers (or jobs) for. */
  asked: ReadonlySet<string>;
  /** `recordKey`s of the records the plan of this invocation covers. */
  planned: ReadonlySet<string>;
}

/** What changed in a run's dataset; null when nothing did. */
export function compareCases(input: CompareInput): CaseChanges | null {
  const now = new Map(input.files.map((f) => [f.file, f]));
  const before = new Map(input.recordedFiles.map((f) => [f.file, f]));
  const changedFiles = new Map<string, FileChange['state']>();
  for (const f of input.recordedFiles) {
    const n = now.get(f.file);
    if (!n || n.sha256 === '' || n.layout === 'unreadable') changedFiles.set(f.file, 'missing');
    else if (n.sha256 !== f.sha256) changedFiles.set(f.file, 'changed');
  }
  for (const f of input.files) if (!before.has(f.file)) changedFiles.set(f.file, 'added');
  if (changedFiles.size === 0) return null;

  const perRecord = input.recordedRecords.length > 0;
  const current = new Map(input.cases.map((c) => [recordKey(c.uid, c.language), c]));
  const added: RecordRef[] = [];
  const removed: RecordRef[] = [];
  const edited: RecordRef[] = [];
  const ref = (c: ClinicalCase): RecordRef => ({ uid: c.uid, language: c.language, file: c.source.file });
  if (perRecord) {
    const recorded = new Map(input.recordedRecords.map((r) => [recordKey(r.uid, r.language), r]));
    for (const [k, r] of recorded) {
      const c = current.get(k);
      if (!c) removed.push({ uid: r.uid, language: r.language, file: r.file });
      else if (recordHash(c) !== r.sha256) edited.push(ref(c));
    }
    for (const [k, c] of current) if (!recorded.has(k)) added.push(ref(c));
  } else {
    // without record hashes: a record asked about that is gone was removed; one planned and never asked, added
    const gone = [...changedFiles].filter(([, state]) => state !== 'added').map(([file]) => file);
    for (const k of input.asked) {
      if (current.has(k)) continue;
      const [uid, language] = k.split('\u0000') as [string, string];
      removed.push({ uid, language, file: gone.length === 1 ? gone[0]! : 'one of the changed case files' });
    }
    for (const k of input.planned) if (!input.asked.has(k)) added.push(ref(current.get(k)!));
  }
  const files: FileChange[] = [...changedFiles].map(([file, state]) => ({
    file,
    state,
    added: added.filter((r) => r.file === file),
    removed: removed.filter((r) => r.file === file),
    edited: edited.filter((r) => r.file === file),
  }));
  const unplaced = removed.filter((r) => !changedFiles.has(r.file));
  if (unplaced.length > 0) files.push({ file: unplaced[0]!.file, state: 'changed', added: [], removed: unplaced, edited: [] });
  const inRun = (r: RecordRef): boolean => input.asked.has(recordKey(r.uid, r.language));
  const inChangedFile = [...current.values()].some((c) => changedFiles.has(c.source.file) && input.asked.has(recordKey(c.uid, c.language)));
  const touchesRun =
    removed.some(inRun) ||
    edited.some(inRun) ||
    added.some((r) => input.planned.has(recordKey(r.uid, r.language))) ||
    (!perRecord && inChangedFile);
  return { files, perRecord, added, removed, edited, touchesRun };
}

/** `uid (zh), uid (en), … and 7 more` */
export function listRecords(refs: readonly RecordRef[], max = 8): string {
  const shown = refs.slice(0, max).map((r) => `${r.uid} (${r.language})`);
  return refs.length > max ? `${shown.join(', ')} and ${refs.length - max} more` : shown.join(', ');
}

const count = (n: number, what: string): string => `${n} record${n === 1 ? '' : 's'} ${what}`;

/** One line per changed file: what happened to it and to which records. */
export function describeFileChanges(changes: CaseChanges): string[] {
  return changes.files.map((f) => {
    const head = f.state === 'missing' ? `${f.file} is missing` : f.state === 'added' ? `${f.file} was added` : `${f.file} has changed`;
    const parts: string[] = [];
    if (f.removed.length) parts.push(`${count(f.removed.length, 'removed')} (${listRecords(f.removed)})`);
    if (f.edited.length) parts.push(`${count(f.edited.length, 'edited')} (${listRecords(f.edited)})`);
    if (f.added.length) parts.push(`${count(f.added.length, 'added')} (${listRecords(f.added)})`);
    if (!changes.perRecord && f.state === 'changed') parts.push('which of its records were edited is not known (the run was made before clinicallab kept a hash of each record)');
    if (parts.length === 0) parts.push(changes.perRecord ? 'its records are the same' : 'no record the run asked about is gone');
    return `${head}: ${parts.join('; ')}`;
  });
}
