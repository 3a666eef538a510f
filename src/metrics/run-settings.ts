/**
 * The settings one run is scored and read with: the department list it recorded (or a command's --departments
 * instead) and its scoring settings with the command's flags laid over them — each change said in words — and
 * the settings its stored scores were computed with. Runs made before lists and settings were recorded get
 * today's defaults, as they always did.
 */
import { DepartmentTaxonomy } from '../bench/departments.js';
import { Fields } from '../run/decode.js';
import { decodeScoring, metaRecord, readManifest } from '../run/meta-records.js';
import { readInputs, recordedTaxonomy, SCORED_WITH_KEY, taxonomyHash, type ScoringSettings } from '../run/recorded.js';
import { RunStore } from '../run/store.js';
import { effectiveScoring, rowsDiffer, unrecordedScoring, type EffectiveScoring, type ScoringOverride } from './settings.js';

/** A department list a command was given, and where from. */
export interface DepartmentChoice {
  taxonomy: DepartmentTaxonomy;
  source: string;
}

export interface RunSettings {
  taxonomy: DepartmentTaxonomy;
  /** The scoring settings; `overrides` also says when --departments replaced the run's list. */
  scoring: EffectiveScoring;
  /** The settings the stored scores were computed with; undefined when not known (older runs, library callers). */
  scoredWith: ScoredWith | undefined;
}

/** What the stored scores were computed with: the scoring settings and a hash of the department list. */
export type ScoredWith = Partial<ScoringSettings> & { departments?: string };

/**
 * The record of what the stored scores were computed with, decoded; null when the scores were removed (a record
 * of null: nothing is known). A record that is there but malformed is refused, naming the run, key and field.
 */
export function decodeScoredWith(where: string, value: unknown): ScoredWith | null {
  if (value === null) return null;
  const f = Fields.of(where, 'scoredWith', value);
  const departments = f.optional('departments', (k) => f.string(k));
  return { ...decodeScoring(f), ...(departments !== undefined ? { departments } : {}) };
}

export function runSettings(store: RunStore, dir: string, o: { scoring?: ScoringOverride; departments?: DepartmentChoice } = {}): RunSettings {
  const manifest = readManifest(store, dir);
  const recorded = recordedTaxonomy(readInputs(store, dir), dir);
  const scoring = effectiveScoring(manifest?.scoring, o.scoring, unrecordedScoring());
  let taxonomy = recorded ?? DepartmentTaxonomy.default();
  if (o.departments) {
    const given = o.departments.taxonomy;
    const differs = recorded ? taxonomyHash(given) !== taxonomyHash(recorded) : (manifest?.departments ?? []).join(',') !== given.departments.map((d) => d.id).join(',');
    if (differs) {
      const was = manifest?.departmentList ? `${manifest.departmentList.source}, ${manifest.departmentList.count} departments` : `${manifest?.departments.length ?? taxonomy.size} departments`;
      scoring.overrides.unshift(`--departments ${o.departments.source}, ${given.size} departments (the run's: ${was})`);
    }
    taxonomy = given;
  }
  const scoredWith = metaRecord(store, dir, SCORED_WITH_KEY, decodeScoredWith) ?? undefined;
  return { taxonomy, scoring, scoredWith };
}

/**
 * Whether a run's stored scores were computed otherwise than its settings now ask: with other settings or another
 * department list, or — when what they were computed with is not known — while a flag changes something.
 */
export function scoredOtherwise(rs: RunSettings): boolean {
  const w = rs.scoredWith;
  if (w) return rowsDiffer(w, rs.scoring.settings) || (w.departments !== undefined && w.departments !== taxonomyHash(rs.taxonomy));
  return rs.scoring.overrides.some((o) => !o.startsWith('--cda-requires-preliminary'));
}

/** What to keep with the scores of a run scored with these settings. */
export function scoredWith(rs: Pick<RunSettings, 'taxonomy' | 'scoring'>): ScoredWith {
  return { ...rs.scoring.settings, departments: taxonomyHash(rs.taxonomy) };
}

/** Open a run's store just long enough to read its settings. */
export function readRunSettings(dir: string, o: Parameters<typeof runSettings>[2] = {}): RunSettings {
  const store = RunStore.open(dir, { readonly: true });
  try {
    return runSettings(store, dir, o);
  } finally {
    store.close();
  }
}
