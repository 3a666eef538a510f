/**
 * ClinicalAgent in the report: per agent model a summary (variant, role models, the routing table it used,
 * examinations ordered, tokens and cost per case), and per case its steps in workflow order — navigator,
 * each clinician's consultation, the laboratory, the radiologist's reports, each clinician's final opinion,
 * the chief physician's merge, the nurse, the pharmacist and the final answer — read from the jobs the agent
 * stored (src/agent/run-agent.ts). The laboratory is its own `agent-lab` job; runs made before it was stored get
 * it rebuilt from the consultations' orders, marked as such. A step's department is not stored with it: it is
 * rebuilt the way the workflow chose it (the navigator's departments, each department's top-m clinicians of the
 * stored routing table).
 */
import { specialists } from '../agent/routing.js';
import type { ClinicalCase } from '../bench/case.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { AgentConfigRead, AgentRead } from './agent-read.js';
import { departmentLabel, jobView, sectionTexts } from './case-rows.js';
import { redactUrls, safeBaseURL } from './redact.js';
import { isAgentStep, isTaskAnswer, type JobRecord } from '../run/records.js';
import type { AgentStepAnswers, AgentStepName, StepOrders } from '../run/step-records.js';
import type { AgentRouteView, AgentStepKind, AgentStepView, AgentView } from './types.js';

/** A job of one of ClinicalAgent's own steps, its answer typed (run/step-records.ts). */
type StepJob<K extends AgentStepName> = Extract<JobRecord, { kind: K }>;
/** The model that gave an answer: the workflow stores it with every step and with the answers it gives to tasks. */
const modelOf = (j: JobRecord): string | undefined => ((isAgentStep(j) || isTaskAnswer(j)) && typeof j.parsed?.model === 'string' ? j.parsed.model : undefined);

/** The job kind of each step. */
const STEP_OF: Record<string, AgentStepKind> = {
  'department-guide': 'navigator',
  'agent-consult': 'consult',
  'agent-lab': 'laboratory',
  'imaging-diagnosis': 'radiologist',
  'agent-final': 'final',
  'agent-chief': 'chief',
  'agent-nurse': 'nurse',
  'agent-pharmacist': 'pharmacist',
  'clinical-diagnosis': 'answer',
};

const ROLE_OF: Partial<Record<AgentStepKind, keyof AgentConfigRead['roles']>> = { navigator: 'navigator', radiologist: 'radiologist', chief: 'chief', nurse: 'nurse', pharmacist: 'pharmacist' };

/** The departments the workflow went on with: the navigator's, first k, or the list's first when it named none. */
export function chosenDepartments(nav: JobRecord | undefined, cfg: AgentConfigRead | null, taxonomy: DepartmentTaxonomy): string[] {
  if (nav?.status !== 'done' || nav.kind !== 'department-guide') return [];
  const named = nav.parsed?.named ?? [];
  const first = nav.parsed?.department ?? undefined;
  let ids = [...new Set(named.length > 0 ? named : first ? [first] : [])];
  if (cfg) ids = ids.slice(0, cfg.k);
  if (ids.length === 0 && taxonomy.departments[0]) ids.push(taxonomy.departments[0].id);
  return ids;
}

/** A failed step's error reads `role (model): message`: the model, when the answer is not there to say it. */
const modelOfError = (j: JobRecord): string | undefined => (j.error ? /^[a-z]+ \((.+?)\): /.exec(j.error)?.[1] : undefined);

/** Give each clinician step (in store order) its place in the workflow's list of clinicians. */
function assignClinicians<J extends JobRecord>(jobs: readonly J[], expected: readonly { department: string; model: string }[]): { job: J; model: string | null; department: string | null }[] {
  const used = new Set<number>();
  return jobs.map((job) => {
    const model = modelOf(job) ?? modelOfError(job);
    const i = expected.findIndex((e, idx) => !used.has(idx) && (model === undefined || e.model === model));
    if (i >= 0) used.add(i);
    const e = i >= 0 ? expected[i] : undefined;
    return { job, model: model ?? e?.model ?? null, department: e?.department ?? null };
  });
}

function stepJob(j: JobRecord): NonNullable<AgentStepView['job']> {
  const tokens = j.inputTokens === null && j.outputTokens === null ? null : (j.inputTokens ?? 0) + (j.outputTokens ?? 0);
  return { ...jobView(j), tokens, cost: j.cost };
}

const NO_ORDERS: StepOrders = { labs: [], imaging: [], unknown: [] };

