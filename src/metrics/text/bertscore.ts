/**
 * BERTScore (Zhang et al., 2020) for one candidate against one reference, computed with a LOCAL transformer
 * model through transformers.js (ONNX Runtime, CPU). Nothing is downloaded: remote models are switched off.
 *
 * Two variants (`variant`; the text profile chooses, profiles.ts). `clinicallab` (the default):
 *   - contextual embeddings of each text, encoded on its own (no pair input), from the output
 *     `last_hidden_state` by default, or `hidden_states.<layer>` when `layer` is given and the ONNX export has
 *     such an output (the reference implementation picks an intermediate layer per model, e.g. layer 8 of
 *     bert-base-chinese; most ONNX exports only expose the last layer);
 *   - the tokens the tokenizer adds around the text ([CLS] and [SEP] for BERT, <s> and </s> for RoBERTa) are
 *     left out of the matching, as the reference implementation does by giving them weight 0;
 *   - greedy matching by cosine similarity: precision = mean over candidate tokens of the best cosine with any
 *     reference token, recall = mean over reference tokens of the best cosine with any candidate token,
 *     F1 = 2PR / (P + R) (0 when P + R ≤ 0);
 *   - **no IDF weighting** and **no baseline rescaling** by default. Options: `idfReferences` (idf(w) =
 *     ln((M + 1) / (df(w) + 1)) over M reference texts, as the reference implementation) and `baseline`
 *     (x' = (x − b) / (1 − b) for P, R and F1 separately);
 *   - texts longer than `maxLength` model tokens (specials included; default 512, capped by the model's
 *     `max_position_embeddings`) are truncated: only their first maxLength − (specials) tokens are embedded and
 *     matched — the rest of a long text does not count, on either side;
 *   - a text with no tokens (empty) gets precision, recall and F1 = 0.
 * Token vectors are L2-normalised in float32; an identical pair scores 1 up to float rounding (|1 − F1| < 1e-6).
 *
 * `bert-score` — as bert-score 0.3.13 computes it with its defaults (the `authors` profile):
 *   - the layer of bert-score's table for the model (bert-layers.ts: bert-base-chinese → 8, roberta-large → 17),
 *     unless `layer` says otherwise: the export must provide `hidden_states.<layer>`, or be cut after that layer
 *     (config.json `num_hidden_layers` equal to it) so that `last_hidden_state` is that layer's output;
 *   - each text stripped of (Python) whitespace; for byte-level BPE tokenizers (RoBERTa, GPT-2, BART) a space
 *     goes before the text, as bert-score's `add_prefix_space=True`;
 *   - the added tokens stay in the sets a token's best match is sought in and weigh 0 (bert-match.ts);
 *     IDF (`idfReferences`) then counts every token id of the encoded references, added ones included;
 *   - truncation at `maxLength` tokens (its `model_max_length`), baseline rescaling as above.
 *   Not reproduced: bert-score pads a batch and lets padded positions (cosine 0) into the maxima, which changes a
 *   score only when every cosine of a token is negative — never seen with real models.
 *
 * Loading: transformers.js is imported only when a scorer is created. The directory is resolved to an absolute
 * path and passed as the model location (an absolute path is never taken for a hub id), with
 * `local_files_only`, `device: 'cpu'`, and the library's process-wide `env.allowRemoteModels = false` — so a
 * missing file is an error, never a download. `env.localModelPath` is left alone. The directory is checked
 * first, so a missing or incomplete one fails with its path and the list of expected files.
 * Scoring calls on one scorer are serialised (one ONNX run at a time); a batch embeds each distinct text once,
 * shortest first, `batchSize` texts per run.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importTransformers, type Model, type Tensor, type Tokenizer } from './transformers.js';
import { matchAllTokens, matchUnitVectors, rescaleWithBaseline, unit, type BertScore } from './bert-match.js';
import { BERT_SCORE_LAYERS, knownModelName } from './bert-layers.js';
import type { BertVariant } from './profiles.js';
import { pyStrip } from './python-str.js';

export type { BertScore };

/** Model file name suffix per transformers.js dtype (`onnx/model<suffix>.onnx`). */
const DTYPE_SUFFIX = { fp32: '', fp16: '_fp16', q8: '_quantized', int8: '_int8', uint8: '_uint8', q4: '_q4' } as const;
export type BertDtype = keyof typeof DTYPE_SUFFIX;

