/**
 * Case files and model answers are data, and data may hold terminal escape sequences: clear the screen, set the
 * window title, move the cursor, a carriage return that overwrites the start of a line, backspaces that rub out
 * what was printed. Whatever the CLI prints shows them as visible text (`\u001b[2J`), keeps newlines, tabs and
 * its own colours, and loses nothing of the data in JSON output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../src/bench/departments.js';
import { readJsonValues } from '../src/bench/json-text.js';
import { loadCases } from '../src/bench/loader.js';
import { main } from '../src/cli/main.js';
import { neutralise } from '../src/cli/io.js';
import { ModelError } from '../src/models/errors.js';
import { evaluatePlanned } from '../src/run/evaluate.js';
import { modelEntries } from '../src/run/setup.js';
import { loadTemplates } from '../src/tasks/templates.js';
import { fixture, tempDir } from './helpers.js';

const CLEAR = '\u001b[2J';
const TITLE = '\u001b]0;owned\u0007';
const C1_CSI = '\u009b31m';

/** Raw control characters a terminal would act on: C0 but newline and tab, DEL, C1. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

async function cli(args: string[], color = false): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), color });
  return { code, out, err };
}

/** The authors-shape record with escape sequences planted in its gold answer and summary, and a second record whose department (quoted in the error) carries one. */
function taintedFile(): string {
  const record = readJsonValues(readFileSync(fixture('authors-shape-en.json'), 'utf8')).chunks[0]!.value as Record<string, unknown>;
  const tainted = {
    ...record,
    principal_diagnosis: `Acute${CLEAR} biliary pancreatitis`,
    clinical_case_summary: String(record.clinical_case_summary).replace('Chief Complaint: ', `Chief Complaint: ${TITLE}pain\rOK ${C1_CSI}red\b\b\bxx `),
  };
  const bad = { ...record, id: 8, clinical_case_uid: 'f'.repeat(32), clinical_department: `Cardio${TITLE}logy` };
  const file = join(tempDir(), 'tainted.json');
  writeFileSync(file, JSON.stringify([tainted, bad]));
  return file;
}

describe('neutralise', () => {
  it('shows control characters as escapes, keeps newlines, tabs and CRLF line ends', () => {
    expect(neutralise(`a${CLEAR}b`)).toBe('a\\u001b[2Jb');
    expect(neutralise(TITLE)).toBe('\\u001b]0;owned\\u0007');
    expect(neutralise(`x${C1_CSI}\u007f`)).toBe('x\\u009b31m\\u007f');
    expect(neutralise('over\rwrite\b')).toBe('over\\rwrite\\b');
    expect(neutralise('line\r\nnext\ttab\n')).toBe('line\r\nnext\ttab\n');
    expect(neutralise('全角 ① é')).toBe('全角 ① é');
  });

  it('keeps the tool’s own colour codes only when asked, and never other sequences', () => {
    expect(neutralise('\u001b[1mbold\u001b[22m', true)).toBe('\u001b[1mbold\u001b[22m');
    expect(neutralise('\u001b[1mbold\u001b[22m', false)).toBe('\\u001b[1mbold\\u001b[22m');
    expect(neutralise('\u001b[8mhidden\u001b[0m', true)).toBe('\\u001b[8mhidden\\u001b[0m');
  });

  it('is lossless inside JSON text: what it writes still parses to the same strings', () => {
    const value = { a: `x${C1_CSI}\u007f${CLEAR}`, b: 'line\r\n' };
    expect(JSON.parse(neutralise(JSON.stringify(value)))).toEqual(value);
  });
});

describe('what the CLI prints to a terminal', () => {
  it('validate quotes a tainted department without its escape sequences', async () => {
    const r = await cli(['validate', taintedFile()]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('"Cardio\\u001b]0;owned\\u0007logy" is not one of the');
    expect(r.out + r.err).not.toMatch(RAW_CONTROL);
  });

  it('cases lists and shows a tainted case with its escapes visible and its colours kept', async () => {
    const file = taintedFile();
    const list = await cli(['cases', file]);
    expect(list.out).toContain('Acute\\u001b[2J biliary pancreatitis');
    expect(list.out + list.err).not.toMatch(RAW_CONTROL);

    const shown = await cli(['cases', file, '--show', '5b1f0c9e'], true);
    expect(shown.code).toBe(1); // the second record's error
    expect(shown.out).toContain('\\u001b]0;owned\\u0007pain'); // (the loader reads the lone \r as a line break)
    expect(shown.out).toContain('OK \\u009b31mred\\b\\b\\bxx');
    expect(shown.out).toContain('\u001b[1m── Chief complaint\u001b[22m'); // the tool's own bold
    // eslint-disable-next-line no-control-regex -- the colour codes paint writes
    expect(shown.out.replace(/\u001b\[(?:1|2|22|3[1-6]|39)m/g, '')).not.toMatch(RAW_CONTROL);
    expect(shown.out).not.toContain(CLEAR);
  });

  it('cases --json keeps the data exactly', async () => {
    const r = await cli(['cases', taintedFile(), '--show', '5b1f0c9e', '--json']);
    const [c] = JSON.parse(r.out) as { gold: { principalDiagnosis: string } }[];
    expect(c!.gold.principalDiagnosis).toBe(`Acute${CLEAR} biliary pancreatitis`);
  });

  it('show quotes a model’s error message without its escape sequences', async () => {
    const dir = join(tempDir(), 'run');
    const loaded = await loadCases([fixture('authors-shape-en.json')]);
    await evaluatePlanned({
      dir,
      models: modelEntries(['openai-compatible:hostile@http://127.0.0.1:9/v1'], {}, { maxRetries: 0 }),
      cases: loaded.cases,
      caseFiles: loaded.files,
      kinds: ['department-guide'],
      templates: await loadTemplates(),
      taxonomy: DepartmentTaxonomy.default(),
      env: {},
      createModel: async (entry) => ({
        id: entry.spec.id,
        generate: async () => {
          throw new ModelError('bad-request', `HTTP 400: ${CLEAR}${TITLE}gone\r`);
        },
      }),
    });
    const r = await cli(['show', dir]);
    expect(r.out).toContain('HTTP 400: \\u001b[2J\\u001b]0;owned\\u0007gone\\r');
    expect(r.out + r.err).not.toMatch(RAW_CONTROL);
  });
});
