/**
 * The report view model: rebuilt from the stored scores it gives the same leaderboard and counts as scoring
 * the run; every score becomes a row with its reason; failed jobs are rows with their error, never wrong
 * answers; cases carry their inputs, gold answers and each model's answers; a run without scores is scored;
 * nothing from the environment ends up in it.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { leaderboard } from '../../src/metrics/clinical.js';
import { scoreRun, type RunScores } from '../../src/metrics/score-run.js';
import { RunStore } from '../../src/run/store.js';
import { buildViewModel, redactUrls, safeBaseURL } from '../../src/report/view-model.js';
import { loadReference } from '../../src/report/reference.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { tempDir } from '../helpers.js';
import { emptyLexiconContext, makeRun, SCRIPTED, XSS } from './fixture.js';

const taxonomy = DepartmentTaxonomy.default();
let dir: string;
let scored: RunScores;
let vm: ReportViewModel;

beforeAll(async () => {
  dir = join(tempDir(), 'run-a');
  await makeRun(dir);
  scored = await scoreRun(dir, { taxonomy, context: emptyLexiconContext() });
  vm = await buildViewModel([dir], { context: emptyLexiconContext(), resamples: 200, now: new Date('2026-01-02T03:04:05Z') });
}, 60_000);

describe('the view model of a run', () => {
  it('rebuilds, from the stored scores, the leaderboard and counts that scoring gives', () => {
    expect(vm.models.map((m) => m.model)).toEqual(scored.models.map((m) => m.model));
    for (const s of scored.models) {
      const m = vm.models.find((x) => x.model === s.model)!;
      for (const [k, v] of Object.entries(s.leaderboard)) {
        const mine = m.leaderboard[k as keyof typeof s.leaderboard];
        expect(mine.n, `${s.model} ${k} n`).toBe(v.n);
        if (v.value === null) expect(mine.value).toBeNull();
        else expect(mine.value!, `${s.model} ${k}`).toBeCloseTo(v.value, 9);
      }
      expect(m.errors).toEqual(s.errors);
      expect(m.pending).toEqual(s.pending);
      expect(m.skipped).toEqual(s.skipped);
      expect(m.records).toBe(s.cases.length);
    }
    expect(vm.runs[0]!.scoredNow).toBe(false);
  });

  it('carries intervals, DWR across the models, usage and the text-score label', () => {
    const base = vm.models.find((m) => m.model === 'baseline')!;
    const bad = vm.models.find((m) => m.model === SCRIPTED)!;
    expect(base.ci!.Acc).not.toBeNull();
    expect(base.ci!.Acc!.low).toBeLessThanOrEqual(base.leaderboard.Acc.value!);
    expect(base.dwr).toBeGreaterThan(bad.dwr!);
    expect(base.usage.done).toBe(base.usage.jobs);
    expect(bad.usage.error).toBeGreaterThan(0);
    expect(bad.usage.inputTokens).toBeGreaterThan(0);
    expect(vm.textComponents).toBe('bleu+rouge');
    expect(vm.textLabel).toContain('(BLEU + ROUGE-L) / 2');
    expect(vm.generatedAt).toBe('2026-01-02T03:04:05.000Z');
  });

  it('has the department × model table: the weighted average and every column, per department', () => {
    expect(vm.departments.map((d) => d.id).sort()).toEqual(['neurology', 'urology']);
    const base = vm.models.find((m) => m.model === 'baseline')!;
    const s = scored.models.find((m) => m.model === 'baseline')!;
    for (const dep of ['neurology', 'urology']) {
      const cell = vm.byDepartment.find((c) => c.department === dep && c.model === base.index)!;
      const lb = leaderboard(s.cases.filter((c) => c.department === dep));
      expect(cell.n).toBe(6);
      expect(cell.weightedAvg!).toBeCloseTo(lb.WeightedAvg.value!, 9);
      expect(cell.columns.FD).toBeCloseTo(lb.FD.value!, 9);
      expect(cell.winShare).not.toBeNull();
    }
  });

  it('turns every stored score into a row with its reason, and failed jobs into error rows', () => {
    const store = RunStore.open(dir);
    const stored = store.scores();
    const errorJobs = store.jobs({ status: 'error' });
    store.close();
    const scoredRows = vm.rows.filter((r) => r.status === 'scored');
    expect(scoredRows).toHaveLength(stored.length);
    const errorRows = vm.rows.filter((r) => r.status === 'error');
    expect(errorRows).toHaveLength(errorJobs.length);
    expect(errorRows.every((r) => r.task === 'imaging' && r.value === null && r.correct === null && r.error!.startsWith('bad-request:'))).toBe(true);
    const fd = scoredRows.find((r) => r.task === 'final-diagnosis')!;
    expect(fd).toMatchObject({ rule: expect.any(String), explanation: expect.any(String), gold: expect.any(String), correct: expect.any(Boolean) });
    const pd = scoredRows.find((r) => r.task === 'preliminary')!;
    expect(pd.items!.length).toBeGreaterThan(0);
    expect(pd.share).toBeGreaterThanOrEqual(0);
    const text = scoredRows.find((r) => r.task === 'basis')!;
    expect(text.text).toMatchObject({ bleu: expect.any(Number), rouge: expect.any(Number), bertscore: null });
    expect(text.correct).toBeNull();
    const difr = scoredRows.find((r) => r.task === 'difr3' && r.model === vm.models.findIndex((m) => m.model === SCRIPTED))!;
    expect(difr.difr).toEqual({ k: 3, count: 3, valid: 2 });
    expect(difr.correct).toBe(false);
  });

  it('gives every case its inputs, gold answers and each model’s answers, raw and section by section', () => {
    expect(vm.cases).toHaveLength(12); // 2 departments × 3 cases × 2 languages
    const c = vm.cases[0]!;
    expect(c.inputs!.chiefComplaint.length).toBeGreaterThan(0);
    expect(c.inputs!.imaging.length).toBeGreaterThan(0);
    expect(c.gold!.principal.length).toBeGreaterThan(0);
    expect(c.gold!.preliminary.length).toBeGreaterThan(0);
    const scripted = vm.models.findIndex((m) => m.model === SCRIPTED);
    const a = c.answers[String(scripted)]!;
    expect(a.diagnosis!.raw).toContain(XSS.script);
    expect(a.diagnosis!.sections!.principal).toBe('Renal calculus');
    expect(a.department!.chosen).toBe('Urology');
    expect(a.difr3!.items.map((i) => i.department)).toEqual(['Urology', 'Nephrology', null]);
    expect(Object.keys(c.answers)).toHaveLength(2);
    // rows point at cases and models that exist
    expect(vm.rows.every((r) => vm.cases[r.case] && vm.models[r.model])).toBe(true);
  });

  it('scores a run that has answers but no scores yet, and says so', async () => {
    const fresh = join(tempDir(), 'unscored');
    await makeRun(fresh, ['urology'], { models: ['baseline'], score: false });
    const store = RunStore.open(fresh);
    expect(store.scores()).toHaveLength(0);
    store.close();
    const v = await buildViewModel([fresh], { context: emptyLexiconContext(), ci: false });
    expect(v.runs[0]!.scoredNow).toBe(true);
    expect(v.models[0]!.ci).toBeNull();
    expect(v.rows.filter((r) => r.status === 'scored').length).toBeGreaterThan(0);
    const again = RunStore.open(fresh);
    expect(again.scores().length).toBeGreaterThan(0);
    again.close();
  });

  it('shows unanswered jobs as pending rows, counted like the scorer counts them', async () => {
    const copy = join(tempDir(), 'pending');
    await makeRun(copy, ['urology'], { models: ['baseline'] });
    const store = RunStore.open(copy);
    store.db.prepare(`UPDATE jobs SET status = 'pending', response = NULL, parsed = NULL WHERE kind = 'clinical-diagnosis'`).run();
    store.db.prepare(`DELETE FROM scores WHERE task IN ('preliminary', 'basis', 'differential', 'final-diagnosis', 'treatment-principle', 'plan')`).run();
    store.close();
    const v = await buildViewModel([copy], { context: emptyLexiconContext(), ci: false });
    const s = await scoreRun(copy, { taxonomy, context: emptyLexiconContext() });
    expect(v.models[0]!.pending).toEqual(s.models[0]!.pending);
    expect(v.models[0]!.pending).toEqual({ diagnosis: 6 });
    expect(v.runs[0]!.status).toBe('incomplete');
    const pending = v.rows.filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(6 * 6);
    expect(new Set(pending.map((r) => r.task))).toEqual(new Set(['preliminary', 'basis', 'differential', 'final-diagnosis', 'treatment-principle', 'plan']));
    expect(v.models[0]!.leaderboard.FD.value).toBeNull();
  });

  it('builds an empty report when there are no runs yet', async () => {
    const v = await buildViewModel([], {});
    expect(v).toMatchObject({ runs: [], models: [], cases: [], rows: [], textComponents: 'none' });
  });

  it('labels a model that appears in several runs with the run, and can leave out the details', async () => {
    const v = await buildViewModel([dir, dir], { context: emptyLexiconContext(), ci: false, details: false });
    expect(v.models.map((m) => m.label)).toContain('baseline (run-a)');
    expect(v.cases).toEqual([]);
    expect(v.rows).toEqual([]);
    expect(v.models).toHaveLength(4);
  });

  it('adds the published rows only when asked, with their source', async () => {
    expect(vm.reference).toBeNull();
    const ref = loadReference();
    expect(ref.rows).toHaveLength(15);
    expect(ref.source.arxiv).toBe('2406.13890');
    expect(ref.measuredOn).toMatch(/not the cases of this run/);
    expect(ref.rows.find((r) => r.model === 'GPT-4')).toMatchObject({ Acc: 61.47, CDA: 33.27, Acceptability: 11.37, difrRates: { guide3_name: 86.13 } });
  });

  it('keeps secrets out: no environment values, and no credentials or queries in URLs', async () => {
    process.env.OPENAI_API_KEY = 'sk-report-test-never-shown-1234567890';
    const v = await buildViewModel([dir], { context: emptyLexiconContext(), ci: false });
    expect(JSON.stringify(v)).not.toContain('sk-report-test-never-shown');
    delete process.env.OPENAI_API_KEY;
    expect(safeBaseURL('https://user:sk-secret@host.example:8443/v1?api-key=sk-2#x')).toBe('https://host.example:8443/v1');
    expect(redactUrls('openai-compatible:m@https://u:p@h.example/v1?key=k')).toBe('openai-compatible:m@https://h.example/v1');
    expect(redactUrls('baseline')).toBe('baseline');
  });
});
