/**
 * `clinicallab similarity --pairs`: one JSON line per pair, with the chosen profile; the authors profile gives
 * the reference libraries' figures on the fixture pairs; bad records are named by file, line and field.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli, tempDir } from '../helpers.js';
import { haveTransformers, NO_TRANSFORMERS } from '../support/model-tests.js';
import { writeTinyBert } from '../support/tiny-bert.js';

const PAIRS = fixture('text-authors', 'pairs.jsonl');
const expected = readFileSync(PAIRS, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { id: string; expected: { bleu: number; rouge_l: number | null; rouge_raises?: string } });

interface Out {
  line: number;
  id?: string;
  lang: string;
  profile: string;
  bleu: number;
  rouge_l: number;
  bertscore?: number;
  mean: number;
  components: string;
  notes?: string[];
}
const parse = (out: string): Out[] => out.trim().split('\n').map((l) => JSON.parse(l) as Out);

describe('clinicallab similarity', () => {
  it('gives, with --profile authors, sacrebleu’s BLEU and rouge 1.0.1’s ROUGE-L for every fixture pair', async () => {
    const r = await runCli('similarity', '--pairs', PAIRS, '--profile', 'authors');
    expect(r.code).toBe(0);
    const lines = parse(r.out);
    expect(lines).toHaveLength(expected.length);
    const off = lines.filter((o, i) => {
      const e = expected[i]!.expected;
      return o.id !== expected[i]!.id || !(Math.abs(o.bleu - e.bleu) <= 0.01) || !(Math.abs(o.rouge_l - (e.rouge_l ?? 0)) <= 0.01) || Boolean(o.notes) !== Boolean(e.rouge_raises);
    });
    expect(off).toEqual([]);
    expect(lines.every((o) => o.profile === 'authors' && o.components === 'bleu+rouge' && o.bertscore === undefined && Math.abs(o.mean - (o.bleu + o.rouge_l) / 2) < 1e-9)).toBe(true);
    const raising = expected.filter((e) => e.expected.rouge_raises).length;
    expect(r.err).toContain(`${expected.length} pairs scored`);
    expect(r.err).toMatch(/profile authors \(sacrebleu 2\.4\.2/);
    expect(r.err).toContain(`On ${raising} text scores rouge 1.0.1 itself would raise`);
    expect(r.err).toContain('Fields not used: "expected"');
  });

  it('uses the clinicallab profile by default, whose figures differ', async () => {
    const file = join(tempDir(), 'two.jsonl');
    writeFileSync(file, [
      JSON.stringify({ reference: 'WBC 13.2, CRP elevated.', hypothesis: 'wbc 13.2; crp elevated', lang: 'en' }),
      JSON.stringify({ id: 7, reference: '急性胰腺炎。', hypothesis: '急性胰腺炎', lang: 'Chinese' }),
    ].join('\n'));
    const own = parse((await runCli('similarity', '--pairs', file)).out);
    const authors = parse((await runCli('similarity', '--pairs', file, '--profile', 'authors')).out);
    expect(own.map((o) => o.profile)).toEqual(['clinicallab', 'clinicallab']);
    expect(own[0]!.bleu).toBe(100); // case and punctuation do not count for clinicallab…
    expect(authors[0]!.bleu).toBeLessThan(50); // …but do for sacrebleu (case-sensitive 13a tokens)
    expect(own[1]).toMatchObject({ line: 2, id: 7, lang: 'zh' });
  });

  it('names file, line and field of every bad record, and scores nothing', async () => {
    const file = join(tempDir(), 'bad.jsonl');
    writeFileSync(file, [
      JSON.stringify({ reference: 'a', hypothesis: 'b', lang: 'en' }),
      '{not json',
      JSON.stringify({ id: 'x', reference: 'a', lang: 'fr', hypothesis: 3 }),
      '',
      JSON.stringify(['a', 'b']),
    ].join('\n'));
    const r = await runCli('similarity', '--pairs', file);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('4 bad records, nothing scored');
    expect(r.err).toContain(`${file}: line 2: not JSON`);
    expect(r.err).toContain(`${file}: line 3 (id "x"): field "hypothesis" should be a string, not 3`);
    expect(r.err).toContain(`${file}: line 3 (id "x"): field "lang" should be zh or en, not "fr"`);
    expect(r.err).toContain(`${file}: line 5: should be a JSON object`);
    const profile = await runCli('similarity', '--pairs', file, '--profile', 'sacrebleu');
    expect(profile.code).toBe(2);
    expect(profile.err).toContain('--profile takes clinicallab or authors, not "sacrebleu"');
    const missing = await runCli('similarity', '--pairs', join(tempDir(), 'none.jsonl'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot be read');
  });

  it.skipIf(!haveTransformers && !process.env.CI)(`adds BERTScore with a model, at the layer bert-score would use${haveTransformers ? '' : ` (${NO_TRANSFORMERS})`}`, async () => {
    const file = join(tempDir(), 'pairs.jsonl');
    writeFileSync(file, [JSON.stringify({ reference: '急性胰腺炎', hypothesis: '急性胰腺炎', lang: 'zh' }), JSON.stringify({ reference: 'acute pancreatitis', hypothesis: 'chronic pancreatitis', lang: 'en' })].join('\n'));
    const model = writeTinyBert(join(tempDir(), 'bert'), { layers: 2, hiddenStates: true });
    // the model names no known model, so the authors profile needs the layer
    const unknown = await runCli('similarity', '--pairs', file, '--profile', 'authors', '--bertscore-model', model);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('--bertscore-layer');
    const r = await runCli('similarity', '--pairs', file, '--profile', 'authors', '--bertscore-model', model, '--bertscore-layer', '1');
    expect(r.code).toBe(0);
    const [zh, en] = parse(r.out);
    expect(zh!.components).toBe('bleu+rouge+bertscore');
    expect(zh!.bertscore!).toBeCloseTo(100, 4);
    expect(en!.mean).toBeCloseTo((en!.bleu + en!.rouge_l + en!.bertscore!) / 3, 9);
    // a model for one language only: the other's pairs are BLEU + ROUGE-L, and it says so
    const half = await runCli('similarity', '--pairs', file, '--profile', 'authors', '--bertscore-model', `zh=${model}`, '--bertscore-layer', '1');
    expect(parse(half.out).map((o) => o.components)).toEqual(['bleu+rouge+bertscore', 'bleu+rouge']);
    expect(half.err).toContain('no BERTScore model for en');
    const rescale = await runCli('similarity', '--pairs', file, '--profile', 'authors', '--bertscore-model', model, '--bertscore-layer', '1', '--bertscore-rescale');
    expect(rescale.code).toBe(1);
    expect(rescale.err).toContain('no built-in baseline');
  });
});
