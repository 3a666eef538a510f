/**
 * Loading ClinicalBench files. Accepts what users really have (see json-text.ts and schema.ts), checks every
 * record, and accounts for every one of them: each record is either loaded or reported with file, record
 * number, line (range), uid and field, so that loaded + skipped = the records in the file. A broken record
 * does not hide the ones after it, and text that is no record is reported too, without being counted as one.
 * Nothing is dropped silently; `strict` stops at the first error instead.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCase, type ClinicalCase } from './case.js';
import { DepartmentTaxonomy } from './departments.js';
import { readJsonValues, decodeUtf8Lines, type JsonReadResult } from './json-text.js';
import { guessLanguage, parseLanguage } from './language.js';
import { validateRecord } from './schema.js';
import { parseCaseSummary } from './summary.js';
import { GOLD, RECORD_GOLD_PARTS } from './gold.js';
import { caseSupport, type CaseSupport } from './support.js';
import { isSentinel } from './text.js';

export type Severity = 'error' | 'warning';

export interface LoadProblem {
  severity: Severity;
  file: string;
  /** 1-based record number in the file. */
  record?: number;
  line?: number;
  /** Last line, when the problem spans several (a broken record, text outside the records). */
  endLine?: number;
  uid?: string;
  field?: string;
  message: string;
}

export interface FileReport {
  file: string;
  sha256: string;
  layout: JsonReadResult['layout'] | 'unreadable';
  /** Records in the file: loaded + skipped. */
  records: number;
  loaded: number;
  skipped: number;
  /** Passages of text that are no record (trailing text, text between lines of JSON Lines), each reported. */
  outside: number;
  repairedEscapes: number;
}

export interface LoadResult {
  cases: ClinicalCase[];
  problems: LoadProblem[];
  files: FileReport[];
  loaded: number;
  skipped: number;
}

export interface LoadOptions {
  /** Stop at the first error (throws CaseLoadError). */
  strict?: boolean;
  taxonomy?: DepartmentTaxonomy;
}

export class CaseLoadError extends Error {
  constructor(readonly problem: LoadProblem) {
    super(formatProblem(problem));
    this.name = 'CaseLoadError';
  }
}

/** `data.json: record 12 (uid 2e4f…, line 340): \`principal_diagnosis\` is missing`; `data.json: lines 90–95: …` */
export function formatProblem(p: LoadProblem): string {
  const where: string[] = [];
  if (p.uid) where.push(`uid ${p.uid}`);
  if (p.line !== undefined) where.push(p.endLine !== undefined && p.endLine > p.line ? `lines ${p.line}–${p.endLine}` : `line ${p.line}`);
  let head = p.file;
  if (p.record !== undefined) head += `: record ${p.record}${where.length ? ` (${where.join(', ')})` : ''}`;
  else if (p.line !== undefined) head += `: ${where.at(-1)!}`;
  const field = p.field ? `\`${p.field}\` ` : '';
  return `${head}: ${field}${p.message}`;
}

/** Tracks (uid, language) pairs across files to report duplicates. */
export type SeenRecords = Map<string, { file: string; record: number }>;

/**
 * Read the records of one file's bytes. Pure apart from the shared `seen` map; does not throw unless `strict`.
 */
