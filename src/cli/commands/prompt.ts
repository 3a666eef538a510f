/** `clinicallab prompt`: render the prompts of one case exactly as a model would receive them. */
import type { Command } from 'commander';
import { filterCases } from '../../bench/stats.js';
import { GENERATION_KINDS, type GenerationKind } from '../../tasks/definitions.js';
import { casePrompts } from '../../tasks/prompts.js';
import { loadTemplates } from '../../tasks/templates.js';
import { paint, type Io } from '../io.js';
import { casePathsOrBundled, languageOption, loadWithReport, recordsOfUid, taxonomyFrom, UsageError } from '../common.js';

interface Options {
  uid: string;
  lang?: string;
  kind?: string;
  templates?: string;
  departments?: string;
  json?: boolean;
}

export function register(program: Command, io: Io): void {
  program
    .command('prompt')
    .description('print the prompts of one case as the model receives them')
    .argument('[paths...]', 'files or folders; default: the bundled open case set')
    .requiredOption('-u, --uid <uid>', 'clinical_case_uid of the case (an exact uid always wins; otherwise a unique start is enough)')
    .option('-l, --lang <lang>', 'zh or en (default: every language the case has)')
    .option('-k, --kind <kind>', `one of ${GENERATION_KINDS.join(', ')} (default: all)`)
    .option('-t, --templates <dir>', 'folder with your own templates (<dir>/<lang>/<name>.txt) replacing the built-in ones')
    .option('--departments <file>', 'department list from a JSON file instead of the built-in 23')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
Examples:
  clinicallab prompt --uid 0a20f343
  clinicallab prompt --uid 0a20f343 --lang zh --kind clinical-diagnosis
  clinicallab prompt my-cases/ --uid 2e4f --templates my-templates`,
    )
    .action(async (paths: string[], opts: Options) => {
      const taxonomy = await taxonomyFrom(opts.departments);
      const language = languageOption(opts.lang);
      let kinds: readonly GenerationKind[] = GENERATION_KINDS;
      if (opts.kind) {
        if (!(GENERATION_KINDS as readonly string[]).includes(opts.kind)) throw new UsageError(`--kind "${opts.kind}" is not one of ${GENERATION_KINDS.join(', ')}`);
        kinds = [opts.kind as GenerationKind];
      }
      const templates = await loadTemplates(opts.templates);
      const result = await loadWithReport(io, casePathsOrBundled(paths), { taxonomy, quiet: true, json: opts.json ?? false });
      // the uid is chosen among all the loaded cases, so --lang never turns an exact uid into a prefix of another
      const records = recordsOfUid(result.cases, opts.uid);
      const cases = filterCases(records, language ? { language } : {});
      if (cases.length === 0) throw new UsageError(`case ${records[0]!.uid} has no record in ${language}`);
      const prompts = cases.flatMap((c) => casePrompts(c, { templates, taxonomy }, kinds));
      if (opts.json) {
        io.out(JSON.stringify(prompts, null, 2));
        return;
      }
      for (const p of prompts) {
        const what = [p.kind, p.language, p.exam ? `exam ${p.exam}` : '', `template ${p.template.name} #${p.template.hash}`, p.template.source]
          .filter(Boolean)
          .join(' · ');
        io.out(`${paint(io, 'bold', `── ${what}`)}\n${p.text}\n`);
      }
    });
}
