/**
 * The part of a run store that keeps the run honest about its dataset: a hash of every case record the run was
 * made on (so a resume can tell which records were added, removed or edited since), and the answers set aside
 * as orphaned because their record was removed or edited — kept and counted, never scored.
 */
import type Database from 'better-sqlite3';
import type { JobStatus } from './store.js';

/** One case record a run was made on, with a hash of its content (see case-check.ts). */
export interface CaseRecordRow {
  uid: string;
  language: string;
  file: string;
  sha256: string;
}

/** An answer set aside: its record was removed from the case files, or edited, after it was asked. */
export interface OrphanRow {
  key: string;
  model: string;
  kind: string;
  caseUid: string;
  language: string;
  reason: string;
}

export class CaseLedger {
  constructor(
    private readonly db: Database.Database,
    /** False for an old store on a read-only medium, which has none of these tables. */
    private readonly present: boolean,
  ) {}

  get path(): string {
    return this.db.name;
  }

  /** The case records the run was made on, with their hashes (none for runs made before they were kept). */
  caseRecords(): CaseRecordRow[] {
    if (!this.present) return [];
    return this.db.prepare('SELECT uid, language, file, sha256 FROM case_records ORDER BY file, rowid').all() as CaseRecordRow[];
  }

  /** Replace the recorded case records (every record of the case files, as this invocation read them). */
  setCaseRecords(rows: readonly CaseRecordRow[]): void {
    const ins = this.db.prepare('INSERT OR REPLACE INTO case_records (uid, language, file, sha256) VALUES (@uid, @language, @file, @sha256)');
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM case_records').run();
      for (const r of rows) ins.run(r);
    })();
  }

  /** The records (uid, language) some job of the run is about, orphaned answers left out. */
  jobRecords(): { uid: string; language: string }[] {
    return this.db.prepare(`SELECT DISTINCT case_uid AS uid, language FROM jobs WHERE ${this.present ? 'key NOT IN (SELECT key FROM orphans)' : '1'}`).all() as { uid: string; language: string }[];
  }

  /**
   * Set aside the jobs of some records, each with its reason: answers (and jobs being answered) are marked
   * orphaned — kept, counted, never scored — and jobs never answered (pending, or ended in error) are dropped, as
   * there is nothing to keep. Jobs whose key is in `keep` (asked again, word for word, by the current plan) stay.
   */
  orphanRecords(records: readonly { uid: string; language: string; reason: string }[], keep: ReadonlySet<string>): { orphaned: number; dropped: number } {
    const find = this.db.prepare('SELECT key, status FROM jobs WHERE case_uid = ? AND language = ?');
    const mark = this.db.prepare('INSERT OR REPLACE INTO orphans (key, reason, at) VALUES (?, ?, ?)');
    const drop = this.db.prepare('DELETE FROM jobs WHERE key = ?');
    const out = { orphaned: 0, dropped: 0 };
    const now = Date.now();
    this.db.transaction(() => {
      for (const r of records) {
        for (const j of find.all(r.uid, r.language) as { key: string; status: JobStatus }[]) {
          if (keep.has(j.key)) continue;
          if (j.status === 'done' || j.status === 'running') out.orphaned += mark.run(j.key, r.reason, now).changes;
          else out.dropped += drop.run(j.key).changes;
        }
      }
    })();
    return out;
  }

  /** Take jobs out of the orphaned set (the current plan asks them again, word for word); returns how many. */
  unorphan(keys: Iterable<string>): number {
    if (!this.present) return 0;
    const del = this.db.prepare('DELETE FROM orphans WHERE key = ?');
    return this.db.transaction(() => {
      let n = 0;
      for (const k of keys) n += del.run(k).changes;
      return n;
    })();
  }

  /**
   * Put an orphaned job back to be answered again (the agent's own final answer, whose key does not change with
   * the record it answers); false when the job was not orphaned.
   */
  reopen(key: string): boolean {
    if (!this.present || this.db.prepare('DELETE FROM orphans WHERE key = ?').run(key).changes === 0) return false;
    this.db.prepare(`UPDATE jobs SET status = 'pending', worker = NULL, lease_until = NULL WHERE key = ? AND status = 'done'`).run(key);
    return true;
  }

  /** The answers set aside as orphaned, with why. */
  orphans(): OrphanRow[] {
    if (!this.present) return [];
    return this.db
      .prepare('SELECT o.key, j.model, j.kind, j.case_uid AS caseUid, j.language, o.reason FROM orphans o JOIN jobs j ON j.key = o.key ORDER BY j.seq')
      .all() as OrphanRow[];
  }
}
