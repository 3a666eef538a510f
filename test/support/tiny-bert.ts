/**
 * Writes a tiny random-weight BERT-like encoder that transformers.js loads offline, for BERTScore tests:
 *
 *   <dir>/config.json             model_type "bert", hidden size 32, one layer, one attention head
 *   <dir>/tokenizer.json          WordPiece (lower-case ASCII letters and digits with ## continuations, ASCII and
 *   <dir>/tokenizer_config.json   CJK punctuation, common English words and clinical word pieces, a few hundred
 *   <dir>/vocab.txt               common Chinese characters, [PAD] [UNK] [CLS] [SEP] [MASK]); BERT normaliser
 *                                 (lower case, accents stripped, spaces around CJK characters)
 *   <dir>/onnx/model.onnx         inputs input_ids, attention_mask, token_type_ids (int64 [batch, seq]),
 *                                 output last_hidden_state (float32 [batch, seq, 32])
 *
 * The ONNX graph is one real encoder block: word + position + token-type embeddings, single-head self-attention
 * masked by attention_mask, a residual tanh, and a tanh feed-forward with a residual. So the vectors are
 * contextual: the same token in another sentence gets another (but similar) vector. The weights are drawn from a
 * seeded PRNG, so a seed always gives the same files. Options make it larger (`hidden`, `ffn`, `layers`: blocks in a
 * row — a model of real size for timing), name a model in config.json (`nameOrPath`, as Hugging Face's
 * `_name_or_path`), or add the outputs `hidden_states.0` (the embeddings) … `hidden_states.<layers>` (`hiddenStates`).
 * The ONNX protobuf is written by the small encoder below
 * (field numbers from onnx.proto: ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto, ValueInfoProto).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom as prng } from '../../src/metrics/stats.js';

export const TINY_BERT_HIDDEN = 32;
const FFN = 64;
const MAX_POSITIONS = 512;
const SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];

const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~，。；：、（）《》“”‘’！？【】·…—';
const WORDS = `the of and a an in on with for to is was were be by or no not as at from this that which has had have
been after before without due because further patient pain acute chronic diagnosis disease treatment therapy history
examination blood pressure heart lung liver kidney abdominal abdomen chest fever cough left right normal abnormal
elevated increased decreased count cell white red mass lesion ct mri ultrasound showed shows suggest suggests
consistent infection inflammation pancreatitis cholecystitis hepatitis pneumonia cancer tumor carcinoma surgery
surgical resection antibiotic antibiotics fluid support symptomatic monitor follow up review regular dose daily oral
intravenous mg ml mmol hospital admitted department medicine clinical plan principle basis differential preliminary
final imaging laboratory pathology report findings impression level levels function test results positive negative
diabetes hypertension stone stones gallbladder pancreas stomach colon bone fracture brain head neck breast thyroid
nodule cyst edema swelling tenderness years old male female days weeks months signs symptoms exclude excluded
management control risk wbc crp alt ast hb plt`.split(/\s+/);
const SUFFIXES = ['s', 'es', 'ed', 'ing', 'ly', 'tion', 'al', 'ic', 'ity', 'ment', 'ness', 'itis', 'oma', 'er', 'ous'];
const CHINESE = `的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能
好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其
种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山
五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制
解各任至清物台象记边共风战干接它许八特觉望直服病痛血压肺肝肾脾胃肠胆胰腺炎症状诊断治疗检查急慢染热咳嗽痰呼吸困腹胸晕恶呕吐泻秘尿频肿既往史
否认糖冠脉术伤输过敏药烟饮酒患男岁院诉查志楚精皮肤黏膜黄浅淋巴结双侧称粗湿啰律齐杂软跳肌紧鸣移浊阴阳肢辅助影像超显示占位节囊增强扫描密度信
号异细胞红蛋板粒例升降低酶转氨谷丙草素酐氮钾钠氯钙葡萄脂甘油酯固醇凝纤维瘤标胎癌胚抗则划予静滴注每剂量观察随访复切除穿刺活检疗放靶免疫愈好
院建议门科室妇产骨耳鼻喉眼腔泌循环殖液湿医护`.replace(/\s+/g, '');

/** The vocabulary, in id order. */
export function tinyBertVocab(): string[] {
  const pieces = [
    ...SPECIALS,
    ...PUNCTUATION,
    ...'0123456789abcdefghijklmnopqrstuvwxyz',
    ...[...'0123456789abcdefghijklmnopqrstuvwxyz'].map((c) => `##${c}`),
    ...WORDS,
    ...SUFFIXES.map((s) => `##${s}`),
    ...CHINESE,
  ];
  return [...new Set(pieces)];
}

