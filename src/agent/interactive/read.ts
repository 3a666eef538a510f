/**
 * Reading the interactive runs of a run directory for the terminal and the report: per interactive model, its
 * doctor, patient and budget, its evidence-gathering scores, its information gap against the doctor's static
 * answers in the same directory (when there are any), and every case's transcript turn by turn — each read from
 * its typed record (transcript-record.ts).
 */
import type { ModelScores } from '../../metrics/score-run.js';
import type { JobRecord } from '../../run/records.js';
import { caseEvidence, informationGap, summariseEvidence, type CaseEvidence, type EvidenceSummary, type ExamPrices, type GapRow, type StoredTranscript } from './scores.js';
import { interactiveSettingsOf, transcriptRecords, type InteractiveSettings } from './transcript-record.js';

export interface InteractiveView {
  name: string;
  doctor: string;
  patient: string;
  budget: InteractiveSettings['budget'] | null;
  tools: boolean;
  summary: EvidenceSummary;
  /** The doctor's static model id the gap is measured against, or null when the directory has no static answers of it. */
  staticModel: string | null;
  gap: GapRow[];
  cases: (StoredTranscript & { evidence: CaseEvidence })[];
  currency: string;
}

/**
 * Every interactive model of a run, from its decoded jobs (run/records.ts) and the settings it recorded (`meta`, a
 * run store's `getMeta`); `dir` names the run in errors, and a malformed transcript or settings record is refused.
 * `scores` are the run's scored models (for the information gap); orders are priced with the table the run
 * recorded, else with `fallback`.
 */
export function readInteractive(dir: string, jobs: readonly JobRecord[], meta: (key: string) => unknown, scores: readonly Pick<ModelScores, 'model' | 'cases'>[], fallback: ExamPrices): InteractiveView[] {
  const transcripts = transcriptRecords(dir, jobs);
  const names = [...new Set(transcripts.map((t) => t.model))].sort();
  return names.map((name) => {
    const record = interactiveSettingsOf(dir, name, meta);
    const prices = record?.prices ?? fallback;
    const cases = transcripts.filter((t) => t.model === name).map(({ transcript: t }) => ({ ...t, evidence: caseEvidence(t, prices) }));
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
