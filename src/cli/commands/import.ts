/** `clinicallab import`: turn another dataset (AgentClinic, a CSV of vignettes, a hospital export) into ClinicalBench records. */
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { PRESETS, importBytes, toJsonLines, type ImportResult, type Preset, type SourceFormat } from '../../bench/import/importer.js';
import { parseMapping, type Mapping } from '../../bench/import/mapping.js';
import { formatProblem } from '../../bench/loader.js';
import { DepartmentTaxonomy } from '../../bench/departments.js';
import { writeFileAtomic } from '../../report/index.js';
import { paint, table, truncate, type Io } from '../io.js';
import { languageOption, outsideNote, supportRows, taxonomyFrom, UsageError } from '../common.js';

interface Options {
  preset?: string;
  map?: string;
  out?: string;
  lang?: string;
  format?: string;
  delimiter?: string;
  departments?: string;
  explain?: string | boolean;
  records?: string;
  force?: boolean;
  json?: boolean;
}

const FORMATS: readonly SourceFormat[] = ['json', 'jsonl', 'csv'];

async function readBytes(file: string, what: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${what} ${file} ${code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? String(err)})`}`);
  }
}

function printExplain(io: Io, r: ImportResult): void {
  for (const p of r.problems) if (p.record === undefined) io.err(`${paint(io, 'red', 'error')}: ${formatProblem(p)}`);
  for (const e of r.explained) {
    io.out(paint(io, 'bold', `── source record ${e.record} (line ${e.line}) of ${basename(r.file)}`));
    const rows = Object.keys(e.how).map((field) => [field, truncate(e.values[field] ?? '', 48) || paint(io, 'dim', '(empty)'), e.how[field]!]);
    io.out(table(['field', 'value', 'from'], rows));
  }
}

/**
 * A share of records as a whole percentage, rounded down: 1999 of 2000 is 99%, never 100%, and only all of
 * them is 100%; a share above 0 that rounds down to nothing is "<1%".
 */
function sharePercent(part: number, whole: number): string {
  if (whole === 0) return '—';
  const pct = Math.floor((100 * part) / whole);
  return part > 0 && pct === 0 ? '<1%' : `${pct}%`;
}

/** The records the mapping's `skip` rules left out, counted per rule with their record numbers. */
function filteredLines(r: ImportResult): string[] {
  const byRule = new Map<string, number[]>();
  for (const f of r.filtered) byRule.set(f.reason, [...(byRule.get(f.reason) ?? []), f.record]);
  return [...byRule].map(([reason, records]) => {
    const shown = records.length > 10 ? `${records.slice(0, 10).join(', ')} …` : records.join(', ');
    return `Filtered: ${records.length} record${records.length === 1 ? '' : 's'} by ${reason} (source record${records.length === 1 ? '' : 's'} ${shown})`;
  });
}

function printReport(io: Io, r: ImportResult, out: string | undefined): void {
  for (const p of r.problems) io.err(`${p.severity === 'error' ? paint(io, 'red', 'error') : paint(io, 'yellow', 'warning')}: ${formatProblem(p)}`);
  const errors = r.problems.filter((p) => p.severity === 'error').length;
  const counts = `${r.read} source record${r.read === 1 ? '' : 's'} read; ${r.cases.length} imported, ${r.filtered.length > 0 ? `${r.filtered.length} filtered, ` : ''}${r.skipped} skipped; ${errors} error${errors === 1 ? '' : 's'}`;
  if (out === undefined) {
    io.out(paint(io, 'red', counts));
    io.out('Nothing written.');
    return;
  }
  const n = r.records.length;
  io.out(table(['field', 'records with it', 'share'], r.coverage.map((c) => [c.field, `${c.filled}/${n}`, sharePercent(c.filled, n)]), [1, 2]));
  io.out('');
  io.out(table(['task', 'records it can be scored on'], supportRows(r.support)));
  for (const line of filteredLines(r)) io.out(line);
  const outside = outsideNote(r.problems.filter((p) => p.file === r.file));
  if (r.skipped > 0 || outside !== '') {
    // the per-file account, as validate gives it: imported + filtered + skipped = the records in the source
    const k = r.skippedRecords.length;
    const which = k === 0 ? '' : ` (${k === 1 ? 'record' : 'records'} ${r.skippedRecords.slice(0, 5).join(', ')}${k > 5 ? ` and ${k - 5} more` : ''})`;
    const filtered = r.filtered.length > 0 ? ` + ${r.filtered.length} filtered` : '';
    io.out(`${r.file}: ${r.cases.length} imported${filtered} + ${r.skipped} skipped${which} = ${r.read} source record${r.read === 1 ? '' : 's'} in the file${outside}`);
  }
  io.out(errors > 0 ? paint(io, 'red', counts) : paint(io, 'green', counts));
  io.out(`Written: ${out}${errors > 0 ? ' (records with errors were left out; fix the mapping and import again)' : ''}`);
}

