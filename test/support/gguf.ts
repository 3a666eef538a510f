/**
 * Writes a tiny random-weight GGUF (version 3) model for tests: a two-block `llama` architecture with F32 tensors
 * and a small SentencePiece-style vocabulary (byte fallback `<0x00>`…`<0xFF>`, `<unk>`, `<s>`, `</s>` and printable
 * pieces). It loads in llama.cpp on CPU and generates tokens quickly; what it says is gibberish.
 */
import { writeFileSync } from 'node:fs';
import { seededRandom as prng } from '../../src/metrics/stats.js';

/** Shape of the model; small enough that the file is well under 1 MB. */
const N_EMBD = 64;
const N_HEAD = 4;
const N_HEAD_KV = 2;
const N_FF = 128;
const N_LAYER = 2;
const N_CTX_TRAIN = 4096;
const HEAD_DIM = N_EMBD / N_HEAD;
const ALIGNMENT = 32;

/** GGUF metadata value types. */
const enum T {
  U32 = 4,
  I32 = 5,
  F32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}

/** SentencePiece token types as llama.cpp reads them. */
const NORMAL = 1;
const UNKNOWN = 2;
const CONTROL = 3;
const BYTE = 6;

type Value =
  | { type: T.U32 | T.I32 | T.F32; value: number }
  | { type: T.BOOL; value: boolean }
  | { type: T.STRING; value: string }
  | { type: T.ARRAY; of: T.I32 | T.F32 | T.STRING; values: (number | string)[] };

interface Tensor {
  name: string;
  /** ggml order: the first dimension is the row length. */
  dims: number[];
  data: Float32Array;
}

/** A few multi-character pieces so common English tokenises into fewer tokens than bytes. */
const PIECES = ['▁the', '▁a', '▁of', '▁and', '▁is', 'in', 'er', 'an', 'on', 're', 'at', 'en', 'es', 'or', 'ti', 'th', 'he', '▁t', '▁s', '▁p'];

function vocabulary(): { tokens: string[]; scores: number[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [UNKNOWN, CONTROL, CONTROL];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(BYTE);
  }
  const singles = ['▁'];
  for (let c = 0x21; c <= 0x7e; c++) singles.push(String.fromCharCode(c));
  for (const piece of [...singles, ...PIECES]) {
    tokens.push(piece);
    types.push(NORMAL);
  }
  // Longer pieces score higher so the SentencePiece merge prefers them; specials and bytes score 0.
  const scores = tokens.map((piece, i) => (types[i] === NORMAL ? -1000 + piece.length * 100 - i / 1000 : 0));
  return { tokens, scores, types };
}


function tensors(vocabSize: number, seed: number): Tensor[] {
  const random = prng(seed);
  const matrix = (name: string, cols: number, rows: number): Tensor => {
    const scale = 1 / Math.sqrt(cols);
    const data = new Float32Array(cols * rows);
    for (let i = 0; i < data.length; i++) data[i] = (random() * 2 - 1) * scale;
    return { name, dims: [cols, rows], data };
  };
  const ones = (name: string, n: number): Tensor => ({ name, dims: [n], data: new Float32Array(n).fill(1) });
  const list: Tensor[] = [matrix('token_embd.weight', N_EMBD, vocabSize)];
  for (let l = 0; l < N_LAYER; l++) {
    const p = `blk.${l}.`;
    list.push(
      ones(`${p}attn_norm.weight`, N_EMBD),
      matrix(`${p}attn_q.weight`, N_EMBD, N_HEAD * HEAD_DIM),
      matrix(`${p}attn_k.weight`, N_EMBD, N_HEAD_KV * HEAD_DIM),
      matrix(`${p}attn_v.weight`, N_EMBD, N_HEAD_KV * HEAD_DIM),
      matrix(`${p}attn_output.weight`, N_HEAD * HEAD_DIM, N_EMBD),
      ones(`${p}ffn_norm.weight`, N_EMBD),
      matrix(`${p}ffn_gate.weight`, N_EMBD, N_FF),
      matrix(`${p}ffn_up.weight`, N_EMBD, N_FF),
      matrix(`${p}ffn_down.weight`, N_FF, N_EMBD),
    );
  }
  list.push(ones('output_norm.weight', N_EMBD), matrix('output.weight', N_EMBD, vocabSize));
  return list;
}

