import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { MatchIo } from '../../src/cli/commands/match.js';
import { main } from '../../src/cli/main.js';

async function cli(args: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: MatchIo = {
    out: (t) => (out += `${t}\n`),
    err: (t) => (err += `${t}\n`),
    color: false,
    ...(stdin !== undefined ? { stdin: Readable.from([stdin]) } : {}),
  };
  const code = await main(args, io);
  return { code, out, err };
}

const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

describe('clinicallab match <predicted> <gold>', () => {
  it('prints the verdict, the rule and the explanation', async () => {
    const r = await cli(['match', 'STEMI', 'Acute inferior ST-elevation myocardial infarction']);
    expect(r.code).toBe(0);
    const [first, second] = lines(r.out);
    expect(first).toMatch(/^match {2}rule lexicon · score 0\.95 · en \(guessed\)$/);
    expect(second).toContain('ST-elevation myocardial infarction');
  });

  it('says "no match" and why', async () => {
    const r = await cli(['match', '甲减', '甲亢']);
    expect(r.code).toBe(0);
    expect(lines(r.out)[0]).toMatch(/^no match {2}rule distinct · score 0 · zh \(guessed\)$/);
    expect(r.out).toContain('known different diseases');
  });

  it('--json prints exactly match, rule and score', async () => {
    const r = await cli(['match', '甲亢', '甲状腺功能亢进症', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ match: true, rule: 'lexicon', score: 0.95 });
    const no = await cli(['match', 'Acute cholangitis', 'Acute cholecystitis', '--json']);
    expect(lines(no.out)).toEqual(['{"match":false,"rule":"distinct","score":0}']);
  });

  it('--lang overrides the guess', async () => {
    // read as English, the Chinese name is in another script and only the lexicon can join them
    const r = await cli(['match', 'Hyperthyroidism', '甲亢', '--lang', 'en']);
    expect(lines(r.out)[0]).toMatch(/· en$/);
    expect(r.out).toMatch(/^match/);
    // the guess goes by the share of Chinese letters in both names
    expect(lines((await cli(['match', 'Hyperthyroidism', '甲状腺功能亢进症'])).out)[0]).toMatch(/· zh \(guessed\)$/);
    expect(lines((await cli(['match', 'Hyperthyroidism', '甲亢'])).out)[0]).toMatch(/· en \(guessed\)$/);
  });

  it('refuses one positional argument, an unknown language and extra arguments', async () => {
    const one = await cli(['match', 'STEMI']);
    expect(one.code).toBe(2);
    expect(one.err).toContain('give both a predicted and a gold diagnosis');
    const lang = await cli(['match', 'a', 'b', '--lang', 'fr']);
    expect(lang.code).toBe(2);
    expect(lang.err).toContain('--lang "fr"');
    expect((await cli(['match', 'a', 'b', 'c'])).code).toBe(2);
  });

  it('is listed in the help', async () => {
    const r = await cli(['match', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('predicted<TAB>gold');
  });
});

describe('clinicallab match (standard input)', () => {
  const input = ['STEMI\t急性心梗', 'bad line', '', '急性胆管炎\t急性胆囊炎\r', 'x\ty\tz', 'Acute appendicitis\tacute appendicitis', ''].join('\n');

  it('answers one JSON line per pair, an error line per malformed line, and exits 1', async () => {
    const r = await cli(['match', '--json'], input);
    expect(r.code).toBe(1);
    const out = lines(r.out).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toEqual([
      { match: true, rule: 'lexicon', score: 0.9 },
      { error: 'line 2: expected "predicted<TAB>gold", found 1 field' },
      { match: false, rule: 'distinct', score: 0 },
      { error: 'line 5: expected "predicted<TAB>gold", found 3 fields' },
      { match: true, rule: 'exact', score: 1 },
    ]);
  });

  it('prints tab-separated verdict, rule, score and explanation without --json', async () => {
    const r = await cli(['match'], 'Left ureteric stone\tLeft ureteral calculus with hydronephrosis\n\uFEFFignored?\n');
    expect(r.code).toBe(1);
    const [ok, bad] = lines(r.out);
    const [verdict, rule, score, explanation] = ok!.split('\t');
    expect([verdict, rule]).toEqual(['match', 'lexicon']);
    expect(Number(score)).toBeGreaterThan(0.8);
    expect(explanation).toMatch(/ureteral calculus/);
    expect(bad).toBe('error: line 2: expected "predicted<TAB>gold", found 1 field');
  });

  it('exits 0 when every line is a pair, and uses --lang for all of them', async () => {
    const r = await cli(['match', '--json', '--lang', 'zh'], '\uFEFFSTEMI\tST段抬高型心肌梗死\n房颤\t心房颤动\n');
    expect(r.code).toBe(0);
    expect(lines(r.out).map((l) => (JSON.parse(l) as { match: boolean }).match)).toEqual([true, true]);
  });

  it('treats empty input as nothing to do', async () => {
    const r = await cli(['match', '--json'], '');
    expect(r).toEqual({ code: 0, out: '', err: '' });
  });
});
