/**
 * The declarative mapping (`clinicallab import --map mapping.yaml`): for each ClinicalBench field a rule (see
 * rules.ts), the parts of the case summary, the imaging exams and lab panels (fixed or one per item of a source
 * list), and the language per dataset or per record. Parsed with a schema whose errors name the mapping file and
 * the field; applied to one source record at a time, saying where every field came from.
 */
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { parseLanguage, guessLanguage, type Language } from '../language.js';
import { getPath, listItems } from './paths.js';
import { addKeyed, snakeKey, uidFrom, type ImportedCase, type SummaryParts } from './compose.js';
import { inRule, runRegex, userRegex } from './regex-limit.js';
import { evaluateRule, type RuleResult } from './rules.js';
import { isRequired, PickSchema, ReplaceStepSchema, RULE_KEYS, RuleSchema, type Rule } from './rule-schema.js';

/** ClinicalBench fields a mapping can fill directly. */
export const MAPPED_FIELDS = [
  'clinical_case_uid',
  'clinical_department',
  'principal_diagnosis',
  'preliminary_diagnosis',
  'diagnostic_basis',
  'differential_diagnosis',
  'therapeutic_principle',
  'treatment_plan',
  'clinical_case_summary',
  'pathological_examination',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

/** Parts of the case summary a mapping can fill (used when `clinical_case_summary` is not mapped whole). */
export const SUMMARY_PARTS = ['basic_information', 'chief_complaint', 'medical_history', 'physical_examination', 'auxiliary_examination'] as const;
export type SummaryPart = (typeof SUMMARY_PARTS)[number];

/** A record filter: a record is skipped (counted, and reported as filtered) when the rule's text matches. */
const SkipSchema = z.strictObject({ when: RuleSchema, matches: z.string().superRefine((r, ctx) => {
  try {
    new RegExp(r, 'iu');
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `is not a valid regular expression (${(err as Error).message})` });
  }
}) });

const eachPath = z.string().optional().describe('path to a list (or object) of items; the other rules then read each item');
const ImagingEntrySchema = z.strictObject({ each: eachPath, modality: RuleSchema, findings: RuleSchema.optional(), impression: RuleSchema.optional() });
const LabEntrySchema = z.strictObject({ each: eachPath, test: RuleSchema, result: RuleSchema.optional(), abnormal: RuleSchema.optional() });

export const MappingSchema = z.strictObject({
  format: z.enum(['json', 'jsonl', 'csv']).optional(),
  delimiter: z.string().length(1, { error: 'should be one character' }).optional(),
  records: z.string().optional().describe('JSON only: path to the list of records inside the file'),
  language: RuleSchema.optional(),
  fields: z.strictObject(Object.fromEntries(MAPPED_FIELDS.map((f) => [f, RuleSchema.optional()])) as Record<MappedField, z.ZodOptional<typeof RuleSchema>>).default({}),
  summary: z.strictObject(Object.fromEntries(SUMMARY_PARTS.map((f) => [f, RuleSchema.optional()])) as Record<SummaryPart, z.ZodOptional<typeof RuleSchema>>).optional(),
  imaging: z.array(ImagingEntrySchema).optional(),
  laboratory: z.array(LabEntrySchema).optional(),
  skip: z.array(SkipSchema).optional().describe('records to leave out on purpose (counted and reported as filtered)'),
});
export type Mapping = z.infer<typeof MappingSchema>;

/** For a key the schema does not know: what to say about it, and the keys allowed where it stands. */
function unknownKey(path: readonly PropertyKey[]): { what: string; choices: readonly string[] } {
  const p = path.map(String);
  if (p.length === 0) return { what: 'is not a key of a mapping file', choices: Object.keys(MappingSchema.shape) };
  if (p.length === 1 && p[0] === 'fields') return { what: 'is not something a mapping can fill', choices: MAPPED_FIELDS };
  if (p.length === 1 && p[0] === 'summary') return { what: 'is not something a mapping can fill', choices: SUMMARY_PARTS };
  if (p.length === 2 && p[0] === 'imaging') return { what: 'is not a key of an imaging entry', choices: Object.keys(ImagingEntrySchema.shape) };
  if (p.length === 2 && p[0] === 'laboratory') return { what: 'is not a key of a laboratory entry', choices: Object.keys(LabEntrySchema.shape) };
  if (p.length === 2 && p[0] === 'skip') return { what: 'is not a key of a `skip` rule', choices: Object.keys(SkipSchema.shape) };
  if (p.at(-1) === 'pick') return { what: 'is not a key of `pick`', choices: Object.keys(PickSchema.shape) };
  if (p.at(-1) === 'replace' || p.at(-2) === 'replace') return { what: 'is not a key of a `replace` step', choices: Object.keys(ReplaceStepSchema.shape) };
  return { what: 'is not a setting of a rule', choices: RULE_KEYS };
}

type Issue = z.core.$ZodIssue;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), root);
}

