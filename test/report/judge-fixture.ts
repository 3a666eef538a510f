/**
 * The 4-dimension judge for the report tests: two scripted judges (in process, no network) run by the real
 * `rateRun` over a run directory. Judge A gives English answers 60/50/40/30, but only when reminded of the
 * format, and never a readable reply on Chinese ones (a judge error after the re-asks); judge B gives 90
 * everywhere but refuses Chinese answers. `baseline` among the judges is the real baseline (heuristic ratings).
 */
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { rateRun, type ModelRatings } from '../../src/metrics/judge-run.js';
import { ModelError } from '../../src/models/errors.js';
import { createModel } from '../../src/models/registry.js';
import type { GenerateRequest, Model } from '../../src/models/types.js';
import { loadTemplates } from '../../src/tasks/templates.js';

export const JUDGE_A = 'openai-compatible:judge-a@http://127.0.0.1:9/v1';
export const JUDGE_B = 'openai-compatible:judge-b@http://127.0.0.1:9/v1';

export function scriptedJudge(spec: string): Model {
  return {
    id: spec,
    async generate(req: GenerateRequest) {
      const prompt = req.messages.map((m) => m.content).join('\n');
      const zh = req.task?.language === 'zh';
      let text: string;
      if (spec === JUDGE_B) {
        if (zh) throw new ModelError('bad-request', 'HTTP 400: judge B refuses this one');
        text = 'Fluency: 90\nRelevance: 90\nCompleteness: 90\nProficiency: 90';
      } else if (zh || !/could not be read/.test(prompt)) text = 'A fine answer overall.';
      else text = 'Fluency: 60\nRelevance: 50\nCompleteness: 40\nProficiency: 30';
      return { text, usage: { inputTokens: 50, outputTokens: 12 }, finishReason: 'stop' };
    },
  };
}

/** Judge every six-section answer of the run with both judges; what `rateRun` counted, per model. */
export async function judgeWithScriptedJudges(dir: string, judges: readonly string[] = [JUDGE_A, JUDGE_B]): Promise<ModelRatings[]> {
  const r = await rateRun({
    dir,
    raters: judges,
    taxonomy: DepartmentTaxonomy.default(),
    templates: await loadTemplates(),
    backoff: { baseMs: 1, maxMs: 2 },
    flags: { maxRetries: 0 },
    // the judge's models are created from their entries (or, in older versions, their specs)
    createModel: async (e: { spec: { id: string } } | string) => {
      const id = typeof e === 'string' ? e : e.spec.id;
      return id === 'baseline' ? createModel('baseline', {}, {}) : scriptedJudge(id);
    },
  });
  return r.models;
}
