/** Text-similarity metrics of tasks DB, DD, PT, TP and ID: BLEU, ROUGE-L, BERTScore and their mean. */
export { tokenize, internPair, TOKEN_PATTERN, type InternedPair } from './tokenize.js';
export { bleu, bleuTokens, bleuIds, BLEU_MAX_ORDER, type BleuDetail } from './bleu.js';
export { rougeL, rougeLTokens, rougeLIds, lcsLength, type RougeL, type RougeOptions } from './rouge.js';
export { createBertScorer, type BertScore, type BertScorer, type BertScorerOptions, type BertDtype } from './bertscore.js';
export { greedyMatch, bertScoreMatch, rescaleWithBaseline } from './bert-match.js';
export { BERT_SCORE_LAYERS, builtInBaseline, readBaselineFile, readBaselineRows, knownModelName } from './bert-layers.js';
export { bertscoreIdentity } from './bert-identity.js';
export {
  textSimilarity,
  textSimilarityBatch,
  lexicalSimilarity,
  combine as combineSimilarity,
  isScorableReference,
  scorableReference,
  type TextSimilarity,
  type SimilarityComponents,
  type SimilarityOptions,
} from './similarity.js';
export {
  TEXT_PROFILES,
  DEFAULT_TEXT_PROFILE,
  textProfile,
  isTextProfileName,
  type TextProfile,
  type TextProfileName,
  type LexicalScores,
  type LibraryNote,
  type BertVariant,
} from './profiles.js';
export { sacreBleu, sacrebleuTokens, tokenize13a, tokenizeZh } from './sacrebleu.js';
export { pltrdyRougeL, pltrdySentences, type PltrdyRougeL } from './pltrdy-rouge.js';
export { jiebaCut } from './jieba.js';
