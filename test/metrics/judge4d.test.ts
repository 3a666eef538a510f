import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { band, parseRatings, spearman, weightedKappa } from '../../src/metrics/judge4d.js';
import { heuristicRatings, judgeAnswer, vocabularyOf } from '../../src/models/baseline/judge.js';
import { loadKnowledgeBase } from '../../src/models/baseline/kb.js';
import { RunStore } from '../../src/run/store.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';

describe('reading and comparing ratings', () => {
  it('reads the four ratings from lines, Chinese labels or JSON, and refuses incomplete or out-of-range replies', () => {
    expect(parseRatings('Fluency: 80\nRelevance: 70\nCompleteness: 60\nProficiency: 90')).toEqual({ fluency: 80, relevance: 70, completeness: 60, proficiency: 90 });
    expect(parseRatings('流畅性：85\n相关性：75\n完整性：65\n专业性：55')).toEqual({ fluency: 85, relevance: 75, completeness: 65, proficiency: 55 });
    expect(parseRatings('{"fluency": 1, "relevance": 2, "completeness": 3, "proficiency": 4}')).toEqual({ fluency: 1, relevance: 2, completeness: 3, proficiency: 4 });
    expect(parseRatings('Fluency: 80\nRelevance: 70\nCompleteness: 60')).toBeNull();
    expect(parseRatings('Fluency: 180\nRelevance: 70\nCompleteness: 60\nProficiency: 90')).toBeNull();
    expect(parseRatings('I would rather not grade this.')).toBeNull();
  });

  it('computes Spearman’s ρ with tied ranks and quadratic-weighted κ over five bands', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [40, 30, 20, 10])).toBeCloseTo(-1, 12);
    expect(spearman([1, 1, 2, 3], [5, 6, 7, 8])).toBeCloseTo(0.9486832981, 8); // ranks 1.5,1.5,3,4 vs 1,2,3,4
    expect(spearman([1, 2], [1, 2])).toBeNull();
    expect([0, 19.9, 20, 99, 100].map(band)).toEqual([0, 0, 1, 4, 4]);
    expect(weightedKappa([10, 50, 90], [15, 55, 95])).toBe(1);
    // one band apart everywhere: observed weight 4 × (1/4)² = 4/16; expected (Σ w·rᵢ·cⱼ / n) = 14/16
    expect(weightedKappa([10, 30, 50, 70], [30, 50, 70, 90])).toBeCloseTo(1 - 4 / 14, 10);
    expect(weightedKappa([80, 80], [85, 90])).toBeNull(); // no spread at all: undefined, not 1
  });
});

