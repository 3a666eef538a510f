/**
 * The `authors` text profile against the figures of the authors' libraries (sacrebleu 2.4.2, rouge 1.0.1 by
 * pltrdy, jieba 0.42.1), computed outside the project on the pairs of test/fixtures/text-authors (see its README).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jiebaCut } from '../../src/metrics/text/jieba.js';
import { pltrdyRougeL, pltrdySentences, PLTRDY_RECURSION_DEPTH } from '../../src/metrics/text/pltrdy-rouge.js';
import { textProfile } from '../../src/metrics/text/profiles.js';
import { pySplit, pyStrip } from '../../src/metrics/text/python-str.js';
import { isSacrebleuZhChar, sacreBleu, tokenize13a, tokenizeZh } from '../../src/metrics/text/sacrebleu.js';
import { lexicalSimilarity } from '../../src/metrics/text/index.js';

interface Pair {
  id: string;
  lang: 'zh' | 'en';
  reference: string;
  hypothesis: string;
  expected: { bleu: number; rouge_l: number | null; rouge_raises?: string; rouge_depth?: number };
}

const DIR = new URL('../fixtures/text-authors/', import.meta.url);
const readJsonl = <T>(name: string): T[] =>
  readFileSync(new URL(name, DIR), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
const pairs = readJsonl<Pair>('pairs.jsonl');
const authors = textProfile('authors');

describe('the authors profile reproduces sacrebleu 2.4.2 and rouge 1.0.1 pair by pair', () => {
  it('has the reference pairs of both languages, degenerate ones included', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(400);
    for (const lang of ['zh', 'en']) expect(pairs.filter((p) => p.lang === lang).length).toBeGreaterThan(200);
    expect(pairs.some((p) => p.hypothesis === '')).toBe(true);
    expect(pairs.some((p) => p.reference === '' && p.hypothesis !== '')).toBe(true);
    expect(pairs.some((p) => p.reference === p.hypothesis && pySplit(p.reference).length === 1)).toBe(true); // one token
    expect(pairs.some((p) => p.hypothesis !== '' && /^[\p{P}\s]+$/u.test(p.hypothesis))).toBe(true); // punctuation only
    expect(pairs.some((p) => p.hypothesis.trim() === '' && p.hypothesis !== '')).toBe(true); // whitespace only
    expect(pairs.some((p) => p.expected.rouge_raises === 'RecursionError')).toBe(true);
  });

  it('gives every BLEU within 0.01 of sacrebleu', () => {
    const off = pairs.map((p) => ({ id: p.id, got: authors.lexical(p.hypothesis, p.reference, p.lang).bleu, want: p.expected.bleu })).filter((r) => !(Math.abs(r.got - r.want) <= 0.01));
    expect(off).toEqual([]);
  });

  it('gives every ROUGE-L within 0.01 of rouge 1.0.1, and 0 with a note where the library raises', () => {
    const off = [];
    for (const p of pairs) {
      const got = authors.lexical(p.hypothesis, p.reference, p.lang);
      const e = p.expected;
      const want = e.rouge_l ?? 0;
      // the library raises ValueError for an empty side and RecursionError for a walk too long for its limit
      const noted = got.notes ?? [];
      const wanted = e.rouge_raises === undefined ? /^$/ : e.rouge_raises === 'RecursionError' ? /^rouge-recursion$/ : /^rouge-empty-(hypothesis|reference)$/;
      const sameNotes = noted.length <= 1 && wanted.test(noted[0] ?? '');
      if (!(Math.abs(got.rouge - want) <= 0.01) || !sameNotes) off.push({ id: p.id, got: got.rouge, want, notes: noted, raises: e.rouge_raises });
    }
    expect(off).toEqual([]);
  });

  it('walks the LCS table back exactly as the library does (the length decides its RecursionError)', () => {
    const deep = pairs.filter((p) => p.expected.rouge_depth !== undefined);
    expect(deep.length).toBeGreaterThan(400);
    for (const p of deep) {
      const [h, r] = p.lang === 'zh' ? [jiebaCut(p.hypothesis).join(' '), jiebaCut(p.reference).join(' ')] : [p.hypothesis, p.reference];
      const got = pltrdyRougeL(h, r);
      // walks that cannot matter are skipped, so the depth is exact where it decides, and never above
      if (p.expected.rouge_depth! >= PLTRDY_RECURSION_DEPTH) expect(got.depth, p.id).toBe(p.expected.rouge_depth);
      else expect(got.depth, p.id).toBeLessThanOrEqual(p.expected.rouge_depth!);
      expect(got.raises === 'recursion', p.id).toBe(p.expected.rouge_raises === 'RecursionError');
    }
  });

  it('scores through lexicalSimilarity with the profile named in the result', () => {
    const p = pairs.find((x) => x.lang === 'zh' && x.id.startsWith('rewrite'))!;
    const s = lexicalSimilarity(p.hypothesis, p.reference, 'zh', 'authors');
    expect(s.profile).toBe('authors');
    expect(s.bleu).toBeCloseTo(p.expected.bleu, 2);
    expect(s.rouge).toBeCloseTo(p.expected.rouge_l!, 2);
    expect(s.score).toBeCloseTo((p.expected.bleu + p.expected.rouge_l!) / 2, 2);
    expect(lexicalSimilarity(p.hypothesis, p.reference, 'zh').profile).toBe('clinicallab');
  });
});

describe('sacrebleu tokenizers', () => {
  it('13a keeps decimals and thousands, splits other stops, commas and ASCII symbols, keeps case', () => {
    expect(tokenize13a('WBC 13.2×10^9/L, 1,000 mL.')).toEqual(['WBC', '13.2×10', '^', '9', '/', 'L', ',', '1,000', 'mL', '.']);
    expect(tokenize13a("x-ray 3-5 patient's e.g. Tom &amp; Jerry")).toEqual(['x-ray', '3', '-', '5', "patient's", 'e', '.', 'g', '.', 'Tom', '&', 'Jerry']);
    expect(tokenize13a('hyphen-\nated <skipped>line')).toEqual(['hyphenated', 'line']);
  });
  it('zh sets apart the characters of its ranges as Python reads them, and nothing above U+FFFF', () => {
    expect(tokenizeZh('发热，咳嗽3天。')).toEqual(['发', '热', '，', '咳', '嗽', '3', '天', '。']);
    // the bound written "\u20000" makes U+2001–U+2A6D "Chinese": curly quotes, ℃ and ≥ are split off…
    expect(tokenizeZh('“T38.5℃”≥')).toEqual(['“', 'T38.5', '℃', '”', '≥']);
    expect([0x2001, 0x2a6d, 0x2103, 0x3400, 0x9fbb, 0xff0c].every(isSacrebleuZhChar)).toBe(true);
    // …while Extension B characters stay glued to their neighbours, and U+9FBC–U+9FFF is not in the table
    expect(tokenizeZh('a𠀀b 鿼x')).toEqual(['a𠀀b', '鿼x']);
    expect([0x2000, 0x2a6e, 0x20000, 0x9fbc, 0x4db6].some(isSacrebleuZhChar)).toBe(false);
  });
  it('splits on Python whitespace, not JavaScript whitespace', () => {
    expect(pySplit('a\u001cb\u0085c\ufeffd\u200be')).toEqual(['a', 'b', 'c\ufeffd\u200be']);
    expect(pyStrip('\u3000 x \u2028')).toBe('x');
    expect(tokenize13a('a\u00a0b\u3000c')).toEqual(['a', 'b', 'c']);
  });
  it('computes BLEU on those tokens with sacrebleu arithmetic', () => {
    // hypothesis "the cat sat on the mat" vs "the cat is on the mat": p = 5/6, 3/5, 1/4, 1/(2·3), BP 1 → (1/48)^¼ = 0.3799
    expect(100 * sacreBleu('the cat sat on the mat', 'the cat is on the mat', 'en').bleu).toBeCloseTo(37.99, 2);
    expect(sacreBleu('The cat', 'the cat', 'en').bleu).toBeLessThan(1); // case-sensitive
    expect(sacreBleu('', 'the cat', 'en').bleu).toBe(0);
  });
});

describe('rouge 1.0.1 ROUGE-L', () => {
  it('splits sentences at ASCII full stops only, and counts distinct words', () => {
    expect(pltrdySentences('Fever.  cough\tand  pain. . 13.2')).toEqual(['Fever', 'cough and pain', '', '13', '2']);
    expect(pltrdySentences('...')).toEqual([]);
    // words are sets: "the the the" against "the cat" overlaps in one word of two (R = 1/2, P = 1/1)
    const r = pltrdyRougeL('the the the', 'the cat');
    expect([r.recall, r.precision, r.overlap]).toEqual([0.5, 1, 1]);
    expect(r.f).toBeCloseTo(2 / 3, 6);
  });
  it('gives identical texts 1 − 5·10⁻⁹ (its F has + 1e-8 in the denominator), not 1', () => {
    expect(pltrdyRougeL('a b c', 'a b c').f).toBeCloseTo(1 - 5e-9, 12);
  });
  it('takes 0 and says so where the library raises on an empty side', () => {
    expect(pltrdyRougeL('', 'a b').raises).toBe('empty-hypothesis');
    expect(pltrdyRougeL('...', 'a b')).toMatchObject({ f: 0, raises: 'empty-hypothesis' });
    expect(pltrdyRougeL('a b', '.')).toMatchObject({ f: 0, raises: 'empty-reference' });
    expect(pltrdyRougeL('   ', 'a b')).toMatchObject({ f: 0, hypothesisWords: 1 }); // one empty word, no error
    expect(pltrdyRougeL('   ', 'a b').raises).toBeUndefined();
  });
  it('flags walks too long for Python’s default recursion limit, and scores them exactly', () => {
    const long = Array.from({ length: 1200 }, (_, i) => `w${i % 50}`);
    const r = pltrdyRougeL(long.join(' '), long.slice(0, 1100).join(' '));
    expect(r.depth).toBeGreaterThanOrEqual(PLTRDY_RECURSION_DEPTH);
    expect(r.raises).toBe('recursion');
    expect(r.overlap).toBe(50);
  });
  it('gives the same result with a checkpointed table as with the whole table', () => {
    const words = (seed: number, n: number): string => Array.from({ length: n }, (_, i) => `w${(i * seed + (i >> 2)) % 37}`).join(' ');
    for (const [a, b] of [[words(7, 300), words(11, 250)], [words(3, 41), words(5, 400)], [words(13, 1), words(2, 99)]] as const) {
      expect(pltrdyRougeL(a!, b!, 10)).toEqual(pltrdyRougeL(a!, b!));
    }
  });
});

describe('jieba segmentation (@node-rs/jieba, corrected to jieba 0.42.1)', () => {
  const sample = readJsonl<{ text: string; words: string[] }>('jieba-sample.jsonl');
  it('gives jieba 0.42.1’s words on every text of the clinical sample', () => {
    expect(sample.length).toBeGreaterThan(300);
    const off = sample.filter((s) => JSON.stringify(jiebaCut(s.text)) !== JSON.stringify(s.words)).map((s) => s.text);
    expect(off).toEqual([]);
  });
  it('has jieba’s word B超 and splits CA19-9 and 40-75 as jieba does', () => {
    expect(jiebaCut('B超示胆囊结石')).toEqual(['B超', '示', '胆囊结石']);
    expect(jiebaCut('CA19-9 40-75')).toEqual(['CA19', '-', '9', ' ', '40', '-', '75']);
    expect(jiebaCut('C#5')).toEqual(['C#', '5']);
  });
});
