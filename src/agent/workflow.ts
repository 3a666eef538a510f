/**
 * ClinicalAgent for one case, from entrance to discharge (PROTOCOL §6): the navigator picks k departments; each
 * department's top-m clinicians (from the routing table) consult on history and examination and order tests;
 * the laboratory releases what was ordered; the radiologist reports each ordered exam; every clinician gives a
 * six-section assessment with all results; with several clinicians a chief physician merges them; a nurse and
 * a pharmacist refine the treatment plan. Every model call goes through `call`, which stores it (and reuses it
 * on resume) — this module only decides what to ask whom.
 *
 * Merge rule (the paper did not publish one): the chief physician is a model given every clinician's opinion and
 * the case, asked for one reconciled six-section answer. Navigation with k > 1 keeps the navigator's order.
 */
import type { ClinicalCase } from '../bench/case.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import { parseDepartmentAnswer, parseMultiDepartmentAnswer } from '../tasks/departments.js';
import type { StepReading } from '../run/step-records.js';
import { departmentGuidePrompt } from '../tasks/prompts.js';
import { formatSections, parseSections } from '../tasks/sections.js';
import { getTemplate, renderTemplate, type TemplateName, type TemplateSet } from '../tasks/templates.js';
import { consultDetails, finalPlan, imagingReport, imagingVocabulary, labReport, labRequest, labVocabulary, opinionsText, readConsult, withLabResults, type Orders } from './prompts.js';
import { specialists, type RoutingTable } from './routing.js';

export type Role = 'navigator' | 'clinician' | 'laboratory' | 'radiologist' | 'chief' | 'nurse' | 'pharmacist';

export interface RoleModels {
  navigator: string;
  radiologist: string;
  chief: string;
  nurse: string;
  pharmacist: string;
}

export interface AgentConfig {
  k: number;
  m: number;
  routing: RoutingTable;
  roles: RoleModels;
}

export interface Step {
  role: Role;
  /** Model spec id that answers. */
  model: string;
  /** Job kind: the benchmark kinds for what is scored, `agent-…` for the rest. */
  kind: string;
  /** Distinguishes steps of one kind within a case (department, clinician, exam). */
  part: string;
  exam?: string;
  prompt: string;
  templateHash: string;
  /** The structured reading stored beside the answer. */
  parse: (text: string) => unknown;
}

/** Ask a step; returns the answer text. Throws when the step finally failed (the case then stops). */
export type Caller = (c: ClinicalCase, step: Step) => Promise<string>;

/** A step no model answers (the laboratory): what it was asked, what it gave back, kept in the transcript. */
export interface RecordedStep {
  role: 'laboratory';
  kind: 'agent-lab';
  part: string;
  prompt: string;
  response: string;
  parsed: unknown;
}

export type Recorder = (c: ClinicalCase, step: RecordedStep) => void;

export interface CaseTranscript {
  departments: string[];
  clinicians: { department: string; model: string }[];
  orders: Orders;
  /** Whether a chief physician merged several opinions. */
  merged: boolean;
  final: string;
}

function render(templates: TemplateSet, c: ClinicalCase, name: TemplateName, values: Record<string, string>): { prompt: string; templateHash: string } {
  const t = getTemplate(templates, c.language, name);
  return { prompt: renderTemplate(t, values), templateHash: t.hash };
}