describe('clinicallab judge', () => {
  let server: MockServer;
  let dir: string;
  beforeAll(async () => {
    server = await startMockOpenAI();
    dir = join(tempDir(), 'run');
    await runCli('run', '--limit', '2', '--tasks', 'pd', '--out', dir);
  });
  afterAll(async () => server.close());

  it('rates every answer, asks again after an unreadable reply, and counts judges that never answer readably', async () => {
    let first = true;
    server.respond((call) => {
      if (call.model === 'stubborn') return { kind: 'ok', text: 'It depends.' };
      if (first) {
        first = false;
        return { kind: 'ok', text: 'Good answer overall.' };
      }
      return { kind: 'ok', text: 'Fluency: 80\nRelevance: 70\nCompleteness: 60\nProficiency: 50' };
    });
    const human = join(tempDir(), 'human.csv');
    writeFileSync(human, 'model,uid,language,fluency,relevance,completeness,proficiency\n');
    const r = await runCli('judge', dir, '--judge', `openai-compatible:good@${server.url}`, `openai-compatible:stubborn@${server.url}`, '--retries', '1', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { models: { model: string; n: number; judgeErrors: number; overall: number }[] };
    expect(out.models).toEqual([{ model: 'baseline', n: 2, judgeErrors: 2, ratings: { fluency: 80, relevance: 70, completeness: 60, proficiency: 50 }, overall: 65 }]);
    // the good judge: 2 answers + 1 re-ask; the stubborn one: 2 answers × (1 + 1 re-ask)
    expect(server.calls.filter((c) => c.model === 'good')).toHaveLength(3);
    expect(server.calls.filter((c) => c.model === 'stubborn')).toHaveLength(4);
    // judging again asks nothing: the ratings are stored in the run
    server.reset();
    await runCli('judge', dir, '--judge', `openai-compatible:good@${server.url}`, '--no-cache');
    expect(server.calls).toHaveLength(0);
    // and the judges are not candidates in the leaderboard
    expect((await runCli('score', dir)).out).not.toContain('judge:');
    expect((await runCli('leaderboard', dir)).out).not.toContain('judge:');
  });

  it('reports agreement with human ratings', async () => {
    server.respond({ kind: 'ok', text: 'Fluency: 80\nRelevance: 70\nCompleteness: 60\nProficiency: 50' });
    const answers = JSON.parse((await runCli('judge', dir, '--judge', `openai-compatible:good@${server.url}`, '--json')).out) as { answers: { model: string; uid: string; language: string }[] };
    const human = join(tempDir(), 'human.csv');
    const fluency = [85, 45];
    writeFileSync(human, ['model,uid,language,fluency,relevance,completeness,proficiency', ...answers.answers.map((a, i) => `${a.model},${a.uid},${a.language},${fluency[i]},75,65,55`)].join('\n'));
    const r = await runCli('judge', dir, '--judge', `openai-compatible:good@${server.url}`, '--human', human);
    expect(r.out).toContain('Agreement with the human ratings');
    // two pairs: too few for ρ; the judge gave 80 twice, the humans 85 and 45: κ = 0 (no better than chance)
    expect(r.out).toMatch(/fluency\s+2\s+—\s+0\.000/);
    expect(r.out).toMatch(/relevance\s+2\s+—\s+—/);
    expect(r.out).toMatch(/overall\s+2\s+—\s+—/); // the judge's overall 65 twice, the humans' 70 and 60: one band, κ undefined
    const bad = join(tempDir(), 'bad.csv');
    writeFileSync(bad, 'model,uid,fluency\n');
    expect((await runCli('judge', dir, '--judge', `openai-compatible:good@${server.url}`, '--human', bad)).err).toContain('the header lacks language, relevance');
  });

  it('gives a judge its key, price and sampling from the config file', async () => {
    server.respond({ kind: 'ok', text: 'Fluency: 80\nRelevance: 70\nCompleteness: 60\nProficiency: 50' });
    const config = join(tempDir(), 'clinicallab.config.yaml');
    const judge = `openai-compatible:priced@${server.url}`;
    writeFileSync(config, `models:\n  - spec: ${judge}\n    apiKeyEnv: JUDGE_TEST_KEY\n    price: { input: 5, output: 10 }\n    temperature: 0.3\n`);
    expect((await runCli('judge', dir, '--judge', judge, '--config', config)).err).toContain('needs an API key: set JUDGE_TEST_KEY');
    process.env.JUDGE_TEST_KEY = 'sk-judge-test';
    try {
      server.reset();
      expect((await runCli('judge', dir, '--judge', judge, '--config', config, '--no-cache', '--max-tokens', '64')).code).toBe(0);
    } finally {
      delete process.env.JUDGE_TEST_KEY;
    }
    expect(server.calls).toHaveLength(2);
    for (const c of server.calls) {
      expect(c.headers.authorization).toBe('Bearer sk-judge-test');
      expect(c.body).toMatchObject({ temperature: 0.3, max_tokens: 64 });
    }
    const store = RunStore.open(dir);
    const ratings = store.jobs({ model: `judge:${judge}` });
    store.close();
    expect(ratings).toHaveLength(2);
    for (const j of ratings) expect(j.cost).toBeCloseTo((j.inputTokens! * 5 + j.outputTokens! * 10) / 1e6, 12);
  });

  it('averages several readable judges, per answer and per model', async () => {
    server.respond((call) => ({ kind: 'ok', text: call.model === 'strict' ? 'Fluency: 60\nRelevance: 50\nCompleteness: 40\nProficiency: 30' : 'Fluency: 80\nRelevance: 70\nCompleteness: 60\nProficiency: 50' }));
    const r = await runCli('judge', dir, '--judge', `openai-compatible:kind@${server.url}`, `openai-compatible:strict@${server.url}`, '--no-cache', '--json');
    const out = JSON.parse(r.out) as { answers: { ratings: unknown; judgeErrors: number }[]; models: unknown[] };
    const mean = { fluency: 70, relevance: 60, completeness: 50, proficiency: 40 };
    expect(out.answers).toHaveLength(2);
    for (const a of out.answers) expect(a).toMatchObject({ ratings: mean, judgeErrors: 0 });
    expect(out.models).toEqual([{ model: 'baseline', n: 2, judgeErrors: 0, ratings: mean, overall: 55 }]);
    expect((await runCli('judge', dir, '--judge', `openai-compatible:kind@${server.url}`, `openai-compatible:strict@${server.url}`)).out).toMatch(/baseline\s+2\s+70\.00\s+60\.00\s+50\.00\s+40\.00\s+55\.00\s+0/);
  });

  it('reads human ratings from a real CSV (quoted cells with commas and line breaks, any column order) and reports agreement overall too', async () => {
    const run = join(tempDir(), 'run4');
    await runCli('run', '--limit', '4', '--tasks', 'pd', '--out', run);
    const judged = [20, 40, 60, 80];
    server.respond(judged.map((x) => ({ kind: 'ok' as const, text: `Fluency: ${x}\nRelevance: ${x}\nCompleteness: ${x}\nProficiency: ${x}` })));
    const answers = (JSON.parse((await runCli('judge', run, '--judge', `openai-compatible:graded@${server.url}`, '--no-cache', '--json')).out) as { answers: { model: string; uid: string; language: string; ratings: { fluency: number } }[] }).answers;
    expect(answers.map((a) => a.ratings.fluency)).toEqual(judged);
    // humans: fluency the other way round, the rest in step; their overall (40, 50, 60, 70) rises with the judge's
    const fluency = [85, 65, 45, 25];
    const rest = [25, 45, 65, 85];
    const human = join(tempDir(), 'human.csv');
    writeFileSync(
      human,
      ['Comment,Fluency,Model,UID,Language,Relevance,Completeness,Proficiency', ...answers.map((a, i) => `"terse, but ""sound""\nsecond line",${fluency[i]},"${a.model}",${a.uid},${a.language},${rest[i]},${rest[i]},${rest[i]}`), ''].join('\r\n'),
    );
    const r = await runCli('judge', run, '--judge', `openai-compatible:graded@${server.url}`, '--human', human);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/fluency\s+4\s+-1\.000\s+-1\.000/);
    expect(r.out).toMatch(/relevance\s+4\s+1\.000\s+1\.000/);
    expect(r.out).toMatch(/overall\s+4\s+1\.000\s+0\.667/); // bands 1,2,3,4 against 2,2,3,3
    writeFileSync(human, 'model,uid,language,fluency,relevance,completeness,proficiency\nbaseline,u1,en,80,70\n');
    expect((await runCli('judge', run, '--judge', `openai-compatible:graded@${server.url}`, '--human', human)).err).toContain('human.csv: line 2: has 5 cells but the header has 7 columns');
  });
});

