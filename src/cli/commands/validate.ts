/** `clinicallab validate <file…>`: load, report every problem, count per department and language. */
import type { Command } from 'commander';
import { CaseLoadError, formatProblem } from '../../bench/loader.js';
import { checkAcrossRecords, checkConsistency } from '../../bench/consistency.js';
import { countByDepartment, unknownKeys } from '../../bench/stats.js';
import { paint, table, type Io } from '../io.js';
import { casePathsOrBundled, fileSummaryLines, hasErrors, loadSummaryLine, loadWithReport, taxonomyFrom } from '../common.js';

interface Options {
  strict?: boolean;
  json?: boolean;
  quiet?: boolean;
  departments?: string;
  consistency?: boolean;
}

export function register(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command('validate')
    .description('check ClinicalBench files (or folders of them) and count cases per department and language')
    .argument('[paths...]', 'files (.json, .jsonl) or folders; default: the bundled open case set')
    .option('--strict', 'stop at the first invalid record instead of reporting it and going on')
    .option('--departments <file>', 'use a department list from a JSON file instead of the 23 built-in departments')
    .option('--json', 'print a machine-readable report on stdout')
    .option('-q, --quiet', 'do not print warnings')
    .option('--consistency', 'also check content: lab arrows against ranges, abnormal lists, modality keys, principal in preliminary list, zh and en records of a case agreeing on department and exams')
    .addHelpText(
      'after',
      `
Every record is either loaded or reported with its file, record number, line, uid and field. A broken
record (cut short, a stray character) is reported with its lines and reading goes on at the next record;
text that is no record (after the last one, say) is reported but not counted as a record.
Exit status: 0 when every record loaded, 1 when any record or file had an error (or, with --consistency,\nwhen a consistency check found something).

Examples:
  clinicallab validate data/clinicalbench_zh.json data/clinicalbench_en.json
  clinicallab validate my-cases/ --json > report.json`,
    )
    .action(async (paths: string[], opts: Options) => {
      const taxonomy = await taxonomyFrom(opts.departments);
      let result;
      try {
        result = await loadWithReport(io, casePathsOrBundled(paths), { strict: opts.strict ?? false, taxonomy, quiet: opts.quiet ?? false, json: opts.json ?? false });
      } catch (err) {
        if (err instanceof CaseLoadError) {
          if (opts.json) io.out(JSON.stringify({ ok: false, stoppedAt: err.problem }, null, 2));
          else io.err(`${paint(io, 'red', 'error')}: ${formatProblem(err.problem)}\nstopped at the first error (--strict)`);
          setExit(1);
          return;
        }
        throw err;
      }
      const findings = opts.consistency ? [...result.cases.flatMap(checkConsistency), ...checkAcrossRecords(result.cases)] : [];
      const counts = countByDepartment(result.cases, taxonomy);
      const unknown = unknownKeys(result.cases);
      if (opts.json) {
        io.out(
          JSON.stringify(
            {
              ok: !hasErrors(result),
              loaded: result.loaded,
              skipped: result.skipped,
              cases: new Set(result.cases.map((c) => c.uid)).size,
              languages: { zh: result.cases.filter((c) => c.language === 'zh').length, en: result.cases.filter((c) => c.language === 'en').length },
              departments: counts.map((r) => ({ id: r.department.id, zh: r.zh, en: r.en, cases: r.cases })),
              unknownModalityKeys: Object.fromEntries(unknown.imaging),
              unknownLabKeys: Object.fromEntries(unknown.labs),
              files: result.files,
              problems: result.problems,
              ...(opts.consistency ? { consistency: findings } : {}),
            },
            null,
            2,
          ),
        );
      } else {
        const rows = counts
          .filter((r) => r.zh + r.en > 0)
          .map((r) => [r.department.short, r.department.zh, String(r.zh), String(r.en), String(r.cases)]);
        if (rows.length > 0) io.out(table(['Department', '科室', 'zh', 'en', 'cases'], rows, [2, 3, 4]));
        const empty = counts.filter((r) => r.zh + r.en === 0).length;
        if (empty > 0 && rows.length > 0) io.out(paint(io, 'dim', `(${empty} of ${taxonomy.size} departments have no cases)`));
        if (unknown.imaging.size > 0) io.out(`Modality keys not in the table (loaded, shown humanised): ${[...unknown.imaging].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
        if (unknown.labs.size > 0) io.out(`Lab keys not in the table (loaded, shown humanised): ${[...unknown.labs].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
        for (const f of findings) io.err(`${paint(io, 'yellow', 'inconsistent')}: uid ${f.uid} (${f.language}): \`${f.field}\` ${f.message}`);
        if (opts.consistency) io.out(`Consistency: ${findings.length} finding${findings.length === 1 ? '' : 's'} in ${result.cases.length} records`);
        for (const f of fileSummaryLines(result)) io.out(f);
        const line = loadSummaryLine(result);
        io.out(hasErrors(result) ? paint(io, 'red', line) : paint(io, 'green', line));
      }
      if (hasErrors(result) || findings.length > 0) setExit(1);
    });
}
