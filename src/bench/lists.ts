/**
 * Numbered-list reading for the gold answers (`1. A; 2. B; 3. C.`), which the scorers and parsers also apply to
 * model answers. Pure and tolerant: unnumbered text falls back to separators, never throws.
 */
import { toHalfWidth } from './text.js';

/**
 * A list marker: `1.`, `1、`, `1)`, `(1)`, `（1）`, `1．` — at the start, after a line break or after a list
 * separator, and not a decimal number (`1.5`).
 */
const MARKER = /(?:^|(?<=[\n;；。]))[ \t]*(?:[(（]\s*\d{1,2}\s*[)）]|\d{1,2}\s*[.、．)）](?!\d))[ \t]*/gu;
const BULLET = /^[ \t]*(?:[-*•·]|#{1,6})[ \t]+/gmu;

/** Split numbered or bulleted text into its items (trimmed, without markers and trailing separators). */
export function splitNumbered(text: string): string[] {
  const src = text.replace(/\r\n?/g, '\n').replace(/\*\*/g, '');
  if (src.trim() === '') return [];
  const starts: { at: number; len: number }[] = [];
  for (const m of src.matchAll(MARKER)) starts.push({ at: m.index, len: m[0].length });
  const items: string[] = [];
  if (starts.length >= 1 && (starts.length >= 2 || starts[0]!.at === 0 || /^\s*$/.test(src.slice(0, starts[0]!.at)))) {
    const lead = src.slice(0, starts[0]!.at).trim();
    if (lead) items.push(lead);
    starts.forEach((s, i) => {
      const end = i + 1 < starts.length ? starts[i + 1]!.at : src.length;
      items.push(src.slice(s.at + s.len, end));
    });
  } else if (BULLET.test(src)) {
    items.push(...src.split(/\n/).map((l) => l.replace(BULLET, '')));
  } else {
    items.push(...src.split(/[;；\n]/u));
  }
  BULLET.lastIndex = 0;
  return items.map(cleanItem).filter((s) => s !== '');
}

function cleanItem(item: string): string {
  return item
    .replace(/^[\s;；,，、]+/u, '')
    .replace(/[\s;；,，。.]+$/u, '')
    .trim();
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
