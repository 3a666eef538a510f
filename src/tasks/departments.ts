/**
 * Reading department answers: task 1 (one department) and the DIFR variants (exactly K departments). Names are
 * mapped onto the department list with the taxonomy's normaliser. An answer may be a bare name, a sentence, a
 * hedged paragraph that settles on one department (department-hedge.ts), a numbered, bulleted or one-line list,
 * a markdown table, or JSON (`{"department": …}`, `{"departments": [...]}`, `["A", "B"]`, a list of objects);
 * reasoning blocks are never read, and notes under a list are not items. Never throws, whatever the text.
 */
import { splitNumbered } from '../bench/lists.js';
import type { Department, DepartmentTaxonomy } from '../bench/departments.js';
import { toHalfWidth } from '../bench/text.js';
import { isNoteLine } from './answer-notes.js';
import { concludedDepartment } from './department-hedge.js';
import { findJson } from './json-answer.js';
import { findTables } from './markdown-table.js';
import { splitReasoning } from './reasoning.js';

export interface DepartmentAnswer {
  /** The department chosen, or null when the answer names none from the list. */
  department: Department | null;
  /**
   * `exact`: the answer is a department name and nothing else (or a JSON field, a table cell holding one);
   * `mention`: one department named inside longer text; `concluded`: several named, and the answer settles on
   * this one; `ambiguous`: several named with equal weight, the first is taken; `invalid`: none from the list.
   */
  status: 'exact' | 'mention' | 'concluded' | 'ambiguous' | 'invalid';
  /** Distinct departments named, in order. */
  named: Department[];
  /** Where it was read from. */
  basis: 'json' | 'table' | 'text' | 'none';
}

const LEAD_IN =
  /^(?:(?:recommended|suggested|selected|the|my|your|final)\s+)*(?:answer|department|departments|choice|selection)s?\s*(?:is|are)?\s*[:：]?\s*|^(?:建议|推荐)?(?:就诊|挂号|选择|选中)?的?(?:科室|答案)(?:为|是)?\s*[:：]?\s*|^您选中的科室\s*[:：]\s*|^你选中的科室\s*[:：]\s*/iu;