/** The sections of a step's answer (a clinician's final opinion, the chief's merge), as texts by id. */
const sectionsOf = (p: AgentStepAnswers['agent-final'] | null): Record<string, string> | null =>
  p ? Object.fromEntries(Object.entries(p.sections).filter((e): e is [string, string] => e[1] !== undefined)) : null;

/** The steps of one agent on one case, in workflow order. `jobs` are the agent's jobs of the case, in store order. */
export function agentSteps(jobs: readonly JobRecord[], c: ClinicalCase | undefined, cfg: AgentConfigRead | null, taxonomy: DepartmentTaxonomy): AgentStepView[] {
  const of = (s: AgentStepKind): JobRecord[] => jobs.filter((j) => STEP_OF[j.kind] === s);
  const ofKind = <K extends AgentStepName>(kind: K): StepJob<K>[] => jobs.filter((j): j is StepJob<K> => j.kind === kind);
  const dep = (id: string | null): string | null => departmentLabel(taxonomy, id);
  const labName = (key: string): string => c?.labs.find((l) => l.key === key)?.name ?? key.replace(/[_+]+/g, ' ');
  const examName = (key: string): string => c?.imaging.find((e) => e.key === key)?.name ?? key.replace(/[_+]+/g, ' ');
  const roleModel = (s: AgentStepKind, j: JobRecord): string | null => {
    const role = ROLE_OF[s];
    return modelOf(j) ?? modelOfError(j) ?? (role && cfg ? cfg.roles[role] : null);
  };
  const base = (s: AgentStepKind, j: JobRecord, model: string | null, department: string | null = null): AgentStepView => ({
    step: s,
    model: model === null ? null : redactUrls(model),
    department: dep(department),
    job: stepJob(j),
  });
  const steps: AgentStepView[] = [];

  const nav = of('navigator')[0];
  const chosen = chosenDepartments(nav, cfg, taxonomy);
  if (nav) steps.push({ ...base('navigator', nav, roleModel('navigator', nav)), departments: chosen.map((d) => dep(d) ?? d) });

  const expected = cfg ? chosen.flatMap((d) => specialists(cfg.routing, d, cfg.m).map((model) => ({ department: d, model }))) : [];
  const ordered = { labs: [] as string[], imaging: [] as string[], unknown: [] as string[] };
  for (const { job, model, department } of assignClinicians(ofKind('agent-consult'), expected)) {
    const p = job.parsed;
    const orders = p?.orders ?? NO_ORDERS;
    if (job.status === 'done') for (const k of ['labs', 'imaging', 'unknown'] as const) for (const x of orders[k]) if (!ordered[k].includes(x)) ordered[k].push(x);
    steps.push({
      ...base('consult', job, model, department),
      ...(job.status === 'done' ? { preliminary: p?.preliminary ?? '', orders: { labs: orders.labs.map(labName), imaging: orders.imaging.map(examName), unknown: orders.unknown } } : {}),
    });
  }
  // what the laboratory released: the panels of `labs` (keys), in the case's order
  const release = (o: { labs: string[]; imaging: string[] }, released: readonly string[], notPerformed: readonly string[]): Pick<AgentStepView, 'released' | 'notPerformed' | 'notOrdered'> => ({
    released: c ? c.labs.filter((l) => released.includes(l.key)).map((l) => ({ name: l.name, result: l.result, abnormal: l.abnormal })) : released.map((k) => ({ name: labName(k), result: '', abnormal: '' })),
    notPerformed: [...notPerformed],
    notOrdered: c ? [...c.labs.filter((l) => !o.labs.includes(l.key)).map((l) => l.name), ...c.imaging.filter((e) => !o.imaging.includes(e.key)).map((e) => e.name)] : [],
  });
  const labs = ofKind('agent-lab');
  for (const j of labs) {
    const o = j.parsed?.orders ?? NO_ORDERS;
    steps.push({ ...base('laboratory', j, null), ...(j.status === 'done' ? release(o, j.parsed?.released ?? o.labs, j.parsed?.notPerformed ?? o.unknown) : {}) });
  }
  // a run made before the laboratory was stored: rebuilt from the orders once the case went past it
  const LATER: AgentStepKind[] = ['radiologist', 'final', 'chief', 'nurse', 'pharmacist'];
  if (labs.length === 0 && jobs.some((j) => LATER.includes(STEP_OF[j.kind]!))) {
    steps.push({ step: 'laboratory', model: null, department: null, job: null, rebuilt: true, ...release(ordered, ordered.labs, ordered.unknown) });
  }

  for (const j of of('radiologist')) {
    const key = j.exam ?? '';
    const impression = j.kind === 'imaging-diagnosis' ? j.parsed?.impression : undefined;
    steps.push({ ...base('radiologist', j, roleModel('radiologist', j)), exam: examName(key), findings: c?.imaging.find((e) => e.key === key)?.findings ?? '', impression: impression ?? (j.status === 'done' ? j.response : null) });
  }
  for (const { job, model, department } of assignClinicians(ofKind('agent-final'), expected)) steps.push({ ...base('final', job, model, department), sections: sectionsOf(job.parsed) });
  for (const j of ofKind('agent-chief')) steps.push({ ...base('chief', j, roleModel('chief', j)), sections: sectionsOf(j.parsed) });
  for (const [s, kind] of [['nurse', 'agent-nurse'], ['pharmacist', 'agent-pharmacist']] as const) {
    for (const j of ofKind(kind)) steps.push({ ...base(s, j, roleModel(s, j)), text: j.parsed?.text ?? (j.status === 'done' ? j.response : null) });
  }
  for (const j of of('answer')) steps.push({ ...base('answer', j, null), sections: j.kind === 'clinical-diagnosis' && j.parsed ? sectionTexts(j.parsed.sections) : null });
  return steps;
}

