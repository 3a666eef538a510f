/**
 * What a run records so that it can be rescored, reported and resumed later without the flags it was made with:
 * the department list (its content, not only where it came from), the text of every template it used, and how
 * its answers are scored. The manifest holds the short part (where the list came from and its hash, the scoring
 * settings); the texts are kept beside it under `inputs`. A run made before these were kept has none of them,
 * and is read with today's defaults, as before.
 */
import { readFileSync } from 'node:fs';
import { DepartmentTaxonomy, type Department } from '../bench/departments.js';
import { templateHash, type TemplateSet } from '../tasks/templates.js';
import { canonicalJson, sha256 } from './keys.js';
import { decodeInputs, metaRecord } from './meta-records.js';
import type { RunStore } from './store.js';

/** The meta key the texts are kept under. */
export const INPUTS_KEY = 'inputs';
/** The meta key of the settings the stored scores were computed with. */
export const SCORED_WITH_KEY = 'scored-with';

/**
 * How a run's answers are scored. Data only: the metrics stage gives it meaning (metrics/settings.ts), and a new
 * text-metric profile is one more value of `profile`.
 */
export interface ScoringSettings {
  /** The text-metric profile: "clinicallab" or "authors" (runs recorded before profiles were kept: "clinicallab"). */
  profile: string;
  /** The diagnosis matcher's options. */
  matcher: { threshold: number; broaderPrediction: string; narrowerPrediction: boolean };
  /**
   * The local BERTScore model: one for every language (the shape runs recorded first), or one per language (a
   * language without one is scored BLEU + ROUGE-L only); null for BLEU + ROUGE-L only.
   */
  bertscore: BertscoreModel | BertscorePerLanguage | null;
  /** A model that judges diagnosis matches the rules leave open; null for the rules alone. */
  judge: string | null;
  /** CDA also requires the preliminary diagnosis to be right. */
  cdaRequiresPreliminary: boolean;
}

/** A BERTScore model as a run is scored with it: its folder and an identity of its files, its layer and rescaling. */
export interface BertscoreModel {
  dir: string;
  identity: string;
  /** The layer asked for; null or absent: the profile's (authors: bert-score 0.3.13's for the model; clinicallab: the last). */
  layer?: number | null;
  /**
   * Baseline rescaling: null or absent for none, `built-in` for bert-score's published baseline of the model at its
   * layer, or the rows of a bert-score baseline file by layer (kept, so the file is not needed again).
   */
  rescale?: 'built-in' | { file: string; rows: Record<string, { precision: number; recall: number; f1: number }> } | null;
}

export type BertscorePerLanguage = { zh?: BertscoreModel; en?: BertscoreModel };

/** Where a run's department list came from (`builtin` or a file), a hash of its content and its size. */
export interface DepartmentListInfo {
  source: string;
  sha256: string;
  count: number;
}

/** The texts a run was made with. */
export interface RecordedInputs {
  departments: Department[];
  /** `en/department-guide` → the template's hash, where it came from, and its text. */
  templates: Record<string, { hash: string; source: string; text: string }>;
}

export const BUILTIN = 'builtin';

type TemplateKey = Parameters<TemplateSet['get']>[0];

/** A hash of a department list's content: two files with the same departments have the same one. */
export function taxonomyHash(taxonomy: DepartmentTaxonomy): string {
  return sha256(canonicalJson(taxonomy.departments));
}

export function departmentListInfo(taxonomy: DepartmentTaxonomy, source: string): DepartmentListInfo {
  return { source, sha256: taxonomyHash(taxonomy), count: taxonomy.size };
}

/** The texts of the templates a plan used (`lang/name` keys), for the record. */
export function templateTexts(set: TemplateSet, keys: Iterable<string>): RecordedInputs['templates'] {
  const out: RecordedInputs['templates'] = {};
  for (const key of keys) {
    const t = set.get(key as TemplateKey);
    if (t) out[key] = { hash: t.hash, source: t.source, text: t.text };
  }
  return out;
}

/** The texts a run recorded, decoded (run/meta-records.ts); undefined for a run made before they were kept. */
export function readInputs(store: RunStore, dir: string): RecordedInputs | undefined {
  return metaRecord(store, dir, INPUTS_KEY, decodeInputs);
}

/** Keep the texts: the department list as recorded first (it never changes within a run), templates added. */
export function recordInputs(store: RunStore, dir: string, taxonomy: DepartmentTaxonomy, templates: RecordedInputs['templates']): void {
  const before = readInputs(store, dir);
  store.setMeta(INPUTS_KEY, {
    departments: before && before.departments.length > 0 ? before.departments : [...taxonomy.departments],
    templates: { ...(before?.templates ?? {}), ...templates },
  } satisfies RecordedInputs);
}

/** The department list a run recorded, or undefined for a run made before lists were kept. */
export function recordedTaxonomy(inputs: RecordedInputs | undefined, where: string): DepartmentTaxonomy | undefined {
  if (!inputs || inputs.departments.length === 0) return undefined;
  try {
    return new DepartmentTaxonomy(inputs.departments);
  } catch (err) {
    throw new Error(`${where}: the department list the run recorded cannot be read (${(err as Error).message})`);
  }
}

/**
 * The template set with the texts a run recorded in place of the loaded ones. A recorded text must still have
 * its recorded hash: one that does not was altered in the store, and is refused.
 */
export function withRecordedTemplates(base: TemplateSet, inputs: RecordedInputs | undefined, where: string): TemplateSet {
  const set: TemplateSet = new Map(base);
  for (const [key, r] of Object.entries(inputs?.templates ?? {})) {
    const t = set.get(key as TemplateKey);
    if (!t) continue; // a template this version no longer has
    if (templateHash(r.text) !== r.hash) throw new Error(`${where}: the recorded text of template ${key} does not match its hash ${r.hash}; the run store was altered`);
    set.set(key as TemplateKey, { ...t, text: r.text, hash: r.hash, source: r.source });
  }
  return set;
}

/** A template file the run recorded whose text on disk is no longer the one it used. */
export interface ChangedTemplate {
  key: string;
  file: string;
  recorded: string;
  /** The hash of the file's text now, or null when the file is gone. */
  now: string | null;
}

/** The recorded templates that came from files whose text has changed since (or that are gone). */
export function changedTemplateFiles(inputs: RecordedInputs | undefined): ChangedTemplate[] {
  const out: ChangedTemplate[] = [];
  for (const [key, r] of Object.entries(inputs?.templates ?? {})) {
    if (r.source === BUILTIN) continue;
    let text: string | null;
    try {
      text = readFileSync(r.source, 'utf8').replace(/^\uFEFF/, '');
    } catch {
      text = null;
    }
    const now = text === null ? null : templateHash(text);
    if (now !== r.hash) out.push({ key, file: r.source, recorded: r.hash, now });
  }
  return out;
}
