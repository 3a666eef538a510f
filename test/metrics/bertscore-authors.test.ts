/**
 * BERTScore as bert-score 0.3.13 computes it (the `authors` profile): the arithmetic on fixed vectors worked by
 * hand, then the same through a tiny random-weight model with its vectors read from the model directly.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BERT_SCORE_LAYERS, bertScoreMatch, builtInBaseline, createBertScorer, greedyMatch, knownModelName, readBaselineFile, rescaleWithBaseline, type BertScorer } from '../../src/metrics/text/index.js';
import { importTransformers, type Transformers } from '../../src/metrics/text/transformers.js';
import { tempDir } from '../helpers.js';
import { describeWithModel } from '../support/model-tests.js';
import { tinyBertVocab, writeTinyBert } from '../support/tiny-bert.js';

describe('bert-score matching on fixed vectors', () => {
  // [CLS] and [SEP] are vectors like any other: a token may find its best match in them, but they weigh 0
  const cls = [1, 1];
  const sep = [0, 1];
  const t1 = [1, 0];
  const t2 = [-1, 0.2];
  const u1 = [1, 0.1];
  const candidate = [cls, t1, t2, sep];
  const reference = [cls, u1, sep];
  const cos = (a: number[], b: number[]): number => (a[0]! * b[0]! + a[1]! * b[1]!) / Math.hypot(a[0]!, a[1]!) / Math.hypot(b[0]!, b[1]!);

  it('seeks each token’s best match among all tokens, added ones included, and averages over the text’s own', () => {
    const s = bertScoreMatch(candidate, reference, [0, 1, 1, 0], [0, 1, 0]);
    // t1 ↔ u1; t2's best is [SEP] (0.196), not u1 (−0.956); u1's best is t1
    const precision = (cos(t1, u1) + cos(t2, sep)) / 2;
    const recall = cos(u1, t1);
    expect(cos(t2, sep)).toBeGreaterThan(cos(t2, u1));
    expect(s.precision).toBeCloseTo(precision, 6);
    expect(s.recall).toBeCloseTo(recall, 6);
    expect(s.f1).toBeCloseTo((2 * precision * recall) / (precision + recall), 6);
    // clinicallab's matching leaves the added tokens out altogether: t2 must take u1
    const own = greedyMatch([t1, t2], [u1]);
    expect(own.precision).toBeCloseTo((cos(t1, u1) + cos(t2, u1)) / 2, 6);
  });

  it('gives 0 when a side has no token of its own (an empty text is [CLS] [SEP] only)', () => {
    expect(bertScoreMatch([cls, sep], reference, [0, 0], [0, 1, 0])).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(bertScoreMatch(candidate, [cls, sep], [0, 1, 1, 0], [0, 0])).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('rescales P, R and F1 each with the published baseline of the default model and layer', () => {
    const b = builtInBaseline('bert-base-chinese', 8, 'zh')!;
    expect(b.f1).toBeCloseTo(0.54755783, 8);
    expect(builtInBaseline('bert-base-chinese', 9, 'zh')).toBeUndefined();
    expect(builtInBaseline('roberta-large', 17, 'zh')).toBeUndefined();
    const r = rescaleWithBaseline({ precision: 0.8, recall: 0.7, f1: 0.75 }, b);
    expect(r.f1).toBeCloseTo((0.75 - 0.54755783) / (1 - 0.54755783), 8);
  });

  it('reads a row of a bert-score baseline file, and says what is wrong with a bad one', () => {
    const dir = tempDir();
    const file = join(dir, 'roberta-large.tsv');
    writeFileSync(file, 'LAYER,P,R,F\n0,0.1,0.2,0.3\n1,0.4,0.5,0.6\n');
    expect(readBaselineFile(file, 1)).toEqual({ precision: 0.4, recall: 0.5, f1: 0.6 });
    expect(() => readBaselineFile(file, 17)).toThrow(/no row for layer 17/);
    writeFileSync(file, 'layer p r f\n');
    expect(() => readBaselineFile(file, 1)).toThrow(/not a bert-score baseline file/);
  });

  it('takes the layer of bert-score 0.3.13’s table: 8 for bert-base-chinese (zh default), 17 for roberta-large (en default)', () => {
    expect(BERT_SCORE_LAYERS['bert-base-chinese']).toBe(8);
    expect(BERT_SCORE_LAYERS['roberta-large']).toBe(17);
    expect(BERT_SCORE_LAYERS['bert-base-multilingual-cased']).toBe(9);
  });

  it('knows a model by the name its config.json gives, a local path included', () => {
    expect(knownModelName({ _name_or_path: 'bert-base-chinese' })).toBe('bert-base-chinese');
    expect(knownModelName({ _name_or_path: '/models/roberta-large/' })).toBe('roberta-large');
    expect(knownModelName({ _name_or_path: 'my-model' })).toBeUndefined();
    expect(knownModelName({})).toBeUndefined();
  });
});

describeWithModel('bert-score variant through a tiny model', () => {
  let dir: string;
  let bert: BertScorer;
  let own: BertScorer;
  let tf: Transformers;
  const vocab = tinyBertVocab();

  beforeAll(async () => {
    dir = writeTinyBert(join(tempDir(), 'two-layers'), { layers: 2, hiddenStates: true, seed: 7 });
    bert = await createBertScorer({ modelDir: dir, variant: 'bert-score', layer: 1 });
    own = await createBertScorer({ modelDir: dir, layer: 1 });
    tf = await importTransformers();
  });
  afterAll(async () => {
    await bert?.dispose();
    await own?.dispose();
  });

  /** Every token's vector of layer 1, [CLS] and [SEP] included, read from the model itself. */
  async function layerOne(text: string): Promise<{ tokens: string[]; vectors: number[][] }> {
    const tokenizer = (await tf.AutoTokenizer.from_pretrained(dir, { local_files_only: true })) as unknown as { encode(t: string, o: object): number[] };
    const model = (await tf.AutoModel.from_pretrained(dir, { local_files_only: true, device: 'cpu', dtype: 'fp32' })) as unknown as {
      forward(i: object): Promise<Record<string, { dims: number[]; data: Float32Array }>>;
      dispose(): Promise<unknown>;
    };
    const ids = tokenizer.encode(text, { add_special_tokens: true });
    const big = (xs: number[]): BigInt64Array => BigInt64Array.from(xs.map((x) => BigInt(x)));
    const out = await model.forward({
      input_ids: new tf.Tensor('int64', big(ids), [1, ids.length]),
      attention_mask: new tf.Tensor('int64', big(ids.map(() => 1)), [1, ids.length]),
      token_type_ids: new tf.Tensor('int64', big(ids.map(() => 0)), [1, ids.length]),
    });
    await model.dispose();
    const h = out['hidden_states.1']!;
    const width = h.dims[2]!;
    return { tokens: ids.map((id) => vocab[id]!), vectors: ids.map((_, t) => Array.from(h.data.subarray(t * width, (t + 1) * width))) };
  }

  it('takes the vectors of the layer asked for, and matches with the added tokens weighing 0 and every other token 1 (no IDF)', async () => {
    expect(bert.output).toBe('hidden_states.1');
    expect([bert.variant, bert.layer]).toEqual(['bert-score', 1]);
    const c = await layerOne('急性胰腺炎');
    const r = await layerOne('慢性胰腺炎伴腹痛');
    expect([c.tokens[0], c.tokens.at(-1)]).toEqual(['[CLS]', '[SEP]']);
    const weights = (tokens: string[]): number[] => tokens.map((t) => (t === '[CLS]' || t === '[SEP]' ? 0 : 1));
    const hand = bertScoreMatch(c.vectors, r.vectors, weights(c.tokens), weights(r.tokens));
    const s = await bert.score('急性胰腺炎', '慢性胰腺炎伴腹痛');
    expect(s.precision).toBeCloseTo(hand.precision, 5);
    expect(s.recall).toBeCloseTo(hand.recall, 5);
    expect(s.f1).toBeCloseTo(hand.f1, 5);
    // clinicallab's variant on the same vectors leaves [CLS] and [SEP] out of the matching
    const ownHand = greedyMatch(c.vectors.slice(1, -1), r.vectors.slice(1, -1));
    expect((await own.score('急性胰腺炎', '慢性胰腺炎伴腹痛')).f1).toBeCloseTo(ownHand.f1, 5);
  });

  it('strips the texts, scores an identical pair 1 and an empty side 0', async () => {
    const a = await bert.score('  急性胰腺炎\n', '急性胰腺炎');
    expect(a.f1).toBeCloseTo(1, 6);
    expect(await bert.score('', '急性胰腺炎')).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(await bert.score('   ', '急性胰腺炎')).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('reuses the vectors of texts it has embedded (the gold answers come back for every model)', async () => {
    const first = await bert.scoreBatch([['胆囊结石', '急性胆囊炎'], ['胆囊炎', '急性胆囊炎']]);
    const again = await bert.score('胆囊炎', '急性胆囊炎');
    expect(again).toEqual(first[1]);
  });

  it('takes bert-score’s layer for a model it knows, and refuses to guess for one it does not', async () => {
    const named = writeTinyBert(join(tempDir(), 'named'), { nameOrPath: 'bert-base-chinese' });
    await expect(createBertScorer({ modelDir: named, variant: 'bert-score' })).rejects.toThrow(/no output for layer 8/);
    const cut = writeTinyBert(join(tempDir(), 'cut-after-8'), { nameOrPath: '/models/bert-base-chinese', layers: 8, hidden: 16, ffn: 16 });
    const s = await createBertScorer({ modelDir: cut, variant: 'bert-score' });
    expect([s.layer, s.output, s.modelName]).toEqual([8, 'last_hidden_state', 'bert-base-chinese']);
    await s.dispose();
    await expect(createBertScorer({ modelDir: writeTinyBert(join(tempDir(), 'anon')), variant: 'bert-score' })).rejects.toThrow(/--bertscore-layer/);
  });
});
