import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { MatchIo } from '../../src/cli/commands/match.js';
import { main } from '../../src/cli/main.js';
import { startMockOpenAI } from '../support/mock-openai.js';
import { tempDir } from '../helpers.js';

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

  it('says which rule of issue 16 decided: a stage, a negated qualifier, a cause, an exacerbation', async () => {
    const stage = await cli(['match', 'Heart failure, NYHA class II', 'Heart failure, NYHA class IV']);
    expect(lines(stage.out)[0]).toMatch(/^no match {2}rule qualifier · score 0 · en \(guessed\)$/);
    expect(stage.out).toContain('conflicting qualifiers (stage: nyha 2 vs 4)');
    expect((await cli(['match', '非酒精性胰腺炎', '酒精性胰腺炎'])).out).toContain('(negation: "酒精" is negated on one side only)');
    expect((await cli(['match', 'Hypertensive basal ganglia hemorrhage', 'Basal ganglia hemorrhage due to arteriovenous malformation'])).out).toContain('(cause: hypertension vs avm)');
    const ae = await cli(['match', 'Bronchiectasis', 'Acute exacerbation of bronchiectasis']);
    expect(lines(ae.out)[0]).toMatch(/^no match {2}rule broader/);
    expect(ae.out).toContain('an acute exacerbation of "bronchiectasis');
  });

  it('says which general rule read the names: organ words, spacing, a stated absence of complications', async () => {
    const organ = await cli(['match', 'Abscess of the mesentery', 'Mesenteric abscess']);
    expect(lines(organ.out)[0]).toMatch(/^match {2}rule qualifier · score 0\.9 · en \(guessed\)$/);
    expect(organ.out).toContain('organ words read as one: mesentery → mesenteric (prediction)');
    expect((await cli(['match', 'DeQuervain tenosynovitis', "De Quervain's tenosynovitis"])).out).toContain('spacing and hyphens ignored');
    const none = await cli(['match', 'Type 2 diabetes mellitus without complications', 'Type 2 diabetes with diabetic nephropathy']);
    expect(lines(none.out)[0]).toMatch(/^no match {2}rule qualifier/);
    expect(none.out).toContain('conflicting qualifiers (complication: "diabetic nephropathy" named on one side, none on the other)');
  });

  it('shows the Chinese abbreviations it expanded', async () => {
    const r = await cli(['match', '急性前壁ST段抬高型心梗', '急性ST段抬高型心肌梗死']);
    expect(lines(r.out)[0]).toMatch(/^match {2}rule lexicon · score 0\.95 · zh \(guessed\)$/);
    expect(r.out).toContain('expanded: 心梗 → 心肌梗死 (prediction)');
    expect(JSON.parse((await cli(['match', '房速', '室速', '--json'])).out)).toEqual({ match: false, rule: 'distinct', score: 0 });
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

describe('clinicallab match options', () => {
  const json = async (args: string[]): Promise<unknown> => JSON.parse((await cli(['match', '--json', ...args])).out) as unknown;

  it('--broader-prediction: a broader name does not count by default; always and never change that', async () => {
    expect(await json(['Leukaemia', 'Acute myeloid leukaemia'])).toEqual({ match: false, rule: 'broader', score: 0 });
    expect(await json(['Leukaemia', 'Acute myeloid leukaemia', '--broader-prediction', 'always'])).toEqual({ match: true, rule: 'lexicon', score: 0.9 });
    expect(await json(['直肠癌', '直肠腺癌'])).toMatchObject({ match: true });
    expect(await json(['直肠癌', '直肠腺癌', '--broader-prediction', 'never'])).toEqual({ match: false, rule: 'broader', score: 0 });
    const text = await cli(['match', 'Leukaemia', 'Acute myeloid leukaemia']);
    expect(text.out).toMatch(/^no match {2}rule broader/);
    expect(text.out).toContain('a broader name does not count');
    const bad = await cli(['match', 'a', 'b', '--broader-prediction', 'sometimes']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('never, usual, always');
  });

  it('--no-narrower-prediction: a more specific prediction no longer counts', async () => {
    expect(await json(['AML', 'Leukaemia'])).toEqual({ match: true, rule: 'lexicon', score: 0.9 });
    expect(await json(['AML', 'Leukaemia', '--no-narrower-prediction'])).toEqual({ match: false, rule: 'narrower', score: 0 });
  });

  it('--threshold sets the overlap rule’s threshold, and refuses values outside (0, 1]', async () => {
    const pair = ['Chronic granulomatous lymphadenitis of the neck', 'Chronic granulomatous cervical lymphadenitis'];
    expect(await json(pair)).toEqual({ match: false, rule: 'none', score: 0.75 });
    expect(await json([...pair, '--threshold', '0.7'])).toEqual({ match: true, rule: 'overlap', score: 0.75 });
    const lines = (await cli(['match', '--threshold', '0.7'], `${pair.join('\t')}\n`)).out;
    expect(lines).toMatch(/^match\toverlap\t0\.75\t.*≥ 0\.7 /);
    for (const t of ['0', '1.5', 'x']) {
      const r = await cli(['match', 'a', 'b', '--threshold', t]);
      expect(r.code, t).toBe(2);
      expect(r.err).toContain('--threshold');
    }
  });

  it('--judge decides what the rules leave open; an unreadable reply is a judge error, never a "no"', async () => {
    process.env.CLINICALLAB_CACHE_DIR = tempDir();
    const server = await startMockOpenAI();
    try {
      const pair = ['Chronic granulomatous lymphadenitis of the neck', 'Chronic granulomatous cervical lymphadenitis'];
      server.respond({ kind: 'ok', text: 'Yes' });
      expect(await json([...pair, '--judge', `openai-compatible:judge-a@${server.url}`])).toEqual({ match: true, rule: 'judge', score: 1 });
      expect(server.calls).toHaveLength(1);
      expect(server.calls[0]!.messages.at(-1)!.content).toContain('Chronic granulomatous cervical lymphadenitis');
      // what the rules decide never goes to the judge
      expect(await json(['Acute cholangitis', 'Acute cholecystitis', '--judge', `openai-compatible:judge-a@${server.url}`])).toEqual({ match: false, rule: 'distinct', score: 0 });
      expect(server.calls).toHaveLength(1);
      server.respond({ kind: 'ok', text: 'It depends on the biopsy.' });
      const unsure = await cli(['match', '--json', ...pair, '--judge', `openai-compatible:judge-b@${server.url}`]);
      expect(unsure.code).toBe(1);
      expect(JSON.parse(unsure.out)).toEqual({ match: null, rule: 'judge-error', score: 0 });
      const text = await cli(['match', ...pair, '--judge', `openai-compatible:judge-c@${server.url}`]);
      expect(text.out).toMatch(/^judge error/);
    } finally {
      await server.close();
    }
  });
});