export function parseCaseFile(
  bytes: Uint8Array,
  file: string,
  options: LoadOptions = {},
  seen: SeenRecords = new Map(),
): { cases: ClinicalCase[]; problems: LoadProblem[]; report: FileReport } {
  const taxonomy = options.taxonomy ?? DepartmentTaxonomy.default();
  const problems: LoadProblem[] = [];
  const cases: ClinicalCase[] = [];
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const report: FileReport = { file, sha256, layout: 'unreadable', records: 0, loaded: 0, skipped: 0, outside: 0, repairedEscapes: 0 };

  const add = (p: LoadProblem): void => {
    problems.push(p);
    if (p.severity === 'error' && options.strict) throw new CaseLoadError(p);
  };

  const { text, badLines } = decodeUtf8Lines(bytes);
  const read = readJsonValues(text);
  /** The first line of a chunk that holds bytes that are not UTF-8. */
  const badLineIn = (chunk: { line: number; endLine: number }): number | undefined => {
    let lo = 0;
    let hi = badLines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (badLines[mid]! < chunk.line) lo = mid + 1;
      else hi = mid;
    }
    const l = badLines[lo];
    return l !== undefined && l <= chunk.endLine ? l : undefined;
  };
  if (badLines.length > 0 && read.chunks.every((c) => badLineIn(c) !== undefined)) {
    // a file in another encoding, not a few stray bytes
    add({ severity: 'error', file, message: 'is not valid UTF-8 text (save it as UTF-8, with or without BOM)' });
    return { cases, problems, report };
  }
  report.layout = read.layout;
  report.repairedEscapes = read.repairedEscapes;
  if (read.layout === 'empty') add({ severity: 'warning', file, message: 'holds no records' });

  // text that is no record is reported where it stands among the records, but not counted as one
  const outside = [...read.outside];
  const reportOutside = (before: number): void => {
    while (outside.length > 0 && outside[0]!.line < before) {
      const o = outside.shift()!;
      report.outside++;
      add({ severity: 'error', file, line: o.line, ...(o.endLine > o.line ? { endLine: o.endLine } : {}), message: o.message });
    }
  };
  read.chunks.forEach((chunk, i) => {
    const record = i + 1;
    reportOutside(chunk.line);
    report.records++;
    const bad = badLines.length > 0 ? badLineIn(chunk) : undefined;
    if (bad !== undefined) {
      report.skipped++;
      const lines = chunk.endLine > chunk.line ? { endLine: chunk.endLine } : {};
      add({ severity: 'error', file, record, line: chunk.line, ...lines, message: `has bytes that are not UTF-8 text at line ${bad}; skipped (is that part of the file in another encoding?)` });
      return;
    }
    if (chunk.error !== undefined) {
      report.skipped++;
      add({ severity: 'error', file, record, line: chunk.line, ...(chunk.endLine > chunk.line ? { endLine: chunk.endLine } : {}), message: chunk.error });
      return;
    }
    const before = problems.length;
    const built = checkRecord(chunk.value, { file, record, line: chunk.line }, taxonomy, seen, add);
    if (built) {
      cases.push(built);
      report.loaded++;
    } else {
      report.skipped++;
      if (problems.length === before) {
        add({ severity: 'error', file, record, line: chunk.line, message: 'could not be read' });
      }
    }
  });
  reportOutside(Infinity);
  for (const p of emptyGoldWarnings(cases, file)) add(p);
  return { cases, problems, report };
}

/** Each record-level gold part (gold.ts), then the chief complaint the department guide and DIFR triage from. */
const GOLD_NAMES: [keyof CaseSupport, string, string][] = [
  ...RECORD_GOLD_PARTS.map((p): [keyof CaseSupport, string, string] => [p, GOLD[p].field, GOLD[p].scores]),
  ['triage', 'clinical_case_summary', 'Department Guide and DIFR'],
];

/** One warning per gold field that some records leave empty (partial datasets), instead of one per record. */
function emptyGoldWarnings(cases: readonly ClinicalCase[], file: string): LoadProblem[] {
  if (cases.length === 0) return [];
  const support = cases.map(caseSupport);
  const out: LoadProblem[] = [];
  for (const [part, field, task] of GOLD_NAMES) {
    const missing = support.filter((s) => !s[part]).length;
    if (missing === 0) continue;
    const what = part === 'triage' ? 'the chief complaint' : `\`${field}\``;
    const of = missing === cases.length ? `every record (${missing})` : `${missing} of ${cases.length} records`;
    out.push({ severity: 'warning', file, message: `${what} is empty in ${of}: ${task} ${task.includes(' and ') ? 'are' : 'is'} skipped for ${missing === 1 ? 'it' : 'them'}, not scored` });
  }
  return out;
}

