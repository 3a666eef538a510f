/**
 * `clinicallab import` on hostile input, through the command line on files in a temp dir: a record nested
 * thousands of levels deep, a source that is not UTF-8, and a mapping regex that backtracks without end. Each is
 * reported with the source file, the record and the field (and the mapping rule), the other records are imported,
 * and the command always ends. The regex cases run the built CLI in a child process with a time limit, so a hang
 * fails the test instead of stopping the suite.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../src/bench/loader.js';
import { ROOT, runCli, tempDir } from './helpers.js';

const errorLines = (err: string) => err.split('\n').filter((l) => l.startsWith('error:'));

const MAPPING = 'language: en\nfields:\n  principal_diagnosis: { path: dx, required: true }\nsummary:\n  chief_complaint: summary\n';

/** The built CLI in a child process that is killed after `ms`. */
function spawnCli(args: string[], ms = 60_000): { code: number | null; signal: NodeJS.Signals | null; out: string; err: string; ms: number } {
  const started = Date.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'clinicallab.js'), ...args], { encoding: 'utf8', timeout: ms, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr, ms: Date.now() - started };
}

describe('a record nested too deeply', () => {
  it('is reported with its record and field, and the others are imported', async () => {
    const dir = tempDir();
    const src = join(dir, 'deep.jsonl');
    const deep = `${'['.repeat(20_000)}"fever"${']'.repeat(20_000)}`;
    writeFileSync(src, [JSON.stringify({ dx: 'influenza', summary: 'fever and myalgia' }), `{"dx":"common cold","summary":${deep}}`, JSON.stringify({ dx: 'pneumonia', summary: 'cough and fever' })].join('\n'));
    const map = join(dir, 'map.yaml');
    writeFileSync(map, MAPPING);
    const out = join(dir, 'out.jsonl');
    const r = await runCli('import', src, '--map', map, '-o', out);
    expect(r.code).toBe(1);
    expect(errorLines(r.err)).toEqual([`error: ${src}: record 2 (line 2): \`summary\` is nested more than 200 levels deep (lists or objects inside one another); the record was not imported`]);
    expect(r.out).toContain('3 source records read; 2 imported, 1 skipped; 1 error');
    expect((await loadCases([out])).cases.map((c) => c.gold.principalDiagnosis)).toEqual(['influenza', 'pneumonia']);
  });
});

describe('a source that is not UTF-8', () => {
  it('is refused with the byte offset and line of the first bad byte, and nothing is written', async () => {
    const dir = tempDir();
    const src = join(dir, 'latin1.csv');
    // "Fièvre" saved as Latin-1: é is the single byte 0xE8 (then "v", not a continuation byte)
    const text = 'dx,summary\ninfluenza,fever\npneumonia,Fi\u00e8vre\n';
    writeFileSync(src, Buffer.from(text, 'latin1'));
    const map = join(dir, 'map.yaml');
    writeFileSync(map, MAPPING);
    const out = join(dir, 'out.jsonl');
    const r = await runCli('import', src, '--map', map, '-o', out);
    expect(r.code).toBe(1);
    const offset = 'dx,summary\ninfluenza,fever\npneumonia,Fi'.length;
    expect(errorLines(r.err)).toEqual([`error: ${src}: is not valid UTF-8 text: byte 0xE8 at byte offset ${offset} (line 3) starts no UTF-8 character; nothing was imported. Save the file as UTF-8 (with or without BOM)`]);
    expect(r.out).toContain('Nothing written.');
    expect(() => readFileSync(out)).toThrow();
  });
});

