/**
 * Reading the interactive runs of a run directory for the terminal and the report: per interactive model, its
 * doctor, patient and budget, its evidence-gathering scores, its information gap against the doctor's static
 * answers in the same directory (when there are any), and every case's transcript turn by turn.
 */
import type { ModelScores } from '../../metrics/score-run.js';
import type { RunStore } from '../../run/store.js';
import type { InteractiveRecord } from './run-interactive.js';
import { caseEvidence, informationGap, summariseEvidence, type CaseEvidence, type EvidenceSummary, type ExamPrices, type GapRow, type StoredTranscript } from './scores.js';

export interface InteractiveView {
  name: string;
  doctor: string;
  patient: string;
  budget: InteractiveRecord['budget'] | null;
  tools: boolean;
  summary: EvidenceSummary;
  /** The doctor's static model id the gap is measured against, or null when the directory has no static answers of it. */
  staticModel: string | null;
  gap: GapRow[];
  cases: (StoredTranscript & { evidence: CaseEvidence })[];
  currency: string;
}

/**
 * Every interactive model of an open store. `scores` are the run's scored models (for the information gap);
 * orders are priced with the table the run recorded, else with `prices`.
 */
export function readInteractive(store: RunStore, scores: readonly Pick<ModelScores, 'model' | 'cases'>[], fallback: ExamPrices): InteractiveView[] {
  const transcripts = store.jobs({ status: 'done', prompts: false }).filter((j) => j.kind === 'interactive-transcript' && j.parsed !== null);
  const names = [...new Set(transcripts.map((j) => j.model))].sort();
  return names.map((name) => {
    const record = store.getMeta<InteractiveRecord>(`interactive:${name}`);
    const prices = record?.prices ?? fallback;
    const cases = transcripts
      .filter((j) => j.model === name)
      .map((j) => JSON.parse(j.parsed!) as StoredTranscript)
      .map((t) => ({ ...t, evidence: caseEvidence(t, prices) }));
    const doctor = record?.roles.doctor ?? name.replace(/^interactive:/, '');
    const mine = scores.find((m) => m.model === name);
    const statics = scores.find((m) => m.model === doctor);
    const gap = mine && statics ? informationGap(statics.cases, mine.cases) : [];
    return {
      name,
      doctor,
      patient: record?.roles.patient ?? '?',
      budget: record?.budget ?? null,
      tools: record?.tools ?? false,
      summary: summariseEvidence(cases.map((c) => c.evidence)),
      staticModel: statics && gap.length ? doctor : null,
      gap,
      cases,
      currency: prices.currency,
    };
  });
}
