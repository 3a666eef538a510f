/**
 * Reading department answers: task 1 (one department) and the DIFR variants (exactly K departments). Names are
 * mapped onto the department list with the taxonomy's normaliser. Never throws, whatever the text.
 */
import type { Department, DepartmentTaxonomy } from '../bench/departments.js';
import { toHalfWidth } from '../bench/text.js';
import { stripReasoning } from './sections.js';

export interface DepartmentAnswer {
  /** The department chosen, or null when the answer names none from the list. */
  department: Department | null;
  /**
   * `exact`: the answer is a department name and nothing else; `mention`: one department named inside longer
   * text; `ambiguous`: several named, the first is taken; `invalid`: none from the list.
   */
  status: 'exact' | 'mention' | 'ambiguous' | 'invalid';
  /** Distinct departments named, in order. */
  named: Department[];
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

/** Task 1: map a free-text answer onto one department of the list. */
export function parseDepartmentAnswer(answer: string, taxonomy: DepartmentTaxonomy): DepartmentAnswer {
  const text = stripReasoning(String(answer ?? '')).trim();
  const whole = taxonomy.normalise(stripDecoration(text));
  if (whole) return { department: whole, status: 'exact', named: [whole] };
  const firstLine = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  const line = taxonomy.normalise(stripDecoration(firstLine));
  if (line) return { department: line, status: 'exact', named: [line] };
  const named = distinct(taxonomy.mentions(text).map((m) => m.department));
  if (named.length === 0) return { department: null, status: 'invalid', named };
  return { department: named[0]!, status: named.length === 1 ? 'mention' : 'ambiguous', named };
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
}

const LIST_MARKER = /^\s*(?:\d{1,2}\s*[.)、．:：]|[(（]\d{1,2}[)）]|[-*•·])\s*/u;

/** Lines that introduce a list rather than name a department ("Here are the three departments:"). */
function isLeadLine(line: string, taxonomy: DepartmentTaxonomy): boolean {
  const t = line.trim();
  if (taxonomy.normalise(stripDecoration(t))) return false;
  return /[:：]$/u.test(t) || /^(?:here|the following|based on|以下|根据|推荐|建议)/iu.test(t);
}

/** The DIFR variants: split an answer into the department names it gives, with validity per name. */
export function parseMultiDepartmentAnswer(answer: string, taxonomy: DepartmentTaxonomy): MultiDepartmentAnswer {
  const text = stripReasoning(String(answer ?? ''));
  let lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^[-=*_]{3,}$/.test(l));
  lines = lines.filter((l) => !isLeadLine(l, taxonomy));
  const marked = lines.filter((l) => LIST_MARKER.test(l));
  // answers that repeat one piece many times are read once per distinct piece
  const memo = new Map<string, Department | null>();
  const name = (item: string): Department | null => {
    let dep = memo.get(item);
    if (dep === undefined) memo.set(item, (dep = nameOf(item, taxonomy)));
    return dep;
  };
  let raw: string[];
  if (marked.length >= 2) raw = marked;
  else if (lines.length === 1) raw = splitOneLine(stripDecoration(lines[0]!), name);
  else raw = lines;
  const items = raw
    .map((r) => stripDecoration(r.replace(LIST_MARKER, '')))
    .filter((r) => r !== '')
    .map((r) => ({ text: r, department: name(r) }));
  return { items, count: items.length, valid: items.filter((i) => i.department !== null).length };
}

/** "A, B and C" on one line; "and" splits only where every part is a department name. */
function splitOneLine(line: string, name: (item: string) => Department | null): string[] {
  return line.split(/[,，、;；|/]/u).flatMap((piece) => {
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
