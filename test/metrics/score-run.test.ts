/**
 * Scoring runs end to end: stored answers → per-case verdicts with their reasons → leaderboard; errors are
 * counted and excluded, never scored as wrong; the `score` command prints the paper's layout, intervals,
 * breakdowns and paired tests without calling any model.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases, type LoadResult } from '../../src/bench/loader.js';
import { createMatcher } from '../../src/metrics/matcher/index.js';
import { scoreRun } from '../../src/metrics/score-run.js';
import { evaluatePlanned } from '../../src/run/evaluate.js';
import { modelEntries } from '../../src/run/setup.js';
import { RunStore } from '../../src/run/store.js';
import { loadTemplates } from '../../src/tasks/templates.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { haveTransformers, NO_TRANSFORMERS } from '../support/model-tests.js';
import { writeTinyBert } from '../support/tiny-bert.js';
import { runCli, tempDir } from '../helpers.js';

const taxonomy = DepartmentTaxonomy.default();
let loaded: LoadResult;
let server: MockServer;
let dir: string;

beforeAll(async () => {
  process.env.CLINICALLAB_CACHE_DIR = tempDir(); // the judge caches its answers; keep them out of the home folder
  loaded = await loadCases([join(BUNDLED_CASES_DIR, 'urology.json'), join(BUNDLED_CASES_DIR, 'neurology.json')], { strict: true });
  server = await startMockOpenAI();
  dir = tempDir();
  const templates = await loadTemplates();
  // two models in one run: the baseline, and a mock server that fails some requests for good
  let n = 0;
  server.respond(() => (n++ % 5 === 0 ? { kind: 'server-error', status: 400 } : { kind: 'ok' }));
  const models = modelEntries(['baseline', `openai-compatible:mock-model@${server.url}`], {}, { maxRetries: 0 });
  await evaluatePlanned({ dir, models, cases: loaded.cases, caseFiles: loaded.files, kinds: ['department-guide', 'department-guide-3', 'department-guide-5', 'clinical-diagnosis', 'imaging-diagnosis'], templates, taxonomy, env: {} });
});
afterAll(async () => server.close());

describe('scoring a run', () => {
  it('scores every answered job, with the reason for each verdict, and counts the errors apart', async () => {
    const r = await scoreRun(dir, { taxonomy, context: { matcher: createMatcher() } });
    expect(r.textComponents).toBe('bleu+rouge');
    const baseline = r.models.find((m) => m.model === 'baseline')!;
    const mock = r.models.find((m) => m.model !== 'baseline')!;
    expect(baseline.cases).toHaveLength(12);
    expect(baseline.errors).toEqual({});
    // the baseline knows these diseases: most departments and diagnoses right
    expect(baseline.leaderboard.FD.value!).toBeGreaterThan(50);
    expect(baseline.leaderboard.Acc.n).toBe(12);
    // the mock failed one request in five: those are errors, excluded — n drops, scores are not dragged to 0
    const errorCount = Object.values(mock.errors).reduce((a, b) => a + b, 0);
    expect(errorCount).toBeGreaterThan(0);
    expect(mock.leaderboard.Acc.n + (mock.errors.department ?? 0)).toBe(12);
    // the mock echoes the prompt: it never names the right department
    expect(mock.leaderboard.Acc.value).toBe(0);
    const store = RunStore.open(dir);
    const fd = store.scores('baseline').find((s) => s.task === 'final-diagnosis')!;
    store.close();
    expect(fd.detail).toMatchObject({ rule: expect.any(String), explanation: expect.any(String), gold: expect.any(String) });
  });

  it('prints the leaderboard in the paper’s layout with intervals, breakdowns and paired tests', async () => {
    const r = await runCli('score', dir, '--ci', '--resamples', '200', '--by', 'language', '--compare');
    expect(r.code).toBe(0);
    const header = r.out.split('\n')[0]!;
    expect(header).toMatch(/Model\s+Acc\s+DIFR\s+PD\s+DB\*\s+DD\*\s+FD\s+PT\*\s+TP\*\s+ID\*\s+│\s+DWR\s+CDA\s+Accept\.\s+Avg\s+WAvg/);
    expect(r.out).toContain('95% CI');
    expect(r.out).toContain('baseline by language');
    expect(r.out).toMatch(/baseline vs openai-compatible:mock-model@http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(r.out).toMatch(/^Acc\s+\d+\s+[\d.]+\s+0\.00\s+[\d.]+\s+<?[\d.]+\s+McNemar$/m);
    expect(r.out).toContain('no BERTScore model configured');
    expect(r.out).toMatch(/errors \(excluded\): department \d+/);
    const json = JSON.parse((await runCli('score', dir, '--json')).out) as { textComponents: string; models: { model: string; leaderboard: { Acc: { value: number; n: number } } }[] };
    expect(json.textComponents).toBe('bleu+rouge');
    expect(json.models.map((m) => m.model)).toContain('baseline');
  });

  it('refuses what is not a run', async () => {
    const r = await runCli('score', join(tempDir(), 'nothing'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('not a run directory');
  });
});

describe('scoring with a judge and with BERTScore', () => {
  it('lets a judge decide what the rules leave open, and counts unreadable replies as judge errors', async () => {
    const judgeServer = await startMockOpenAI();
    try {
      judgeServer.respond({ kind: 'ok', text: 'yes' });
      const yes = JSON.parse((await runCli('score', dir, '--judge', `openai-compatible:judge@${judgeServer.url}`, '--json')).out) as { models: { model: string; leaderboard: { FD: { value: number } } }[] };
      // the mock model echoes prompts, so the rules never match its diagnoses; a judge saying "yes" to all does
      expect(yes.models.find((m) => m.model !== 'baseline')!.leaderboard.FD.value).toBe(100);
      expect(judgeServer.calls.length).toBeGreaterThan(0);
      judgeServer.respond({ kind: 'ok', text: 'Hard to say without more information.' });
      const unsure = await runCli('score', dir, '--judge', `openai-compatible:judge2@${judgeServer.url}`);
      expect(unsure.out).toMatch(/errors \(excluded\):.*final-diagnosis \(judge\) \d+/);
    } finally {
      await judgeServer.close();
    }
  });

  it.skipIf(!haveTransformers && !process.env.CI)(`uses a local BERTScore model when given one, and then marks nothing as lexical-only${haveTransformers ? '' : ` (${NO_TRANSFORMERS})`}`, async () => {
    const modelDir = join(tempDir(), 'bert');
    writeTinyBert(modelDir, { seed: 3 });
    const r = await runCli('score', dir, '--bertscore-model', modelDir);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toMatch(/\bDB\s+DD\s+FD\s+PT\s+TP\s+ID\s/);
    expect(r.out).not.toContain('no BERTScore model configured');
    const missing = await runCli('score', dir, '--bertscore-model', join(tempDir(), 'none'));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('none');
  });
});