export interface TinyBertOptions {
  seed?: number;
  /** Width of the vectors (default 32). */
  hidden?: number;
  /** Width of the feed-forward layer (default 64). */
  ffn?: number;
  /** Encoder blocks (default 1). */
  layers?: number;
  /** `_name_or_path` written into config.json (default: none). */
  nameOrPath?: string;
  /** Also output hidden_states.0 … hidden_states.<layers> (default false). */
  hiddenStates?: boolean;
}

/** Write the model directory; returns `dir`. */
export function writeTinyBert(dir: string, options: TinyBertOptions = {}): string {
  const shape = { hidden: options.hidden ?? TINY_BERT_HIDDEN, ffn: options.ffn ?? FFN, layers: options.layers ?? 1 };
  const vocab = tinyBertVocab();
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  writeFileSync(join(dir, 'vocab.txt'), vocab.join('\n') + '\n');
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config(vocab.length, shape, options.nameOrPath), null, 2));
  writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocab)));
  writeFileSync(join(dir, 'tokenizer_config.json'), JSON.stringify(tokenizerConfig(), null, 2));
  writeFileSync(join(dir, 'onnx', 'model.onnx'), onnxModel(vocab.length, options.seed ?? 42, shape, options.hiddenStates ?? false));
  return dir;
}

interface Shape {
  hidden: number;
  ffn: number;
  layers: number;
}

function config(vocabSize: number, shape: Shape, nameOrPath: string | undefined): Record<string, unknown> {
  return {
    ...(nameOrPath !== undefined ? { _name_or_path: nameOrPath } : {}),
    architectures: ['BertModel'],
    model_type: 'bert',
    vocab_size: vocabSize,
    hidden_size: shape.hidden,
    num_hidden_layers: shape.layers,
    num_attention_heads: 1,
    intermediate_size: shape.ffn,
    hidden_act: 'tanh',
    max_position_embeddings: MAX_POSITIONS,
    type_vocab_size: 2,
    pad_token_id: 0,
  };
}

