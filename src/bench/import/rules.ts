/**
 * Field rules of the mapping importer: where one ClinicalBench field's text comes from. A rule is a path string
 * (shorthand), or an object with one source — `path`, `paths` (the first that has text), `const`, `template`
 * (`"{a.b}, {c}"`), `pick` (one item of a list chosen by matching its question text) — followed by optional
 * steps in this order: `regex` (keep a part), `lookup` (a table of names), `default` (when nothing is left).
 * Every evaluation says how it got its value, so `import --explain` can show it.
 */
import { z } from 'zod';
import { foldKey } from '../text.js';
import { getPath, parsePath } from './paths.js';

const pathString = z.string().superRefine((p, ctx) => {
  try {
    parsePath(p);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
  }
});

const regexString = z.string().superRefine((r, ctx) => {
  try {
    new RegExp(r, 'u');
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `is not a valid regular expression (${(err as Error).message})` });
  }
});

export const PickSchema = z.strictObject({
  from: pathString.describe('path to the list of items'),
  where: pathString.describe('path, inside each item, of the text to match (e.g. the question)'),
  matches: regexString,
  value: pathString.describe('path, inside the chosen item, of the value (e.g. the answer)'),
});

export const RuleObjectSchema = z
  .strictObject({
    path: pathString.optional(),
    paths: z.array(pathString).min(1).optional(),
    const: z.union([z.string(), z.number()]).optional(),
    template: z.string().optional(),
    pick: PickSchema.optional(),
    join: z.string().optional(),
    regex: regexString.optional(),
    group: z.union([z.number().int().min(0), z.string()]).optional(),
    lookup: z.record(z.string(), z.string()).optional(),
    otherwise: z.string().optional(),
    default: z.string().optional(),
    required: z.boolean().optional(),
  })
  .superRefine((r, ctx) => {
    const sources = (['path', 'paths', 'const', 'template', 'pick'] as const).filter((k) => r[k] !== undefined);
    if (sources.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: sources.length === 0 ? 'needs one of path, paths, const, template or pick' : `has ${sources.join(' and ')}; give only one source`,
      });
    }
    if (r.otherwise !== undefined && r.lookup === undefined) ctx.addIssue({ code: 'custom', message: '`otherwise` only goes with `lookup`' });
    if (r.group !== undefined && r.regex === undefined) ctx.addIssue({ code: 'custom', message: '`group` only goes with `regex`' });
  });

export const RuleSchema = z.union([pathString, RuleObjectSchema], { error: 'should be a source path or a rule object (path, const, template, pick …)' });
export type Rule = z.infer<typeof RuleSchema>;

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

/** Evaluate a rule against one source record. Never throws for data; a bad rule is caught by RuleSchema first. */
export function evaluateRule(rule: Rule, source: unknown): RuleResult {
  const r = typeof rule === 'string' ? { path: rule } : rule;
  const sep = r.join ?? '; ';
  let value = '';
  let how = '';
  if (r.path !== undefined) {
    value = toText(getPath(source, r.path), sep);
    how = value === '' ? `path ${r.path} (nothing there)` : `path ${r.path}`;
  } else if (r.paths !== undefined) {
    const hit = r.paths.find((p) => toText(getPath(source, p), sep) !== '');
    value = hit === undefined ? '' : toText(getPath(source, hit), sep);
    how = hit === undefined ? `paths ${r.paths.join(', ')} (nothing there)` : `path ${hit} (first of ${r.paths.length} with text)`;
  } else if (r.const !== undefined) {
    value = String(r.const);
    how = 'constant';
  } else if (r.template !== undefined) {
    const t = renderSourceTemplate(r.template, source, sep);
    value = t.missing.length > 0 && t.used.length === 0 ? '' : t.text;
    how = `template from ${t.used.join(', ') || 'no field'}${t.missing.length ? ` (empty: ${t.missing.join(', ')})` : ''}`;
  } else if (r.pick !== undefined) {
    const p = r.pick;
    const list = getPath(source, p.from);
    const items = Array.isArray(list) ? list : list && typeof list === 'object' ? Object.values(list) : [];
    const re = new RegExp(p.matches, 'iu');
    const index = items.findIndex((item) => re.test(toText(getPath(item, p.where), sep)));
    value = index < 0 ? '' : toText(getPath(items[index], p.value), sep);
    how = index < 0 ? `pick from ${p.from}: no item whose ${p.where} matches /${p.matches}/` : `pick ${p.from}[${index}].${p.value} (its ${p.where} matches /${p.matches}/)`;
  }

  if (r.regex !== undefined && value !== '') {
    const m = new RegExp(r.regex, 'u').exec(value);
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

/** Whether a rule insists on a value (`required: true`). */
export function isRequired(rule: Rule): boolean {
  return typeof rule !== 'string' && rule.required === true;
}
