import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bleu,
  bleuTokens,
  createBertScorer,
  greedyMatch,
  isScorableReference,
  lcsLength,
  lexicalSimilarity,
  rescaleWithBaseline,
  rougeL,
  scorableReference,
  textSimilarity,
  textSimilarityBatch,
  tokenize,
  TOKEN_PATTERN,
  type BertScorer,
} from '../../src/metrics/text/index.js';
import { isSentinel } from '../../src/bench/text.js';
import { tempDir } from '../helpers.js';
import { lexicalTexts } from '../support/huge-texts.js';
import { describeWithModel } from '../support/model-tests.js';
import { writeTinyBert } from '../support/tiny-bert.js';

describe('tokenize', () => {
  it('is exactly the rule written as one regular expression, on arbitrary text', () => {
    const byPattern = (t: string): string[] => t.normalize('NFKC').toLowerCase().match(TOKEN_PATTERN) ?? [];
    const parts = fc.constantFrom('a', 'Z', '1', '9', '.', ' ', ',', '中', '文', 'あ', 'カ', 'é', '\u0301', '١', 'Ⅻ', '①', '-', '😀', '\ud800', 'ǅ', 'ß', 'İ', '。', '５', '．', '〇', '\u3000', '𠀀');
    const text = fc.oneof(fc.array(parts, { maxLength: 16 }).map((p) => p.join('')), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
    fc.assert(
      fc.property(text, (t) => {
        expect(tokenize(t, 'zh')).toEqual(byPattern(t));
      }),
      { numRuns: 20_000, seed: 100 },
    );
    expect(tokenize('〇.5 1..2 3.5mmol x.1', 'zh')).toEqual(['〇', '.5', '1', '2', '3.5mmol', 'x', '1']);
  });

  it('splits Chinese into characters and keeps Latin/number runs whole', () => {
    expect(tokenize('CT示胰腺肿胀, WBC 13.2', 'zh')).toEqual(['ct', '示', '胰', '腺', '肿', '胀', 'wbc', '13.2']);
    expect(tokenize('1. 急性胰腺炎；2. 胆囊结石。', 'zh')).toEqual(['1', '急', '性', '胰', '腺', '炎', '2', '胆', '囊', '结', '石']);
  });
  it('lower-cases, applies NFKC and drops punctuation in English', () => {
    expect(tokenize("The patient's WBC: 13.2×10^9/L (high).", 'en')).toEqual(
      ['the', 'patient', 's', 'wbc', '13.2', '10', '9', 'l', 'high'],
    );
    expect(tokenize('ＷＢＣ　１３．２（↑）', 'en')).toEqual(['wbc', '13.2']);
    expect(tokenize('', 'en')).toEqual([]);
    expect(tokenize('。，！ --- ...', 'zh')).toEqual([]);
  });
});

describe('BLEU (sentence BLEU-4, Chen & Cherry method 3, effective order)', () => {
  it('matches a hand-worked English example', () => {
    // cand "the cat sat on the mat" (c = 6), ref "the cat is on the mat" (r = 6), BP = 1
    // p1 = 5/6 (the×2, cat, on, mat), p2 = 3/5 (the cat, on the, the mat), p3 = 1/4 (on the mat),
    // p4: 0 of 3 → first zero order → 1/(2·3) = 1/6
    // BLEU = (5/6 · 3/5 · 1/4 · 1/6)^(1/4) = (1/48)^(1/4) = 0.379918…
    const d = bleuTokens(tokenize('The cat sat on the mat.', 'en'), tokenize('the cat is on the mat', 'en'));
    expect(d.matches).toEqual([5, 3, 1, 0]);
    expect(d.totals).toEqual([6, 5, 4, 3]);
    expect(d.precisions[3]).toBeCloseTo(1 / 6, 12);
    expect(d.bleu).toBeCloseTo(Math.pow(1 / 48, 0.25), 12);
    expect(d.bleu).toBeCloseTo(0.379918, 6);
  });

  it('matches a hand-worked Chinese example with brevity penalty', () => {
    // cand 急性胰腺炎 (c = 5 characters), ref 重症急性胰腺炎 (r = 7): every n-gram of the candidate is in the reference,
    // p1..p4 = 5/5, 4/4, 3/3, 2/2 = 1; BP = exp(1 − 7/5) = exp(−0.4) = 0.670320…
    expect(bleu('急性胰腺炎', '重症急性胰腺炎', 'zh')).toBeCloseTo(Math.exp(-0.4), 12);
  });

  it('smooths successive zero orders geometrically (1/2T, then 1/4T)', () => {
    // cand 腹痛发热, ref 发热腹痛 (4 characters each, BP = 1)
    // p1 = 4/4; p2 = 2/3 (腹痛, 发热); p3: 0 of 2 → 1/(2·2) = 1/4; p4: 0 of 1 → 1/(4·1) = 1/4
    // BLEU = (1 · 2/3 · 1/4 · 1/4)^(1/4) = (1/24)^(1/4) = 0.451801…
    const d = bleuTokens(tokenize('腹痛发热', 'zh'), tokenize('发热腹痛', 'zh'));
    expect(d.precisions).toEqual([1, 2 / 3, 1 / 4, 1 / 4]);
    expect(d.bleu).toBeCloseTo(Math.pow(1 / 24, 0.25), 12);
    expect(d.bleu).toBeCloseTo(0.451801, 6);
  });

  it('uses the effective order for short candidates and scores no match as 0', () => {
    // one token each, identical: only order 1 exists → p1 = 1 → BLEU = 1
    expect(bleu('Pneumonia', 'pneumonia', 'en')).toBe(1);
    // c = 1, r = 2: p1 = 1, BP = exp(1 − 2/1) = e^−1 = 0.367879…
    expect(bleu('pneumonia', 'severe pneumonia', 'en')).toBeCloseTo(Math.exp(-1), 12);
    expect(bleu('abc', 'xyz', 'en')).toBe(0);
    expect(bleu('', 'xyz', 'en')).toBe(0);
    expect(bleu('xyz', '', 'en')).toBe(0);
  });

  it('counts clipped n-gram matches exactly as a plain count would, for small and huge vocabularies', () => {
    const clipped = (c: string[], r: string[], n: number): number => {
      const grams = (xs: string[]): string[] => xs.slice(0, Math.max(0, xs.length - n + 1)).map((_, i) => xs.slice(i, i + n).join('\u0001'));
      const left = new Map<string, number>();
      for (const g of grams(r)) left.set(g, (left.get(g) ?? 0) + 1);
      let m = 0;
      for (const g of grams(c)) {
        if ((left.get(g) ?? 0) > 0) {
          left.set(g, left.get(g)! - 1);
          m++;
        }
      }
      return m;
    };
    // few distinct tokens (many repeats), and a vocabulary so large that 4-grams cannot be packed into a number
    const small = fc.array(fc.constantFrom('a', 'b', 'c', '胰', '腺'), { maxLength: 120 });
    const big = fc.array(fc.integer({ min: 0, max: 20_000 }).map(String), { maxLength: 60 });
    for (const seq of [small, big]) {
      fc.assert(
        fc.property(seq, seq, (c, r) => {
          const d = bleuTokens(c, r);
          for (let n = 1; n <= 4; n++) expect(d.matches[n - 1]).toBe(clipped(c, r, n));
        }),
        { numRuns: 3000, seed: 105 },
      );
    }
    const wide = Array.from({ length: 5000 }, (_, i) => `w${i}`);
    expect(bleuTokens(wide, wide).bleu).toBe(1);
  });
});

describe('ROUGE-L (LCS, F1 with β = 1)', () => {
  it('matches hand-worked examples', () => {
    // "the cat sat on the mat" vs "the cat is on the mat": LCS = the cat on the mat = 5, P = R = 5/6, F1 = 5/6
    const en = rougeL('the cat sat on the mat', 'the cat is on the mat', 'en');
    expect(en.lcs).toBe(5);
    expect(en.f).toBeCloseTo(5 / 6, 12);
    // 急性胰腺炎 vs 重症急性胰腺炎: LCS = 5, P = 5/5, R = 5/7, F1 = 2·1·(5/7) / (1 + 5/7) = 10/12 = 0.8333…
    const zh = rougeL('急性胰腺炎', '重症急性胰腺炎', 'zh');
    expect([zh.precision, zh.recall]).toEqual([1, 5 / 7]);
    expect(zh.f).toBeCloseTo(10 / 12, 12);
    // 腹痛发热 vs 发热腹痛: LCS = 2 (腹痛 or 发热), P = R = 1/2, F1 = 1/2
    expect(rougeL('腹痛发热', '发热腹痛', 'zh').f).toBeCloseTo(0.5, 12);
  });

  it('weights recall by β when asked', () => {
    // cand a b c d e f, ref a c e: LCS = 3, P = 1/2, R = 1
    // F1 = 2·0.5·1/1.5 = 2/3; F(β=2) = 5·0.5·1 / (1 + 4·0.5) = 2.5/3 = 5/6
    expect(rougeL('a b c d e f', 'a c e', 'en').f).toBeCloseTo(2 / 3, 12);
    expect(rougeL('a b c d e f', 'a c e', 'en', { beta: 2 }).f).toBeCloseTo(5 / 6, 12);
  });

  it('computes the exact LCS length (bit-parallel = dynamic programming)', () => {
    const naive = (a: number[], b: number[]): number => {
      const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++)
          dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
      return dp[a.length]![b.length]!;
    };
    const seq = fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 140 });
    fc.assert(
      fc.property(seq, seq, (a, b) => {
        const expected = naive(a, b);
        // dense precomputed masks, and masks built per row (budget 0)
        // dense masks indexed by small ids, masks in a map (symbols outside the small-id range), per-row masks
        const far = (xs: number[]): number[] => xs.map((x) => x * 10_000_019 - 3);
        return lcsLength(a, b) === expected && lcsLength(a, b, 0) === expected && lcsLength(far(a), far(b)) === expected;
      }),
      { numRuns: 3000, seed: 101 },
    );
  });
});

