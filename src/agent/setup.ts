/**
 * What an agent run needs before its first case: every model it may call, resolved from the config file and the
 * command line exactly as `clinicallab run` resolves its models (parameters, keys, headers, prices, limits); what
 * it records about itself (each model with the roles it plays and its parameters, the templates it uses); and
 * the warnings a variant deserves when the routing table cannot fill it.
 */
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { Language } from '../bench/language.js';
import type { Config } from '../run/config.js';
import { manifestModel, type ManifestModel } from '../run/evaluate.js';
import type { ModelEntry } from '../run/jobs.js';
import { modelEntries, type ModelFlags } from '../run/setup.js';
import { getTemplate, type TemplateName, type TemplateSet } from '../tasks/templates.js';
import { specialists } from './routing.js';
import type { AgentConfig, Role } from './workflow.js';

export interface AgentModel {
  entry: ModelEntry;
  /** The roles this model may play in the run. */
  roles: Role[];
}

/** Whether the variant can have several clinicians on a case (and so a chief physician). */
const mayMerge = (cfg: AgentConfig): boolean => cfg.k * cfg.m > 1;

/**
 * Every model the agent may call, keyed by the spec string the agent names it by: the fixed roles and every
 * department's top-m clinicians. Settings come from the config file (a model listed there by its spec) and the
 * flags, which win, as for `clinicallab run`.
 */
export function agentModels(cfg: AgentConfig, taxonomy: DepartmentTaxonomy, config: Config = {}, flags: ModelFlags = {}): Map<string, AgentModel> {
  const roles = new Map<string, Set<Role>>();
  const add = (spec: string, role: Role): void => {
    roles.set(spec, (roles.get(spec) ?? new Set<Role>()).add(role));
  };
  add(cfg.roles.navigator, 'navigator');
  for (const d of taxonomy.departments) for (const s of specialists(cfg.routing, d.id, cfg.m)) add(s, 'clinician');
  add(cfg.roles.radiologist, 'radiologist');
  if (mayMerge(cfg)) add(cfg.roles.chief, 'chief');
  add(cfg.roles.nurse, 'nurse');
  add(cfg.roles.pharmacist, 'pharmacist');
  const out = new Map<string, AgentModel>();
  for (const [spec, r] of roles) out.set(spec, { entry: modelEntries([spec], config, flags)[0]!, roles: [...r] });
  return out;
}

/** A model as the manifest records it (the same record `clinicallab run` writes), with its roles. */
export function agentManifestModel(m: AgentModel): ManifestModel & { roles: Role[] } {
  return { ...manifestModel(m.entry), roles: m.roles };
}

/** The templates the agent uses for cases in these languages, keyed `<lang>/<name>` as in the run manifest. */
export function agentTemplates(cfg: AgentConfig, templates: TemplateSet, languages: Iterable<Language>): Record<string, { hash: string; source: string }> {
  const names: TemplateName[] = [cfg.k === 1 ? 'department-guide' : 'department-guide-multi', 'agent-consult', 'imaging-diagnosis', 'agent-final', ...(mayMerge(cfg) ? (['agent-chief'] as const) : []), 'agent-nurse', 'agent-pharmacist'];
  const out: Record<string, { hash: string; source: string }> = {};
  for (const lang of new Set(languages)) {
    for (const name of names) {
      const t = getTemplate(templates, lang, name);
      out[`${lang}/${name}`] = { hash: t.hash, source: t.source };
    }
  }
  return out;
}

function listNames(names: string[]): string {
  return names.length <= 4 ? names.join(', ') : `${names.slice(0, 4).join(', ')} and ${names.length - 4} more`;
}

/**
 * Warnings about a variant the routing table cannot fill: with m > 1, a department listing fewer than m models
 * is consulted by fewer clinicians than the variant's name says — and by one only, with no chief physician.
 */
export function variantWarnings(name: string, cfg: AgentConfig, taxonomy: DepartmentTaxonomy): string[] {
  if (cfg.m <= 1) return [];
  const short = new Map<number, string[]>();
  for (const d of taxonomy.departments) {
    const n = new Set(specialists(cfg.routing, d.id, cfg.m)).size; // the clinicians a patient there would see
    if (n < cfg.m) short.set(n, [...(short.get(n) ?? []), d.short]);
  }
  return [...short].sort((a, b) => a[0] - b[0]).map(([n, deps]) => {
    const all = deps.length === taxonomy.departments.length ? `every department (${deps.length})` : `${deps.length} department${deps.length === 1 ? '' : 's'} (${listNames(deps)})`;
    const effect = n === 1 && cfg.k === 1 ? 'a patient sent there sees one clinician and no chief physician merges opinions' : `a patient sent there sees ${n} clinician${n === 1 ? '' : 's'} per department`;
    return `${name}: the routing table lists ${n} model${n === 1 ? '' : 's'} instead of ${cfg.m} for ${all}: ${effect}.`;
  });
}
