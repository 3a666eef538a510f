/**
 * The run-level records kept beside the manifest (the `manifest` table's other keys), typed. The store hands back a
 * stored record as plain JSON (`RunStore.getMeta` returns `unknown`); each record has one decoder, field by field
 * (run/decode.ts), and a record that is there but not in the form clinicallab writes is refused with an error
 * naming the run, the record's key and the field. A record a run never wrote reads as not recorded (runs made
 * before it was kept). Here: how a record is read, the manifest itself (with its models and scoring settings)
 * and the texts a run recorded (`inputs`); the agent's own record is decoded beside the code that writes it
 * (agent/agent-record.ts).
 */
import type { Department } from '../bench/departments.js';
import type { GenerationKind } from '../tasks/definitions.js';
import { GENERATIONS } from '../tasks/registry/index.js';
import { Fields, RecordError } from './decode.js';
import type { Manifest, ManifestModel } from './evaluate.js';
import type { SamplingParams } from './jobs.js';
import type { BertscoreModel, BertscorePerLanguage, RecordedInputs, ScoringSettings } from './recorded.js';
import type { RunStore } from './store.js';

/** How a record beside the manifest is named in errors. */
export const metaWhere = (dir: string, key: string): string => `run ${dir}, record ${key}`;

/**
 * The record `key` of a run's store, decoded by `decode` (given where it is, for its errors, and the stored value);
 * undefined when the run holds no such record. `dir` names the run in errors.
 */
export function metaRecord<T>(store: RunStore, dir: string, key: string, decode: (where: string, value: unknown) => T): T | undefined {
  const value = store.getMeta(key);
  return value === undefined ? undefined : decode(metaWhere(dir, key), value);
}

const PARAM_KEYS = ['maxTokens', 'seed', 'topP', 'topK'] as const;

/** The sampling parameters a model was called with (the temperature always; the rest when set). */
export function decodeParams(f: Fields): SamplingParams {
  const params: SamplingParams = { temperature: f.number('temperature') };
  for (const k of PARAM_KEYS) {
    const v = f.optional(k, (key) => f.number(key));
    if (v !== undefined) params[k] = v;
  }
  return params;
}

/** A model as the manifest (and the agent's and interactive runs' records) keep it (evaluate.ts `manifestModel`). */
export function decodeManifestModel(f: Fields): ManifestModel {
  const baseURL = f.optional('baseURL', (k) => f.string(k));
  const apiKeyEnv = f.optional('apiKeyEnv', (k) => f.string(k));
  const price = f.raw.price === null ? null : f.object('price');
  return {
    id: f.string('id'),
    provider: f.string('provider'),
    model: f.string('model'),
    ...(baseURL !== undefined ? { baseURL } : {}),
    params: decodeParams(f.object('params')),
    concurrency: f.number('concurrency'),
    timeoutMs: f.number('timeoutMs'),
    maxRetries: f.number('maxRetries'),
    price: price && { input: price.number('input'), output: price.number('output') },
    ...(apiKeyEnv !== undefined ? { apiKeyEnv } : {}),
  };
}

function bertModel(f: Fields): BertscoreModel {
  const layer = f.optional('layer', (k) => f.numberOrNull(k));
  let rescale: BertscoreModel['rescale'];
  if (f.has('rescale') && f.raw.rescale !== null) {
    if (f.raw.rescale === 'built-in') rescale = 'built-in';
    else {
      const r = f.object('rescale');
      rescale = { file: r.string('file'), rows: r.entries('rows', (row) => ({ precision: row.number('precision'), recall: row.number('recall'), f1: row.number('f1') })) };
    }
  } else if (f.has('rescale')) rescale = null;
  return { dir: f.string('dir'), identity: f.string('identity'), ...(layer !== undefined ? { layer } : {}), ...(rescale !== undefined ? { rescale } : {}) };
}

function bertscore(f: Fields, key: string): BertscoreModel | BertscorePerLanguage | null {
  if (f.raw[key] === null) return null;
  const b = f.object(key);
  if (b.has('dir')) return bertModel(b);
  const zh = b.optional('zh', (k) => bertModel(b.object(k)));
  const en = b.optional('en', (k) => bertModel(b.object(k)));
  return { ...(zh ? { zh } : {}), ...(en ? { en } : {}) };
}

