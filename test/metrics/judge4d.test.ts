import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { band, parseRatings, spearman, weightedKappa } from '../../src/metrics/judge4d.js';
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
    const bad = join(tempDir(), 'bad.csv');
    writeFileSync(bad, 'model,uid,fluency\n');
    expect((await runCli('judge', dir, '--judge', `openai-compatible:good@${server.url}`, '--human', bad)).err).toContain('the header lacks language, relevance');
  });
});
