/**
 * Importing another dataset as ClinicalBench records: read the source (JSON, JSON Lines or CSV), turn each of its
 * records into a case through a preset or a mapping (or a preset with a mapping laid over it), and account for
 * every source record — imported, or reported with file, record, line and field. The records that come out are
 * then read back by the ClinicalBench loader, so an import is only as good as what `validate` accepts. Hostile
 * input ends no import: a source that is not UTF-8 is refused with where it stops being so, a record nested too
 * deeply is reported, and a mapping converts each record under a time limit that stops a runaway regex.
 */
import { basename } from 'node:path';
import type { ClinicalCase } from '../case.js';
import { DepartmentTaxonomy } from '../departments.js';
import { decodeUtf8, readJsonValues, type OutsideText } from '../json-text.js';
import type { Language } from '../language.js';
import { parseCaseFile, type LoadProblem } from '../loader.js';
import type { ClinicalBenchRecord } from '../schema.js';
import { caseSupport, countSupport, type CaseSupport, type SupportCounts } from '../support.js';
import { isSentinel } from '../text.js';
import { findUtf8Fault, utf8FaultMessage } from '../utf8.js';
import { fromAgentClinic, isOsceRecord } from './agentclinic.js';
import { toRecord, type ImportedCase } from './compose.js';
import { readCsv } from './csv.js';
import { MAX_DEPTH, tooDeep } from './depth.js';
import { applyMapping, overlayFields, skipReason, type Applied, type Mapping } from './mapping.js';
import { getPath } from './paths.js';
import { RecordLimiter, RegexGaveUp, type Limited } from './regex-limit.js';

export const PRESETS = ['agentclinic'] as const;
export type Preset = (typeof PRESETS)[number];

export type SourceFormat = 'json' | 'jsonl' | 'csv';

export interface ImportOptions {
  preset?: Preset;
  mapping?: Mapping;
  /** Language of every record when the mapping does not say (default: guessed per record). */
  language?: Language;
  format?: SourceFormat;
  delimiter?: string;
  taxonomy?: DepartmentTaxonomy;
  /** Keep the how/values of the first N records for --explain (default 0). */
  explain?: number;
  /** How long a mapping may take on one record before the regex running is stopped (default 1000 ms). */
  recordTimeLimitMs?: number;
}

export interface SourceRecord {
  /** 1-based number of the record in the source file. */
  record: number;
  line: number;
  /** Last line of a broken record, when it spans several. */
  endLine?: number;
  value?: unknown;
  error?: string;
}

/** A source record left out on purpose by one of the mapping's `skip` rules. */
export interface FilteredRecord {
  record: number;
  line: number;
  /** Which rule, and what it saw: `skip[0]: path status matches /^draft$/`. */
  reason: string;
}

export interface ExplainedRecord {
  record: number;
  line: number;
  how: Record<string, string>;
  values: Record<string, string>;
}

/** Per field of the output: how many imported records have it filled. */
export interface FieldCoverage {
  field: string;
  filled: number;
}

export interface ImportResult {
  file: string;
  format: SourceFormat;
  /** Source records read (including unreadable ones). */
  read: number;
  records: ClinicalBenchRecord[];
  /** Source record number of each output record. */
  sourceRecords: number[];
  /** The output records as the loader reads them back. */
  cases: ClinicalCase[];
  problems: LoadProblem[];
  /** Source records left out for errors (read − imported − filtered). */
  skipped: number;
  /** Source records left out by the mapping's `skip` rules. */
  filtered: FilteredRecord[];
  /** Source record numbers of the records not imported for errors (imported + filtered + skipped = read). */
  skippedRecords: number[];
  coverage: FieldCoverage[];
  support: SupportCounts;
  explained: ExplainedRecord[];
}

