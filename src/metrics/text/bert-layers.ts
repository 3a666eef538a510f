/**
 * Which layer bert-score 0.3.13 takes its token vectors from, per model, and its published baselines for
 * rescaling — for the `authors` profile's BERTScore with a model the user supplies.
 *
 * bert-score uses, by default, `bert-base-chinese` for Chinese and `roberta-large` for English, and cuts each
 * model after the layer that correlated best with human judgements (its table `model2layers`): the vectors are
 * the output of that layer (Hugging Face's `hidden_states[L]`, 0 being the embeddings). The entries below are
 * that table's values for the models a ClinicalBench user is likely to have; for any other model the layer is
 * given explicitly (`layer`, `--bertscore-layer`).
 *
 * Baselines (`rescale_with_baseline=True`): bert-score ships, per language, model and layer, the P, R and F of
 * random sentence pairs, and rescales x' = (x − b) / (1 − b). The two default models' rows are built in; any
 * other row is read from the library's own file (`rescale_baseline/<lang>/<model>.tsv`, columns LAYER,P,R,F).
 */
import { readFileSync } from 'node:fs';
import type { Language } from '../../bench/language.js';
import type { BertScore } from './bert-match.js';

/** bert-score 0.3.13's layer (`num_layers`) for some models. */
export const BERT_SCORE_LAYERS: Readonly<Record<string, number>> = {
  'bert-base-chinese': 8,
  'roberta-large': 17,
  'roberta-base': 10,
  'bert-base-uncased': 9,
  'bert-large-uncased': 18,
  'bert-base-multilingual-cased': 9,
  'xlm-roberta-base': 9,
  'xlm-roberta-large': 17,
  'distilbert-base-uncased': 5,
  'allenai/scibert_scivocab_uncased': 8,
  'microsoft/deberta-xlarge-mnli': 40,
};

/** bert-score 0.3.13's baselines of its default models at their default layers. */
const BUILT_IN_BASELINES: Record<string, { lang: Language; layer: number; baseline: BertScore }> = {
  'bert-base-chinese': { lang: 'zh', layer: 8, baseline: { precision: 0.54804957, recall: 0.5480091, f1: 0.54755783 } },
  'roberta-large': { lang: 'en', layer: 17, baseline: { precision: 0.83150584, recall: 0.8314941, f1: 0.83122575 } },
};

/**
 * The model a config.json names (`_name_or_path`, as Hugging Face writes it on saving; a local path counts by
 * its ending: `/models/bert-base-chinese` is bert-base-chinese), when it is a model of the table.
 */
export function knownModelName(config: Record<string, unknown>): string | undefined {
  const name = typeof config._name_or_path === 'string' ? config._name_or_path.replace(/\\/g, '/').replace(/\/+$/, '') : '';
  if (!name) return undefined;
  return Object.keys(BERT_SCORE_LAYERS).find((k) => name === k || name.endsWith(`/${k}`) || name.endsWith(`/${k.split('/').pop()!}`));
}

/** The built-in baseline of a model at a layer, if bert-score's default model for that language is meant. */
export function builtInBaseline(model: string | undefined, layer: number, lang: Language): BertScore | undefined {
  const b = model ? BUILT_IN_BASELINES[model] : undefined;
  return b && b.layer === layer && b.lang === lang ? b.baseline : undefined;
}

/** Every row of one of bert-score's baseline files (LAYER,P,R,F), by layer. */
export function readBaselineRows(file: string): Record<string, BertScore> {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const head = (lines[0] ?? '').split(',').map((s) => s.trim());
  if (head.join(',') !== 'LAYER,P,R,F') throw new Error(`${file}: not a bert-score baseline file (its first line should be LAYER,P,R,F, not "${lines[0] ?? ''}")`);
  const rows: Record<string, BertScore> = {};
  for (const [i, line] of lines.slice(1).entries()) {
    const cells = line.split(',').map(Number);
    if (cells.length !== 4 || cells.some((x) => !Number.isFinite(x)) || !Number.isInteger(cells[0])) throw new Error(`${file}: line ${i + 2} is not a layer and three numbers: "${line}"`);
    rows[String(cells[0])] = { precision: cells[1]!, recall: cells[2]!, f1: cells[3]! };
  }
  return rows;
}

/** A baseline row read from one of bert-score's files (LAYER,P,R,F): the row of `layer`. */
export function readBaselineFile(file: string, layer: number): BertScore {
  const row = readBaselineRows(file)[String(layer)];
  if (!row) throw new Error(`${file}: no row for layer ${layer}`);
  return row;
}
