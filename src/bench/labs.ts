/**
 * Reading lab result lines (PROTOCOL §7): `index  name  ABBR  value  [↑|↓]  unit  range  ;`. Real files use two
 * or more spaces between fields (empty fields collapse), some use single spaces; this reads the first form
 * exactly and the second as well as it can, and keeps the raw text of every item.
 *
 * Numbers inside a test's name or abbreviation are not its value: in `Cancer Antigen 125 (CA125) 9.4 U/mL ≤35.0`
 * the value is 9.4. The value is the first field that looks like a measurement and is followed only by what may
 * follow a value — an arrow, a unit, and a range last — so `125` (followed by another measurement) is not it.
 * An abbreviation written in brackets, `(CA125)`, is read without them; a unit written before the value
 * (`CEA  ng/mL  5.2  ↑  0-5`) or glued to it (`5.2ng/mL`) is read as the unit, and an arrow glued to the value
 * (`13.2↑`) as the flag.
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
/** What a value may look like: a number (perhaps behind <, >, ≤, ≥, perhaps glued to more), a sign, 阴性/阳性. */
const MEASURE = /^(?:[<>≤≥]?\s*-?\d|[-+]{1,4}$|阴性|阳性)/u;
/** A value that is a number or a sign and nothing more. */
const PLAIN = /^(?:[<>≤≥]?\s*-?\d+(?:\.\d+)?|[-+]{1,4}|阴性|阳性)$/u;
/** Units of real panels written as such (g/L, *10^9/L, %, fL, mmol/L, U/mL, mOsm/kg, mm/h …); not abbreviations like A/G or NEUT%. */
const UNIT = /^(?:[*x×]?\s*10\^\d+\/[a-zμµ]*L|%|‰|fL|pg|mmHg|(?:[mμµunpkd]?(?:g|mol|U|IU|Osm|Eq)|mIU|μIU|µIU|copies|cells|mm|ml|mL)\/(?:[mμµud]?L|[mμµud]?l|kg|h|1h|24h|min|HP|HPF|LP|LPF))$/u;
/** A value with its unit glued on (`5.2ng/mL`), or its arrow (`13.2↑`). */
const GLUED_UNIT = /^([<>≤≥]?\s*-?\d+(?:\.\d+)?)(\S+)$/u;
const GLUED_ARROW = /^(.*?\S)\s*([↑↓])$/u;

/** Split a panel's `result` text into items. Never throws; unreadable items keep their raw text as name. */
export function parseLabResult(result: string): LabItem[] {
  return result
    .split(/[;；]/u)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(parseItem);
}

/** Whether `rest` may follow a value: an arrow anywhere, units, and a range only as the last field. */
function mayFollowValue(rest: readonly string[]): boolean {
  const fields = rest.filter((f) => !ARROW.test(f));
  return fields.every((f, i) => !MEASURE.test(f) || (i === fields.length - 1 && RANGE.test(f)));
}

/**
 * Where the value is among the fields after the index: the first field that looks like a measurement and is
 * followed only by what may follow a value. The field right after the name (no abbreviation) must be a plain
 * number or sign. When no field fits so well, the first measurement-like field after the abbreviation.
 */
function valueAt(fields: readonly string[]): number {
  const fits = fields.findIndex((f, i) => (i === 1 ? PLAIN.test(f) : i >= 2 && MEASURE.test(f)) && mayFollowValue(fields.slice(i + 1)));
  if (fits >= 0) return fits;
  const first = fields.findIndex((f, i) => i >= 2 && MEASURE.test(f));
  return first >= 0 ? first : 2;
}

/** `(CA125)` → `CA125`; other text as it is. */
const unbracket = (abbr: string): string => /^[(（]\s*(.*?)\s*[)）]$/u.exec(abbr)?.[1] ?? abbr;

/** The fields before the value: the name, then the abbreviation (perhaps in brackets), perhaps a unit last. */
function readHead(head: string[]): { name: string; abbr: string; unit: string } {
  const before = [...head];
  // a unit written before the value, after the name (and abbreviation)
  const unit = before.length >= 2 && UNIT.test(before[before.length - 1]!) ? before.pop()! : '';
  let abbr = '';
  if (before.length >= 2) {
    // an abbreviation in brackets may hold a space: `(CA 19-9)`
    const last = before[before.length - 1]!;
    const two = /[)）]$/u.test(last) && !/^[(（]/u.test(last) && before.length >= 3 && /^[(（]/u.test(before[before.length - 2]!);
    const taken = before.splice(before.length - (two ? 2 : 1)).join(' ');
    // a bare number there ends the name (`Cancer antigen 125 9.4 U/mL <35` has no abbreviation)
    if (PLAIN.test(taken)) before.push(taken);
    else abbr = unbracket(taken);
  }
  return { name: before.join(' '), abbr, unit };
}

/** The value field and the fields after it: the value (an arrow or unit glued to it split off), arrow, units, range. */
function readTail(valueField: string, after: readonly string[]): { value: string; flag: LabFlag; units: string[]; range: string } {
  let value = valueField;
  let rest = [...after];
  const units: string[] = [];
  const arrowGlued = GLUED_ARROW.exec(value);
  if (arrowGlued) {
    value = arrowGlued[1]!;
    rest = [arrowGlued[2]!, ...rest];
  }
  const unitGlued = PLAIN.test(value) ? null : GLUED_UNIT.exec(value);
  if (unitGlued && UNIT.test(unitGlued[2]!)) {
    value = unitGlued[1]!;
    units.push(unitGlued[2]!);
  }
  let flag: LabFlag = '';
  const arrow = rest.findIndex((f) => ARROW.test(f));
  if (arrow >= 0) {
    flag = rest[arrow] as LabFlag;
    rest = rest.filter((_, i) => i !== arrow);
  }
  let range = '';
  if (rest.length >= 2) {
    units.push(...rest.slice(0, -1));
    range = rest[rest.length - 1]!;
  } else if (rest.length === 1) {
    if (RANGE.test(rest[0]!)) range = rest[0]!;
    else units.push(rest[0]!);
  }
  return { value, flag, units, range };
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
  const v = valueAt(fields);
  const head = readHead(fields.slice(0, v));
  const tail = readTail(fields[v] ?? '', fields.slice(v + 1));
  item.name = head.name;
  item.abbr = head.abbr;
  item.value = tail.value;
  item.flag = tail.flag;
  item.unit = [head.unit, ...tail.units].filter((u) => u !== '').join(' ');
  item.range = tail.range;
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
