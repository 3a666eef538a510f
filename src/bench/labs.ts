/**
 * Reading lab result lines (PROTOCOL §7): `index  name  ABBR  value  [↑|↓]  unit  range  ;`. Real files use two
 * or more spaces between fields (empty fields collapse), some use single spaces; this reads the first form
 * exactly and the second as well as it can, and keeps the raw text of every item.
 */

export type LabFlag = '↑' | '↓' | '';

export interface LabItem {
  index?: number;
  name: string;
  abbr: string;
  value: string;
  flag: LabFlag;
  unit: string;
  range: string;
  raw: string;
}

const ARROW = /^[↑↓]$/u;
const RANGE = /^(?:[<>≤≥]\s*-?\d|-?\d+(?:\.\d+)?\s*[-~]\s*-?\d|[-+]$|阴性|阳性|negative|positive)/iu;

/** Split a panel's `result` text into items. Never throws; unreadable items keep their raw text as name. */
export function parseLabResult(result: string): LabItem[] {
  return result
    .split(/[;；]/u)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(parseItem);
}

function parseItem(raw: string): LabItem {
  let fields = raw.split(/\s{2,}|\t+/u).map((f) => f.trim()).filter((f) => f !== '');
  if (fields.length < 3) fields = raw.split(/\s+/u);
  let index: number | undefined;
  if (fields.length > 0 && /^\d+$/.test(fields[0]!)) index = Number(fields.shift());
  const item: LabItem = { name: '', abbr: '', value: '', flag: '', unit: '', range: '', raw };
  if (index !== undefined) item.index = index;
  if (fields.length < 3) {
    item.name = fields.join(' ');
    return item;
  }
  // The value is the first field after the name and abbreviation that looks like a measurement.
  let v = fields.findIndex((f, i) => i >= 2 && /^(?:[<>≤≥]?\s*-?\d|[-+]{1,4}$|阴性|阳性)/u.test(f));
  if (v < 0) v = 2;
  item.name = fields.slice(0, v - 1).join(' ');
  item.abbr = fields[v - 1] ?? '';
  item.value = fields[v] ?? '';
  let rest = fields.slice(v + 1);
  if (rest.length > 0 && ARROW.test(rest[0]!)) {
    item.flag = rest[0] as LabFlag;
    rest = rest.slice(1);
  }
  if (rest.length >= 2) {
    item.unit = rest.slice(0, -1).join(' ');
    item.range = rest[rest.length - 1]!;
  } else if (rest.length === 1) {
    if (RANGE.test(rest[0]!)) item.range = rest[0]!;
    else item.unit = rest[0]!;
  }
  return item;
}

/**
 * Where a numeric value lies against a reference range — `lo-hi`, `<hi`, `≤hi`, `>lo`, `≥lo`: `low` below it,
 * `high` above it, `in` within. Undefined when either side is not numeric (qualitative results, ranges such as "-").
 */
export function rangeSide(value: string, range: string): 'low' | 'high' | 'in' | undefined {
  const num = numericValue(value);
  if (num === undefined) return undefined;
  const r = range.replace(/\s+/g, '');
  let m = /^(-?\d+(?:\.\d+)?)[-~](-?\d+(?:\.\d+)?)$/u.exec(r);
  if (m) return num < Number(m[1]) ? 'low' : num > Number(m[2]) ? 'high' : 'in';
  m = /^([<≤])(-?\d+(?:\.\d+)?)$/u.exec(r);
  if (m) return (m[1] === '<' ? num >= Number(m[2]) : num > Number(m[2])) ? 'high' : 'in';
  m = /^([>≥])(-?\d+(?:\.\d+)?)$/u.exec(r);
  if (m) return (m[1] === '>' ? num <= Number(m[2]) : num < Number(m[2])) ? 'low' : 'in';
  return undefined;
}

/** Whether a numeric value lies outside a reference range (see rangeSide); undefined when they cannot be compared. */
export function outsideRange(value: string, range: string): boolean | undefined {
  const side = rangeSide(value, range);
  return side === undefined ? undefined : side !== 'in';
}

/** The number in a result value (`<0.005` → 0.005), or undefined for qualitative values. */
export function numericValue(value: string): number | undefined {
  const text = value.trim().replace(/^[<>≤≥]\s*/u, '');
  if (text === '') return undefined;
  const num = Number(text);
  return Number.isFinite(num) ? num : undefined;
}