function tokenizerJson(vocab: string[]): Record<string, unknown> {
  const id = (t: string): number => vocab.indexOf(t);
  const special = (t: string): Record<string, unknown> => ({
    id: id(t),
    content: t,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const seq = (which: 'A' | 'B', type: number): Record<string, unknown> => ({ Sequence: { id: which, type_id: type } });
  const tok = (t: string, type: number): Record<string, unknown> => ({ SpecialToken: { id: t, type_id: type } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIALS.map(special),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [tok('[CLS]', 0), seq('A', 0), tok('[SEP]', 0)],
      pair: [tok('[CLS]', 0), seq('A', 0), tok('[SEP]', 0), seq('B', 1), tok('[SEP]', 1)],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [id('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [id('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((t, i) => [t, i])),
    },
  };
}

function tokenizerConfig(): Record<string, unknown> {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    tokenize_chinese_chars: true,
    strip_accents: null,
    model_max_length: MAX_POSITIONS,
    clean_up_tokenization_spaces: true,
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    mask_token: '[MASK]',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A minimal protobuf writer: just what ONNX needs (varints, length-delimited fields).

type Bytes = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value)); // negative int64 → two's complement, 10 bytes
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

function concat(parts: readonly Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Field of wire type 0 (varint). */
const int = (field: number, value: number | bigint): Bytes => Uint8Array.from([...varint(field << 3), ...varint(value)]);
/** Field of wire type 2 (bytes, string or embedded message). */
function bytes(field: number, payload: Bytes | string): Bytes {
  const data = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  return concat([Uint8Array.from([...varint((field << 3) | 2), ...varint(data.length)]), data]);
}
const msg = (field: number, ...parts: Bytes[]): Bytes => bytes(field, concat(parts));

const FLOAT = 1;
const INT64 = 7;

/** TensorProto: dims = 1, data_type = 2, name = 8, raw_data = 9 (little-endian). */
function tensor(name: string, dims: number[], data: Float32Array | BigInt64Array): Bytes {
  const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength); // x86/ARM are little-endian
  return concat([...dims.map((d) => int(1, d)), int(2, data instanceof Float32Array ? FLOAT : INT64), bytes(8, name), bytes(9, raw)]);
}

/** AttributeProto: name = 1, f = 2, i = 3, ints = 8, type = 20 (FLOAT 1, INT 2, INTS 7). */
type Attr = { name: string; int: number } | { name: string; ints: number[] };
function attribute(a: Attr): Bytes {
  if ('int' in a) return concat([bytes(1, a.name), int(3, a.int), int(20, 2)]);
  return concat([bytes(1, a.name), ...a.ints.map((v) => int(8, v)), int(20, 7)]);
}

/** NodeProto: input = 1, output = 2, name = 3, op_type = 4, attribute = 5. */
function node(op: string, inputs: string[], output: string, attrs: Attr[] = []): Bytes {
  return concat([
    ...inputs.map((i) => bytes(1, i)),
    bytes(2, output),
    bytes(3, `${op}_${output}`),
    bytes(4, op),
    ...attrs.map((a) => msg(5, attribute(a))),
  ]);
}

/** ValueInfoProto { name = 1, type = 2 { tensor_type = 1 { elem_type = 1, shape = 2 { dim = 1 {value 1 | param 2} } } } } */
function valueInfo(name: string, elemType: number, dims: (number | string)[]): Bytes {
  const dim = (d: number | string): Bytes => msg(1, typeof d === 'number' ? int(1, d) : bytes(2, d));
  return concat([bytes(1, name), msg(2, msg(1, int(1, elemType), msg(2, ...dims.map(dim))))]);
}

// ---------------------------------------------------------------------------------------------------------------
// The graph


function onnxModel(vocabSize: number, seed: number, shape: Shape, hiddenStates: boolean): Bytes {
  const rand = prng(seed);
  const H = shape.hidden;
  const FF = shape.ffn;
  /** Uniform weights with the given standard deviation. */
  const weights = (n: number, std: number): Float32Array =>
    Float32Array.from({ length: n }, () => (rand() * 2 - 1) * std * Math.sqrt(3));
  const f = (name: string, dims: number[], std: number): Bytes => tensor(name, dims, weights(dims.reduce((a, b) => a * b, 1), std));
  const scalarF = (name: string, v: number): Bytes => tensor(name, [], Float32Array.of(v));
  const scalarI = (name: string, v: number): Bytes => tensor(name, [], BigInt64Array.of(BigInt(v)));

  // block l's weights are named w_q, … for l = 0 (as the one-block model always had) and w_q_l, … after it
  const at = (name: string, l: number): string => (l === 0 ? name : `${name}_${l}`);
  const blockWeights = (l: number): Bytes[] => [
    f(at('w_q', l), [H, H], 1 / Math.sqrt(H)),
    f(at('w_k', l), [H, H], 1 / Math.sqrt(H)),
    f(at('w_v', l), [H, H], 1 / Math.sqrt(H)),
    f(at('w_o', l), [H, H], 1 / Math.sqrt(H)),
    f(at('w_1', l), [H, FF], 1 / Math.sqrt(H)),
    f(at('b_1', l), [FF], 0.1),
    f(at('w_2', l), [FF, H], 1 / Math.sqrt(FF)),
  ];
  const initializers = [
    f('word_embeddings', [vocabSize, H], 1),
    f('position_embeddings', [MAX_POSITIONS, H], 0.3),
    f('token_type_embeddings', [2, H], 0.3),
    ...Array.from({ length: shape.layers }, (_, l) => blockWeights(l)).flat(),
    scalarI('zero_i', 0),
    scalarI('one_i', 1),
    scalarF('one_f', 1),
    scalarF('attn_scale', 1 / Math.sqrt(H)),
    scalarF('mask_value', -10000),
    tensor('axis_1', [1], BigInt64Array.of(1n)),
  ];
  const nodes = [
    // Embeddings: word + position + token type.
    node('Gather', ['word_embeddings', 'input_ids'], 'emb_word'),
    node('Shape', ['input_ids'], 'ids_shape'),
    node('Gather', ['ids_shape', 'one_i'], 'seq_len', [{ name: 'axis', int: 0 }]),
    node('Range', ['zero_i', 'seq_len', 'one_i'], 'position_ids'),
    node('Gather', ['position_embeddings', 'position_ids'], 'emb_pos'),
    node('Gather', ['token_type_embeddings', 'token_type_ids'], 'emb_type'),
    node('Add', ['emb_word', 'emb_pos'], 'emb_sum'),
    node('Add', ['emb_sum', 'emb_type'], 'x0'),
    node('Cast', ['attention_mask'], 'mask_f', [{ name: 'to', int: FLOAT }]),
    node('Sub', ['one_f', 'mask_f'], 'mask_inv'),
    node('Mul', ['mask_inv', 'mask_value'], 'mask_add'),
    node('Unsqueeze', ['mask_add', 'axis_1'], 'mask_add_3d'),
    ...Array.from({ length: shape.layers }, (_, l) => block(l)).flat(),
    ...(hiddenStates ? Array.from({ length: shape.layers + 1 }, (_, l) => node('Identity', [l === 0 ? 'x0' : out(l - 1)], `hidden_states.${l}`)) : []),
  ];
  /** The output of block l: x<l+1>, the last one named last_hidden_state. */
  function out(l: number): string {
    return l === shape.layers - 1 ? 'last_hidden_state' : `x${l + 1}`;
  }
  /** One encoder block on x<l>: single-head self-attention (padding masked out), then a feed-forward, residuals. */
  function block(l: number): Bytes[] {
    const x = `x${l}`;
    const v = (name: string): string => (l === 0 ? name : `${name}_${l}`);
    return [
      node('MatMul', [x, at('w_q', l)], v('q')),
      node('MatMul', [x, at('w_k', l)], v('k')),
      node('MatMul', [x, at('w_v', l)], v('v')),
      node('Transpose', [v('k')], v('k_t'), [{ name: 'perm', ints: [0, 2, 1] }]),
      node('MatMul', [v('q'), v('k_t')], v('scores_raw')),
      node('Mul', [v('scores_raw'), 'attn_scale'], v('scores_scaled')),
      node('Add', [v('scores_scaled'), 'mask_add_3d'], v('scores')),
      node('Softmax', [v('scores')], v('probs'), [{ name: 'axis', int: -1 }]),
      node('MatMul', [v('probs'), v('v')], v('context')),
      node('MatMul', [v('context'), at('w_o', l)], v('attn_out')),
      node('Add', [x, v('attn_out')], v('h_res')),
      node('Tanh', [v('h_res')], v('h1')),
      node('MatMul', [v('h1'), at('w_1', l)], v('ff_a')),
      node('Add', [v('ff_a'), at('b_1', l)], v('ff_b')),
      node('Tanh', [v('ff_b')], v('ff_c')),
      node('MatMul', [v('ff_c'), at('w_2', l)], v('ff_d')),
      node('Add', [v('h1'), v('ff_d')], out(l)),
    ];
  }
  const io = ['batch_size', 'sequence_length'];
  const outputs = ['last_hidden_state', ...(hiddenStates ? Array.from({ length: shape.layers + 1 }, (_, l) => `hidden_states.${l}`) : [])];
  const graph = concat([
    ...nodes.map((n) => msg(1, n)),
    bytes(2, 'tiny_bert'),
    ...initializers.map((t) => msg(5, t)),
    msg(11, valueInfo('input_ids', INT64, io)),
    msg(11, valueInfo('attention_mask', INT64, io)),
    msg(11, valueInfo('token_type_ids', INT64, io)),
    ...outputs.map((o) => msg(12, valueInfo(o, FLOAT, [...io, H]))),
  ]);
  // ModelProto: ir_version = 1, producer_name = 2, graph = 7, opset_import = 8 { domain = 1, version = 2 }.
  return concat([int(1, 8), bytes(2, 'clinicallab-tiny-bert'), msg(7, graph), msg(8, bytes(1, ''), int(2, 17))]);
}