/**
 * Scoring settings as a manifest or the scores' record keeps them. Each is checked when it is there; a run of an
 * older version may lack some (metrics/settings.ts fills them from the defaults of then).
 */
export function decodeScoring(f: Fields): Partial<ScoringSettings> {
  const out: Partial<ScoringSettings> = {};
  const profile = f.optional('profile', (k) => f.string(k));
  if (profile !== undefined) out.profile = profile;
  if (f.has('matcher')) {
    const m = f.object('matcher');
    out.matcher = { threshold: m.number('threshold'), broaderPrediction: m.string('broaderPrediction'), narrowerPrediction: m.boolean('narrowerPrediction') };
  }
  if (f.has('bertscore')) out.bertscore = bertscore(f, 'bertscore');
  const judge = f.optional('judge', (k) => f.stringOrNull(k));
  if (judge !== undefined) out.judge = judge;
  const cda = f.optional('cdaRequiresPreliminary', (k) => f.boolean(k));
  if (cda !== undefined) out.cdaRequiresPreliminary = cda;
  return out;
}

const department = (f: Fields): Department => ({ id: f.string('id'), zh: f.string('zh'), en: f.string('en'), short: f.string('short'), aliases: f.strings('aliases') });

/** The texts a run recorded (`inputs`): its department list and the templates it used. */
export function decodeInputs(where: string, value: unknown): RecordedInputs {
  const f = Fields.of(where, 'inputs', value);
  return {
    departments: f.list('departments', department),
    templates: f.entries('templates', (t) => ({ hash: t.string('hash'), source: t.string('source'), text: t.string('text') })),
  };
}

const KINDS = GENERATIONS.map((g) => g.kind);

/** How many prompts of each kind a run did not ask (a partial dataset): a count per generation kind. */
function skipped(where: string, f: Fields): Partial<Record<GenerationKind, number>> {
  const out: Partial<Record<GenerationKind, number>> = {};
  for (const key of Object.keys(f.raw)) {
    const kind = KINDS.find((k) => k === key);
    if (!kind) throw new RecordError(`${where}: ${f.path}.${key} is not a kind clinicallab asks (${KINDS.join(', ')})`);
    out[kind] = f.number(kind);
  }
  return out;
}

/** A run's manifest (evaluate.ts writes it; the agent and interactive runs add to it), decoded. */
export function decodeManifest(where: string, value: unknown): Manifest {
  const f = Fields.of(where, 'manifest', value);
  const tool = f.object('tool');
  const filters = f.object('filters');
  const language = filters.optional('language', (k) => filters.string(k));
  const limit = filters.optional('limit', (k) => filters.number(k));
  const list = f.optional('departmentList', (k) => f.object(k));
  const scoring = f.optional('scoring', (k) => decodeScoring(f.object(k)));
  const skip = f.optional('skipped', (k) => skipped(where, f.object(k)));
  return {
    tool: { name: tool.oneOf('name', ['clinicallab'] as const), version: tool.string('version') },
    node: f.string('node'),
    createdAt: f.string('createdAt'),
    updatedAt: f.string('updatedAt'),
    models: f.list('models', decodeManifestModel),
    kinds: f.oneOfEach('kinds', KINDS),
    filters: { ...(language !== undefined ? { language } : {}), ...(limit !== undefined ? { limit } : {}) },
    cases: f.list('cases', (c) => ({ file: c.string('file'), sha256: c.string('sha256'), records: c.number('records') })),
    records: f.number('records'),
    ...(skip !== undefined ? { skipped: skip } : {}),
    templates: f.entries('templates', (t) => ({ hash: t.string('hash'), source: t.string('source') })),
    departments: f.strings('departments'),
    ...(list ? { departmentList: { source: list.string('source'), sha256: list.string('sha256'), count: list.number('count') } } : {}),
    ...(scoring !== undefined ? { scoring } : {}),
    invocations: f.number('invocations'),
  };
}

/** The manifest of a run's store, decoded; undefined when nothing has been recorded yet. */
export function readManifest(store: RunStore, dir: string): Manifest | undefined {
  return metaRecord(store, dir, 'manifest', decodeManifest);
}
