/**
 * Choosing a case by uid and listing uids, through the command line, with uids as imported datasets have them
 * (`DxBench_1` beside `DxBench_10` … `DxBench_19`, `cmb-clin-1`, `craftmd-case_1`) and 32-hex ClinicalBench uids
 * that share their first eight characters: an exact uid always selects its case, a start of a uid only when no
 * uid equals it, and a listing shows every uid long enough to be told apart and typed back.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli as cli, tempDir } from './helpers.js';

const FIXTURE_UID = '5b1f0c9e8a7d4c3b9e2f1a0d6c5b4a39';
const EN = readFileSync(fixture('authors-shape-en.json'), 'utf8');
const ZH = readFileSync(fixture('authors-shape-zh.json'), 'utf8');

const IMPORTED = ['DxBench_1', 'DxBench_2', ...Array.from({ length: 10 }, (_, i) => `DxBench_${10 + i}`), 'cmb-clin-1', 'cmb-clin-10', 'craftmd-case_1', 'craftmd-case_11'];
/** Two ClinicalBench-style uids with the same first eight characters, and one more. */
const HEX = ['0a1b2c3d4e5f60718293a4b5c6d7e8f9', '0a1b2c3d9e5f60718293a4b5c6d7e8f9', '7f3e9d1c2b4a59687766554433221100'];

/** One file of records (one object after another): an en record per uid, and a zh one for those in `zh`. */
function casesFile(uids: readonly string[], zh: readonly string[] = []): string {
  const file = join(tempDir(), 'cases.json');
  const records = [...uids.map((u) => EN.replace(FIXTURE_UID, u)), ...zh.map((u) => ZH.replace(FIXTURE_UID, u))];
  writeFileSync(file, records.join('\n'));
  return file;
}

/** The uids a `cases` listing shows, in its order. */
const listedUids = (out: string): string[] => [...out.matchAll(/^(\S+)\s+(?:zh|en)\s/gm)].map((m) => m[1]!);
/** The uids and languages of the cases `cases --show` printed. */
const shownCases = (out: string): string[] => [...out.matchAll(/^(\S+) \((zh|en)\) · /gm)].map((m) => `${m[1]} ${m[2]}`);

describe('choosing a case by uid', () => {
  const file = casesFile([...IMPORTED, ...HEX], ['DxBench_1']);

  it.each(['DxBench_1', 'DxBench_2', 'cmb-clin-1', 'craftmd-case_1'])('cases --show %s shows that case, though other uids start with it', async (uid) => {
    const r = await cli('cases', file, '--show', uid, '--lang', 'en');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(shownCases(r.out)).toEqual([`${uid} en`]);
  });

  it('shows every language of the case without --lang, and an exact uid in other letter case', async () => {
    expect(shownCases((await cli('cases', file, '--show', 'DxBench_1')).out)).toEqual(['DxBench_1 en', 'DxBench_1 zh']);
    expect(shownCases((await cli('cases', file, '--show', 'dxbench_1', '--lang', 'en')).out)).toEqual(['DxBench_1 en']);
  });

  it('takes the start of a uid when no uid equals it', async () => {
    expect(shownCases((await cli('cases', file, '--show', '7f3e')).out)).toEqual([`${HEX[2]} en`]);
    expect(shownCases((await cli('cases', file, '--show', 'CRAFTMD-CASE_11')).out)).toEqual(['craftmd-case_11 en']);
    expect(shownCases((await cli('cases', file, '--show', '0a1b2c3d9')).out)).toEqual([`${HEX[1]} en`]);
  });

  it('refuses a start that several uids share, naming some of them, with exit code 2', async () => {
    const r = await cli('cases', file, '--show', 'DxBench_');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('"DxBench_" is the start of 12 uids (DxBench_1, DxBench_10, DxBench_11, DxBench_12, DxBench_13, and 7 more); give more of the uid');
    const hex = await cli('cases', file, '--show', '0a1b2c3d');
    expect(hex.code).toBe(2);
    expect(hex.err).toContain(`"0a1b2c3d" is the start of 2 uids (${HEX[0]}, ${HEX[1]})`);
  });

  it('chooses the uid before --lang filters, so an exact uid never falls through to a longer one', async () => {
    const r = await cli('cases', file, '--show', 'DxBench_10', '--lang', 'zh');
    expect(r.code).toBe(2);
    expect(r.err).toContain('case DxBench_10 has no record in zh');
    const missing = await cli('cases', file, '--show', 'DxBench_3');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('no case with uid "DxBench_3"');
  });

  it('follows the same rule in prompt --uid', async () => {
    const one = await cli('prompt', file, '--uid', 'DxBench_1', '--kind', 'department-guide');
    expect(one.code).toBe(0);
    expect(one.out.match(/^── department-guide · (?:zh|en)/gm)).toEqual(['── department-guide · en', '── department-guide · zh']);
    const zh = await cli('prompt', file, '--uid', 'DxBench_1', '--lang', 'zh', '--kind', 'department-guide', '--json');
    expect((JSON.parse(zh.out) as { caseUid: string; language: string }[]).map((p) => `${p.caseUid} ${p.language}`)).toEqual(['DxBench_1 zh']);
    const many = await cli('prompt', file, '--uid', 'cmb-clin');
    expect(many.code).toBe(2);
    expect(many.err).toContain('"cmb-clin" is the start of 2 uids (cmb-clin-1, cmb-clin-10)');
  });
});

describe('listing uids', () => {
  it('shows imported uids whole where a shorter start would be shared, and each shown uid selects its own case', async () => {
    const file = casesFile([...IMPORTED, ...HEX]);
    const r = await cli('cases', file);
    expect(r.code).toBe(0);
    const listed = listedUids(r.out);
    expect(listed).toHaveLength(IMPORTED.length + HEX.length);
    expect(new Set(listed).size).toBe(listed.length);
    // "craftmd-case_1" (14 characters) is the start of "craftmd-case_11": 15 are shown, every imported uid whole
    for (const uid of IMPORTED) expect(listed).toContain(uid);
    for (const uid of HEX) expect(listed).toContain(uid.slice(0, 15));
    for (const shown of listed) {
      const back = await cli('cases', file, '--show', shown);
      expect(back.code).toBe(0);
      expect(shownCases(back.out)).toHaveLength(1);
      expect(shownCases(back.out)[0]!.startsWith(shown)).toBe(true);
    }
  });

  it('shows eight characters of ClinicalBench uids, and more when two share their first eight', async () => {
    const apart = listedUids((await cli('cases', casesFile([HEX[0]!, HEX[2]!]))).out);
    expect(apart).toEqual([HEX[0]!.slice(0, 8), HEX[2]!.slice(0, 8)]);
    const close = listedUids((await cli('cases', casesFile(HEX))).out);
    expect(close).toEqual(HEX.map((u) => u.slice(0, 9)));
  });
});