export async function runAgentCase(c: ClinicalCase, cfg: AgentConfig, ctx: { templates: TemplateSet; taxonomy: DepartmentTaxonomy; call: Caller; record: Recorder }): Promise<CaseTranscript> {
  const { templates, taxonomy, call, record } = ctx;
  const lang = c.language;
  const deptName = (id: string): string => {
    const d = taxonomy.departments.find((x) => x.id === id)!;
    return lang === 'zh' ? d.zh : d.short;
  };

  // 1. navigator: k departments from basic information and chief complaint
  const nav = departmentGuidePrompt(c, { templates, taxonomy }, cfg.k === 1 ? 1 : cfg.k === 3 ? 3 : 5);
  const navText = await call(c, {
    role: 'navigator', model: cfg.roles.navigator, kind: 'department-guide', part: 'navigator', prompt: nav.text, templateHash: nav.template.hash,
    parse: (t) => {
      const named = cfg.k === 1 ? parseDepartmentAnswer(t, taxonomy).named : parseMultiDepartmentAnswer(t, taxonomy).items.flatMap((i) => (i.department ? [i.department] : []));
      const ids = [...new Set(named.map((d) => d.id))];
      return { department: ids[0] ?? null, status: ids.length ? 'exact' : 'invalid', named: ids };
    },
  });
  const named = cfg.k === 1 ? parseDepartmentAnswer(navText, taxonomy).named : parseMultiDepartmentAnswer(navText, taxonomy).items.flatMap((i) => (i.department ? [i.department] : []));
  const departments = [...new Set(named.map((d) => d.id))].slice(0, cfg.k);
  // a navigator that names no listed department: the patient goes to the first department of the list (documented)
  if (departments.length === 0) departments.push(taxonomy.departments[0]!.id);

  // 2. preliminary consultation: top-m clinicians of each department
  const clinicians = departments.flatMap((d) => specialists(cfg.routing, d, cfg.m).map((model) => ({ department: d, model })));
  const orders: Orders = { labs: [], imaging: [], unknown: [] };
  for (const cl of clinicians) {
    const p = render(templates, c, 'agent-consult', { department: deptName(cl.department), case_details: consultDetails(c), lab_tests: labVocabulary(c), imaging_exams: imagingVocabulary(c) });
    const text = await call(c, { role: 'clinician', model: cl.model, kind: 'agent-consult', part: `${cl.department}/${cl.model}`, ...p, parse: (t): StepReading<'agent-consult'> => readConsult(t, c) });
    const o = readConsult(text, c).orders;
    for (const k of ['labs', 'imaging', 'unknown'] as const) for (const x of o[k]) if (!orders[k].includes(x)) orders[k].push(x);
  }

  // 3. laboratory (no model): the ordered panels' results, "not performed" for the rest; a step of the transcript
  const lab = labReport(c, orders);
  record(c, { role: 'laboratory', kind: 'agent-lab', part: 'lab', prompt: labRequest(c, orders), response: lab, parsed: { orders, released: orders.labs, notPerformed: orders.unknown } satisfies StepReading<'agent-lab'> });
  // 4. radiologist, one report per ordered exam
  const impressions: Record<string, string> = {};
  for (const exam of c.imaging.filter((e) => orders.imaging.includes(e.key) && e.findings !== '')) {
    const p = render(templates, c, 'imaging-diagnosis', { modality: exam.name, findings: exam.findings });
    impressions[exam.key] = await call(c, { role: 'radiologist', model: cfg.roles.radiologist, kind: 'imaging-diagnosis', part: exam.key, exam: exam.key, ...p, parse: (t) => ({ impression: t.trim() }) });
  }
  const imaging = imagingReport(c, impressions);

  // 5. final consultation by every clinician, merged by the chief physician when there are several
  const details = consultDetails(c);
  const opinions: { department: string; model: string; text: string }[] = [];
  for (const cl of clinicians) {
    const p = render(templates, c, 'agent-final', { department: deptName(cl.department), case_details: details, lab_results: lab, imaging_reports: imaging });
    const text = await call(c, { role: 'clinician', model: cl.model, kind: 'agent-final', part: `${cl.department}/${cl.model}`, ...p, parse: (t): StepReading<'agent-final'> => parseSections(t) });
    opinions.push({ department: deptName(cl.department), model: cl.model, text });
  }
  let merged = opinions[0]!.text;
  if (opinions.length > 1) {
    const p = render(templates, c, 'agent-chief', { case_details: `${details}\n\n${lab}\n\n${imaging}`, opinions: opinionsText(opinions, lang) });
    merged = await call(c, { role: 'chief', model: cfg.roles.chief, kind: 'agent-chief', part: 'chief', ...p, parse: (t): StepReading<'agent-chief'> => parseSections(t) });
  }
  const sections = parseSections(merged).sections;

  // 6. treatment: the nurse's actions and the pharmacist's revised plan make the final plan; both see the lab
  // results (monitoring, and doses and contraindications depend on kidney and liver values)
  const treat = { case_details: withLabResults(details, lab, lang), principal: sections.principal, plan: sections.plan };
  const nurse = await call(c, { role: 'nurse', model: cfg.roles.nurse, kind: 'agent-nurse', part: 'nurse', ...render(templates, c, 'agent-nurse', treat), parse: (t): StepReading<'agent-nurse'> => ({ text: t.trim() }) });
  const pharm = await call(c, { role: 'pharmacist', model: cfg.roles.pharmacist, kind: 'agent-pharmacist', part: 'pharmacist', ...render(templates, c, 'agent-pharmacist', treat), parse: (t): StepReading<'agent-pharmacist'> => ({ text: t.trim() }) });
  const final = formatSections({ ...sections, plan: finalPlan(pharm, nurse, sections.plan, lang) }, lang);
  return { departments, clinicians, orders, merged: opinions.length > 1, final };
}
