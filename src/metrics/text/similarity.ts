/**
 * The text-similarity score of tasks DB, DD, PT, TP and ID (PROTOCOL §5): per case,
 * (BLEU + ROUGE + BERTScore) / 3, each ×100, at full precision (round for display only). The BLEU and ROUGE-L
 * recipes are those of a text profile (profiles.ts); every result names its profile:
 *
 *   clinicallab (default)  sentence BLEU-4 and sentence ROUGE-L F1 on tokenize.ts tokens (bleu.ts, rouge.ts)
 *   authors                sacrebleu 2.4.2 sentence BLEU, rouge 1.0.1 ROUGE-L, jieba words for Chinese ROUGE
 *   BERTScore              F1, greedy cosine matching, no IDF, no baseline rescaling by default (bertscore.ts)
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
import type { BertScorer } from './bertscore.js';
import { rescaleWithBaseline, type BertScore } from './bert-match.js';
import { DEFAULT_TEXT_PROFILE, textProfile, type LexicalScores, type LibraryNote, type TextProfileName } from './profiles.js';
import { tokenize } from './tokenize.js';

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
  /** The text profile BLEU and ROUGE-L were computed with. */
  profile: TextProfileName;
  /** Where the reference library raises on this pair instead of scoring it, and the value was taken as documented. */
  notes?: LibraryNote[];
}

export interface SimilarityOptions {
  /** A loaded BERTScore model (createBertScorer); without one the score is BLEU + ROUGE only. */
  bert?: BertScorer;
  /** The text profile (default clinicallab). */
  profile?: TextProfileName;
  /** Rescale BERTScore with this baseline (bert-score's rescale_with_baseline). */
  baseline?: BertScore;
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

/** A BERTScore model must have been loaded for the profile's variant (bert-score's tokens for `authors`). */
function checkBert(bert: BertScorer, profile: TextProfileName): void {
  const want = textProfile(profile).bert;
  if (bert.variant !== want) throw new Error(`The BERTScore model was loaded for the ${bert.variant} variant, but the "${profile}" text profile needs ${want}: create it with { variant: '${want}' }`);
}

/** BLEU and ROUGE-L (×100) of the profile, labelled with it. */
function lexicalParts(candidate: string, reference: string, lang: Language, profile: TextProfileName): LexicalScores & { profile: TextProfileName } {
  return { ...textProfile(profile).lexical(candidate, reference, lang), profile };
}

/**
 * The task score from its components: BLEU and ROUGE ×100, BERTScore F1 as 0..1 (null: none configured). Without
 * a profile the components are taken as clinicallab's.
 */
export function combine(lex: LexicalScores & { profile?: TextProfileName }, bertF1: number | null): TextSimilarity {
  const base = { bleu: lex.bleu, rouge: lex.rouge, profile: lex.profile ?? DEFAULT_TEXT_PROFILE, ...(lex.notes?.length ? { notes: lex.notes } : {}) };
  if (bertF1 === null) {
    return { ...base, bertscore: null, score: (lex.bleu + lex.rouge) / 2, components: 'bleu+rouge' };
  }
  const bertscore = Math.min(100, Math.max(0, 100 * bertF1));
  return { ...base, bertscore, score: (lex.bleu + lex.rouge + bertscore) / 3, components: 'bleu+rouge+bertscore' };
}

/** BLEU + ROUGE only, synchronous and fast (`components: 'bleu+rouge'`, `bertscore: null`). */
export function lexicalSimilarity(candidate: string, reference: string, lang: Language, profile: TextProfileName = DEFAULT_TEXT_PROFILE): TextSimilarity {
  return combine(lexicalParts(candidate, reference, lang, profile), null);
}

/** The case score: (BLEU + ROUGE + BERTScore) / 3 with a BERTScore model, else (BLEU + ROUGE) / 2, all ×100. */
export async function textSimilarity(
  candidate: string,
  reference: string,
  lang: Language,
  options: SimilarityOptions = {},
): Promise<TextSimilarity> {
  const profile = options.profile ?? DEFAULT_TEXT_PROFILE;
  const lex = lexicalParts(candidate, reference, lang, profile);
  if (!options.bert) return combine(lex, null);
  checkBert(options.bert, profile);
  const bert = await options.bert.score(candidate, reference);
  return combine(lex, (options.baseline ? rescaleWithBaseline(bert, options.baseline) : bert).f1);
}

/** `textSimilarity` for many pairs; BERTScore runs batched (faster than one pair at a time). */
export async function textSimilarityBatch(
  pairs: ReadonlyArray<readonly [candidate: string, reference: string]>,
  lang: Language,
  options: SimilarityOptions = {},
): Promise<TextSimilarity[]> {
  const profile = options.profile ?? DEFAULT_TEXT_PROFILE;
  const lex = pairs.map(([c, r]) => lexicalParts(c, r, lang, profile));
  if (!options.bert) return lex.map((l) => combine(l, null));
  checkBert(options.bert, profile);
  const bert = await options.bert.scoreBatch(pairs);
  return lex.map((l, i) => combine(l, (options.baseline ? rescaleWithBaseline(bert[i]!, options.baseline) : bert[i]!).f1));
}
