/**
 * Importing another dataset as ClinicalBench records: read the source (JSON, JSON Lines or CSV), turn each of its
 * records into a case through a preset or a mapping (or a preset with a mapping laid over it), and account for
 * every source record — imported, or reported with file, record, line and field. The records that come out are
 * then read back by the ClinicalBench loader, so an import is only as good as what `validate` accepts.
 */
import { basename } from 'node:path';
import type { ClinicalCase } from '../case.js';
import { DepartmentTaxonomy } from '../departments.js';
import { readJsonValues, type OutsideText } from '../json-text.js';
import type { Language } from '../language.js';
import { parseCaseFile, type LoadProblem } from '../loader.js';
import type { ClinicalBenchRecord } from '../schema.js';
import { caseSupport, countSupport, type CaseSupport, type SupportCounts } from '../support.js';
import { isSentinel } from '../text.js';
import { fromAgentClinic } from './agentclinic.js';
import { toRecord, type ImportedCase } from './compose.js';
import { readCsv } from './csv.js';
import { applyMapping, overlayFields, type Applied, type Mapping } from './mapping.js';
import { getPath } from './paths.js';

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
  /** Name of the output file, for the loader's messages about the records read back. */
  outputName?: string;
  /** Keep the how/values of the first N records for --explain (default 0). */
  explain?: number;
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
  skipped: number;
  /** Source record numbers of the records not imported (imported + skipped = read). */
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

/** Import a source file's text. Pure: no file is read or written here. */
export function importText(text: string, file: string, options: ImportOptions): ImportResult {
  const format = sourceFormat(file, text, options.format ?? options.mapping?.format);
  const delimiter = options.delimiter ?? options.mapping?.delimiter;
  const { records: source, outside } = readSourceFile(text, file, format, { ...(delimiter ? { delimiter } : {}), ...(options.mapping?.records ? { records: options.mapping.records } : {}) });
  const problems: LoadProblem[] = [];
  // text that is no record is reported where it stands, not counted as a source record
  const reportOutside = (before: number): void => {
    while (outside.length > 0 && outside[0]!.line < before) {
      const o = outside.shift()!;
      problems.push({ severity: 'error', file, line: o.line, ...(o.endLine > o.line ? { endLine: o.endLine } : {}), message: o.message });
    }
  };
  const records: ClinicalBenchRecord[] = [];
  const sourceRecords: number[] = [];
  const explained: ExplainedRecord[] = [];
  const wanted = options.explain ?? 0;
  for (const s of source) {
    reportOutside(s.line);
    if (s.error !== undefined) {
      problems.push({ severity: 'error', file, record: s.record, line: s.line, ...(s.endLine !== undefined ? { endLine: s.endLine } : {}), message: s.error });
      continue;
    }
    const applied = convert(s.value, options);
    if (explained.length < wanted) explained.push({ record: s.record, line: s.line, how: applied.how, values: applied.values });
    if (!applied.case) {
      for (const e of applied.errors) problems.push({ severity: 'error', file, record: s.record, line: s.line, field: e.field, message: e.message });
      continue;
    }
    records.push(toRecord({ ...applied.case, id: s.record } satisfies ImportedCase));
    sourceRecords.push(s.record);
  }
  reportOutside(Infinity);

  // read the output back exactly as `validate` would
  const outName = options.outputName ?? `${basename(file)} (imported)`;
  const taxonomy = options.taxonomy ?? DepartmentTaxonomy.default();
  const back = parseCaseFile(new TextEncoder().encode(toJsonLines(records)), outName, { taxonomy });
  // file-level notes of the read-back ("… is empty in every record") say what the coverage table already shows
  for (const p of back.problems) {
    if (p.record === undefined) continue;
    const src = sourceRecords[p.record - 1];
    problems.push({ ...p, message: src !== undefined ? `${p.message} (source record ${src} of ${basename(file)})` : p.message });
  }
  // only records the loader accepts are written, so the output of an import always validates; the loader keeps
  // the records it accepts in order, so kept[i] is back.cases[i]
  const rejected = new Set(back.problems.filter((p) => p.severity === 'error' && p.record !== undefined).map((p) => p.record! - 1));
  const kept = records.filter((_, i) => !rejected.has(i));
  const keptSources = sourceRecords.filter((_, i) => !rejected.has(i));
  const keptSet = new Set(keptSources);
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
    skipped: source.length - back.cases.length,
    skippedRecords: source.map((s) => s.record).filter((r) => !keptSet.has(r)),
    coverage,
    support: countSupport(back.cases),
    explained,
  };
}