function checkRecord(
  value: unknown,
  at: { file: string; record: number; line: number },
  taxonomy: DepartmentTaxonomy,
  seen: SeenRecords,
  add: (p: LoadProblem) => void,
): ClinicalCase | undefined {
  const rawUid =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>).clinical_case_uid : undefined;
  const uid = typeof rawUid === 'string' || typeof rawUid === 'number' ? String(rawUid).trim() || undefined : undefined;
  const base = { file: at.file, record: at.record, line: at.line, ...(uid ? { uid } : {}) };
  const error = (field: string | undefined, message: string): undefined => {
    add({ severity: 'error', ...base, ...(field ? { field } : {}), message });
    return undefined;
  };
  const warn = (field: string | undefined, message: string): void => {
    add({ severity: 'warning', ...base, ...(field ? { field } : {}), message });
  };

  const validated = validateRecord(value);
  if ('issues' in validated) {
    for (const iss of validated.issues) add({ severity: 'error', ...base, field: iss.field, message: iss.message });
    return undefined;
  }
  const record = validated.record;
  const raw = value as Record<string, unknown>;
  for (const field of ['imageological_examination', 'laboratory_examination'] as const) {
    if (!(field in raw)) warn(field, 'is missing; read as no exams');
  }

  const language = parseLanguage(record.language);
  if (!language) {
    return error('language', `is "${record.language}"; expected "zh" or "en"`);
  }
  const guessed = guessLanguage(record.clinical_case_summary);
  if (guessed !== language) {
    warn('language', `says "${language}" but \`clinical_case_summary\` reads as ${guessed === 'zh' ? 'Chinese' : 'English'}`);
  }

  // an empty department (or "Not available.") is a dataset without one: Department Guide is skipped for it
  const noDepartment = isSentinel(record.clinical_department);
  const department = noDepartment ? null : taxonomy.normalise(record.clinical_department);
  if (!noDepartment && !department) {
    return error(
      'clinical_department',
      `"${record.clinical_department}" is not one of the ${taxonomy.size} departments of the list (a hospital's own list can be given with --departments)`,
    );
  }

  const summary = parseCaseSummary(record.clinical_case_summary);
  if (!summary.found.includes('basicInformation')) {
    return error('clinical_case_summary', 'has no patient basic information section ("Patient Basic Information:" / "患者基本信息：")');
  }
  if (!summary.found.includes('chiefComplaint')) {
    return error('clinical_case_summary', 'has no chief complaint section ("Chief Complaint:" / "主诉：")');
  }
  // an empty section is a broken record; "Not available." says the dataset has none (the triage tasks are skipped)
  if (summary.chiefComplaint.trim() === '') {
    return error('clinical_case_summary', 'has an empty chief complaint section (write "Not available." / "暂无。" when the data has none)');
  }
  for (const [section, label] of [
    ['history', 'medical history'],
    ['physicalExamination', 'physical examination'],
    ['auxiliaryExamination', 'auxiliary examination'],
  ] as const) {
    if (!summary.found.includes(section)) warn('clinical_case_summary', `has no ${label} section`);
  }

  for (const [key, exam] of Object.entries(record.imageological_examination)) {
    if (exam.findings.trim() === '') warn(`imageological_examination.${key}.findings`, 'is empty; the imaging task will skip this exam');
  }

  const seenKey = `${record.clinical_case_uid}\u0000${language}`;
  const first = seen.get(seenKey);
  if (first) {
    const where = first.file === at.file ? `record ${first.record}` : `record ${first.record} of ${first.file}`;
    return error('clinical_case_uid', `"${record.clinical_case_uid}" (${language}) appears twice; first as ${where}`);
  }
  seen.set(seenKey, { file: at.file, record: at.record });

  return buildCase(record, language, department ?? null, at, summary); // normalise gives undefined, not null
}

/** Expand directories into the .json/.jsonl files they contain (recursively, sorted). */
export async function expandCasePaths(paths: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    let info;
    try {
      info = await stat(p);
    } catch {
      out.push(p); // reported as unreadable by loadCases
      continue;
    }
    if (info.isDirectory()) {
      const entries = (await readdir(p, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
      const files = entries.filter((e) => e.isFile() && /\.(jsonl?|ndjson)$/i.test(e.name)).map((e) => join(p, e.name));
      const dirs = entries.filter((e) => e.isDirectory()).map((e) => join(p, e.name));
      out.push(...files, ...(await expandCasePaths(dirs)));
    } else {
      out.push(p);
    }
  }
  return out;
}

let parsedFiles = 0;
/** How many case files this process has parsed so far (a command's session parses each once: test/run/session.test.ts). */
export function caseFilesParsed(): number {
  return parsedFiles;
}

/** Load cases from files and directories. */
export async function loadCases(paths: string[], options: LoadOptions = {}): Promise<LoadResult> {
  const result: LoadResult = { cases: [], problems: [], files: [], loaded: 0, skipped: 0 };
  const seen: SeenRecords = new Map();
  for (const file of await expandCasePaths(paths)) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const problem: LoadProblem = {
        severity: 'error',
        file,
        message: code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a directory' : `cannot be read (${code ?? String(err)})`,
      };
      if (options.strict) throw new CaseLoadError(problem);
      result.problems.push(problem);
      result.files.push({ file, sha256: '', layout: 'unreadable', records: 0, loaded: 0, skipped: 0, outside: 0, repairedEscapes: 0 });
      continue;
    }
    parsedFiles++;
    const parsed = parseCaseFile(bytes, file, options, seen);
    result.cases.push(...parsed.cases);
    result.problems.push(...parsed.problems);
    result.files.push(parsed.report);
    result.loaded += parsed.report.loaded;
    result.skipped += parsed.report.skipped;
  }
  return result;
}
