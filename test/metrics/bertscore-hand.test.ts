/**
 * BERTScore worked by hand on real Chinese and English text through the tiny random-weight ONNX model of
 * test/support/tiny-bert.ts: the token vectors are taken from the model directly (transformers.js, not through
 * the scorer), the cosine matrix and the greedy matching are computed here step by step, and the scorer must
 * give the same precision, recall and F1.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importTransformers, type Transformers } from '../../src/metrics/text/transformers.js';
import { createBertScorer, type BertScorer } from '../../src/metrics/text/index.js';
import { tempDir } from '../helpers.js';
import { describeWithModel } from '../support/model-tests.js';
import { TINY_BERT_HIDDEN, tinyBertVocab, writeTinyBert } from '../support/tiny-bert.js';

interface Tokenizer {
  encode(text: string, opts: { add_special_tokens: boolean }): number[];
}
interface Model {
  forward(inputs: Record<string, unknown>): Promise<Record<string, { dims: number[]; data: Float32Array }>>;
  dispose(): Promise<unknown>;
}

let dir: string;
let bert: BertScorer;
let tokenizer: Tokenizer;
let model: Model;
let tf: Transformers;
const vocab = tinyBertVocab();

/** The text's tokens and their contextual vectors, [CLS] and [SEP] run through the model but left out. */
async function embed(text: string): Promise<{ tokens: string[]; vectors: number[][] }> {
  const ids = tokenizer.encode(text, { add_special_tokens: true });
  const n = ids.length;
  const big = (xs: number[]): BigInt64Array => BigInt64Array.from(xs.map((x) => BigInt(x)));
  const out = await model.forward({
    input_ids: new tf.Tensor('int64', big(ids), [1, n]),
    attention_mask: new tf.Tensor('int64', big(ids.map(() => 1)), [1, n]),
    token_type_ids: new tf.Tensor('int64', big(ids.map(() => 0)), [1, n]),
  });
  const h = out.last_hidden_state!;
  expect(h.dims).toEqual([1, n, TINY_BERT_HIDDEN]);
  expect([vocab[ids[0]!], vocab[ids[n - 1]!]]).toEqual(['[CLS]', '[SEP]']);
  const vectors = [];
  for (let t = 1; t < n - 1; t++) vectors.push(Array.from(h.data.subarray(t * TINY_BERT_HIDDEN, (t + 1) * TINY_BERT_HIDDEN)));
  return { tokens: ids.slice(1, -1).map((id) => vocab[id]!), vectors };
}

const cosine = (a: number[], b: number[]): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let k = 0; k < a.length; k++) {
    dot += a[k]! * b[k]!;
    na += a[k]! * a[k]!;
    nb += b[k]! * b[k]!;
  }
  return dot / Math.sqrt(na * nb);
};

/** The greedy matching written out: every candidate token takes its most similar reference token, and back. */
function byHand(cand: number[][], ref: number[][]): { precision: number; recall: number; f1: number; bestForCandidate: number[]; sim: number[][] } {
  const sim = cand.map((c) => ref.map((r) => cosine(c, r)));
  const bestForCandidate = sim.map((row) => row.indexOf(Math.max(...row)));
  const precision = sim.map((row) => Math.max(...row)).reduce((a, b) => a + b, 0) / cand.length;
  const recall = ref.map((_, j) => Math.max(...sim.map((row) => row[j]!))).reduce((a, b) => a + b, 0) / ref.length;
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall), bestForCandidate, sim };
}

describeWithModel('BERTScore by hand, through the tiny model', () => {
  beforeAll(async () => {
    dir = writeTinyBert(join(tempDir(), 'tiny-bert'));
    bert = await createBertScorer({ modelDir: dir });
    tf = await importTransformers();
    tf.env.allowRemoteModels = false;
    tokenizer = (await tf.AutoTokenizer.from_pretrained(dir, { local_files_only: true })) as unknown as Tokenizer;
    model = (await tf.AutoModel.from_pretrained(dir, { local_files_only: true, device: 'cpu', dtype: 'fp32' })) as unknown as Model;
  });
  afterAll(async () => {
    await bert?.dispose();
    await model?.dispose();
  });

  it('Chinese: one token per character, matched greedily; the scorer gives the hand-computed P, R and F1', async () => {
    const c = await embed('急性胰腺炎');
    const r = await embed('慢性胰腺炎伴腹痛');
    expect(c.tokens).toEqual(['急', '性', '胰', '腺', '炎']);
    // 伴 is not in the tiny vocabulary: it is one [UNK] token, which still has a (contextual) vector
    expect(r.tokens).toEqual(['慢', '性', '胰', '腺', '炎', '[UNK]', '腹', '痛']);
    const hand = byHand(c.vectors, r.vectors);
    // each shared character finds itself in the reference: 性胰腺炎 → positions 1–4
    expect(hand.bestForCandidate.slice(1)).toEqual([1, 2, 3, 4]);
    // the same character in a different context is a different vector (contextual), but a close one
    for (let i = 1; i < 5; i++) {
      expect(hand.sim[i]![i]!).toBeLessThan(1 - 1e-6);
      expect(hand.sim[i]![i]!).toBeGreaterThan(0.5);
    }
    const s = await bert.score('急性胰腺炎', '慢性胰腺炎伴腹痛');
    expect(s.precision).toBeCloseTo(hand.precision, 5);
    expect(s.recall).toBeCloseTo(hand.recall, 5);
    expect(s.f1).toBeCloseTo(hand.f1, 5);
    // the extra reference tokens (伴腹痛) have no partner: recall is below precision
    expect(hand.recall).toBeLessThan(hand.precision);
    // swapping the roles swaps precision and recall
    const back = await bert.score('慢性胰腺炎伴腹痛', '急性胰腺炎');
    expect(back.precision).toBeCloseTo(hand.recall, 5);
    expect(back.recall).toBeCloseTo(hand.precision, 5);
  });

  it('English: words and word pieces each count as a token; the scorer gives the hand-computed P, R and F1', async () => {
    const c = await embed('Acute pancreatitis with fever');
    const r = await embed('chronic pancreatitis and high fever');
    expect(c.tokens).toEqual(['acute', 'pancreatitis', 'with', 'fever']);
    // "high" is not in the tiny vocabulary: it is spelt out in word pieces, each its own token
    expect(r.tokens).toEqual(['chronic', 'pancreatitis', 'and', 'h', '##i', '##g', '##h', 'fever']);
    const hand = byHand(c.vectors, r.vectors);
    expect(hand.bestForCandidate[1]).toBe(1); // pancreatitis ↔ pancreatitis
    expect(hand.bestForCandidate[3]).toBe(7); // fever ↔ fever
    const s = await bert.score('Acute pancreatitis with fever', 'chronic pancreatitis and high fever');
    expect(s.precision).toBeCloseTo(hand.precision, 5);
    expect(s.recall).toBeCloseTo(hand.recall, 5);
    expect(s.f1).toBeCloseTo(hand.f1, 5);
  });

  it('a text against itself scores exactly 1; word order changes the vectors and so the score', async () => {
    const same = await bert.score('胆囊结石伴急性胆囊炎', '胆囊结石伴急性胆囊炎');
    expect(same.f1).toBeCloseTo(1, 6);
    const a = await embed('stones in the gallbladder');
    const b = await embed('gallbladder stones');
    const hand = byHand(a.vectors, b.vectors);
    expect(hand.f1).toBeLessThan(1);
    expect((await bert.score('stones in the gallbladder', 'gallbladder stones')).f1).toBeCloseTo(hand.f1, 5);
  });
});