describe('a mapping regex that backtracks without end', () => {
  it('is stopped on the record it hangs on, named with its rule, and the other records are imported', () => {
    const dir = tempDir();
    const src = join(dir, 'cells.csv');
    // ^(a+)+$ on 40 a's and a b takes about 2^40 steps; on "aaa" it matches at once
    writeFileSync(src, `id,dx,summary\n1,aaa,fever\n2,${'a'.repeat(40)}b,cough\n3,aaaa,rash\n`);
    const map = join(dir, 'map.yaml');
    writeFileSync(map, 'language: en\nfields:\n  principal_diagnosis: { path: dx, regex: "^(a+)+$" }\nsummary:\n  chief_complaint: summary\n');
    const out = join(dir, 'out.jsonl');
    const r = spawnCli(['import', src, '--map', map, '-o', out]);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(errorLines(r.err)).toEqual([
      `error: ${src}: record 2 (line 3): \`principal_diagnosis\` could not be mapped: the \`regex\` /^(a+)+$/ of the mapping rule \`fields.principal_diagnosis\` ran for more than 1000 ms on a 41-character text and was stopped, so the record was not imported; nested repetition such as (a+)+ makes a pattern take ages on some texts — simplify it`,
    ]);
    expect(r.out).toContain('3 source records read; 2 imported, 1 skipped; 1 error');
    expect(readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { principal_diagnosis: string }).principal_diagnosis)).toEqual(['aaa', 'aaaa']);
  }, 90_000);

  it('is bounded wherever a mapping runs one: skip, pick, replace — and not run again after two stops', () => {
    const dir = tempDir();
    const src = join(dir, 'visits.jsonl');
    const slow = `${'a'.repeat(40)}b`;
    const rows = [
      { status: slow, dx: 'x', qa: [], summary: 's' }, // skip[0].matches
      { status: 'ok', dx: 'x', qa: [{ q: slow, a: 'y' }], summary: 's' }, // the pick's matches
      { status: 'ok', dx: 'x', qa: [], summary: slow }, // the replace pattern
      { status: 'ok', dx: 'x', qa: [], summary: slow }, // stopped a third time
      { status: 'ok', dx: 'x', qa: [], summary: slow }, // not run again: reported at once
      { status: 'ok', dx: 'fine', qa: [{ q: 'department', a: 'Cardiology' }], summary: '' }, // never reaches the given-up pattern
    ];
    writeFileSync(src, rows.map((r) => JSON.stringify(r)).join('\n'));
    const map = join(dir, 'map.yaml');
    writeFileSync(
      map,
      [
        'language: en',
        'skip:',
        '  - { when: status, matches: "^(a+)+$" }',
        'fields:',
        '  principal_diagnosis: dx',
        '  clinical_department: { pick: { from: qa, where: q, matches: "^(a|a)+$|department", value: a } }',
        'summary:',
        '  chief_complaint: { path: summary, replace: { pattern: "^(a*)*$", with: "-" } }',
      ].join('\n'),
    );
    const r = spawnCli(['import', src, '--map', map, '-o', join(dir, 'out.jsonl')], 120_000);
    expect(r.signal).toBeNull();
    const errors = errorLines(r.err);
    expect(errors).toHaveLength(5);
    expect(errors[0]).toContain('record 1 (line 1): `skip[0]` could not be checked: the `matches` /^(a+)+$/ of the mapping rule `skip[0]` ran for more than 1000 ms');
    expect(errors[1]).toContain('record 2 (line 2): `clinical_department` could not be mapped: the `pick.matches` /^(a|a)+$|department/ of the mapping rule `fields.clinical_department` ran for more than 1000 ms');
    expect(errors[2]).toContain('record 3 (line 3): `summary.chief_complaint` could not be mapped: the `replace` /^(a*)*$/ of the mapping rule `summary.chief_complaint` ran for more than 1000 ms');
    expect(errors[3]).toContain('record 4 (line 4): `summary.chief_complaint` could not be mapped: the `replace` /^(a*)*$/ of the mapping rule `summary.chief_complaint` ran for more than 1000 ms');
    expect(errors[4]).toContain('record 5 (line 5): `summary.chief_complaint` could not be mapped: the `replace` /^(a*)*$/ of the mapping rule `summary.chief_complaint` was not run, so the record was not imported: it ran for more than 1000 ms on records 3 and 4 already');
    expect(r.out).toContain('6 source records read; 1 imported, 5 skipped; 5 errors');
    expect(r.ms).toBeLessThan(60_000);
  }, 150_000);
});
