/** `clinicallab templates`: list the prompt templates in use with their hashes, or export them for editing. */
import type { Command } from 'commander';
import { mkdir, writeFile, access } from 'node:fs/promises';
import { join } from 'node:path';
import { loadTemplates, placeholdersOf } from '../../tasks/templates.js';
import { table, type Io } from '../io.js';
import { UsageError } from '../common.js';

interface Options {
  templates?: string;
  export?: string;
  force?: boolean;
  json?: boolean;
}

export function register(program: Command, io: Io): void {
  program
    .command('templates')
    .description('list the prompt templates in use (with hashes), or export them to a folder to edit')
    .option('-t, --templates <dir>', 'folder with your own templates replacing the built-in ones')
    .option('-e, --export <dir>', 'write the templates in use to <dir>/<lang>/<name>.txt')
    .option('--force', 'with --export: overwrite files that exist')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
A template is plain text with {{placeholders}}. To use your own wording (for example the authors' original
prompts), export the built-in set, edit the files, and pass the folder with --templates to run, prompt and
templates. Files you leave out keep the built-in text. Every run records the hash of each template it used.`,
    )
    .action(async (opts: Options) => {
      const set = await loadTemplates(opts.templates);
      const list = [...set.values()];
      if (opts.export) {
        for (const t of list) {
          const dir = join(opts.export, t.language);
          const file = join(dir, `${t.name}.txt`);
          const exists = await access(file).then(() => true, () => false);
          if (exists && !opts.force) throw new UsageError(`${file} exists; use --force to overwrite it`);
          await mkdir(dir, { recursive: true });
          await writeFile(file, t.text);
        }
        io.out(`wrote ${list.length} templates to ${opts.export}`);
        return;
      }
      if (opts.json) {
        io.out(JSON.stringify(list.map((t) => ({ name: t.name, language: t.language, hash: t.hash, source: t.source, placeholders: placeholdersOf(t.text) })), null, 2));
        return;
      }
      io.out(table(['language', 'template', 'hash', 'placeholders', 'source'], list.map((t) => [t.language, t.name, t.hash, placeholdersOf(t.text).join(', '), t.source])));
    });
}
