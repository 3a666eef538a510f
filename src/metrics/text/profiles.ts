/**
 * Text-metric profiles: which BLEU, ROUGE-L and BERTScore recipe the text tasks (DB, DD, PT, TP, ID) are scored
 * with. Every score records the profile it was computed with, so scores of different profiles are never passed
 * off as one another.
 *
 *   clinicallab  clinicallab's own recipe: one tokenisation for both metrics (NFKC, lower case, Chinese by
 *                character, punctuation dropped; tokenize.ts), sentence BLEU-4 (bleu.ts), sentence-level ROUGE-L
 *                F1 (rouge.ts), BERTScore on the text's own tokens (bertscore.ts). Runtime-independent, robust
 *                to formatting (case, full-width forms, punctuation and numbering style do not move a score) and
 *                symmetric across languages. Its figures are not the published ones.
 *   authors      what the authors' published environment computes: BLEU as sacrebleu 2.4.2 `sentence_bleu`
 *                (sacrebleu.ts), ROUGE-L as rouge 1.0.1 by pltrdy (pltrdy-rouge.ts; Chinese on jieba 0.42.1
 *                words, jieba.ts) and BERTScore as bert-score 0.3.13. Use it to set a model beside the
 *                published rows.
 */
import type { Language } from '../../bench/language.js';
import { bleuIds, bleuTokens } from './bleu.js';
import { jiebaCut } from './jieba.js';
import { pltrdyRougeL } from './pltrdy-rouge.js';
import { rougeLIds } from './rouge.js';
import { sacrebleuTokens } from './sacrebleu.js';
import { internPair, tokenize } from './tokenize.js';

export const TEXT_PROFILES = ['clinicallab', 'authors'] as const;
export type TextProfileName = (typeof TEXT_PROFILES)[number];

/** The profile scores use when none is asked for (see docs/metrics.md for why). */
export const DEFAULT_TEXT_PROFILE: TextProfileName = 'clinicallab';

/** A behaviour of the reference libraries met on one pair, where they raise instead of scoring. */
export type LibraryNote = 'rouge-empty-hypothesis' | 'rouge-empty-reference' | 'rouge-recursion';

/** BLEU and ROUGE-L of one pair, ×100. */
export interface LexicalScores {
  bleu: number;
  rouge: number;
  /** Pairs the reference library would raise on, with the value taken instead (authors profile only). */
  notes?: LibraryNote[];
}

/** How BERTScore treats a text (see bertscore.ts). */
export type BertVariant = 'clinicallab' | 'bert-score';

export interface TextProfile {
  name: TextProfileName;
  /** One line for outputs: what the profile computes. */
  label: string;
  lexical(candidate: string, reference: string, lang: Language): LexicalScores;
  bert: BertVariant;
}

const clinicallab: TextProfile = {
  name: 'clinicallab',
  label: 'clinicallab (own tokens: NFKC, lower case, Chinese by character; BLEU-4, sentence ROUGE-L F1)',
  bert: 'clinicallab',
  lexical(candidate, reference, lang) {
    const { a, b, vocabSize } = internPair(tokenize(candidate, lang), tokenize(reference, lang));
    return { bleu: 100 * bleuIds(a, b, vocabSize).bleu, rouge: 100 * rougeLIds(a, b).f };
  },
};

const NOTE = { 'empty-hypothesis': 'rouge-empty-hypothesis', 'empty-reference': 'rouge-empty-reference', recursion: 'rouge-recursion' } as const;

/**
 * The texts prepared lately, by language (a reference comes back for every model scored and every rescoring):
 * sacrebleu's tokens and, for Chinese, the jieba words joined by spaces. Oldest dropped first.
 */
const prepared = new Map<string, { tokens: string[]; words: string }>();
const PREPARED_MAX = 2048;

function prepare(text: string, lang: Language): { tokens: string[]; words: string } {
  const key = `${lang}\u0000${text}`;
  const hit = prepared.get(key);
  if (hit) return hit;
  const p = { tokens: sacrebleuTokens(text, lang), words: lang === 'zh' ? jiebaCut(text).join(' ') : text };
  if (prepared.size >= PREPARED_MAX) prepared.delete(prepared.keys().next().value!);
  prepared.set(key, p);
  return p;
}

const authors: TextProfile = {
  name: 'authors',
  label: "authors (sacrebleu 2.4.2 sentence BLEU, rouge 1.0.1 ROUGE-L on jieba 0.42.1 words for Chinese, bert-score 0.3.13)",
  bert: 'bert-score',
  lexical(candidate, reference, lang) {
    const h = prepare(candidate, lang);
    const r = prepare(reference, lang);
    const bleu = 100 * bleuTokens(h.tokens, r.tokens).bleu;
    const rouge = pltrdyRougeL(h.words, r.words);
    return { bleu, rouge: 100 * rouge.f, ...(rouge.raises ? { notes: [NOTE[rouge.raises]] } : {}) };
  },
};

const PROFILES: Record<TextProfileName, TextProfile> = { clinicallab, authors };

export function isTextProfileName(name: unknown): name is TextProfileName {
  return typeof name === 'string' && (TEXT_PROFILES as readonly string[]).includes(name);
}

/** The profile of that name; an unknown name is an error listing the known ones. */
export function textProfile(name: string = DEFAULT_TEXT_PROFILE): TextProfile {
  if (!isTextProfileName(name)) throw new Error(`Unknown text-metric profile "${name}"; the profiles are ${TEXT_PROFILES.join(', ')}`);
  return PROFILES[name];
}
