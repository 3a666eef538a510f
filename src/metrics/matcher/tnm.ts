/**
 * The stage group a TNM formula gives, for the cancers whose anatomic staging is one table of T, N and M (AJCC 8th
 * edition): colorectal, lung, breast and (exocrine) pancreatic cancer. "结肠癌 T4bN0M0" is a stage IIC, so it conflicts with "结肠癌IIB期";
 * "右乳癌 cT2N2M0" is a stage IIIA, so it conflicts with "乳腺癌IIA期". A formula the table cannot place exactly
 * (a T or N without its sub-letter where the letter decides) gives the stage without its sub-stage, or none. Other
 * cancers keep only M1 as stage IV (stage.ts). Pure; no I/O.
 */

export interface Tnm {
  /** T with its sub-letter: "1", "2b", "4a", "is", "x". */
  t: string;
  n: string;
  m: string;
}

const num = (v: string): number => (v === 'is' ? 0 : Number.parseInt(v, 10));

function colorectal({ t, n, m }: Tnm): string | undefined {
  if (m.startsWith('1')) return m === '1' ? '4' : `4${m.slice(1)}`;
  if (t === 'is') return n === '0' ? '0' : undefined;
  const T = num(t);
  const N = num(n);
  if (Number.isNaN(T) || Number.isNaN(N)) return undefined;
  if (N === 0) return T <= 2 ? '1' : T === 3 ? '2a' : t === '4a' ? '2b' : t === '4b' ? '2c' : '2';
  if (t === '4b') return '3c';
  if (N === 1) return T <= 2 ? '3a' : '3b';
  // N2: 2a or 2b
  if (n === '2a') return T === 1 ? '3a' : T <= 3 ? '3b' : t === '4a' ? '3c' : '3';
  if (n === '2b') return T <= 2 ? '3b' : '3c';
  return '3';
}

function lung({ t, n, m }: Tnm): string | undefined {
  if (m.startsWith('1')) return m === '1c' ? '4b' : m === '1a' || m === '1b' ? '4a' : '4';
  if (t === 'is') return n === '0' ? '0' : undefined;
  const T = num(t);
  const N = num(n);
  if (Number.isNaN(T) || Number.isNaN(N)) return undefined;
  const big = T >= 3;
  if (N === 0) {
    if (T === 1) return { '1a': '1a1', '1b': '1a2', '1c': '1a3' }[t] ?? '1a';
    if (T === 2) return t === '2a' ? '1b' : t === '2b' ? '2a' : undefined;
    return T === 3 ? '2b' : '3a';
  }
  if (N === 1) return big ? '3a' : '2b';
  if (N === 2) return big ? '3b' : '3a';
  return big ? '3c' : '3b';
}

function breast({ t, n, m }: Tnm): string | undefined {
  if (m.startsWith('1')) return '4';
  if (t === 'is') return n === '0' ? '0' : undefined;
  const T = num(t);
  const N = num(n);
  if (Number.isNaN(T) || Number.isNaN(N)) return undefined;
  if (N === 3) return '3c';
  if (T === 4) return '3b';
  if (N === 2) return '3a';
  if (N === 1) return T <= 1 ? '2a' : T === 2 ? '2b' : '3a';
  return T <= 1 ? '1a' : T === 2 ? '2a' : '2b';
}

// the exocrine pancreas: N2 or T4 is stage III whatever else; N1 is IIB below T4; N0 is IA, IB, IIA by T
function pancreas({ t, n, m }: Tnm): string | undefined {
  if (m.startsWith('1')) return '4';
  if (t === 'is') return n === '0' ? '0' : undefined;
  const T = num(t);
  const N = num(n);
  if (Number.isNaN(T) || Number.isNaN(N)) return undefined;
  if (T === 4 || N === 2) return '3';
  if (N === 1) return '2b';
  return T === 1 ? '1a' : T === 2 ? '1b' : '2a';
}

const TABLES: [RegExp, (x: Tnm) => string | undefined][] = [
  [/\bcolo ?rectal\b|\bcolon\b|\bcolonic\b|\brect(?:al|um)\b|\bsigmoid\b|\bcec(?:al|um)\b|结肠|直肠|盲肠/u, colorectal],
  [/\blung\b|\bpulmonary\b|\bnsclc\b|\bnon small cell\b|肺/u, lung],
  [/\bbreast\b|\bmammary\b|乳腺|乳癌|乳房/u, breast],
  // not a neuroendocrine tumour of the pancreas, which has a table of its own
  [/^(?!.*(?:neuro?endocrine|\bp?net\b|神经内分泌)).*(?:\bpancrea\w*|胰)/u, pancreas],
];

/** The stage group of a full formula in the name's cancer (see the file comment), or undefined. */
export function tnmStage(name: string, x: Tnm): string | undefined {
  if ([x.t, x.n, x.m].includes('x')) return undefined;
  const hits = TABLES.filter(([re]) => re.test(name));
  // a name of two sites (lung metastases of a breast cancer) is left alone
  return hits.length === 1 ? hits[0]![1](x) : undefined;
}