/** The summary of one agent model: variant, roles, routing table (with the cases sent to each department), statistics. */
export function agentView(model: number, label: string, read: AgentRead, jobs: readonly JobRecord[], taxonomy: DepartmentTaxonomy): AgentView {
  const cfg = read.config;
  const visits = new Map<string, number>();
  for (const nav of jobs.filter((j) => j.kind === 'department-guide')) for (const d of chosenDepartments(nav, cfg, taxonomy)) visits.set(d, (visits.get(d) ?? 0) + 1);
  const consults = new Map<string, number>();
  for (const j of jobs) {
    const m = j.kind === 'agent-consult' && j.status === 'done' ? modelOf(j) : undefined;
    if (m !== undefined) consults.set(m, (consults.get(m) ?? 0) + 1);
  }
  let routing: AgentView['routing'] = null;
  if (cfg) {
    const ids = [...taxonomy.departments.map((d) => d.id), ...Object.keys(cfg.routing.departments).filter((id) => !taxonomy.departments.some((d) => d.id === id))];
    const departments: AgentRouteView[] = ids.map((id) => {
      const entry = cfg.routing.departments[id];
      const ranking = entry?.models ?? cfg.routing.overall;
      const clinicians = specialists(cfg.routing, id, cfg.m).map((m) => {
        const r = ranking.find((x) => x.model === m);
        return { model: redactUrls(m), score: r?.score ?? null, n: r?.n ?? 0 };
      });
      return { id, label: departmentLabel(taxonomy, id) ?? id, clinicians, fallback: entry ? entry.fallback : true, visits: visits.get(id) ?? 0 };
    });
    departments.sort((a, b) => a.label.localeCompare(b.label, 'en'));
    routing = { source: cfg.routing.source.map(redactUrls), minCases: cfg.routing.minCases, departments };
  }
  return {
    model,
    label,
    variant: cfg ? `Agent#${cfg.k}@${cfg.m}` : null,
    k: cfg?.k ?? null,
    m: cfg?.m ?? null,
    roles: cfg ? { navigator: redactUrls(cfg.roles.navigator), radiologist: redactUrls(cfg.roles.radiologist), chief: redactUrls(cfg.roles.chief), nurse: redactUrls(cfg.roles.nurse), pharmacist: redactUrls(cfg.roles.pharmacist) } : null,
    routing,
    models: (cfg?.models ?? []).map((x) => ({ ...x, id: redactUrls(x.id), ...(x.baseURL ? { baseURL: safeBaseURL(x.baseURL) } : {}) })),
    templates: { ...(cfg?.templates ?? {}) },
    warnings: (cfg?.warnings ?? []).map(redactUrls),
    recorded: cfg?.recorded ?? false,
    clinicians: [...consults].map(([m, n]) => ({ model: redactUrls(m), consults: n })).sort((a, b) => b.consults - a.consults || a.model.localeCompare(b.model)),
    stats: { ...read.stats, stopped: jobs.filter((j) => j.kind === 'clinical-diagnosis' && j.status === 'error').length },
  };
}
