/**
 * Evaluating the field rules of the mapping importer (their shape is in rule-schema.ts): where one ClinicalBench
 * field's text comes from. A rule's source — `path`, `paths` (the first that has text), `const`, `template`
 * (`"{a.b}, {c}"`), `pick` (one item of a list chosen by matching its question text), `first` (the first of
 * several rules that gives text) or `each` (every item of a list, rendered one by one, absent findings with
 * their own wording) — is followed by optional steps in this order: `replace` (clean the text), `regex` (keep a
 * part), `lookup` (a table of names), `default` (when nothing is left). Every evaluation says how it got its
 * value, so `import --explain` can show it.
 */
import { foldKey } from '../text.js';
import { getPath, listItems } from './paths.js';
import { runRegex, userRegex } from './regex-limit.js';
import type { Rule, RuleObject } from './rule-schema.js';

export { isRequired, PickSchema, RuleObjectSchema, RuleSchema, type Rule } from './rule-schema.js';

export interface RuleResult {
  value: string;
  /** How the value came about, e.g. `path Patient_Actor.Demographics`, `lookup "心内科" → "心血管内科"`. */
  how: string;
}

/** Lists become text joined by `sep`; objects become `key: value` lines; scalars become strings. */
export function toText(value: unknown, sep = '; '): string {
  if (value == null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => toText(v, sep)).filter((s) => s !== '').join(sep);
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const t = toText(v, sep);
        return t === '' ? '' : `${k.replace(/_/g, ' ')}: ${t}`;
      })
      .filter((s) => s !== '')
      .join('\n');
  }
  return '';
}

/** `{a.b}` placeholders are paths into the source record; `{{` and `}}` are literal braces. */
export function renderSourceTemplate(template: string, source: unknown, sep: string): { text: string; used: string[]; missing: string[] } {
  const used: string[] = [];
  const missing: string[] = [];
  const text = template.replace(/\{\{|\}\}|\{([^{}]+)\}/g, (whole, path: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    const p = path!.trim();
    let v = '';
    try {
      v = toText(getPath(source, p), sep);
    } catch {
      v = '';
    }
    (v === '' ? missing : used).push(p);
    return v;
  });
  return { text: text.trim(), used, missing };
}

function short(s: string, n = 40): string {
  const one = s.replace(/\s+/g, ' ');
  return JSON.stringify(one.length > n ? `${one.slice(0, n - 1)}…` : one);
}

/** Values that mean a finding is absent (`[finding, false]`, `否`, `no` …); anything else counts as present. */
const ABSENT = /^(false|no|n|0|absent|negative|none|否|无|没有|阴性|-)$/iu;
const PRESENT = /^(true|yes|y|1|present|positive|是|有|阳性|\+)$/iu;

/** Every item of a list (or entry of an object), each written with `item`, or with `absent` when `present` says it is absent. */
function renderEach(r: RuleObject & { each: string }, source: unknown, sep: string): RuleResult {
  const items = listItems(getPath(source, r.each));
  let absent = 0;
  let unclear = 0;
  const parts = items.map((item) => {
    let isAbsent = false;
    if (r.present !== undefined) {
      const flag = toText(getPath(item, r.present));
      isAbsent = ABSENT.test(flag);
      if (!isAbsent && !PRESENT.test(flag)) unclear++;
      if (isAbsent) absent++;
    }
    const template = isAbsent ? r.absent : r.item;
    return template === undefined ? toText(item, sep) : renderSourceTemplate(template, item, sep).text;
  });
  const value = parts.filter((t) => t !== '').join(sep);
  const counts = [`${items.length} item${items.length === 1 ? '' : 's'}`];
  if (r.present !== undefined) counts.push(`${absent} absent`);
  if (unclear > 0) counts.push(`${unclear} with an unclear ${r.present} written as present`);
  return { value, how: items.length === 0 ? `each of ${r.each} (nothing there)` : `each of ${r.each} (${counts.join(', ')})` };
}

