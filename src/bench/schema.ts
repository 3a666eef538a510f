/**
 * The ClinicalBench record (PROTOCOL §1) as a zod schema. Input is read tolerantly — imaging and lab entries as
 * objects keyed by modality/test or as lists, lab entries as `{result, abnormal}` or `{findings, impression}`,
 * sentinels such as "Not available." for an absent section — and comes out in one canonical shape,
 * `ClinicalBenchRecord`, which is exactly the shape of the authors' files.
 */
import { z } from 'zod';
import { isSentinel } from './text.js';

/** The canonical record. Importers produce it; the loader reads it. */
export interface ClinicalBenchRecord {
  id?: number | string;
  clinical_case_uid: string;
  language: string;
  clinical_department: string;
  principal_diagnosis: string;
  preliminary_diagnosis: string;
  diagnostic_basis: string;
  differential_diagnosis: string;
  therapeutic_principle: string;
  treatment_plan: string;
  clinical_case_summary: string;
  imageological_examination: Record<string, { findings: string; impression: string }>;
  laboratory_examination: Record<string, { result: string; abnormal: string }>;
  pathological_examination: string;
}

/** Gold fields, in the order of the tasks they score. */
export const GOLD_FIELDS = [
  'clinical_department',
  'preliminary_diagnosis',
  'diagnostic_basis',
  'differential_diagnosis',
  'principal_diagnosis',
  'therapeutic_principle',
  'treatment_plan',
] as const;

function describe(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'object') return 'an object';
  if (typeof input === 'string') return 'text';
  return `a ${typeof input}`;
}

/** A required, non-empty text field. */
const requiredText = z
  .string({ error: (iss) => (iss.input === undefined ? 'is missing' : `should be text, found ${describe(iss.input)}`) })
  .refine((s) => s.trim() !== '', { error: 'is empty' });

/**
 * A gold field: it must be there, but may be empty ("" or null) when a dataset does not have it — imported
 * datasets often hold only a final diagnosis. The task it scores is then skipped and counted, never scored.
 */
const goldText = z.preprocess(
  (v) => (v === null ? '' : v),
  z.string({ error: (iss) => (iss.input === undefined ? 'is missing' : `should be text, found ${describe(iss.input)}`) }),
);

/** Optional text: missing, null and sentinels become "". Numbers are read as text. */
const optionalText = z.preprocess(
  (v) => (v == null ? '' : typeof v === 'number' ? String(v) : v),
  z.string({ error: (iss) => `should be text, found ${describe(iss.input)}` }),
);

/** Keyed entries may arrive as an object, a list of objects with a name field, a sentinel string, or null. */
function keyedEntries(nameFields: string[]) {
  return (value: unknown): unknown => {
    if (value == null) return {};
    if (typeof value === 'string' && isSentinel(value)) return {};
    if (Array.isArray(value)) {
      const out: Record<string, unknown> = {};
      value.forEach((entry, i) => {
        let key = `item_${i + 1}`;
        if (entry && typeof entry === 'object') {
          for (const f of nameFields) {
            const k = (entry as Record<string, unknown>)[f];
            if (typeof k === 'string' && k.trim() !== '') {
              key = k.trim();
              break;
            }
          }
        }
        out[key in out ? `${key}_${i + 1}` : key] = entry;
      });
      return out;
    }
    return value;
  };
}

const imagingEntry = z.preprocess(
  (v) => (typeof v === 'string' ? { findings: '', impression: v } : v),
  z.object(
    { findings: optionalText, impression: optionalText },
    { error: (iss) => `should be an object with findings and impression, found ${describe(iss.input)}` },
  ),
);

/** `{result, abnormal}` as the files have it, or `{findings, impression}` as the data card says. */
const labEntry = z.preprocess(
  (v) => {
    if (typeof v === 'string') return { result: v, abnormal: '' };
    if (v && typeof v === 'object' && !('result' in v) && !('abnormal' in v)) {
      const o = v as Record<string, unknown>;
      if ('findings' in o || 'impression' in o) return { result: o.findings, abnormal: o.impression };
    }
    return v;
  },
  z.object(
    { result: optionalText, abnormal: optionalText },
    { error: (iss) => `should be an object with result and abnormal, found ${describe(iss.input)}` },
  ),
);

export const ClinicalBenchRecordSchema = z.object(
  {
    id: z.union([z.number(), z.string()]).optional(),
    clinical_case_uid: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText),
    language: requiredText,
    clinical_department: goldText,
    principal_diagnosis: goldText,
    preliminary_diagnosis: goldText,
    diagnostic_basis: goldText,
    differential_diagnosis: goldText,
    therapeutic_principle: goldText,
    treatment_plan: goldText,
    clinical_case_summary: requiredText,
    imageological_examination: z.preprocess(
      keyedEntries(['modality', 'name', 'key', 'type']),
      z.record(z.string(), imagingEntry, { error: (iss) => `should be an object keyed by modality, found ${describe(iss.input)}` }),
    ),
    laboratory_examination: z.preprocess(
      keyedEntries(['test', 'name', 'key', 'type']),
      z.record(z.string(), labEntry, { error: (iss) => `should be an object keyed by test, found ${describe(iss.input)}` }),
    ),
    pathological_examination: optionalText,
  },
  { error: (iss) => `should be a JSON object, found ${describe(iss.input)}` },
);

/** One problem zod found, with the field path in dotted form. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** Validate one parsed value; returns the canonical record or the list of field problems. */
export function validateRecord(value: unknown): { record: ClinicalBenchRecord } | { issues: FieldIssue[] } {
  const parsed = ClinicalBenchRecordSchema.safeParse(value);
  if (parsed.success) {
    const r = parsed.data;
    const record: ClinicalBenchRecord = {
      ...(r.id !== undefined ? { id: r.id } : {}),
      clinical_case_uid: r.clinical_case_uid.trim(),
      language: r.language.trim(),
      clinical_department: r.clinical_department.trim(),
      principal_diagnosis: r.principal_diagnosis.trim(),
      preliminary_diagnosis: r.preliminary_diagnosis.trim(),
      diagnostic_basis: r.diagnostic_basis.trim(),
      differential_diagnosis: r.differential_diagnosis.trim(),
      therapeutic_principle: r.therapeutic_principle.trim(),
      treatment_plan: r.treatment_plan.trim(),
      clinical_case_summary: r.clinical_case_summary,
      imageological_examination: r.imageological_examination,
      laboratory_examination: r.laboratory_examination,
      pathological_examination: r.pathological_examination,
    };
    return { record };
  }
  return {
    issues: parsed.error.issues.map((iss) => ({
      field: iss.path.map(String).join('.') || '(record)',
      message: iss.message,
    })),
  };
}