/**
 * A rule is a path or a rule object, so a mistake inside a rule object first shows as "neither a path nor a rule
 * object". Look inside: for an object, the rule object's own complaint (an unknown key first, since a misspelt
 * key also makes a required one missing), with the path from the mapping's top.
 */
function pinpoint(iss: Issue, root: unknown): Issue {
  if (iss.code !== 'invalid_union') return iss;
  const at = valueAt(root, iss.path);
  const branch = typeof at === 'string' ? 0 : at !== null && typeof at === 'object' && !Array.isArray(at) ? 1 : -1;
  const issues = branch < 0 ? [] : (iss.errors[branch] ?? []);
  const inner = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
  return inner ? pinpoint({ ...inner, path: [...iss.path, ...inner.path] }, root) : iss;
}

/** Read and check a mapping file's text; errors name the file and the field. */
export function parseMapping(text: string, file: string): Mapping {
  let value: unknown;
  try {
    value = /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new Error(`${file}: is not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'} (${(err as Error).message.split('\n')[0]})`);
  }
  const parsed = MappingSchema.safeParse(value ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const iss = pinpoint(issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!, value);
    const where = iss.path.map(String).join('.');
    if (iss.code === 'unrecognized_keys') {
      const { what, choices } = unknownKey(iss.path);
      throw new Error(`${file}: \`${where ? `${where}.` : ''}${iss.keys[0]}\` ${what}; the choices here are ${choices.join(', ')}`);
    }
    if ((iss.code === 'invalid_type' || iss.code === 'invalid_union') && valueAt(value, iss.path) === undefined) {
      const { choices } = unknownKey(iss.path.slice(0, -1));
      throw new Error(`${file}: \`${where}\` is missing; the keys here are ${choices.join(', ')}`);
    }
    throw new Error(`${file}: ${where ? `\`${where}\` ` : ''}${iss.message}`);
  }
  const m = parsed.data;
  if (m.fields.clinical_case_summary !== undefined && m.summary !== undefined) {
    throw new Error(`${file}: maps both \`fields.clinical_case_summary\` and \`summary\`; give the whole summary or its parts, not both`);
  }
  return m;
}

export interface Applied {
  case?: ImportedCase;
  /** Field → how its value was found (for --explain). */
  how: Record<string, string>;
  /** Field → value (for --explain). */
  values: Record<string, string>;
  errors: { field: string; message: string }[];
  /** Things worth saying about a record that was imported all the same. */
  warnings?: { field: string; message: string }[];
}

/** The exams or panels of one record from the mapping's list of entries. */
function applyExams(
  entries: readonly { each?: string | undefined; [k: string]: Rule | undefined }[],
  source: unknown,
  names: { name: string; a: string; b: string; field: string },
  out: Applied,
): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  entries.forEach((entry, n) => {
    const each = entry.each;
    const items = typeof each === 'string' ? listItems(getPath(source, each)) : [source];
    items.forEach((item, i) => {
      const label = `${names.field}[${n}]${typeof each === 'string' ? `[${i}]` : ''}`;
      const rule = (key: string): RuleResult => {
        const r = entry[key];
        return r === undefined ? { value: '', how: 'not mapped' } : inRule(names.field, `${names.field}[${n}].${key}`, () => evaluateRule(r, item));
      };
      const name = rule(names.name);
      const a = rule(names.a);
      const b = rule(names.b);
      if (a.value === '' && b.value === '') return; // nothing recorded for this exam in this record
      const key = addKeyed(result, name.value === '' ? `${names.field}_${n + 1}` : snakeKey(name.value), { [names.a]: a.value, [names.b]: b.value });
      out.how[`${label} ${key}`] = `${names.name} ${name.how}; ${names.a} ${a.how}; ${names.b} ${b.how}`;
      out.values[`${label} ${key}`] = a.value || b.value;
    });
  });
  return result;
}

/** Evaluate one field's rule, noting how its value came about and whether a required value is missing. */
function noteRule(out: Applied, field: string, rule: Rule | undefined, source: unknown, from = ''): string {
  if (rule === undefined) {
    out.how[field] = 'not mapped';
    out.values[field] = '';
    return '';
  }
  const r = inRule(field, (MAPPED_FIELDS as readonly string[]).includes(field) ? `fields.${field}` : field, () => evaluateRule(rule, source));
  out.how[field] = r.how + from;
  out.values[field] = r.value;
  if (r.value === '' && isRequired(rule)) out.errors.push({ field, message: `is required by the mapping but came out empty (${r.how})` });
  return r.value;
}