describe('lexicalSimilarity / textSimilarity', () => {
  const zh = '1. 急性胰腺炎；2. 胆囊结石伴胆囊炎。CT示胰腺肿胀, WBC 13.2×10^9/L。';
  const en = '1. Acute pancreatitis; 2. Gallbladder stones with cholecystitis. CT: swollen pancreas, WBC 13.2.';

  it('scores identical strings 100 in both languages', () => {
    for (const [text, lang] of [[zh, 'zh'], [en, 'en'], ['肺炎', 'zh'], ['Pneumonia', 'en']] as const) {
      const s = lexicalSimilarity(text, text, lang);
      expect([s.bleu, s.rouge, s.score]).toEqual([100, 100, 100]);
      expect(s.bertscore).toBeNull();
      expect(s.components).toBe('bleu+rouge');
    }
  });

  it('averages the components it has, at full precision', async () => {
    // BLEU = (1/48)^(1/4) = 37.9918…, ROUGE-L F1 = 5/6 = 83.3333… → (37.9918 + 83.3333) / 2 = 60.6626…
    const s = await textSimilarity('the cat sat on the mat', 'the cat is on the mat', 'en');
    expect(s.components).toBe('bleu+rouge');
    expect(s.bertscore).toBeNull();
    expect(s.score).toBeCloseTo((100 * Math.pow(1 / 48, 0.25) + 500 / 6) / 2, 10);
  });

  it('recognises unscorable references', () => {
    for (const ref of ['', '   ', 'Not available.', '暂无', '暂无。', 'None', 'N/A', '。。', null, undefined]) {
      expect(isScorableReference(ref)).toBe(false);
      expect(scorableReference(ref)).toBeNull();
    }
    expect(isScorableReference(' 急性胰腺炎 ')).toBe(true);
    expect(scorableReference(' 急性胰腺炎 ', 'zh')).toBe('急性胰腺炎');
  });

  const mixed = fc.array(
    fc.constantFrom('急性', '胰腺炎', 'WBC', ' 13.2', '；', '。', 'Acute ', 'pain', '\u0000', '\ud800', '😀', 'é', '\n', '1.'),
    { maxLength: 60 },
  ).map((parts) => parts.join(''));
  const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: 'grapheme' }), mixed);

  it('never throws and stays within [0, 100] on arbitrary strings', () => {
    fc.assert(
      fc.property(anyText, anyText, fc.constantFrom('zh' as const, 'en' as const), (c, r, lang) => {
        const s = lexicalSimilarity(c, r, lang);
        for (const v of [s.bleu, s.rouge, s.score]) {
          expect(Number.isFinite(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(100);
        }
        // an identical text with at least one token scores 100
        if (tokenize(c, lang).length > 0) expect(lexicalSimilarity(c, c, lang).score).toBe(100);
      }),
      { numRuns: 4000, seed: 102 },
    );
  });

  it('tells scorable references from placeholders exactly as the definition does (sentinel, or no token)', () => {
    const sentinelOrWords = fc.oneof(anyText, fc.constantFrom('Not available.', '暂无。', ' none ', 'N/A', '无', '-', '。。。', 'x'.repeat(39), 'x'.repeat(40)));
    fc.assert(
      fc.property(sentinelOrWords, fc.string({ unit: 'grapheme', maxLength: 60 }), (a, b) => {
        for (const ref of [a, `${a}${b}`, `${b}${a}`]) {
          const byDefinition = !isSentinel(ref) && tokenize(ref, 'en').length > 0;
          expect(isScorableReference(ref), JSON.stringify(ref)).toBe(byDefinition);
        }
      }),
      { numRuns: 5000, seed: 103 },
    );
  });

  // how fast these are is perf/huge-inputs.bench.ts; a hang fails by the test's time limit
  it('scores empty, binary, mixed-script and 1 MB texts within [0, 100] without hanging', () => {
    const { binary, mixed, huge } = lexicalTexts();
    expect(binary.length).toBe(1 << 20);
    expect(mixed.length).toBeGreaterThan(300_000);
    expect(huge.length).toBeGreaterThan(1_000_000);
    // 1 MB answers against references of realistic size (a reference is a gold text, never megabytes)
    for (const c of ['', ' ', binary, huge, zh, en]) {
      for (const [r, lang] of [[zh, 'zh'], [en, 'en'], [mixed.slice(0, 20_000), 'zh'], [binary.slice(0, 5000), 'en']] as const) {
        const s = lexicalSimilarity(c, r, lang);
        for (const v of [s.bleu, s.rouge, s.score]) expect(v >= 0 && v <= 100, `${v}`).toBe(true);
      }
    }
    expect(lexicalSimilarity('', zh, 'zh').score).toBe(0);
    expect(lexicalSimilarity(mixed.slice(0, 50_000), mixed.slice(0, 50_000), 'zh').score).toBe(100);
  }, 120_000);

  it('scores huge repetitive inputs without hanging', () => {
    // 400k characters (160k tokens) against a normal reference and against 60k of its own tokens
    const { repeats } = lexicalTexts();
    const a = lexicalSimilarity(repeats, zh, 'zh');
    const b = lexicalSimilarity(repeats, repeats.slice(0, 150_000), 'zh');
    for (const s of [a, b]) expect(s.score).toBeGreaterThanOrEqual(0);
    expect(b.score).toBeLessThanOrEqual(100);
  }, 120_000);
});

