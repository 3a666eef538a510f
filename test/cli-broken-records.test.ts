/**
 * What a user sees when one record of a file is broken: `validate`, `run --dry-run` and `import` report that
 * record by number and line, load the ones after it, and account for the file (loaded + skipped = records in
 * it); text after the last record is reported as trailing text and not counted as a record.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../src/bench/bundled.js';
import { loadCases } from '../src/bench/loader.js';
import { fixture, runCli, tempDir } from './helpers.js';

const { cases } = await loadCases([BUNDLED_CASES_DIR], { strict: true });

/** 214 records from the bundled set (repeated under new uids past its 138), one per line, line 5 cut short. */
function cutJsonLines(dir: string): string {
  const lines = Array.from({ length: 214 }, (_, i) => {
    const r = cases[i % cases.length]!.record;
    return JSON.stringify(i < cases.length ? r : { ...r, clinical_case_uid: `${r.clinical_case_uid.slice(0, 24)}${i.toString(16).padStart(8, '0')}` });
  });
  lines[4] = lines[4]!.slice(0, Math.floor(lines[4]!.length / 2));
  const file = join(dir, 'cases214.jsonl');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

describe('a JSON Lines file of 214 records whose line 5 is cut short', () => {
  const dir = tempDir();
  const file = cutJsonLines(dir);

  it('validate reports record 5, loads the 213 others, and accounts for the file', async () => {
    const r = await runCli('validate', file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: .*cases214\.jsonl: record 5 \(line 5\): not valid JSON at line 5, column \d+: Unterminated string; skipped, reading goes on at line 6$/m);
    expect(r.err.match(/^error:/gm)).toHaveLength(1);
    expect(r.out).toContain(`${file}: 213 loaded + 1 skipped (record 5 at line 5) = 214 records in the file`);
    expect(r.out).toMatch(/^213 records loaded \(\d+ cases\) from 1 file; 1 skipped; 1 error, 0 warnings$/m);

    const json = JSON.parse((await runCli('validate', '--json', file)).out) as { loaded: number; skipped: number; files: { records: number; loaded: number; skipped: number; outside: number }[]; problems: { record?: number; line?: number }[] };
    expect(json).toMatchObject({ loaded: 213, skipped: 1, files: [{ records: 214, loaded: 213, skipped: 1, outside: 0 }] });
    expect(json.problems).toEqual([expect.objectContaining({ severity: 'error', record: 5, line: 5 })]);
  });

  it('run --dry-run plans the 213 records that loaded and shows the same account', async () => {
    const r = await runCli('run', '--dry-run', '--cases', file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cases214\.jsonl: record 5 \(line 5\): not valid JSON at line 5/);
    expect(r.out).toContain(`${file}: 213 loaded + 1 skipped (record 5 at line 5) = 214 records in the file`);
    expect(r.out).toMatch(/prompts for 213 records/);
    expect(r.out).toContain('--dry-run: stopping before any model is called.');
  });
});

describe('text after the last record', () => {
  const dir = tempDir();
  const records = cases.slice(0, 5).map((c) => c.record);

  it('is reported as trailing text, not counted as a record, by validate and run --dry-run', async () => {
    const file = join(dir, 'five.json');
    const text = JSON.stringify(records, null, 2) + '\n\nexported by hand, 5 records\n';
    writeFileSync(file, text);
    const line = text.split('\n').indexOf('exported by hand, 5 records') + 1;
    const v = await runCli('validate', file);
    expect(v.code).toBe(1);
    expect(v.err).toContain(`error: ${file}: line ${line}: trailing text after the last record, not read as a record: "exported by hand, 5 records"`);
    expect(v.out).toContain(`${file}: 5 loaded + 0 skipped = 5 records in the file; text that is no record at line ${line}, not counted`);
    expect(v.out).toContain('5 records loaded');
    const run = await runCli('run', '--dry-run', '--cases', file);
    expect(run.out).toMatch(/prompts for 5 records/);
    expect(run.err).toContain('trailing text after the last record');
  });

  it('after a broken record among pretty-printed objects: both are reported, the others load', async () => {
    const file = join(dir, 'objects.json');
    const texts = records.map((r) => JSON.stringify(r, null, 2));
    const startOf = (k: number): number => texts.slice(0, k).join('\n').split('\n').length + (k > 0 ? 1 : 0);
    texts[2] = texts[2]!.replace(/("principal_diagnosis": "[^"]*)"/, '$1\\"'); // a bad escape: the string does not end there
    writeFileSync(file, texts.join('\n') + '\n%% end\n');
    const r = await runCli('validate', file);
    expect(r.err).toMatch(new RegExp(`record 3 \\(lines ${startOf(2)}–\\d+\\): not valid JSON at line \\d+, column \\d+: .*; skipped, reading goes on at line ${startOf(3)}`));
    expect(r.err).toMatch(/line \d+: trailing text after the last record, not read as a record: "%% end"/);
    expect(r.out).toMatch(/objects\.json: 4 loaded \+ 1 skipped \(record 3 at lines \d+–\d+\) = 5 records in the file; text that is no record at line \d+, not counted/);
  });
});

describe('import of a source with a broken record and trailing text', () => {
  it('imports the records around it, reports it by number and line, and accounts for the source', async () => {
    const dir = tempDir();
    const [a, b] = readFileSync(fixture('import', 'visits.jsonl'), 'utf8').trim().split('\n') as [string, string];
    const lines = [1, 2, 3, 4, 5].map((i) => (i % 2 ? a : b).replace(/"case": "a\d"/, `"case": "v${i}"`));
    lines[2] = lines[2]!.slice(0, 60);
    const src = join(dir, 'visits.jsonl');
    writeFileSync(src, lines.join('\n') + '\nend of export\n');
    const out = join(dir, 'out.jsonl');
    const r = await runCli('import', src, '--map', fixture('import', 'visits.yaml'), '-o', out);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/visits\.jsonl: record 3 \(line 3\): not valid JSON at line 3, column \d+: .*; skipped, reading goes on at line 4/);
    expect(r.err).toContain(`${src}: line 6: trailing text after the last record, not read as a record: "end of export"`);
    expect(r.out).toContain(`${src}: 4 imported + 1 skipped (record 3) = 5 source records in the file; text that is no record at line 6, not counted`);
    expect(r.out).toContain('5 source records read; 4 imported, 1 skipped; 2 errors');
    const written = await loadCases([out], { strict: true });
    expect(written.cases.map((c) => c.uid)).toEqual(['v1', 'v2', 'v4', 'v5']);
  });

  it('resynchronises in a pretty-printed JSON array too', async () => {
    const dir = tempDir();
    const [a, b] = readFileSync(fixture('import', 'visits.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>) as [Record<string, unknown>, Record<string, unknown>];
    const items = [1, 2, 3, 4].map((i) => ({ ...(i % 2 ? a : b), case: `w${i}` }));
    const text = JSON.stringify(items, null, 2).replace('"case": "w2"', '"case": "w2" @@');
    const src = join(dir, 'visits.json');
    writeFileSync(src, text);
    const r = await runCli('import', src, '--map', fixture('import', 'visits.yaml'), '-o', join(dir, 'out.jsonl'));
    const line = text.split('\n').findIndex((l) => l.includes('"case": "w2"')) - 1;
    expect(r.err).toMatch(new RegExp(`record 2 \\(lines ${line + 1}–\\d+\\): not valid JSON at line ${line + 2}, column \\d+`));
    expect(r.out).toContain('4 source records read; 3 imported, 1 skipped; 1 error');
  });
});