/** Little-endian byte sink. */
class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  private push(buf: Buffer): void {
    this.chunks.push(buf);
    this.length += buf.length;
  }
  u32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  u64(n: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  f32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  bytes(buf: Buffer): void {
    this.push(buf);
  }
  string(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.push(b);
  }
  pad(alignment: number): void {
    const rest = this.length % alignment;
    if (rest) this.push(Buffer.alloc(alignment - rest));
  }
  scalar(type: T, v: number | string | boolean): void {
    if (type === T.U32) this.u32(v as number);
    else if (type === T.I32) this.i32(v as number);
    else if (type === T.F32) this.f32(v as number);
    else if (type === T.BOOL) this.push(Buffer.from([v ? 1 : 0]));
    else this.string(v as string);
  }
  value(v: Value): void {
    this.u32(v.type);
    if (v.type === T.ARRAY) {
      this.u32(v.of);
      this.u64(v.values.length);
      for (const item of v.values) this.scalar(v.of, item);
    } else this.scalar(v.type, v.value);
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** Write a tiny random-weight llama GGUF to `path`; the same seed gives the same bytes. */
export function writeTinyGguf(path: string, options: { seed?: number } = {}): void {
  const vocab = vocabulary();
  const weights = tensors(vocab.tokens.length, options.seed ?? 42);
  const u32 = (value: number): Value => ({ type: T.U32, value });
  const metadata: [string, Value][] = [
    ['general.architecture', { type: T.STRING, value: 'llama' }],
    ['general.name', { type: T.STRING, value: 'clinicallab-tiny-random' }],
    ['general.alignment', u32(ALIGNMENT)],
    ['general.file_type', u32(0)],
    ['llama.vocab_size', u32(vocab.tokens.length)],
    ['llama.context_length', u32(N_CTX_TRAIN)],
    ['llama.embedding_length', u32(N_EMBD)],
    ['llama.block_count', u32(N_LAYER)],
    ['llama.feed_forward_length', u32(N_FF)],
    ['llama.attention.head_count', u32(N_HEAD)],
    ['llama.attention.head_count_kv', u32(N_HEAD_KV)],
    ['llama.attention.layer_norm_rms_epsilon', { type: T.F32, value: 1e-5 }],
    ['llama.rope.dimension_count', u32(HEAD_DIM)],
    ['llama.rope.freq_base', { type: T.F32, value: 10000 }],
    ['tokenizer.ggml.model', { type: T.STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: T.ARRAY, of: T.STRING, values: vocab.tokens }],
    ['tokenizer.ggml.scores', { type: T.ARRAY, of: T.F32, values: vocab.scores }],
    ['tokenizer.ggml.token_type', { type: T.ARRAY, of: T.I32, values: vocab.types }],
    ['tokenizer.ggml.unknown_token_id', u32(0)],
    ['tokenizer.ggml.bos_token_id', u32(1)],
    ['tokenizer.ggml.eos_token_id', u32(2)],
    ['tokenizer.ggml.add_bos_token', { type: T.BOOL, value: true }],
    ['tokenizer.ggml.add_eos_token', { type: T.BOOL, value: false }],
  ];

  const out = new Writer();
  out.bytes(Buffer.from('GGUF', 'ascii'));
  out.u32(3);
  out.u64(weights.length);
  out.u64(metadata.length);
  for (const [key, value] of metadata) {
    out.string(key);
    out.value(value);
  }
  let offset = 0;
  for (const t of weights) {
    out.string(t.name);
    out.u32(t.dims.length);
    for (const d of t.dims) out.u64(d);
    out.u32(0); // GGML_TYPE_F32
    out.u64(offset);
    offset += Math.ceil(t.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  out.pad(ALIGNMENT);
  for (const t of weights) {
    out.bytes(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    out.pad(ALIGNMENT);
  }
  writeFileSync(path, out.toBuffer());
}
