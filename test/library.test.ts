/**
 * The library's agent and rater calls do what their commands do, from plain options: ClinicalAgent on one model
 * named once, its answers rated, a resume that asks nothing again, and mistakes refused before anything is written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR, evaluateAgent, InvalidOptions, prepareEvaluation, rateAnswers } from '../src/index.js';
import { tempDir } from './helpers.js';

const NEURO = join(BUNDLED_CASES_DIR, 'neurology.json');

describe('the library from code', () => {
  it('runs ClinicalAgent from plain options, rates its answers, and resumes both', { timeout: 60_000 }, async () => {
    const out = join(tempDir(), 'agent');
    const first = await evaluateAgent({ model: 'baseline', cases: [NEURO], limit: 2, out });
    expect(first).toMatchObject({ agent: 'agent#1@1', done: 2, failed: 0, unfinished: 0, dir: out });
    const rated = await rateAnswers({ run: out, model: 'baseline' });
    expect(rated.raters).toEqual([{ spec: 'baseline', heuristic: true }]);
    expect(rated.models).toMatchObject([{ model: 'agent#1@1', n: 2, judgeErrors: 0 }]);
    expect(rated.unrated).toBe(0);
    // again: the agent's steps and the ratings are answered from the run, the same numbers come back
    const again = await evaluateAgent({ model: 'baseline', cases: [NEURO], limit: 2, out });
    expect(again.done).toBe(2);
    expect((await rateAnswers({ run: out, model: 'baseline' })).models).toEqual(rated.models);
  });

  it('refuses bad options before anything is written', async () => {
    const out = join(tempDir(), 'never');
    await expect(evaluateAgent({ variant: '2@1', out })).rejects.toThrow(InvalidOptions);
    await expect(evaluateAgent({ variant: '2@1', out })).rejects.toThrow('k 1, 3 or 5');
    await expect(prepareEvaluation({ tasks: ['surgery'], out })).rejects.toThrow('"surgery" is not a task');
    await expect(prepareEvaluation({ models: ['openai-compatible:m@http://127.0.0.1:9/v1'], maxCost: 1, out })).rejects.toThrow('--max-cost needs a price for every model; no price is known for openai-compatible:m@');
    await expect(rateAnswers({ run: out, model: 'baseline' })).rejects.toThrow('is not a run directory');
    expect(existsSync(out)).toBe(false);
  });

  it('plans like run --dry-run: the baseline when no model is named, jobs and a cost estimate', async () => {
    const p = await prepareEvaluation({ cases: [NEURO], tasks: ['department'], limit: 3, out: join(tempDir(), 'plan') });
    expect(p.models.map((m) => m.spec.id)).toEqual(['baseline']);
    expect(p.jobCount).toBe(3);
    expect(p.estimatedCost).toBe(0);
    expect(p.resuming).toBe(false);
  });
});
