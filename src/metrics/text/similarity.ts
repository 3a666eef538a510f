/**
 * The text-similarity score of tasks DB, DD, PT, TP and ID (PROTOCOL §5): per case,
 * (BLEU + ROUGE + BERTScore) / 3, each ×100, at full precision (round for display only).
 *
 *   BLEU       sentence BLEU-4, Chen & Cherry method 3 smoothing, effective order      (bleu.ts)
 *   ROUGE      ROUGE-L F1 (β = 1) on the whole text                                    (rouge.ts)
 *   BERTScore  F1, greedy cosine matching, no IDF, no baseline rescaling by default    (bertscore.ts)
 *   tokens     NFKC + lower case; Chinese by character, Latin/number runs as words     (tokenize.ts)
 *
 * When no BERTScore model is configured the score is the mean of BLEU and ROUGE only, `bertscore` is null and
 * `components` says 'bleu+rouge', so such scores can be labelled and are never mixed silently with full ones
 * (a two-component mean is not comparable with the published three-component numbers).
 *
 * A BERTScore F1 can fall below 0 with baseline rescaling (or, in principle, with odd embeddings); the
 * component is clamped to [0, 100] so the case score stays a percentage.
 *
 * References: callers skip cases whose reference is empty or a "no data" placeholder (`Not available.`, `暂无。`,
 * …) — see `isScorableReference` — instead of scoring them.
 */
import { isSentinel } from '../../bench/text.js';
import type { Language } from '../../bench/language.js';
import { bleuIds } from './bleu.js';
import type { BertScorer } from './bertscore.js';
import { rougeLIds } from './rouge.js';
import { internPair, tokenize } from './tokenize.js';

export type SimilarityComponents = 'bleu+rouge+bertscore' | 'bleu+rouge';

/** All values 0..100 at full precision. */
export interface TextSimilarity {
  bleu: number;
  rouge: number;
  /** null when no BERTScore model was used. */
  bertscore: number | null;
  /** Mean of the components present. */
  score: number;
  components: SimilarityComponents;
}

export interface SimilarityOptions {
  /** A loaded BERTScore model (createBertScorer); without one the score is BLEU + ROUGE only. */
  bert?: BertScorer;
}

/**
 * The reference text to score against, or null when there is nothing to score: empty, whitespace, a "no data"
 * placeholder ("", "Not available.", "暂无", "暂无。", "None", "N/A", …) or text without a single token.
 */
export function scorableReference(reference: string | null | undefined, lang: Language = 'en'): string | null {
  if (typeof reference !== 'string') return null;
  // Fast path for real references: 40 letters or digits make a token and cannot be a placeholder (the longest
  // has 15), so the whole text need not be normalised twice just to learn that.
  if (wordCharsAtLeast(reference, 40)) return reference.trim();
  if (isSentinel(reference)) return null;
  const text = reference.trim();
  return tokenize(text, lang).length > 0 ? text : null;
}

function wordCharsAtLeast(text: string, n: number): boolean {
  if (text.length < n) return false;
  const re = /[\p{L}\p{N}]/gu;
  let k = 0;
  while (re.exec(text) !== null) if (++k >= n) return true;
  return false;
}

/** True when `reference` can be scored (see `scorableReference`); callers skip the case otherwise. */
export function isScorableReference(reference: string | null | undefined, lang: Language = 'en'): reference is string {
  return scorableReference(reference, lang) !== null;
}

/** BLEU and ROUGE-L F1 (×100) from one tokenisation. */
function lexicalParts(candidate: string, reference: string, lang: Language): { bleu: number; rouge: number } {
  const { a, b, vocabSize } = internPair(tokenize(candidate, lang), tokenize(reference, lang));
  return { bleu: 100 * bleuIds(a, b, vocabSize).bleu, rouge: 100 * rougeLIds(a, b).f };
}

/** The task score from its components: BLEU and ROUGE ×100, BERTScore F1 as 0..1 (null: none configured). */
export function combine(lex: { bleu: number; rouge: number }, bertF1: number | null): TextSimilarity {
  if (bertF1 === null) {
    return { ...lex, bertscore: null, score: (lex.bleu + lex.rouge) / 2, components: 'bleu+rouge' };
  }
  const bertscore = Math.min(100, Math.max(0, 100 * bertF1));
  return { ...lex, bertscore, score: (lex.bleu + lex.rouge + bertscore) / 3, components: 'bleu+rouge+bertscore' };
}

/** BLEU + ROUGE only, synchronous and fast (`components: 'bleu+rouge'`, `bertscore: null`). */
export function lexicalSimilarity(candidate: string, reference: string, lang: Language): TextSimilarity {
  return combine(lexicalParts(candidate, reference, lang), null);
}

/** The case score: (BLEU + ROUGE + BERTScore) / 3 with a BERTScore model, else (BLEU + ROUGE) / 2, all ×100. */
export async function textSimilarity(
  candidate: string,
  reference: string,
  lang: Language,
  options: SimilarityOptions = {},
): Promise<TextSimilarity> {
  const lex = lexicalParts(candidate, reference, lang);
  if (!options.bert) return combine(lex, null);
  const bert = await options.bert.score(candidate, reference);
  return combine(lex, bert.f1);
}

/** `textSimilarity` for many pairs; BERTScore runs batched (faster than one pair at a time). */
export async function textSimilarityBatch(
  pairs: ReadonlyArray<readonly [candidate: string, reference: string]>,
  lang: Language,
  options: SimilarityOptions = {},
): Promise<TextSimilarity[]> {
  const lex = pairs.map(([c, r]) => lexicalParts(c, r, lang));
  if (!options.bert) return lex.map((l) => combine(l, null));
  const bert = await options.bert.scoreBatch(pairs);
  return lex.map((l, i) => combine(l, bert[i]!.f1));
}
