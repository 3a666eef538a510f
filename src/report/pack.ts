/**
 * The view model as the HTML page embeds it, without the text it repeats. A report repeats a lot: a model's
 * answer section by section next to its raw answer, the principal diagnosis in the case's gold answers and in the
 * row's verdict, an agent's final answer in its steps and in the answer set, the radiologist's findings next to the
 * case's, the same explanation on thousands of rows. Packing replaces
 *
 * - a string that is part of the `raw` answer of its object (or of its object's `job`), by `\u0001r<start>,<length>`;
 * - any other string of 12 or more characters that occurs more than once, by `\u0001s<index>` into `strings`;
 * - and writes a string of the data that starts with `\u0001` as `\u0001` + itself, so nothing can pass for a reference;
 * - the per-case `rows` as arrays of values, each led by the index of its list of keys in `shapes`.
 *
 * Property names are never touched. The page's script (client/core.ts `unpack`) reverses it exactly; the JSON
 * exports and the viewer's /report.json give the view model as it is.
 */

const PACK_VERSION = 1;
const MARK = '\u0001';
const MIN_SUBSTRING = 16;
const MIN_SHARED = 12;

export interface PackedViewModel {
  packed: number;
  strings: string[];
  data: unknown;
}

/** A stand-in for a string that is a slice of the raw answer it belongs to. */
class Slice {
  constructor(
    readonly start: number,
    readonly length: number,
  ) {}
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The raw answer an object's other strings are read against: its own `raw`, else its `job`'s, else the parent's. */
function rawContext(o: Record<string, unknown>, parent: string | null): string | null {
  if (typeof o.raw === 'string') return o.raw;
  if (isObject(o.job) && typeof o.job.raw === 'string') return o.job.raw;
  return parent;
}

function slices(v: unknown, raw: string | null): unknown {
  if (typeof v === 'string') {
    if (raw === null || v.length < MIN_SUBSTRING || v === raw) return v;
    const at = raw.indexOf(v);
    return at < 0 ? v : new Slice(at, v.length);
  }
  if (Array.isArray(v)) return v.map((x) => slices(x, raw));
  if (!isObject(v)) return v;
  const r = rawContext(v, raw);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = k === 'raw' ? x : slices(x, r);
  return out;
}

function countStrings(v: unknown, counts: Map<string, number>): void {
  if (typeof v === 'string') {
    if (v.length >= MIN_SHARED) counts.set(v, (counts.get(v) ?? 0) + 1);
  } else if (Array.isArray(v)) for (const x of v) countStrings(x, counts);
  else if (isObject(v)) for (const x of Object.values(v)) countStrings(x, counts);
}

function encode(v: unknown, index: ReadonlyMap<string, number>): unknown {
  if (v instanceof Slice) return `${MARK}r${v.start},${v.length}`;
  if (typeof v === 'string') {
    const i = index.get(v);
    if (i !== undefined) return `${MARK}s${i}`;
    return v.startsWith(MARK) ? MARK + v : v;
  }
  if (Array.isArray(v)) return v.map((x) => encode(x, index));
  if (!isObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = encode(x, index);
  return out;
}

/** Rows of objects as `[shape, ...values]`, the shape being the row's keys (rows of one task share theirs). */
function tabulate(rows: unknown[]): { shapes: string[][]; rows: unknown[][] } {
  const shapes: string[][] = [];
  const ids = new Map<string, number>();
  const out = rows.map((r) => {
    const o = r as Record<string, unknown>;
    const keys = Object.keys(o);
    const sig = keys.join('\u0000');
    let id = ids.get(sig);
    if (id === undefined) {
      ids.set(sig, (id = shapes.length));
      shapes.push(keys);
    }
    return [id, ...keys.map((k) => o[k])];
  });
  return { shapes, rows: out };
}

export function packViewModel(vm: unknown): PackedViewModel {
  const sliced = slices(vm, null);
  const counts = new Map<string, number>();
  countStrings(sliced, counts);
  const strings = [...counts].filter(([, n]) => n > 1).map(([s]) => s);
  const index = new Map(strings.map((s, i) => [s, i]));
  const data = encode(sliced, index);
  if (isObject(data) && Array.isArray(data.rows) && data.rows.every(isObject)) data.rows = tabulate(data.rows);
  return { packed: PACK_VERSION, strings, data };
}

/** The reverse, as the page does it (kept here too, so a test can check that packing loses nothing). */
export function unpackViewModel(p: PackedViewModel): unknown {
  const text = (s: string, raw: string | null): string => {
    if (!s.startsWith(MARK)) return s;
    const t = s.charAt(1);
    if (t === MARK) return s.slice(1);
    if (t === 's') return p.strings[Number(s.slice(2))]!;
    const comma = s.indexOf(',');
    const start = Number(s.slice(2, comma));
    return (raw ?? '').slice(start, start + Number(s.slice(comma + 1)));
  };
  const walk = (v: unknown, raw: string | null): unknown => {
    if (typeof v === 'string') return text(v, raw);
    if (Array.isArray(v)) return v.map((x) => walk(x, raw));
    if (!isObject(v)) return v;
    // `raw` strings are never slices, so they can be read before their siblings
    const packedRaw = rawContext(v, null);
    const own = packedRaw === null ? raw : text(packedRaw, raw);
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = k === 'raw' && typeof x === 'string' ? text(x, raw) : walk(x, own);
    return out;
  };
  const data = p.data as Record<string, unknown>;
  const table = data.rows as { shapes: string[][]; rows: unknown[][] } | undefined;
  const rows = table && !Array.isArray(table) ? table.rows.map((r) => Object.fromEntries(table.shapes[r[0] as number]!.map((k, i) => [k, r[i + 1]]))) : data.rows;
  return walk({ ...data, rows }, null);
}