/** The format of a source file: the option, the mapping, the file name, then a look at the text. */
export function sourceFormat(file: string, text: string, option?: SourceFormat): SourceFormat {
  if (option) return option;
  if (/\.(csv|tsv|tab)$/i.test(file)) return 'csv';
  if (/\.(jsonl|ndjson)$/i.test(file)) return 'jsonl';
  if (/\.json$/i.test(file)) return 'json';
  return /^\s*[[{]/.test(text.replace(/^\uFEFF/, '')) ? 'json' : 'csv';
}

/** Read the records of a source file's text. */
export function readSource(text: string, file: string, format: SourceFormat, opts: { delimiter?: string; records?: string } = {}): SourceRecord[] {
  return readSourceFile(text, file, format, opts).records;
}

/** Read the records of a source file's text, and the text in it that is no record (reported, not counted). */
export function readSourceFile(
  text: string,
  file: string,
  format: SourceFormat,
  opts: { delimiter?: string; records?: string } = {},
): { records: SourceRecord[]; outside: OutsideText[] } {
  if (format === 'csv') {
    const delimiter = opts.delimiter ?? (/\.(tsv|tab)$/i.test(file) ? '\t' : undefined);
    const csv = readCsv(text, delimiter ? { delimiter } : {});
    return { records: csv.rows.map((r, i) => ({ record: i + 1, line: r.line, ...(r.error ? { error: r.error } : { value: r.value }) })), outside: [] };
  }
  const read = readJsonValues(text);
  const chunks: SourceRecord[] = read.chunks.map((c, i) => ({
    record: i + 1,
    line: c.line,
    ...(c.error !== undefined ? { error: c.error, ...(c.endLine > c.line ? { endLine: c.endLine } : {}) } : { value: c.value }),
  }));
  if (opts.records === undefined) return { records: chunks, outside: read.outside };
  // the records sit inside a document: `records: data.items`
  const records = chunks.flatMap((c): SourceRecord[] => {
    if (c.error !== undefined) return [c];
    const list = getPath(c.value, opts.records!);
    if (!Array.isArray(list)) return [{ record: c.record, line: c.line, error: `has no list at \`${opts.records}\` (the mapping's \`records\` path)` }];
    return list.map((v, i) => ({ record: i + 1, line: c.line, value: v }));
  });
  return { records, outside: read.outside };
}

function convert(value: unknown, options: ImportOptions): Applied {
  if (options.preset === 'agentclinic') {
    const out = fromAgentClinic(value);
    if (out.case && options.mapping) overlayFields(options.mapping, value, out.case, out);
    if (out.errors.length > 0) delete out.case;
    return out;
  }
  if (!options.mapping) throw new Error('an import needs a preset (--preset) or a mapping (--map)');
  return applyMapping(options.mapping, value, options.language);
}

/** What each coverage row counts, for one output record, its case as the loader read it, and what the case supports. */
const COVERAGE_FIELDS: [string, (r: ClinicalBenchRecord, c: ClinicalCase, s: CaseSupport) => boolean][] = [
  ['clinical_department', (_r, _c, s) => s.department],
  ['summary: basic information', (_r, c) => !isSentinel(c.summary.basicInformation)],
  ['summary: chief complaint', (_r, _c, s) => s.triage],
  ['summary: medical history', (_r, c) => !isSentinel(c.summary.history)],
  ['summary: physical examination', (_r, c) => !isSentinel(c.summary.physicalExamination)],
  ['imageological_examination', (r) => Object.keys(r.imageological_examination).length > 0],
  ['laboratory_examination', (r) => Object.keys(r.laboratory_examination).length > 0],
  ['pathological_examination', (_r, c) => c.pathology !== ''],
  ['principal_diagnosis', (_r, _c, s) => s.principal],
  ['preliminary_diagnosis', (_r, _c, s) => s.preliminary],
  ['diagnostic_basis', (_r, _c, s) => s.basis],
  ['differential_diagnosis', (_r, _c, s) => s.differential],
  ['therapeutic_principle', (_r, _c, s) => s.principle],
  ['treatment_plan', (_r, _c, s) => s.plan],
];

/** One JSON object per line: what `import -o cases.jsonl` writes. */
export function toJsonLines(records: readonly ClinicalBenchRecord[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + (records.length > 0 ? '\n' : '');
}

/**
 * With the AgentClinic preset, a file none of whose records is an OSCE record is not an AgentClinic file at all:
 * one error for the file, instead of one per row.
 */
function notAgentClinic(source: readonly SourceRecord[], file: string, format: SourceFormat): LoadProblem | undefined {
  if (source.length === 0 || source.some((s) => s.error === undefined && isOsceRecord(s.value))) return undefined;
  const readable = source.filter((s) => s.error === undefined).length;
  const seen =
    format === 'csv'
      ? `it reads as CSV (${source.length} row${source.length === 1 ? '' : 's'})`
      : readable === 0
        ? `none of its ${source.length} record${source.length === 1 ? ' is' : 's are'} valid JSON`
        : `none of its ${source.length} record${source.length === 1 ? '' : 's'} has an \`OSCE_Examination\` object`;
  return {
    severity: 'error',
    file,
    message: `is not AgentClinic JSON Lines (one {"OSCE_Examination": {…}} object per line): ${seen}; nothing was imported. For other data, write a mapping (--map)`,
  };
}

/** The result of an import that read nothing worth writing: one problem with the whole file. */
function fileFailed(file: string, format: SourceFormat, source: readonly SourceRecord[], problem: LoadProblem): ImportResult {
  const coverage = COVERAGE_FIELDS.map(([field]) => ({ field, filled: 0 }));
  const read = source.length;
  return { file, format, read, records: [], sourceRecords: [], cases: [], problems: [problem], skipped: read, filtered: [], skippedRecords: source.map((s) => s.record), coverage, support: countSupport([]), explained: [] };
}

/** Import a source file's bytes: refused, saying where, unless they are UTF-8 (as the loader refuses case files). */
export function importBytes(bytes: Uint8Array, file: string, options: ImportOptions): ImportResult {
  let text: string;
  try {
    text = decodeUtf8(bytes);
  } catch {
    const fault = findUtf8Fault(bytes);
    const message = `${fault ? utf8FaultMessage(fault) : 'is not valid UTF-8 text'}; nothing was imported. Save the file as UTF-8 (with or without BOM)`;
    return fileFailed(file, sourceFormat(file, '', options.format ?? options.mapping?.format), [], { severity: 'error', file, message });
  }
  return importText(text, file, options);
}

type Converted = { reason: string } | { applied: Applied };

/** One record through the preset or mapping (and its skip rules); a record that trips the converter is reported. */
function convertRecord(value: unknown, options: ImportOptions): Limited<Converted> {
  const deep = tooDeep(value);
  if (deep !== undefined) return { error: { field: deep, message: `is nested more than ${MAX_DEPTH} levels deep (lists or objects inside one another); the record was not imported` } };
  try {
    const reason = options.mapping ? skipReason(options.mapping, value) : undefined;
    return { value: reason !== undefined ? { reason } : { applied: convert(value, options) } };
  } catch (err) {
    if (err instanceof RegexGaveUp) throw err; // the limiter's to report
    // whatever a record does to the converter, the other records still go on
    return { error: { message: `could not be converted (${err instanceof Error ? err.message : String(err)}); the record was not imported` } };
  }
}

/** Import a source file's text. Pure: no file is read or written here. */
export function importText(text: string, file: string, options: ImportOptions): ImportResult {
  const format = sourceFormat(file, text, options.format ?? options.mapping?.format);
  const delimiter = options.delimiter ?? options.mapping?.delimiter;
  const { records: source, outside } = readSourceFile(text, file, format, { ...(delimiter ? { delimiter } : {}), ...(options.mapping?.records ? { records: options.mapping.records } : {}) });
  const wrongFile = options.preset === 'agentclinic' ? notAgentClinic(source, file, format) : undefined;
  if (wrongFile) return fileFailed(file, format, source, wrongFile);
  // a mapping's regexes run under a time limit; a preset has none of its own to bound
  const readable = source.filter((s) => s.error === undefined);
  const work = (s: SourceRecord): Limited<Converted> => convertRecord(s.value, options);
  const results = options.mapping ? new RecordLimiter(options.recordTimeLimitMs).map(readable, (s) => s.record, work) : readable.map(work);
  const converted = new Map(readable.map((s, i) => [s, results[i]!]));
  const problems: LoadProblem[] = [];
  // text that is no record is reported where it stands, not counted as a source record
  const reportOutside = (before: number): void => {
    while (outside.length > 0 && outside[0]!.line < before) {
      const o = outside.shift()!;
      problems.push({ severity: 'error', file, line: o.line, ...(o.endLine > o.line ? { endLine: o.endLine } : {}), message: o.message });
    }
  };
  const records: ClinicalBenchRecord[] = [];
  const sourceOf: SourceRecord[] = [];
  const filtered: FilteredRecord[] = [];
  const explained: ExplainedRecord[] = [];
  const wanted = options.explain ?? 0;
  for (const s of source) {
    reportOutside(s.line);
    if (s.error !== undefined) {
      problems.push({ severity: 'error', file, record: s.record, line: s.line, ...(s.endLine !== undefined ? { endLine: s.endLine } : {}), message: s.error });
      continue;
    }
    const done = converted.get(s)!;
    if ('error' in done) {
      problems.push({ severity: 'error', file, record: s.record, line: s.line, ...(done.error.field !== undefined ? { field: done.error.field } : {}), message: done.error.message });
      continue;
    }
    if ('reason' in done.value) {
      const { reason } = done.value;
      filtered.push({ record: s.record, line: s.line, reason });
      if (explained.length < wanted) explained.push({ record: s.record, line: s.line, how: { filtered: reason }, values: { filtered: 'left out' } });
      continue;
    }
    const { applied } = done.value;
    if (explained.length < wanted) explained.push({ record: s.record, line: s.line, how: applied.how, values: applied.values });
    for (const w of applied.warnings ?? []) problems.push({ severity: 'warning', file, record: s.record, line: s.line, field: w.field, message: w.message });
    if (!applied.case) {
      for (const e of applied.errors) problems.push({ severity: 'error', file, record: s.record, line: s.line, field: e.field, message: e.message });
      continue;
    }
    records.push(toRecord({ ...applied.case, id: s.record } satisfies ImportedCase));
    sourceOf.push(s);
  }
  reportOutside(Infinity);

  // read the output back exactly as `validate` would; what it finds is reported under the source file and
  // record it came from (the output is only the importer's own making)
  const taxonomy = options.taxonomy ?? DepartmentTaxonomy.default();
  const back = parseCaseFile(new TextEncoder().encode(toJsonLines(records)), `${basename(file)} (imported)`, { taxonomy });
  // file-level notes of the read-back ("… is empty in every record") say what the coverage table already shows
  for (const p of back.problems) {
    if (p.record === undefined) continue;
    const src = sourceOf[p.record - 1];
    if (src) problems.push({ ...p, file, record: src.record, line: src.line });
  }
  problems.sort((a, b) => (a.record ?? 0) - (b.record ?? 0));
  // only records the loader accepts are written, so the output of an import always validates; the loader keeps
  // the records it accepts in order, so kept[i] is back.cases[i]
  const rejected = new Set(back.problems.filter((p) => p.severity === 'error' && p.record !== undefined).map((p) => p.record! - 1));
  const kept = records.filter((_, i) => !rejected.has(i));
  const keptSources = sourceOf.filter((_, i) => !rejected.has(i)).map((s) => s.record);
  const accounted = new Set([...keptSources, ...filtered.map((f) => f.record)]);
  const supports = back.cases.map(caseSupport);
  const coverage = COVERAGE_FIELDS.map(([field, test]) => ({ field, filled: kept.filter((r, i) => test(r, back.cases[i]!, supports[i]!)).length }));
  return {
    file,
    format,
    read: source.length,
    records: kept,
    sourceRecords: keptSources,
    cases: back.cases,
    problems,
    skipped: source.length - filtered.length - back.cases.length,
    filtered,
    skippedRecords: source.map((s) => s.record).filter((r) => !accounted.has(r)),
    coverage,
    support: countSupport(back.cases),
    explained,
  };
}
