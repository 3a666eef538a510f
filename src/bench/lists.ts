/**
 * Numbered-list reading for the gold answers (`1. A; 2. B; 3. C.`), which the scorers and parsers also apply to
 * model answers. Pure and tolerant: unnumbered text falls back to separators, never throws.
 *
 * A number only opens an item when it is written as a list marker (`1.`, `1、`, `1)`, `(1)`, `（1）`), stands at
 * the start, at a line start or after a separator, and continues the numbering of the list in the same marker
 * style. So `t(8;21)`, `1.5 mg`, `第2腰椎` or a nested `(1) (2)` inside item 3 stay inside their item.
 */
import { toHalfWidth } from './text.js';

type Style = 'dot' | 'paren' | 'enclosed';

interface Marker {
  at: number;
  len: number;
  n: number;
  style: Style;
  /** After a separator or at a line start (strong), or only after a space (weak). */
  strong: boolean;
}

/**
 * Candidate markers: an enclosed number `(1)` / `（1）`, or a number followed by `.`, `．`, `、`, `)` or `）`
 * that is not a decimal (`1.5`), preceded by the start, a line break, a separator or a space.
 */
const CANDIDATE = /(?<=^|[\n;；。.,，:：!?！？ \t])(?:[(（][ \t]*(\d{1,2})[ \t]*[)）]|(\d{1,2})[ \t]*([.．、)）])(?![\d.．]))[ \t]*/gu;
const BULLET = /^[ \t]*(?:[-*•·]|#{1,6})[ \t]+/gmu;

function candidates(src: string): Marker[] {
  const out: Marker[] = [];
  for (const m of src.matchAll(CANDIDATE)) {
    const enclosed = m[1] !== undefined;
    const before = src.slice(Math.max(0, m.index - 40), m.index).replace(/[ \t]+$/u, '');
    out.push({
      at: m.index,
      len: m[0].length,
      n: Number(enclosed ? m[1] : m[2]),
      style: enclosed ? 'enclosed' : /[)）]/u.test(m[3]!) ? 'paren' : 'dot',
      strong: before === '' || /[\n;；。.,，:：!?！？]$/u.test(before),
    });
  }
  return out;
}

/** An unclosed `(` between two points: a `21)` there closes a bracket, it does not number an item. */
function insideBracket(src: string, from: number, to: number): boolean {
  let depth = 0;
  for (const ch of src.slice(from, to)) {
    if (ch === '(' || ch === '（') depth++;
    else if ((ch === ')' || ch === '）') && depth > 0) depth--;
  }
  return depth > 0;
}

/** The longest run of markers that counts 1, 2, 3 … (or on from the first number) in one style. */
function sequence(src: string, all: Marker[], useWeak: boolean): Marker[] {
  const pool = all.filter((m) => m.strong || useWeak);
  const first = pool.find((m) => m.n === 1 && m.strong) ?? pool.find((m) => m.n === 1) ?? pool[0];
  if (!first) return [];
  const run = [first];
  for (const m of pool) {
    const last = run[run.length - 1]!;
    if (m.at < last.at + last.len || m.style !== first.style || m.n !== last.n + 1) continue;
    if (m.style === 'paren' && insideBracket(src, last.at + last.len, m.at)) continue;
    run.push(m);
  }
  return run;
}

/** Split numbered or bulleted text into its items (trimmed, without markers and trailing separators). */
export function splitNumbered(text: string): string[] {
  const src = String(text ?? '').replace(/\r\n?/g, '\n').replace(/\*\*/g, '');
  if (src.trim() === '') return [];
  const all = candidates(src);
  let starts = sequence(src, all, false);
  if (starts.length < 2) {
    const loose = sequence(src, all, true);
    if (loose.length >= 2) starts = loose;
  }
  let items: string[] = [];
  const leadText = starts.length > 0 ? src.slice(0, starts[0]!.at) : '';
  if (starts.length >= 2 || (starts.length === 1 && leadText.trim() === '')) {
    if (leadText.trim()) items.push(leadText);
    starts.forEach((s, i) => {
      const end = i + 1 < starts.length ? starts[i + 1]!.at : src.length;
      items.push(src.slice(s.at + s.len, end));
    });
  } else if (BULLET.test(src)) {
    items = src.split(/\n/).map((l) => l.replace(BULLET, ''));
  } else {
    items = src.split(/[;；\n]/u);
  }
  BULLET.lastIndex = 0;
  return items.map(cleanItem).filter((s) => s !== '');
}

const LEADING_JUNK = new Set([...' \t\n\r\f\v\u00a0\u3000;；,，、']);
const TRAILING_JUNK = new Set([...' \t\n\r\f\v\u00a0\u3000;；,，。.']);

/** Trim separators and whitespace from both ends (a loop: an anchored-at-end pattern is slow on long runs). */
function cleanItem(item: string): string {
  let a = 0;
  let b = item.length;
  while (a < b && LEADING_JUNK.has(item[a]!)) a++;
  while (b > a && TRAILING_JUNK.has(item[b - 1]!)) b--;
  return item.slice(a, b).trim();
}

export interface DifferentialItem {
  disease: string;
  reason: string;
}

/** `1. Disease: why excluded` items → disease + reason. Items without a colon are all disease name. */
export function splitDifferential(text: string): DifferentialItem[] {
  return splitNumbered(text).map((item) => {
    const m = /^(.{1,120}?)\s*[:：]\s*([\s\S]*)$/u.exec(item);
    if (m) return { disease: m[1]!.trim(), reason: m[2]!.trim() };
    const firstClause = /^([^,，。.;；(（]{1,80})[,，。.;；(（]\s*([\s\S]*)$/u.exec(item);
    if (firstClause && firstClause[2]!.length > 0) return { disease: firstClause[1]!.trim(), reason: firstClause[2]!.trim() };
    return { disease: item, reason: '' };
  });
}

/** The list items of a diagnosis list, with list-ish noise removed (used for PD items). */
export function splitDiagnoses(text: string): string[] {
  const items = splitNumbered(text);
  if (items.length === 1) {
    // "A, B and C" on one line without numbering: split on commas only when every part is short.
    const parts = toHalfWidth(items[0]!).split(/[,，、]/u).map((s) => s.trim()).filter(Boolean);
    if (parts.length > 1 && parts.every((p) => p.length <= 60)) return parts.map(cleanItem);
  }
  return items;
}