const OPENING = /[\s"'“”‘’「」【[]/u;
const CLOSING = /[\s"'“”‘’「」】\]。.!！]/u;

function stripDecoration(text: string): string {
  const t = toHalfWidth(text).replace(/\*\*|__|`/g, '');
  // trimmed with loops: a pattern anchored at the end is slow on long runs of these characters
  let a = 0;
  let b = t.length;
  while (a < b && OPENING.test(t[a]!)) a++;
  while (b > a && CLOSING.test(t[b - 1]!)) b--;
  return t.slice(a, b).replace(LEAD_IN, '').trim();
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const DEPT_KEY = /^(?:(?:recommended|suggested|selected|chosen|final|triage|target|primary|first|top)[ _-]?)?(?:departments?|depts?|clinics?|specialt(?:y|ies)|answers?|choices?|selections?|results?)$|科室|部门|答案|推荐|选择|分诊/iu;

/** The department names a JSON answer gives, in order. */
function jsonNames(v: unknown, depth = 0): string[] {
  if (depth > 4) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' ? [x] : isObj(x) ? jsonNames(x, depth + 1).slice(0, 1) : []));
  if (!isObj(v)) return [];
  const keyed = Object.entries(v).find(([k]) => DEPT_KEY.test(k.replace(/([a-z])([A-Z])/g, '$1_$2')));
  if (keyed) return jsonNames(keyed[1], depth + 1);
  const text = Object.values(v).find((x) => typeof x === 'string');
  return typeof text === 'string' ? [text] : [];
}

const DEPT_HEADER = /department|dept|specialt|clinic|科室|部门|专科/iu;

/** The cells of a markdown table's department column (the one headed so, else the one naming departments most often). */
function tableNames(text: string, name: (s: string) => Department | null): string[] {
  for (const t of findTables(text)) {
    if (t.rows.length === 0) continue;
    let col = t.header.findIndex((h) => DEPT_HEADER.test(h));
    if (col < 0) {
      const counts = t.header.map((_, i) => t.rows.filter((r) => name(r[i] ?? '') !== null).length);
      const best = Math.max(...counts);
      col = best > 0 ? counts.indexOf(best) : -1;
    }
    if (col >= 0) return t.rows.map((r) => r[col] ?? '').filter((c) => c.trim() !== '');
  }
  return [];
}

/** Task 1: map a free-text answer onto one department of the list. */
export function parseDepartmentAnswer(answer: string, taxonomy: DepartmentTaxonomy): DepartmentAnswer {
  const text = splitReasoning(String(answer ?? '')).answer.trim();
  const name = (item: string): Department | null => nameOf(stripDecoration(item), taxonomy);
  const json = findJson(text);
  const listed = json ? jsonNames(json.value) : tableNames(text, name);
  if (listed.length > 0) {
    const named = distinct(listed.map(name).filter((d): d is Department => d !== null));
    const basis = json ? 'json' : 'table';
    if (named.length > 0) return { department: named[0]!, status: named.length === 1 ? 'exact' : 'ambiguous', named, basis };
    return { department: null, status: 'invalid', named, basis };
  }
  const whole = taxonomy.normalise(stripDecoration(text));
  if (whole) return { department: whole, status: 'exact', named: [whole], basis: 'text' };
  const firstLine = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  const line = taxonomy.normalise(stripDecoration(firstLine));
  if (line) return { department: line, status: 'exact', named: [line], basis: 'text' };
  const named = distinct(taxonomy.mentions(text).map((m) => m.department));
  if (named.length === 0) return { department: null, status: 'invalid', named, basis: 'none' };
  if (named.length === 1) return { department: named[0]!, status: 'mention', named, basis: 'text' };
  const concluded = concludedDepartment(text, taxonomy);
  if (concluded) return { department: concluded, status: 'concluded', named, basis: 'text' };
  return { department: named[0]!, status: 'ambiguous', named, basis: 'text' };
}

export interface NamedDepartment {
  /** The item as the model wrote it. */
  text: string;
  /** The department it names, or null when it is not a valid name from the list. */
  department: Department | null;
}

export interface MultiDepartmentAnswer {
  /** Every name the answer gives, in order. */
  items: NamedDepartment[];
  /** How many names were given (the DIFR quantity check compares this with K). */
  count: number;
  /** How many of them are valid names from the list. */
  valid: number;
  /** Where they were read from. */
  basis: 'json' | 'table' | 'text' | 'none';
}

const LIST_MARKER =
  /^\s*(?:\d{1,2}\s*[.)、．:：]|[(（]\d{1,2}[)）]|[-*•·]|[一二三四五六七八九十]{1,3}\s*[、.．]|[(（][一二三四五六七八九十]{1,3}[)）]|[IVXivx]{1,4}\s*[.)]\s|[A-Ha-h]\s?[.)]\s|[\u2460-\u2473])\s*/u;

/** Lines that introduce a list rather than name a department ("Here are the three departments:"). */
function isLeadLine(line: string, taxonomy: DepartmentTaxonomy): boolean {
  const t = line.trim();
  if (taxonomy.normalise(stripDecoration(t))) return false;
  return /[:：]\**$/u.test(t) || /^(?:here|the following|based on|以下|根据|推荐|建议)/iu.test(t);
}

/** A sentence among the names of an unmarked list (it names no department and reads as prose). */
function isSentence(line: string, named: boolean): boolean {
  if (named) return false;
  const t = line.trim();
  return /\p{Script=Han}/u.test(t) ? t.length >= 12 : t.split(/\s+/u).length >= 6;
}

/** The DIFR variants: split an answer into the department names it gives, with validity per name. */
export function parseMultiDepartmentAnswer(answer: string, taxonomy: DepartmentTaxonomy): MultiDepartmentAnswer {
  const text = splitReasoning(String(answer ?? '')).answer;
  // answers that repeat one piece many times are read once per distinct piece
  const memo = new Map<string, Department | null>();
  const name = (item: string): Department | null => {
    let dep = memo.get(item);
    if (dep === undefined) memo.set(item, (dep = nameOf(item, taxonomy)));
    return dep;
  };
  const done = (raw: string[], basis: MultiDepartmentAnswer['basis']): MultiDepartmentAnswer => {
    const items = raw
      .map((r) => stripDecoration(r.replace(LIST_MARKER, '')))
      .filter((r) => r !== '')
      .map((r) => ({ text: r, department: name(r) }));
    return { items, count: items.length, valid: items.filter((i) => i.department !== null).length, basis: items.length === 0 ? 'none' : basis };
  };
  const json = findJson(text);
  if (json) {
    const names = jsonNames(json.value);
    if (names.length > 0) return done(names, 'json');
  }
  const table = tableNames(text, (s) => name(stripDecoration(s)));
  if (table.length > 0) return done(table, 'table');
  let lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^[-=*_]{3,}$/.test(l));
  lines = lines.filter((l) => !isLeadLine(l, taxonomy) && !isNoteLine(l));
  const marked = lines.filter((l) => LIST_MARKER.test(l));
  let raw: string[];
  if (marked.length >= 2) raw = marked;
  else if (lines.length === 1) raw = splitOneLine(stripDecoration(lines[0]!.replace(/[\u2460-\u2473]/gu, '、')), name);
  else raw = lines.filter((l) => !isSentence(l, name(stripDecoration(l.replace(LIST_MARKER, ''))) !== null));
  return done(raw, 'text');
}

/** "A, B and C" or "1. A 2. B" on one line; "and" splits only where every part is a department name. */
function splitOneLine(line: string, name: (item: string) => Department | null): string[] {
  const numbered = splitNumbered(line);
  const pieces = numbered.length >= 2 ? numbered : line.split(/[,，、;；|/]/u);
  return pieces.flatMap((piece) => {
    if (name(piece)) return [piece];
    const parts = piece.split(/\s{1,8}and\s{1,8}|和|及/u);
    return parts.length > 1 && parts.every((p) => name(p)) ? parts : [piece];
  });
}

/** One item → department: the whole item, its head before an explanation, or the one department it names. */
function nameOf(item: string, taxonomy: DepartmentTaxonomy): Department | null {
  const whole = taxonomy.normalise(item);
  if (whole) return whole;
  const head = item.split(/\s{0,8}(?:[:：(（]|\s-\s|—|——|\s–\s)/u)[0] ?? '';
  const h = taxonomy.normalise(head);
  if (h) return h;
  const named = distinct(taxonomy.mentions(item).map((m) => m.department));
  return named.length === 1 ? named[0]! : null;
}

function distinct(deps: Department[]): Department[] {
  return [...new Set(deps)];
}