export interface BertScorerOptions {
  /** Directory of a transformers.js model: config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx. */
  modelDir: string;
  /** Use the ONNX output `hidden_states.<layer>` instead of `last_hidden_state` (the export must provide it). */
  layer?: number;
  /** Longest input in model tokens, specials included (default 512, never above max_position_embeddings). */
  maxLength?: number;
  /** Texts per forward pass (default 8). */
  batchSize?: number;
  /** Which ONNX file to load: fp32 → onnx/model.onnx (default), q8 → onnx/model_quantized.onnx, … */
  dtype?: BertDtype;
  /** Weight tokens by IDF computed over these reference texts (default: no IDF, every token weighs 1). */
  idfReferences?: readonly string[];
  /** Rescale with these baseline values, x' = (x − b) / (1 − b) (default: no rescaling). */
  baseline?: BertScore;
  /** clinicallab (default) or bert-score (0.3.13's tokens, weights and layer; see the file header). */
  variant?: BertVariant;
  /** How many texts' vectors are kept for reuse across calls (default 2048; 0 keeps none). */
  cacheSize?: number;
}

export interface BertScorer {
  /** The absolute model directory. */
  readonly modelDir: string;
  /** The ONNX output the embeddings come from. */
  readonly output: string;
  readonly maxLength: number;
  readonly variant: BertVariant;
  /** The layer the vectors come from (null: the model's last, under the clinicallab variant). */
  readonly layer: number | null;
  /** The model config.json names, when it is one of bert-score's table. */
  readonly modelName: string | undefined;
  score(candidate: string, reference: string): Promise<BertScore>;
  scoreBatch(pairs: ReadonlyArray<readonly [candidate: string, reference: string]>): Promise<BertScore[]>;
  /** Release the ONNX session. */
  dispose(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// The model

const REQUIRED_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];

/** Throw a clear error unless `dir` looks like a transformers.js model directory; returns the parsed config. */
function checkModelDir(dir: string, dtype: BertDtype): Record<string, unknown> {
  const onnxFile = `onnx/model${DTYPE_SUFFIX[dtype]}.onnx`;
  const expected = [...REQUIRED_FILES, onnxFile];
  const what =
    `Expected a transformers.js model directory with ${expected.join(', ')} ` +
    `(an ONNX encoder taking input_ids and attention_mask and returning last_hidden_state).`;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(`BERTScore model directory "${dir}" does not exist or is not a directory. ${what}`);
  }
  const missing = expected.filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) {
    throw new Error(`BERTScore model directory "${dir}" is missing ${missing.join(', ')}. ${what}`);
  }
  try {
    const config: unknown = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    if (config === null || typeof config !== 'object' || Array.isArray(config)) throw new Error('not a JSON object');
    return config as Record<string, unknown>;
  } catch (e) {
    throw new Error(`BERTScore model directory "${dir}" has an invalid config.json (${(e as Error).message}). ${what}`);
  }
}

/** One text ready for the model: full ids and the span of the text's own tokens inside them. */
interface Encoded {
  ids: number[];
  start: number;
  end: number;
}

/** Embeddings (unit vectors) and token ids: the text's own tokens, or (bert-score) every token of the encoding. */
interface Embedded {
  vectors: Float32Array[];
  ids: number[];
}

/** Tokenizers that bert-score gives a leading space (its `add_prefix_space=True` for GPT-2 and RoBERTa). */
const BYTE_LEVEL_MODELS = new Set(['roberta', 'gpt2', 'bart', 'longformer']);

/** The layer bert-score 0.3.13 would use: the given one, else its table's entry for the model config.json names. */
function bertScoreLayer(dir: string, config: Record<string, unknown>, layer: number | undefined): number {
  if (layer !== undefined) return layer;
  const name = knownModelName(config);
  if (name !== undefined) return BERT_SCORE_LAYERS[name]!;
  const named = typeof config._name_or_path === 'string' ? ` (its config.json names "${config._name_or_path}")` : ' (its config.json names no model)';
  throw new Error(
    `Cannot tell which layer bert-score 0.3.13 uses for the model in "${dir}"${named}: give the layer (--bertscore-layer), ` +
      `e.g. 8 for bert-base-chinese and 17 for roberta-large (bert-score's table).`,
  );
}