/** Apply a mapping to one source record. */
export function applyMapping(mapping: Mapping, source: unknown, fallbackLanguage?: Language): Applied {
  const out: Applied = { how: {}, values: {}, errors: [] };
  const get = (field: string, rule: Rule | undefined): string => noteRule(out, field, rule, source);

  const f = mapping.fields;
  const summaryWhole = f.clinical_case_summary !== undefined ? get('clinical_case_summary', f.clinical_case_summary) : undefined;
  const parts: SummaryParts | undefined =
    summaryWhole === undefined
      ? {
          basicInformation: get('summary.basic_information', mapping.summary?.basic_information),
          chiefComplaint: get('summary.chief_complaint', mapping.summary?.chief_complaint),
          history: get('summary.medical_history', mapping.summary?.medical_history),
          physicalExamination: get('summary.physical_examination', mapping.summary?.physical_examination),
          auxiliary: get('summary.auxiliary_examination', mapping.summary?.auxiliary_examination),
        }
      : undefined;

  const imaging = applyExams(mapping.imaging ?? [], source, { name: 'modality', a: 'findings', b: 'impression', field: 'imaging' }, out) as ImportedCase['imaging'];
  const labs = applyExams(mapping.laboratory ?? [], source, { name: 'test', a: 'result', b: 'abnormal', field: 'laboratory' }, out) as ImportedCase['labs'];

  const gold = {
    department: get('clinical_department', f.clinical_department),
    principal: get('principal_diagnosis', f.principal_diagnosis),
    preliminary: get('preliminary_diagnosis', f.preliminary_diagnosis),
    basis: get('diagnostic_basis', f.diagnostic_basis),
    differential: get('differential_diagnosis', f.differential_diagnosis),
    principle: get('therapeutic_principle', f.therapeutic_principle),
    plan: get('treatment_plan', f.treatment_plan),
    pathology: get('pathological_examination', f.pathological_examination),
  };

  let language: Language | undefined;
  const fixed = typeof mapping.language === 'string' ? parseLanguage(mapping.language) : undefined;
  if (fixed) {
    // `language: zh` names the dataset's language; any other string is a path to a per-record value
    language = fixed;
    out.how.language = 'the mapping\'s language';
    out.values.language = fixed;
  } else if (mapping.language !== undefined) {
    const raw = get('language', mapping.language);
    language = parseLanguage(raw);
    if (!language) out.errors.push({ field: 'language', message: `is "${raw}" (${out.how.language}); expected zh or en` });
  } else {
    const text = [summaryWhole ?? '', ...Object.values(parts ?? {}), gold.principal].join(' ');
    language = fallbackLanguage ?? guessLanguage(text);
    out.how.language = fallbackLanguage ? 'from --lang' : `guessed from the text (${language})`;
    out.values.language = language;
  }

  const uidRule = f.clinical_case_uid;
  let uid = uidRule === undefined ? '' : get('clinical_case_uid', uidRule);
  if (uid === '') {
    uid = uidFrom(JSON.stringify(source));
    out.how.clinical_case_uid = `${uidRule === undefined ? 'not mapped' : out.how.clinical_case_uid}: made from the record's content`;
    out.values.clinical_case_uid = uid;
  }
  if (out.errors.length > 0 || !language) return out;

  out.case = {
    uid,
    language,
    department: gold.department,
    principalDiagnosis: gold.principal,
    preliminaryDiagnosis: gold.preliminary,
    diagnosticBasis: gold.basis,
    differentialDiagnosis: gold.differential,
    therapeuticPrinciple: gold.principle,
    treatmentPlan: gold.plan,
    summary: summaryWhole ?? parts!,
    imaging,
    labs,
    pathology: gold.pathology,
  };
  return out;
}

/** A mapping's rules for fields only (used to lay a user's rules, e.g. a department lookup, over a preset). */
export function overlayFields(mapping: Mapping, source: unknown, c: ImportedCase, out: Applied): void {
  const set: Record<MappedField, (v: string) => void> = {
    clinical_case_uid: (v) => (c.uid = v),
    clinical_department: (v) => (c.department = v),
    principal_diagnosis: (v) => (c.principalDiagnosis = v),
    preliminary_diagnosis: (v) => (c.preliminaryDiagnosis = v),
    diagnostic_basis: (v) => (c.diagnosticBasis = v),
    differential_diagnosis: (v) => (c.differentialDiagnosis = v),
    therapeutic_principle: (v) => (c.therapeuticPrinciple = v),
    treatment_plan: (v) => (c.treatmentPlan = v),
    clinical_case_summary: (v) => (c.summary = v),
    pathological_examination: (v) => (c.pathology = v),
  };
  for (const [field, rule] of Object.entries(mapping.fields) as [MappedField, Rule][]) set[field](noteRule(out, field, rule, source, ' (from --map)'));
}


/** Why a mapping's `skip` rules leave a source record out, or undefined when none of them matches. */
export function skipReason(mapping: Mapping, source: unknown): string | undefined {
  for (const [i, rule] of (mapping.skip ?? []).entries()) {
    const hit = inRule(`skip[${i}]`, `skip[${i}]`, () => {
      const got = evaluateRule(rule.when, source);
      const re = userRegex(rule.matches, 'iu');
      return runRegex('matches', rule.matches, got.value, () => re.test(got.value)) ? got : undefined;
    });
    if (hit) return `skip[${i}]: ${hit.how} matches /${rule.matches}/`;
  }
  return undefined;
}
