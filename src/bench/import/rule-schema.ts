/**
 * The shape of a field rule of the mapping importer, checked by zod. A rule is a source path (shorthand) or an
 * object with exactly one source — `path`, `paths`, `const`, `template`, `pick`, `first` (the first of several
 * rules that gives text) or `each` (every item of a list, rendered one by one) — and optional steps after it.
 * rules.ts evaluates a rule; this module only says what a well-formed one looks like.
 */
import { z } from 'zod';
import { parsePath } from './paths.js';

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
export type Pick = z.infer<typeof PickSchema>;

/** One `replace` step: every match of `pattern` becomes `with` (default: nothing; `$1` refers to a group). */
export const ReplaceStepSchema = z.strictObject({ pattern: regexString, with: z.string().optional() });
export type ReplaceStep = z.infer<typeof ReplaceStepSchema>;

export interface RuleObject {
  path?: string | undefined;
  paths?: string[] | undefined;
  const?: string | number | undefined;
  template?: string | undefined;
  pick?: Pick | undefined;
  first?: Rule[] | undefined;
  each?: string | undefined;
  item?: string | undefined;
  present?: string | undefined;
  absent?: string | undefined;
  join?: string | undefined;
  replace?: ReplaceStep | ReplaceStep[] | undefined;
  regex?: string | undefined;
  group?: number | string | undefined;
  lookup?: Record<string, string> | undefined;
  otherwise?: string | undefined;
  default?: string | undefined;
  required?: boolean | undefined;
}
export type Rule = string | RuleObject;

/** The keys that give a rule its text; a rule object has exactly one. */
export const SOURCE_KEYS = ['path', 'paths', 'const', 'template', 'pick', 'first', 'each'] as const;

const ruleShape = {
  path: pathString.optional(),
  paths: z.array(pathString).min(1).optional(),
  const: z.union([z.string(), z.number()]).optional(),
  template: z.string().optional(),
  pick: PickSchema.optional(),
  first: z.array(z.lazy(() => RuleSchema)).min(1, { error: 'needs at least one rule' }).optional(),
  each: pathString.optional(),
  item: z.string().optional(),
  present: pathString.optional(),
  absent: z.string().optional(),
  join: z.string().optional(),
  replace: z.union([ReplaceStepSchema, z.array(ReplaceStepSchema).min(1)]).optional(),
  regex: regexString.optional(),
  group: z.union([z.number().int().min(0), z.string()]).optional(),
  lookup: z.record(z.string(), z.string()).optional(),
  otherwise: z.string().optional(),
  default: z.string().optional(),
  required: z.boolean().optional(),
};

/** Every setting a rule object may have, in the order the README lists them. */
export const RULE_KEYS = Object.keys(ruleShape);

export const RuleObjectSchema: z.ZodType<RuleObject> = z.strictObject(ruleShape).superRefine((r, ctx) => {
  const sources = SOURCE_KEYS.filter((k) => r[k] !== undefined);
  if (sources.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      message: sources.length === 0 ? `needs one of ${SOURCE_KEYS.join(', ')}` : `has ${sources.join(' and ')}; give only one source`,
    });
  }
  if (r.otherwise !== undefined && r.lookup === undefined) ctx.addIssue({ code: 'custom', message: '`otherwise` only goes with `lookup`' });
  if (r.group !== undefined && r.regex === undefined) ctx.addIssue({ code: 'custom', message: '`group` only goes with `regex`' });
  for (const k of ['item', 'present', 'absent'] as const) {
    if (r[k] !== undefined && r.each === undefined) ctx.addIssue({ code: 'custom', message: `\`${k}\` only goes with \`each\`` });
  }
  if (r.present !== undefined && r.absent === undefined) {
    ctx.addIssue({ code: 'custom', message: '`present` needs `absent`: how to write an item that is absent (e.g. "no {0}", "无{0}")' });
  }
});

export const RuleSchema: z.ZodType<Rule> = z.union([pathString, RuleObjectSchema], { error: 'should be a source path or a rule object (path, const, template, pick, first, each …)' });

/** Whether a rule insists on a value (`required: true`). */
export function isRequired(rule: Rule): boolean {
  return typeof rule !== 'string' && rule.required === true;
}
