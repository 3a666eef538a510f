/** `clinicallab cases`: list cases, filter them, and show one readably, section by section. */
import type { Command } from 'commander';
import type { ClinicalCase } from '../../bench/case.js';
import { filterCases } from '../../bench/stats.js';
import { shortUid, uidDisplayLength } from '../../bench/uids.js';
import { paint, table, truncate, type Io } from '../io.js';
import { casePathsOrBundled, hasErrors, languageOption, loadSummaryLine, loadWithReport, recordsOfUid, taxonomyFrom, UsageError } from '../common.js';

interface Options {
  department?: string;
  lang?: string;
  show?: string;
  json?: boolean;
  departments?: string;
}

export function register(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command('cases')
    .description('list the cases of ClinicalBench files, or show one case section by section')
    .argument('[paths...]', 'files or folders; default: the bundled open case set')
    .option('-d, --department <name>', 'only this department (any name: 消化内科, Gastroenterology, gastroenterology department …)')
    .option('-l, --lang <lang>', 'only this language (zh or en)')
    .option('-s, --show <uid>', 'show the case with this clinical_case_uid (an exact uid always wins; otherwise a unique start is enough)')
    .option('--departments <file>', 'department list from a JSON file instead of the built-in 23')
    .option('--json', 'print JSON instead of text')
    .addHelpText(
      'after',
      `
Examples:
  clinicallab cases --department 骨科 --lang en
  clinicallab cases --show 0a20f343 --lang en
  clinicallab cases my-cases/ --json`,
    )
    .action(async (paths: string[], opts: Options) => {
      const taxonomy = await taxonomyFrom(opts.departments);
      const language = languageOption(opts.lang);
      const department = opts.department ? taxonomy.normalise(opts.department) : undefined;
      if (opts.department && !department) throw new UsageError(`--department "${opts.department}" is not a department of the list`);
      const result = await loadWithReport(io, casePathsOrBundled(paths), { taxonomy, quiet: true, json: opts.json ?? false });
      if (hasErrors(result)) setExit(1);
      const filter = { ...(department ? { department } : {}), ...(language ? { language } : {}) };
      if (opts.show !== undefined) {
        // the uid is chosen among all the loaded cases, so --lang and --department never turn an exact uid into a prefix of another
        const records = recordsOfUid(result.cases, opts.show);
        const cases = filterCases(records, filter);
        if (cases.length === 0) throw new UsageError(`case ${records[0]!.uid} has no record${language ? ` in ${language}` : ''}${department ? ` in ${department.short}` : ''}`);
        if (opts.json) io.out(JSON.stringify(cases.map(caseJson), null, 2));
        else io.out(cases.map((c) => showCase(io, c)).join('\n\n'));
        return;
      }
      const cases = filterCases(result.cases, filter);
      if (opts.json) {
        io.out(JSON.stringify(cases.map(listJson), null, 2));
        return;
      }
      // as long as it takes to tell apart every uid of the files, so any shown uid works with --show
      const uidLength = uidDisplayLength(result.cases.map((c) => c.uid));
      const rows = cases.map((c) => [
        shortUid(c.uid, uidLength),
        c.language,
        c.gold.department ? (c.language === 'zh' ? c.gold.department.zh : c.gold.department.short) : '—',
        truncate(c.gold.principalDiagnosis, 40),
        String(c.imaging.length),
        String(c.labs.length),
      ]);
      io.out(table(['uid', 'lang', 'department', 'principal diagnosis', 'imaging', 'labs'], rows, [4, 5]));
      io.out(paint(io, 'dim', `${cases.length} of ${result.loaded} records · ${loadSummaryLine(result)}`));
    });
}

function listJson(c: ClinicalCase) {
  return {
    uid: c.uid,
    language: c.language,
    department: c.gold.department?.id ?? null,
    principalDiagnosis: c.gold.principalDiagnosis,
    imaging: c.imaging.map((e) => e.key),
    labs: c.labs.map((l) => l.key),
    source: c.source,
  };
}

function caseJson(c: ClinicalCase) {
  const { record: _record, ...rest } = c;
  return rest;
}

function showCase(io: Io, c: ClinicalCase): string {
  const zh = c.language === 'zh';
  const h = (title: string): string => paint(io, 'bold', `── ${title}`);
  const block = (text: string): string => (text === '' ? paint(io, 'dim', '  (none)') : text.split('\n').map((l) => `  ${l}`).join('\n'));
  const out: string[] = [];
  out.push(
    paint(io, 'cyan', `${c.uid} (${c.language})`) +
      ` · ${c.gold.department ? `${c.gold.department.zh} / ${c.gold.department.short}` : 'no department'} · record ${c.source.record} of ${c.source.file}`,
  );
  out.push(h(zh ? '患者基本信息 Patient basic information' : 'Patient basic information'), block(c.summary.basicInformation));
  out.push(h(zh ? '主诉 Chief complaint' : 'Chief complaint'), block(c.summary.chiefComplaint));
  out.push(h(zh ? '病史 Medical history' : 'Medical history'), block(c.summary.history));
  out.push(h(zh ? '体格检查 Physical examination' : 'Physical examination'), block(c.summary.physicalExamination));
  out.push(h(zh ? '辅助检查 Auxiliary examination' : 'Auxiliary examination'));
  out.push(paint(io, 'dim', '  imaging:'), block(c.summary.auxiliary.imaging));
  out.push(paint(io, 'dim', '  laboratory:'), block(c.summary.auxiliary.laboratory));
  out.push(paint(io, 'dim', '  pathology:'), block(c.summary.auxiliary.pathology));
  out.push(h(`Imaging exams (${c.imaging.length})`));
  for (const e of c.imaging) {
    out.push(`  ${paint(io, 'bold', e.name)} ${paint(io, 'dim', `[${e.key}]${e.known ? '' : ' (key not in the table)'}`)}`);
    out.push(`    findings:   ${e.findings || '(none)'}`, `    impression: ${e.impression || '(none)'}`);
  }
  out.push(h(`Laboratory tests (${c.labs.length})`));
  for (const l of c.labs) {
    out.push(`  ${paint(io, 'bold', l.name)} ${paint(io, 'dim', `[${l.key}]`)}`);
    for (const item of l.items) {
      const line = [item.index ?? '', item.name, item.abbr, item.value, item.flag, item.unit, item.range].filter((x) => x !== '').join('  ');
      out.push(`    ${item.flag ? paint(io, 'yellow', line) : line}`);
    }
    out.push(`    abnormal: ${l.abnormal || '(none)'}`);
  }
  out.push(h('Pathology'), block(c.pathology));
  out.push(h('Gold answers'));
  const g = c.gold;
  out.push(
    `  1 Department:             ${g.departmentText}`,
    `  2 Preliminary diagnosis:  ${g.preliminaryDiagnosis.map((d, i) => `${i + 1}. ${d}`).join('; ')}`,
    `  3 Diagnostic basis:`,
    block(g.diagnosticBasis).replace(/^/gm, '  '),
    `  4 Differential diagnosis:`,
    ...g.differentialDiagnosis.map((d, i) => `      ${i + 1}. ${paint(io, 'bold', d.disease)}: ${d.reason}`),
    `  5 Principal diagnosis:    ${g.principalDiagnosis}`,
    `  6 Therapeutic principle:  ${g.therapeuticPrinciple}`,
    `  7 Treatment plan:`,
    ...g.treatmentPlan.map((s, i) => `      ${i + 1}. ${s}`),
    `  8 Imaging impressions:    one per exam, above`,
  );
  return out.join('\n');
}
