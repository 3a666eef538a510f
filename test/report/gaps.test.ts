/**
 * Why a value is a dash (src/report/gaps.ts), from a model's leaderboard over some records, the records and its
 * jobs on them: no gold answer (no department, no imaging exams, exams without an impression), a task the run
 * did not ask, every answer failed or pending; and the metrics that need a column without a value.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { loadCases } from '../../src/bench/loader.js';
import { leaderboard, type CaseScores } from '../../src/metrics/clinical.js';
import { whyNoValue } from '../../src/report/gaps.js';
import type { JobRecord } from '../../src/run/records.js';
import type { GenerationKind } from '../../src/tasks/definitions.js';
import type { JobStatus } from '../../src/run/store.js';

const ALL_KINDS = ['department-guide', 'department-guide-3', 'department-guide-5', 'clinical-diagnosis', 'imaging-diagnosis'];

let bundled: ClinicalCase;
beforeAll(async () => {
  const loaded = await loadCases([join(BUNDLED_CASES_DIR, 'urology.json')]);
  bundled = loaded.cases.find((c) => c.language === 'en' && c.imaging.length >= 2)!;
});

function job(c: ClinicalCase, kind: GenerationKind, status: JobStatus, exam: string | null = null): JobRecord {
  return {
    key: `${kind}:${exam ?? ''}`, templateHash: 'h', model: 'm', kind, caseUid: c.uid, language: c.language, exam, status, response: status === 'done' ? 'answer' : null, parsed: null,
    inputTokens: null, outputTokens: null, latencyMs: null, cost: null, errorKind: status === 'error' ? 'server' : null, error: status === 'error' ? 'HTTP 500' : null, cached: false, finishReason: status === 'done' ? 'stop' : null,
  };
}
const scores = (c: ClinicalCase, x: Partial<CaseScores>): CaseScores => ({ uid: c.uid, language: c.language, department: c.gold.department?.id ?? '', ...x });
const difr = { difr3: { count: 3, valid: 3 }, difr5: { count: 5, valid: 5 } };

describe('why a value is a dash', () => {
  it('names the gold answer the records lack, and the failed answers', () => {
    // an imported record: no department, no imaging exam; its six-section answer failed
    const c: ClinicalCase = { ...bundled, gold: { ...bundled.gold, department: null }, imaging: [] };
    const lb = leaderboard([scores(c, difr)]);
    const why = whyNoValue({ leaderboard: lb, records: [c], jobs: [job(c, 'department-guide-3', 'done'), job(c, 'department-guide-5', 'done'), job(c, 'clinical-diagnosis', 'error')], kinds: ALL_KINDS });
    expect(why.Acc).toBe('these records name no department, so the department guide has no gold answer');
    expect(why.ID).toBe('these records have no imaging exams');
    expect(why.FD).toBe('every answer failed (1 error, excluded from scores)');
    expect(why.PD).toBe(why.FD);
    expect(why.DIFR).toBeUndefined();
    expect(why.CDA).toBe('needs Acc and FD; no value for Acc or FD');
    expect(why.Avg).toBe('needs all nine task columns; no value for Acc, PD, DB, DD, FD, PT, TP, ID');
    expect(why.WeightedAvg).toBe(why.Avg);
    expect(why.Acceptability).toBe('needs CDA and the five text scores (DB, DD, PT, TP, ID); no value for CDA, DB, DD, PT, TP, ID');
  });

  it('tells exams without an impression from no exams, a task not asked from answers still pending', () => {
    const c: ClinicalCase = { ...bundled, imaging: bundled.imaging.map((e) => ({ ...e, impression: '' })) };
    const lb = leaderboard([scores(c, { acc: true, ...difr })]);
    const why = whyNoValue({ leaderboard: lb, records: [c], jobs: [job(c, 'department-guide', 'done'), job(c, 'clinical-diagnosis', 'pending')], kinds: ALL_KINDS });
    expect(why.ID).toBe(`none of the ${c.imaging.length} imaging exams of these records has a gold impression to score against`);
    expect(why.FD).toBe('not answered yet (1 answer pending)');
    expect(why.Acc).toBeUndefined();
    const notAsked = whyNoValue({ leaderboard: leaderboard([scores(bundled, { acc: true })]), records: [bundled], jobs: [job(bundled, 'department-guide', 'done')], kinds: ['department-guide'] });
    expect(notAsked.ID).toBe('not asked: the run left out the imaging diagnosis task');
    expect(notAsked.DIFR).toBe('not asked: the run left out the DIFR (3 and 5 departments) task');
  });

  it('falls back on the answers when the case files could not be read', () => {
    const lb = leaderboard([scores(bundled, { acc: true })]);
    const exam = bundled.imaging[0]!.key;
    const why = whyNoValue({ leaderboard: lb, records: [undefined], jobs: [job(bundled, 'department-guide', 'done'), job(bundled, 'imaging-diagnosis', 'error', exam), job(bundled, 'imaging-diagnosis', 'error', 'other')], kinds: null });
    expect(why.ID).toBe('every answer failed (2 errors, excluded from scores)');
    expect(why.PD).toBe('this model has no answers for the preliminary diagnosis task');
    // ClinicalAgent answers no DIFR prompts
    expect(whyNoValue({ leaderboard: lb, records: [bundled], jobs: [], kinds: ALL_KINDS, agent: true }).DIFR).toBe('ClinicalAgent does not answer the DIFR (3 and 5 departments) task');
  });

  it('lists nothing when every value is there', () => {
    const full = scores(bundled, { acc: true, fd: true, pd: true, db: 40, dd: 30, pt: 20, tp: 10, id: [50], ...difr });
    expect(whyNoValue({ leaderboard: leaderboard([full]), records: [bundled], jobs: [], kinds: ALL_KINDS })).toEqual({});
  });
});