/** Load a local model and return a scorer. Imports transformers.js only now (it is large). */
export async function createBertScorer(options: BertScorerOptions): Promise<BertScorer> {
  const dir = resolve(options.modelDir);
  const dtype = options.dtype ?? 'fp32';
  if (!(dtype in DTYPE_SUFFIX)) throw new Error(`Unknown BERTScore dtype "${dtype}"`);
  const config = checkModelDir(dir, dtype);
  const positions = typeof config.max_position_embeddings === 'number' ? config.max_position_embeddings : 512;
  const maxLength = Math.min(options.maxLength ?? 512, positions);
  if (!(maxLength >= 3)) throw new RangeError(`BERTScore maxLength must be at least 3, got ${options.maxLength}`);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 8));
  const variant: BertVariant = options.variant ?? 'clinicallab';
  const modelName = knownModelName(config);
  const layer = variant === 'bert-score' ? bertScoreLayer(dir, config, options.layer) : options.layer;
  const prefixSpace = variant === 'bert-score' && BYTE_LEVEL_MODELS.has(String(config.model_type));

  const tf = await importTransformers();
  tf.env.allowRemoteModels = false;
  tf.env.allowLocalModels = true;
  let tokenizer: Tokenizer;
  let model: Model;
  try {
    tokenizer = await tf.AutoTokenizer.from_pretrained(dir, { local_files_only: true });
    model = await tf.AutoModel.from_pretrained(dir, { local_files_only: true, device: 'cpu', dtype });
  } catch (e) {
    throw new Error(
      `Could not load the BERTScore model in "${dir}": ${(e as Error).message}. ` +
        `Expected a transformers.js model directory with ${[...REQUIRED_FILES, 'onnx/model.onnx'].join(', ')}.`,
      { cause: e },
    );
  }
  const padId = Number.isInteger(tokenizer.pad_token_id) ? tokenizer.pad_token_id : 0;

  const encode = (raw: string): Encoded => {
    const text = variant === 'clinicallab' ? raw : prefixSpace && pyStrip(raw) !== '' ? ` ${pyStrip(raw)}` : pyStrip(raw);
    const full = tokenizer.encode(text, { add_special_tokens: true });
    const own = tokenizer.encode(text, { add_special_tokens: false });
    let start = findSpan(full, own);
    let end = start + own.length;
    if (start < 0) {
      // Unusual tokenizer (the text's own ids do not appear as one run): match everything it returned.
      start = 0;
      end = full.length;
    }
    const prefix = full.slice(0, start);
    const suffix = full.slice(end);
    const keep = Math.max(0, Math.min(end - start, maxLength - prefix.length - suffix.length));
    return { ids: [...prefix, ...full.slice(start, start + keep), ...suffix], start, end: start + keep };
  };

  let outputName = 'last_hidden_state';
  const forward = async (batch: readonly Encoded[]): Promise<Tensor> => {
    const seq = Math.max(...batch.map((e) => e.ids.length));
    const ids = new BigInt64Array(batch.length * seq).fill(BigInt(padId));
    const mask = new BigInt64Array(batch.length * seq);
    batch.forEach((e, b) => {
      e.ids.forEach((id, t) => {
        ids[b * seq + t] = BigInt(id);
        mask[b * seq + t] = 1n;
      });
    });
    const dims = [batch.length, seq];
    const out = (await model.forward({
      input_ids: new tf.Tensor('int64', ids, dims),
      attention_mask: new tf.Tensor('int64', mask, dims),
      token_type_ids: new tf.Tensor('int64', new BigInt64Array(batch.length * seq), dims),
    })) as Record<string, Tensor>;
    const t = out[outputName];
    if (!t) throw new Error(`The BERTScore model in "${dir}" returned no output "${outputName}"`);
    return t;
  };

  // Choose the output and check that the model runs, with one tiny forward pass; release the model on failure.
  try {
    let probe: Record<string, Tensor>;
    try {
      probe = (await model.forward({
        input_ids: new tf.Tensor('int64', new BigInt64Array([BigInt(padId)]), [1, 1]),
        attention_mask: new tf.Tensor('int64', new BigInt64Array([1n]), [1, 1]),
        token_type_ids: new tf.Tensor('int64', new BigInt64Array([0n]), [1, 1]),
      })) as Record<string, Tensor>;
    } catch (e) {
      throw new Error(`The BERTScore model in "${dir}" failed on a test input: ${(e as Error).message}`, { cause: e });
    }
    outputName = chooseOutput(dir, Object.keys(probe), layer, config.num_hidden_layers);
    if (probe[outputName]?.dims.length !== 3) {
      throw new Error(`The BERTScore model in "${dir}": output ${outputName} is not [batch, sequence, hidden].`);
    }
  } catch (e) {
    await model.dispose().catch(() => undefined);
    throw e;
  }

  // The ids the tokenizer adds around a text ([CLS] [SEP], <s> </s>): weight 0 under the bert-score variant.
  const added = new Set<number>();
  const all = variant === 'bert-score';
  // Texts embedded lately (references come back for every model and every rescoring), oldest dropped first.
  const cache = new Map<string, Embedded>();
  const cacheSize = Math.max(0, Math.floor(options.cacheSize ?? 2048));
  const embedAll = async (texts: readonly string[]): Promise<Map<string, Embedded>> => {
    const result = new Map<string, Embedded>();
    const todo: string[] = [];
    for (const t of new Set(texts)) {
      const hit = cache.get(t);
      if (hit) result.set(t, hit);
      else todo.push(t);
    }
    const unique = todo.map((text) => ({ text, enc: encode(text) }));
    unique.sort((x, y) => x.enc.ids.length - y.enc.ids.length); // less padding per batch
    for (let i = 0; i < unique.length; i += batchSize) {
      const chunk = unique.slice(i, i + batchSize);
      const hidden = await forward(chunk.map((c) => c.enc));
      const [, seq, width] = hidden.dims as [number, number, number];
      const data = hidden.data as Float32Array;
      chunk.forEach(({ text, enc }, b) => {
        const vectors: Float32Array[] = [];
        const [from, to] = all ? [0, enc.ids.length] : [enc.start, enc.end];
        for (let t = from; t < to; t++) {
          const offset = (b * seq + t) * width;
          vectors.push(unit(data.subarray(offset, offset + width)));
        }
        enc.ids.forEach((id, t) => (t < enc.start || t >= enc.end) && added.add(id));
        const e = { vectors, ids: enc.ids.slice(from, to) };
        result.set(text, e);
        if (cacheSize > 0) {
          if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
          cache.set(text, e);
        }
      });
    }
    return result;
  };

  // IDF over the given references, if any (token ids after truncation, each counted once per text; under the
  // bert-score variant the added ids too, which so get idf 0).
  let idf: ((id: number) => number) | undefined;
  if (options.idfReferences && options.idfReferences.length > 0) {
    const df = new Map<number, number>();
    for (const ref of options.idfReferences) {
      const enc = encode(ref);
      for (const id of new Set(all ? enc.ids : enc.ids.slice(enc.start, enc.end))) df.set(id, (df.get(id) ?? 0) + 1);
    }
    const m = options.idfReferences.length;
    idf = (id) => Math.log((m + 1) / ((df.get(id) ?? 0) + 1));
  }

  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };

  const scoreBatch = (pairs: ReadonlyArray<readonly [string, string]>): Promise<BertScore[]> =>
    serial(async () => {
      if (pairs.length === 0) return [];
      const embedded = await embedAll(pairs.flatMap(([c, r]) => [String(c), String(r)]));
      return pairs.map(([c, r]) => {
        const ce = embedded.get(String(c))!;
        const re = embedded.get(String(r))!;
        const weights = (e: Embedded): number[] => e.ids.map((id) => (added.has(id) ? 0 : idf ? idf(id) : 1));
        let s = all
          ? matchAllTokens(ce.vectors, re.vectors, weights(ce), weights(re))
          : matchUnitVectors(ce.vectors, re.vectors, idf && ce.ids.map(idf), idf && re.ids.map(idf));
        if (options.baseline) s = rescaleWithBaseline(s, options.baseline);
        return s;
      });
    });

  return {
    modelDir: dir,
    output: outputName,
    maxLength,
    variant,
    layer: layer ?? null,
    modelName,
    scoreBatch,
    score: async (candidate, reference) => (await scoreBatch([[candidate, reference]]))[0]!,
    dispose: () => serial(() => model.dispose()).then(() => undefined),
  };
}

/** The ONNX output holding the token vectors: last_hidden_state, or hidden_states.<layer> when a layer is asked. */
function chooseOutput(dir: string, names: readonly string[], layer: number | undefined, layers: unknown): string {
  if (layer === undefined || (layer === layers && names.includes('last_hidden_state'))) {
    if (names.includes('last_hidden_state')) return 'last_hidden_state';
    throw new Error(`The BERTScore model in "${dir}" has no last_hidden_state output (outputs: ${names.join(', ')}).`);
  }
  const name = [`hidden_states.${layer}`, `hidden_states_${layer}`].find((n) => names.includes(n));
  if (name) return name;
  throw new Error(
    `The BERTScore model in "${dir}" has no output for layer ${layer} (outputs: ${names.join(', ')}); ` +
      `export it with hidden states, or leave "layer" unset to use last_hidden_state.`,
  );
}

/** Index where `part` occurs contiguously in `whole` (first occurrence), or -1. */
function findSpan(whole: readonly number[], part: readonly number[]): number {
  outer: for (let s = 0; s + part.length <= whole.length; s++) {
    for (let i = 0; i < part.length; i++) if (whole[s + i] !== part[i]) continue outer;
    return s;
  }
  return -1;
}