describe('the baseline as judge', () => {
  it('runs offline with documented heuristics, labelled as such, and rates the same answers the same way', async () => {
    const run = join(tempDir(), 'run');
    await runCli('run', '--limit', '4', '--tasks', 'pd', '--out', run, '--no-cache');
    const first = await runCli('judge', run, '--judge', 'baseline', '--no-cache');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('Note: baseline ratings are heuristics, not a clinical judgement');
    expect(first.out).toMatch(/baseline\s+4\s+\d+\.\d\d\s+\d+\.\d\d\s+\d+\.\d\d\s+\d+\.\d\d\s+\d+\.\d\d\s+0\n/); // 4 rated, no judge errors
    const json = JSON.parse((await runCli('judge', run, '--judge', 'baseline', '--no-cache', '--json')).out) as { judges: unknown; models: { n: number; judgeErrors: number; overall: number }[] };
    expect(json.judges).toEqual([{ spec: 'baseline', heuristic: true }]);
    expect(json.models[0]).toMatchObject({ n: 4, judgeErrors: 0 });
    const fresh = join(tempDir(), 'again');
    await runCli('run', '--limit', '4', '--tasks', 'pd', '--out', fresh, '--no-cache');
    const again = JSON.parse((await runCli('judge', fresh, '--judge', 'baseline', '--no-cache', '--json')).out) as typeof json;
    expect(again.models).toEqual(json.models);
    expect((await runCli('judge', run, '--judge', 'baseline', '--help')).out).toContain('--model baseline works offline');
  });

  it('rates a faithful answer above an off-topic or malformed one, and refuses a prompt it cannot read', async () => {
    const vocabulary = vocabularyOf(await loadKnowledgeBase());
    const reference = 'Preliminary Diagnosis: 1. Acute appendicitis\nDiagnostic Basis: 1. Right lower abdominal pain with fever and rebound tenderness\nDifferential Diagnosis: 1. Ectopic pregnancy: negative pregnancy test\nPrincipal Diagnosis: Acute appendicitis\nTherapeutic Principle: Surgery and antibiotics\nTreatment Plan: 1. Laparoscopic appendectomy 2. Intravenous antibiotics';
    const caseText = 'Chief Complaint: right lower abdominal pain for one day with fever. Physical Examination: McBurney point tenderness, rebound tenderness.';
    const faithful = heuristicRatings({ case: caseText, reference, answer: reference }, vocabulary, 'en');
    const offTopic = heuristicRatings({ case: caseText, reference, answer: 'Preliminary Diagnosis: 1. Migraine\nPrincipal Diagnosis: Migraine\nTreatment Plan: 1. Triptans for the headache' }, vocabulary, 'en');
    const malformed = heuristicRatings({ case: caseText, reference, answer: 'appendicitis appendicitis\nappendicitis appendicitis\n!!!! ???? ####' }, vocabulary, 'en');
    expect(faithful).toEqual({ fluency: 100, relevance: 100, completeness: 100, proficiency: 100 });
    for (const d of ['relevance', 'completeness', 'proficiency'] as const) expect(offTopic[d]).toBeLessThan(50);
    expect(malformed.fluency).toBeLessThan(40);
    expect(judgeAnswer('Rate this: it is fine.', vocabulary, 'en')).not.toMatch(/\d/); // no ratings: a judge error, never a made-up number
    expect(parseRatings(judgeAnswer(`病例：\n${caseText}\n\n参考意见：\n${reference}\n\n待评阅的意见：\n${reference}\n\n请恰好回答四行，不要写其他内容：`, vocabulary, 'zh'))).toEqual({ fluency: 100, relevance: 100, completeness: 100, proficiency: 100 });
  });
});