/** The text a rule's source gives, before its steps. */
function fromSource(r: RuleObject, source: unknown, sep: string): RuleResult {
  if (r.path !== undefined) {
    const value = toText(getPath(source, r.path), sep);
    return { value, how: value === '' ? `path ${r.path} (nothing there)` : `path ${r.path}` };
  }
  if (r.paths !== undefined) {
    const hit = r.paths.find((p) => toText(getPath(source, p), sep) !== '');
    if (hit === undefined) return { value: '', how: `paths ${r.paths.join(', ')} (nothing there)` };
    return { value: toText(getPath(source, hit), sep), how: `path ${hit} (first of ${r.paths.length} with text)` };
  }
  if (r.const !== undefined) return { value: String(r.const), how: 'constant' };
  if (r.template !== undefined) {
    const t = renderSourceTemplate(r.template, source, sep);
    return {
      value: t.missing.length > 0 && t.used.length === 0 ? '' : t.text,
      how: `template from ${t.used.join(', ') || 'no field'}${t.missing.length ? ` (empty: ${t.missing.join(', ')})` : ''}`,
    };
  }
  if (r.pick !== undefined) {
    const p = r.pick;
    const list = getPath(source, p.from);
    const items = Array.isArray(list) ? list : list && typeof list === 'object' ? Object.values(list) : [];
    const re = userRegex(p.matches, 'iu');
    const index = items.findIndex((item) => {
      const text = toText(getPath(item, p.where), sep);
      return runRegex('pick.matches', p.matches, text, () => re.test(text));
    });
    if (index < 0) return { value: '', how: `pick from ${p.from}: no item whose ${p.where} matches /${p.matches}/` };
    return { value: toText(getPath(items[index], p.value), sep), how: `pick ${p.from}[${index}].${p.value} (its ${p.where} matches /${p.matches}/)` };
  }
  if (r.first !== undefined) {
    const n = r.first.length;
    for (let i = 0; i < n; i++) {
      const got = evaluateRule(r.first[i]!, source);
      if (got.value !== '') return { value: got.value, how: `first: rule ${i + 1} of ${n} (${got.how})` };
    }
    return { value: '', how: `first: none of the ${n} rules gave text` };
  }
  if (r.each !== undefined) return renderEach({ ...r, each: r.each }, source, sep);
  return { value: '', how: 'no source' };
}

/** Evaluate a rule against one source record. Never throws for data; a bad rule is caught by RuleSchema first. */
export function evaluateRule(rule: Rule, source: unknown): RuleResult {
  const r = typeof rule === 'string' ? { path: rule } : rule;
  let { value, how } = fromSource(r, source, r.join ?? '; ');

  if (r.replace !== undefined && value !== '') {
    for (const step of Array.isArray(r.replace) ? r.replace : [r.replace]) {
      const re = userRegex(step.pattern, 'gmu');
      const text = value;
      const hits = runRegex('replace', step.pattern, text, () => text.match(re)?.length ?? 0);
      value = runRegex('replace', step.pattern, text, () => text.replace(re, step.with ?? '')).trim();
      how += `, replace /${step.pattern}/ → ${short(step.with ?? '')}${hits === 0 ? ' (no match)' : ` (${hits}×)`}`;
    }
  }
  if (r.regex !== undefined && value !== '') {
    const re = userRegex(r.regex, 'u');
    const text = value;
    const m = runRegex('regex', r.regex, text, () => re.exec(text));
    const group = r.group ?? (m && m.length > 1 ? 1 : 0);
    const part = m ? (typeof group === 'number' ? m[group] : m.groups?.[group]) : undefined;
    value = (part ?? '').trim();
    how += m ? `, regex /${r.regex}/ group ${group}` : `, regex /${r.regex}/ (no match)`;
  }
  if (r.lookup !== undefined && value !== '') {
    const table = new Map(Object.entries(r.lookup).map(([k, v]) => [foldKey(k), v]));
    const hit = table.get(foldKey(value));
    if (hit !== undefined) {
      how += `, lookup ${short(value)} → ${short(hit)}`;
      value = hit;
    } else if (r.otherwise !== undefined) {
      how += `, lookup: ${short(value)} not in the table → ${short(r.otherwise)}`;
      value = r.otherwise;
    } else how += `, lookup: ${short(value)} not in the table, kept`;
  }
  if (value === '' && r.default !== undefined) {
    value = r.default;
    how += ', default';
  }
  return { value, how };
}
