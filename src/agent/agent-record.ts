/**
 * The record a ClinicalAgent run keeps about itself beside the manifest, as `agent:<id>` (run-agent.ts writes it),
 * typed: the variant, the role models, the routing table it used, and — in runs made since they were recorded —
 * every model it may call, the templates it used, the warnings its variant deserved and the fingerprint that
 * tells a resumed run whether its settings changed. It is decoded here, once, field by field (run/decode.ts); the
 * agent runner (resuming) and the report read the typed record. A run without the record reads as not recorded;
 * one whose record is not in the form clinicallab writes is refused with an error naming the run, the key and the
 * field (e.g. `config.routing.departments.cardiology.models[0].score`).
 */
import { Fields } from '../run/decode.js';
import type { ManifestModel } from '../run/evaluate.js';
import { decodeManifestModel, metaRecord } from '../run/meta-records.js';
import type { RunStore } from '../run/store.js';
import type { RankedModel, RoutingTable } from './routing.js';
import type { Role, RoleModels } from './workflow.js';

/** The key the record of the agent `agent` is stored under. */
export const agentKey = (agent: string): string => `agent:${agent}`;

/** A model the agent may call, as recorded: the manifest's record of it and the roles it plays. */
export type AgentModelRecord = ManifestModel & { roles: Role[] };

/** What an agent run records about itself (the optional parts are missing in runs made before they were kept). */
export interface AgentRecord {
  agent: string;
  k: number;
  m: number;
  roles: RoleModels;
  routing: RoutingTable;
  models?: AgentModelRecord[];
  templates?: Record<string, { hash: string; source: string }>;
  warnings?: string[];
  /** Hash of everything that decides the agent's answers (variant, models and parameters, routing, templates). */
  fingerprint?: string;
}

/** The fixed roles, each played by one model. */
export const FIXED_ROLES = ['navigator', 'radiologist', 'chief', 'nurse', 'pharmacist'] as const satisfies readonly (keyof RoleModels)[];
const ROLES = ['navigator', 'clinician', 'laboratory', 'radiologist', 'chief', 'nurse', 'pharmacist'] as const satisfies readonly Role[];

const ranked = (f: Fields): RankedModel => ({ model: f.string('model'), score: f.numberOrNull('score'), n: f.number('n') });

function routing(f: Fields): RoutingTable {
  return {
    source: f.strings('source'),
    minCases: f.number('minCases'),
    overall: f.list('overall', ranked),
    departments: f.entries('departments', (d) => ({ models: d.list('models', ranked), fallback: d.boolean('fallback') })),
  };
}

const model = (f: Fields): AgentModelRecord => ({ ...decodeManifestModel(f), roles: f.oneOfEach('roles', ROLES) });

/** One stored agent record, decoded; `where` names the run and the record in errors. */
export function decodeAgentRecord(where: string, value: unknown): AgentRecord {
  const f = Fields.of(where, 'config', value);
  const roles = f.object('roles');
  const models = f.optional('models', (k) => f.list(k, model));
  const templates = f.optional('templates', (k) => f.entries(k, (t) => ({ hash: t.string('hash'), source: t.string('source') })));
  const warnings = f.optional('warnings', (k) => f.strings(k));
  const fingerprint = f.optional('fingerprint', (k) => f.string(k));
  return {
    agent: f.string('agent'),
    k: f.number('k'),
    m: f.number('m'),
    roles: Object.fromEntries(FIXED_ROLES.map((r) => [r, roles.string(r)])) as Record<(typeof FIXED_ROLES)[number], string>,
    routing: routing(f.object('routing')),
    ...(models !== undefined ? { models } : {}),
    ...(templates !== undefined ? { templates } : {}),
    ...(warnings !== undefined ? { warnings } : {}),
    ...(fingerprint !== undefined ? { fingerprint } : {}),
  };
}

/** The record of the agent `agent` in a run's store, decoded; undefined when the run has none. */
export function agentRecordOf(store: RunStore, dir: string, agent: string): AgentRecord | undefined {
  return metaRecord(store, dir, agentKey(agent), decodeAgentRecord);
}
