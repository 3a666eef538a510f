/**
 * The stored answers of ClinicalAgent's own steps (jobs of kind `agent-…`, written by agent/workflow.ts through
 * agent/run-agent.ts), typed: a clinician's consultation (preliminary diagnosis and the examinations ordered), the
 * laboratory (what was ordered, released and not performed), a clinician's final opinion and the chief
 * physician's merge (six sections), the nurse's and the pharmacist's notes. Each carries the role and the model
 * that gave it (null for the laboratory, which has none). They are decoded with the other jobs of a run, once
 * (run/records.ts), so the agent's statistics and the report read typed steps; a step not in the form clinicallab
 * writes is refused with an error naming the run, the job and the field.
 */
import { SECTION_IDS, type SectionId } from '../tasks/generations/clinical-sections.js';
import type { Fields } from './decode.js';

/** The examinations a clinician ordered: lab panels and imaging exams by key, and names the case does not have. */
export interface StepOrders {
  labs: string[];
  imaging: string[];
  unknown: string[];
}

/** Who gave a step's answer (steps stored before the workflow recorded it have neither). */
export interface StepBy {
  role?: string;
  /** The model that answered; null for a step without one (the laboratory). */
  model?: string | null;
}

export type ConsultStep = StepBy & { preliminary: string; orders: StepOrders };
/** `released` and `notPerformed` are missing in laboratory steps stored before they were. */
export type LabStep = StepBy & { orders: StepOrders; released?: string[]; notPerformed?: string[] };
export type OpinionStep = StepBy & { sections: Partial<Record<SectionId, string>> };
export type NoteStep = StepBy & { text: string };

/** The answer each step of ClinicalAgent stores, by job kind. */
export interface AgentStepAnswers {
  'agent-consult': ConsultStep;
  'agent-lab': LabStep;
  'agent-final': OpinionStep;
  'agent-chief': OpinionStep;
  'agent-nurse': NoteStep;
  'agent-pharmacist': NoteStep;
}
export type AgentStepName = keyof AgentStepAnswers;
/** What a step's own reader (agent/workflow.ts) makes of its answer: the stored answer without who gave it. */
export type StepReading<K extends AgentStepName> = Omit<AgentStepAnswers[K], keyof StepBy>;

const orders = (f: Fields): StepOrders => ({ labs: f.strings('labs'), imaging: f.strings('imaging'), unknown: f.strings('unknown') });

function sections(f: Fields): Partial<Record<SectionId, string>> {
  const out: Partial<Record<SectionId, string>> = {};
  for (const id of SECTION_IDS) if (f.has(id)) out[id] = f.string(id);
  return out;
}

/** Who gave the answer, as every step (and every answer ClinicalAgent gives to a task) stores it. */
export function stepBy(f: Fields): StepBy {
  const role = f.optional('role', (k) => f.string(k));
  const model = f.optional('model', (k) => f.stringOrNull(k));
  return { ...(role !== undefined ? { role } : {}), ...(model !== undefined ? { model } : {}) };
}

const DECODERS: { [K in AgentStepName]: (f: Fields) => StepReading<K> } = {
  'agent-consult': (f) => ({ preliminary: f.string('preliminary'), orders: orders(f.object('orders')) }),
  'agent-lab': (f) => {
    const released = f.optional('released', (k) => f.strings(k));
    const notPerformed = f.optional('notPerformed', (k) => f.strings(k));
    return { orders: orders(f.object('orders')), ...(released ? { released } : {}), ...(notPerformed ? { notPerformed } : {}) };
  },
  'agent-final': (f) => ({ sections: sections(f.object('sections')) }),
  'agent-chief': (f) => ({ sections: sections(f.object('sections')) }),
  'agent-nurse': (f) => ({ text: f.string('text') }),
  'agent-pharmacist': (f) => ({ text: f.string('text') }),
};

/** The kinds of ClinicalAgent's own steps. */
export const AGENT_STEP_KINDS = Object.keys(DECODERS) as AgentStepName[];

export const isAgentStepName = (kind: string): kind is AgentStepName => Object.hasOwn(DECODERS, kind);

/** A step's stored answer, decoded. */
export function decodeAgentStep<K extends AgentStepName>(kind: K, f: Fields): AgentStepAnswers[K] {
  return { ...DECODERS[kind](f), ...stepBy(f) } as AgentStepAnswers[K];
}
