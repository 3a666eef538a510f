/** Pieces several commands share: reading the department list, loading cases and printing what went wrong. */
import { BUNDLED_CASES_DIR } from '../bench/bundled.js';
import { DepartmentTaxonomy } from '../bench/departments.js';
import { loadDepartmentFile } from '../bench/department-file.js';
import { parseLanguage, type Language } from '../bench/language.js';
import { formatProblem, type LoadProblem, type LoadResult } from '../bench/loader.js';
import type { SupportCounts } from '../bench/support.js';
import { loadThrough, type CaseSession } from '../bench/session.js';
import { selectByUid, UidSelectionError } from '../bench/uids.js';
import { SCORED_TASKS } from '../tasks/registry/index.js';
import { paint, type Io } from './io.js';

/** An error the user caused (bad flag, missing file): printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The records of the case a `--show` / `--uid` value selects (the rule of src/bench/uids.ts); none or several is a usage error. */
export function recordsOfUid<T extends { uid: string }>(cases: readonly T[], query: string): T[] {
  try {
    return selectByUid(cases, query);
  } catch (err) {
    if (err instanceof UidSelectionError) throw new UsageError(err.message);
    throw err;
  }
}

export async function taxonomyFrom(file: string | undefined): Promise<DepartmentTaxonomy> {
  return file ? loadDepartmentFile(file) : DepartmentTaxonomy.default();
}

export function languageOption(value: string | undefined): Language | undefined {
  if (value === undefined) return undefined;
  const lang = parseLanguage(value);
  if (!lang) throw new UsageError(`--lang "${value}" is not a language of ClinicalBench; use zh or en`);
  return lang;
}

export function casePathsOrBundled(paths: string[] | undefined): string[] {
  return paths && paths.length > 0 ? paths : [BUNDLED_CASES_DIR];
}

export async function loadWithReport(
  io: Io,
  paths: string[],
  opts: { strict?: boolean; taxonomy: DepartmentTaxonomy; quiet?: boolean; json?: boolean; session?: CaseSession },
): Promise<LoadResult> {
  const result = await loadThrough(opts.session, paths, { strict: opts.strict ?? false, taxonomy: opts.taxonomy });
  if (!opts.json) printProblems(io, result, opts.quiet ?? false);
  return result;
}

export function printProblems(io: Io, result: LoadResult, quiet: boolean): void {
  for (const p of result.problems) {
    if (p.severity === 'warning' && quiet) continue;
    const tag = p.severity === 'error' ? paint(io, 'red', 'error') : paint(io, 'yellow', 'warning');
    io.err(`${tag}: ${formatProblem(p)}`);
  }
}

export function loadSummaryLine(result: LoadResult): string {
  const errors = result.problems.filter((p) => p.severity === 'error').length;
  const warnings = result.problems.length - errors;
  const uids = new Set(result.cases.map((c) => c.uid)).size;
  return (
    `${result.loaded} record${result.loaded === 1 ? '' : 's'} loaded (${uids} case${uids === 1 ? '' : 's'}) from ${result.files.length} file${result.files.length === 1 ? '' : 's'}; ` +
    `${result.skipped} skipped; ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`
  );
}

/** "record 5 at line 5", "records 5 at line 5, 9 at lines 40–52 and 3 more": the records with errors. */
export function recordList(problems: readonly LoadProblem[], max = 5): string {
  const first = new Map<number, LoadProblem>();
  for (const p of problems) if (p.severity === 'error' && p.record !== undefined && !first.has(p.record)) first.set(p.record, p);
  const at = (p: LoadProblem): string => (p.line === undefined ? '' : p.endLine !== undefined && p.endLine > p.line ? ` at lines ${p.line}–${p.endLine}` : ` at line ${p.line}`);
  const shown = [...first.values()].slice(0, max).map((p) => `${p.record}${at(p)}`);
  const more = first.size > max ? ` and ${first.size - max} more` : '';
  return `${first.size === 1 ? 'record' : 'records'} ${shown.join(', ')}${more}`;
}

/** "; text that is no record at line 216 and lines 3–4, not counted" (empty when there is none). */
export function outsideNote(problems: readonly LoadProblem[]): string {
  const where = problems
    .filter((p) => p.severity === 'error' && p.record === undefined && p.line !== undefined)
    .map((p) => (p.endLine !== undefined && p.endLine > p.line! ? `lines ${p.line}–${p.endLine}` : `line ${p.line}`));
  return where.length === 0 ? '' : `; text that is no record at ${where.join(', ')}, not counted`;
}

/**
 * One line per file that had records skipped or text that is no record: loaded + skipped = the records in the
 * file, and which records were skipped.
 */
export function fileSummaryLines(result: LoadResult): string[] {
  return result.files
    .filter((f) => f.skipped > 0 || f.outside > 0)
    .map((f) => {
      const mine = result.problems.filter((p) => p.file === f.file);
      const skipped = f.skipped > 0 ? ` (${recordList(mine)})` : '';
      return `${f.file}: ${f.loaded} loaded + ${f.skipped} skipped${skipped} = ${f.records} record${f.records === 1 ? '' : 's'} in the file${outsideNote(mine)}`;
    });
}

export function hasErrors(result: LoadResult): boolean {
  return result.problems.some((p) => p.severity === 'error');
}

/** Rows of "task | records it can be scored on" for a set of cases (partial datasets support only some tasks). */
export function supportRows(s: SupportCounts): string[][] {
  const of = (n: number): string => `${n}/${s.records}`;
  const rows: string[][] = [];
  const columns = new Set<string>();
  for (const t of SCORED_TASKS) {
    if (columns.has(t.column)) continue; // the two DIFR rows share a column
    columns.add(t.column);
    if (t.partOf !== undefined) rows.push(['DIFR (3 and 5 departments)', of(s.triage)]);
    else if (t.perExam) rows.push([`${t.title} (${t.column})`, `${of(s.parts[t.gold!])} (${s.scorableExams} of ${s.exams} exams have an impression)`]);
    else rows.push([`${t.title} (${t.column})`, of(s.parts[t.gold!])]);
  }
  return rows;
}