export function register(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command('import')
    .description('convert another dataset (AgentClinic, JSON, JSON Lines or CSV with a mapping file) into ClinicalBench records')
    .argument('[file]', 'the source file')
    .option('-p, --preset <name>', `a built-in converter: ${PRESETS.join(', ')}`)
    .option('-m, --map <mapping.yaml>', 'a mapping file saying where each ClinicalBench field comes from (with --preset: rules laid over it, e.g. a department lookup)')
    .option('-o, --out <file>', 'where to write the records (JSON Lines); default: <source name>.clinicalbench.jsonl')
    .option('-l, --lang <lang>', 'language of every record when the mapping does not say (default: guessed per record)')
    .option('--format <format>', `source format: ${FORMATS.join(', ')} (default: from the file name, else from its first character)`)
    .option('--delimiter <char>', 'CSV delimiter (default: guessed from the header line)')
    .option('--departments <file>', 'department list from a JSON file instead of the built-in 23')
    .option('--explain [mapping]', 'show, for the first records, where each field came from, and write nothing')
    .option('--records <n>', 'with --explain: how many records to show', '3')
    .option('--force', 'overwrite the output file when it exists already')
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      `
Every source record is imported or reported with its file, record number, line and field. Fields the source
does not have stay empty, and the tasks that need them are skipped (and counted) when the cases are run and
scored — never scored as wrong. The output is read back by the ClinicalBench loader before this command ends,
so what it writes is what \`validate\` and \`run --cases\` accept; an output file that exists already is kept
unless --force. A source that is not UTF-8 is refused (with the offset of its first bad byte), and a mapping
converts each record under a time limit of a second, so a runaway regex is stopped and reported with its record,
field and rule. The mapping format is in the README ("Bring your own data").

Examples:
  clinicallab import agentclinic_medqa.jsonl --preset agentclinic -o agentclinic.jsonl
  clinicallab import agentclinic_medqa.jsonl --preset agentclinic --map departments.yaml -o agentclinic.jsonl
  clinicallab import vignettes.csv --map mapping.yaml -o vignettes.jsonl
  clinicallab import --explain mapping.yaml vignettes.csv
  clinicallab run --cases agentclinic.jsonl`,
    )
    .action(async (fileArg: string | undefined, opts: Options) => {
      let file = fileArg;
      let mapFile = opts.map;
      const explain = opts.explain !== undefined && opts.explain !== false;
      if (typeof opts.explain === 'string') {
        if (file === undefined && (mapFile !== undefined || opts.preset !== undefined)) file = opts.explain; // `import --map m.yaml --explain file`
        else if (mapFile === undefined) mapFile = opts.explain; // `import --explain mapping.yaml file`
        else throw new UsageError('--explain takes the mapping file, or nothing when --map gives it');
      }
      if (file === undefined) throw new UsageError('name the source file to import');
      if (opts.preset === undefined && mapFile === undefined) throw new UsageError(`say how to read ${file}: --preset ${PRESETS.join('|')} or --map <mapping.yaml>`);
      if (opts.preset !== undefined && !(PRESETS as readonly string[]).includes(opts.preset)) throw new UsageError(`--preset "${opts.preset}" is not known; presets: ${PRESETS.join(', ')}`);
      if (opts.format !== undefined && !(FORMATS as readonly string[]).includes(opts.format)) throw new UsageError(`--format "${opts.format}" is not one of ${FORMATS.join(', ')}`);
      const delimiter = opts.delimiter?.replace('\\t', '\t');
      if (delimiter !== undefined && [...delimiter].length !== 1) throw new UsageError('--delimiter takes one character (\\t for a tab)');
      const shown = Number(opts.records);
      if (!Number.isInteger(shown) || shown < 1) throw new UsageError(`--records "${opts.records}" should be a whole number ≥ 1`);

      let mapping: Mapping | undefined;
      if (mapFile !== undefined) {
        try {
          mapping = parseMapping((await readBytes(mapFile, 'the mapping file')).toString('utf8'), mapFile);
        } catch (err) {
          if (err instanceof UsageError) throw err;
          throw new UsageError((err as Error).message);
        }
      }
      const language = languageOption(opts.lang);
      const taxonomy = await taxonomyFrom(opts.departments);
      const out = explain ? undefined : (opts.out ?? `${basename(file, extname(file))}.clinicalbench.jsonl`);
      if (out && resolve(out) === resolve(file)) throw new UsageError(`--out ${out} is the source file itself; write the records somewhere else`);
      if (out && !opts.force && existsSync(out)) throw new UsageError(`${out} exists already; give --force to overwrite it, or another --out`);
      const bytes = await readBytes(file, 'the source file');
      const result = importBytes(bytes, file, {
        ...(opts.preset ? { preset: opts.preset as Preset } : {}),
        ...(mapping ? { mapping } : {}),
        ...(language ? { language } : {}),
        ...(opts.format ? { format: opts.format as SourceFormat } : {}),
        ...(delimiter ? { delimiter } : {}),
        taxonomy,
        explain: explain ? shown : 0,
      });
      // a problem with the whole file (not one of its records, nor text between them) means there is nothing worth writing
      const written = out !== undefined && !result.problems.some((p) => p.severity === 'error' && p.record === undefined && p.line === undefined) ? out : undefined;
      if (written) await writeFileAtomic(written, toJsonLines(result.records));
      const errors = result.problems.filter((p) => p.severity === 'error').length;
      if (errors > 0) setExit(1);
      if (opts.json) {
        const { records: _records, cases: _cases, ...rest } = result;
        io.out(JSON.stringify({ ok: errors === 0, ...(written ? { out: written } : {}), imported: result.cases.length, ...rest }, null, 2));
        return;
      }
      if (explain) printExplain(io, result);
      else {
        printReport(io, result, written);
        if (opts.departments && written) warnOffList(io, result, opts.departments, written);
      }
    });
}

/**
 * Records written with departments the built-in list does not have need the same list to be read: say so, and
 * that a run given it keeps it, so rescoring and reports need no flag.
 */
function warnOffList(io: Io, r: ImportResult, file: string, out: string): void {
  const builtin = DepartmentTaxonomy.default();
  const off = new Map<string, number>();
  for (const c of r.cases) if (c.gold.department && !builtin.normalise(c.gold.departmentText)) off.set(c.gold.department.id, (off.get(c.gold.department.id) ?? 0) + 1);
  if (off.size === 0) return;
  const n = [...off.values()].reduce((a, b) => a + b, 0);
  io.err(
    `${paint(io, 'yellow', 'warning')}: ${n} record${n === 1 ? '' : 's'} name${n === 1 ? 's' : ''} a department that is not on the built-in list (${[...off.keys()].slice(0, 6).join(', ')}${off.size > 6 ? ', …' : ''}): ` +
      `give the same list when you run them (clinicallab run --cases ${out} --departments ${file}). The run keeps the list, so score, report, view, routing and resuming it need no flag.`,
  );
}
