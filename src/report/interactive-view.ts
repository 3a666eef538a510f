/**
 * The interactive runs of a report: per interactive model its panel (doctor, patient, budget, evidence-gathering
 * scores, information gap with department labels), and per case its transcript for the case browser.
 */
import type { InteractiveView } from '../agent/interactive/read.js';
import { readInteractive } from '../agent/interactive/read.js';
import { loadExamPrices, type CaseEvidence, type EvidenceSummary, type GapRow, type StoredTranscript } from '../agent/interactive/scores.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import { RunStore } from '../run/store.js';
import { caseKey, type RunRead } from './run-reader.js';

export interface InteractivePanel {
  /** Index of the interactive model in the report's models. */
  model: number;
  label: string;
  doctor: string;
  patient: string;
  budget: InteractiveView['budget'];
  tools: boolean;
  summary: EvidenceSummary;
  currency: string;
  /** The report label of the doctor's static answers the gap is measured against, or null. */
  staticModel: string | null;
  gap: (GapRow & { label: string })[];
}

export type TranscriptView = StoredTranscript & { evidence: CaseEvidence };

/** Per interactive model id: its view and its transcripts by case key. */
export async function interactiveOfRun(r: RunRead): Promise<Map<string, { view: InteractiveView; byCase: Map<string, TranscriptView> }>> {
  const out = new Map<string, { view: InteractiveView; byCase: Map<string, TranscriptView> }>();
  let store: RunStore;
  try {
    store = RunStore.open(r.dir, { readonly: true });
  } catch {
    return out; // the run reader has said what is wrong with the store
  }
  try {
    // the transcripts are among the jobs the run reader decoded; the store is opened for the settings records only
    const jobs = r.models.flatMap((m) => m.jobs);
    const views = readInteractive(r.dir, jobs, (key) => store.getMeta(key), r.models, await loadExamPrices());
    for (const v of views) out.set(v.name, { view: v, byCase: new Map(v.cases.map((c) => [caseKey(c.uid, c.language), c])) });
  } finally {
    store.close();
  }
  return out;
}

export function interactivePanel(index: number, label: string, v: InteractiveView, taxonomy: DepartmentTaxonomy): InteractivePanel {
  const name = (id: string): string => (id === 'all' ? 'all departments' : (taxonomy.departments.find((d) => d.id === id)?.short ?? id));
  return {
    model: index,
    label,
    doctor: v.doctor,
    patient: v.patient,
    budget: v.budget,
    tools: v.tools,
    summary: v.summary,
    currency: v.currency,
    staticModel: v.staticModel,
    gap: v.gap.map((g) => ({ ...g, label: name(g.group) })),
  };
}