describe('BERTScore greedy matching (hand-set embeddings)', () => {
  it('takes the best cosine per token, precision over the candidate and recall over the reference', () => {
    // cand [1,0], ref [1,0] and [0,1]: P = max(1, 0) = 1; R = (1 + 0)/2 = 1/2; F1 = 2·1·0.5/1.5 = 2/3
    const s = greedyMatch([[3, 0]], [[1, 0], [0, 2]]);
    expect(s.precision).toBeCloseTo(1, 12);
    expect(s.recall).toBeCloseTo(0.5, 12);
    expect(s.f1).toBeCloseTo(2 / 3, 12);
  });

  it('matches a three-by-two hand computation', () => {
    // cand c1 = [1,0], c2 = [1,1], c3 = [−1,0]; ref r1 = [2,0], r2 = [0,3]
    // cosines: c1·r1 = 1, c1·r2 = 0; c2·r1 = c2·r2 = 1/√2; c3·r1 = −1, c3·r2 = 0
    // P = (1 + 1/√2 + 0)/3 = 0.569036; R = (1 + 1/√2)/2 = 0.853553; F1 = 2PR/(P+R) = 0.682843
    const cand = [[1, 0], [1, 1], [-1, 0]];
    const ref = [[2, 0], [0, 3]];
    const s = greedyMatch(cand, ref);
    const h = Math.SQRT1_2;
    expect(s.precision).toBeCloseTo((1 + h) / 3, 6);
    expect(s.recall).toBeCloseTo((1 + h) / 2, 6);
    expect(s.f1).toBeCloseTo(0.682843, 6);
    // with weights 1, 1, 2 on the candidate: P = (1 + 1/√2 + 2·0)/4
    expect(greedyMatch(cand, ref, { candidate: [1, 1, 2] }).precision).toBeCloseTo((1 + h) / 4, 6);
    // swapping sides swaps P and R and keeps F1
    const swapped = greedyMatch(ref, cand);
    expect(swapped.precision).toBeCloseTo(s.recall, 6);
    expect(swapped.f1).toBeCloseTo(s.f1, 6);
    expect(greedyMatch([], ref)).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('rescales with a baseline', () => {
    // (0.9 − 0.8) / (1 − 0.8) = 0.5
    const r = rescaleWithBaseline({ precision: 0.9, recall: 0.9, f1: 0.9 }, { precision: 0.8, recall: 0.8, f1: 0.8 });
    expect(r.f1).toBeCloseTo(0.5, 12);
  });
});

describeWithModel('BERTScore with the tiny local model', () => {
  let root: string;
  let bert: BertScorer;

  beforeAll(async () => {
    root = tempDir();
    bert = await createBertScorer({ modelDir: writeTinyBert(join(root, 'tiny-bert')) });
  });
  afterAll(async () => {
    await bert?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('loads, scores identical texts 1 and unrelated texts lower, symmetrically', async () => {
    expect(bert.output).toBe('last_hidden_state');
    for (const t of ['急性胰腺炎伴胆囊结石', 'Acute pancreatitis with gallbladder stones.']) {
      const s = await bert.score(t, t);
      expect(s.f1).toBeCloseTo(1, 6);
    }
    const ab = await bert.score('急性胰腺炎', '慢性心力衰竭');
    const ba = await bert.score('慢性心力衰竭', '急性胰腺炎');
    expect(ab.f1).toBeLessThan(0.9);
    expect(ba.f1).toBeCloseTo(ab.f1, 6);
    expect(ba.precision).toBeCloseTo(ab.recall, 6);
    const close = await bert.score('The patient has acute pancreatitis.', 'Acute pancreatitis in this patient.');
    const far = await bert.score('The patient has acute pancreatitis.', 'Regular follow up of thyroid nodule.');
    expect(close.f1).toBeGreaterThan(far.f1);
    expect(await bert.score('', 'abc')).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('gives the same scores batched (padding is masked)', async () => {
    const pairs: [string, string][] = [
      ['急性胰腺炎', '重症急性胰腺炎，予禁食、补液、抑酸治疗'],
      ['Acute pancreatitis', 'Severe acute pancreatitis; fluids and antibiotics.'],
      ['x', 'y'],
    ];
    const batched = await bert.scoreBatch(pairs);
    for (const [i, [c, r]] of pairs.entries()) expect(batched[i]!.f1).toBeCloseTo((await bert.score(c, r)).f1, 5);
  });

  it('feeds textSimilarity, which labels the components', async () => {
    const t = '急性胰腺炎伴胆囊结石';
    const s = await textSimilarity(t, t, 'zh', { bert });
    expect(s.components).toBe('bleu+rouge+bertscore');
    expect(s.bertscore).toBeCloseTo(100, 4);
    expect(s.score).toBeCloseTo(100, 4);
    const [b] = await textSimilarityBatch([['the cat sat on the mat', 'the cat is on the mat']], 'en', { bert });
    expect(b!.score).toBeCloseTo((b!.bleu + b!.rouge + b!.bertscore!) / 3, 10);
  });

  it('truncates long texts to maxLength tokens', async () => {
    const short = await createBertScorer({ modelDir: join(root, 'tiny-bert'), maxLength: 8 });
    try {
      // only the first 6 tokens (8 minus [CLS] and [SEP]) count, so a different tail is invisible
      const s = await short.score('a b c d e f g h i j', 'a b c d e f x y z w');
      expect(s.f1).toBeCloseTo(1, 6);
    } finally {
      await short.dispose();
    }
  });

  it('offers IDF weighting, baseline rescaling and a layer choice', async () => {
    const dir = join(root, 'tiny-bert');
    const pair = ['The patient has acute pancreatitis.', 'Acute pancreatitis in the patient with the stones.'] as const;
    const plain = await bert.score(...pair);
    const idf = await createBertScorer({ modelDir: dir, idfReferences: ['the patient', 'the stones', 'the end'] });
    const rescaled = await createBertScorer({ modelDir: dir, baseline: { precision: 0.5, recall: 0.5, f1: 0.5 } });
    const lastLayer = await createBertScorer({ modelDir: dir, layer: 1 }); // = num_hidden_layers → last_hidden_state
    try {
      // "the" occurs in every IDF reference → weight ln(4/4) = 0, so the score changes; identical texts stay 1
      expect((await idf.score(...pair)).f1).not.toBeCloseTo(plain.f1, 4);
      expect((await idf.score(pair[0], pair[0])).f1).toBeCloseTo(1, 6);
      expect((await rescaled.score(...pair)).f1).toBeCloseTo((plain.f1 - 0.5) / 0.5, 6);
      expect(lastLayer.output).toBe('last_hidden_state');
      await expect(createBertScorer({ modelDir: dir, layer: 3 })).rejects.toThrow(/no output for layer 3 \(outputs: last_hidden_state\)/);
    } finally {
      await Promise.all([idf.dispose(), rescaled.dispose(), lastLayer.dispose()]);
    }
  });

  it('names the directory and the expected files when the model is missing or incomplete', async () => {
    const missing = join(root, 'no-such-model');
    const quoted = missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(createBertScorer({ modelDir: missing })).rejects.toThrow(
      new RegExp(`"${quoted}" does not exist.*config\\.json.*tokenizer\\.json.*onnx/model\\.onnx`),
    );
    const partial = join(root, 'partial');
    mkdirSync(partial);
    writeFileSync(join(partial, 'config.json'), '{"model_type":"bert"}');
    await expect(createBertScorer({ modelDir: partial })).rejects.toThrow(/is missing tokenizer\.json, tokenizer_config\.json, onnx\/model\.onnx/);
    // all files present, but the ONNX file is not a model
    const broken = writeTinyBert(join(root, 'broken'));
    writeFileSync(join(broken, 'onnx', 'model.onnx'), 'not a model');
    await expect(createBertScorer({ modelDir: broken })).rejects.toThrow(/Could not load the BERTScore model in ".*broken"/);
  });
});
