/**
 * The page's data arrives packed (src/report/pack.ts): repeated strings by index, slices of a raw answer by
 * position, and the case rows as shapes plus value arrays. This undoes it in the browser; it uses no DOM, so the
 * tests run the very same function in Node.
 */
import type { PackedViewModel } from '../pack.js';
import type { ReportViewModel } from '../types.js';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
interface PackedRows { shapes: string[][]; rows: [number, ...Json[]][] }

/** The view model from the page's JSON, packed or not. */
export function unpack(p: PackedViewModel | ReportViewModel): ReportViewModel {
  if (!p || !('packed' in p) || !p.packed) return p as ReportViewModel;
  const S = p.strings;
  function text(s: string, raw: string | null): string {
    if (s.charCodeAt(0) !== 1) return s;
    const t = s.charAt(1);
    if (t === '\u0001') return s.slice(1);
    if (t === 's') return S[Number(s.slice(2))]!;
    const comma = s.indexOf(',');
    const start = Number(s.slice(2, comma));
    return (raw || '').slice(start, start + Number(s.slice(comma + 1)));
  }
  function walk(v: Json, raw: string | null): Json {
    if (typeof v === 'string') return text(v, raw);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) v[i] = walk(v[i]!, raw); return v; }
    const job = v.job;
    const own = typeof v.raw === 'string' ? text(v.raw, raw)
      : job && typeof job === 'object' && !Array.isArray(job) && typeof job.raw === 'string' ? text(job.raw, raw) : raw;
    for (const k of Object.keys(v)) v[k] = k === 'raw' && typeof v[k] === 'string' ? own : walk(v[k]!, own);
    return v;
  }
  const data = p.data as { rows?: PackedRows | Json[] } & Record<string, Json>;
  const t = data.rows;
  if (t && !Array.isArray(t)) {
    data.rows = t.rows.map((r) => {
      const keys = t.shapes[r[0]]!, o: Record<string, Json> = {};
      for (let j = 0; j < keys.length; j++) o[keys[j]!] = r[j + 1]!;
      return o;
    });
  }
  return walk(data as Json, null) as unknown as ReportViewModel;
}
