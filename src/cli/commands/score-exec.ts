/** Building the scoring context (matcher, BERTScore model, judge) and scoring runs, for `score` and `run`. */
import type { DepartmentTaxonomy } from '../../bench/departments.js';
import { createMatcher, type Judge } from '../../metrics/matcher/index.js';
import { createModel } from '../../models/registry.js';
import { cacheKey, ResponseCache } from '../../run/cache.js';
import { scoreRun, type RunScores } from '../../metrics/score-run.js';
import type { ScoringContext } from '../../metrics/score-case.js';
import { createBertScorer } from '../../metrics/text/index.js';
import { paint, type Io } from '../io.js';

export interface ScoreFlags {
  bertscoreModel?: string;
  judge?: string;
  cdaRequiresPreliminary?: boolean;
  cases?: string[];
}

/** A judge backed by a model, its answers cached like any other answer (the same question is never paid twice). */
async function judgeFrom(spec: string): Promise<Judge> {
  const model = await createModel(spec);
  const cache = new ResponseCache();
  const params = { temperature: 0, maxTokens: 8 };
  return async (prompt: string) => {
    const messages = [{ role: 'user' as const, content: prompt }];
    const key = cacheKey(`judge:${model.id}`, params, messages);
    const hit = cache.get(key);
    if (hit) return hit.text;
    const r = await model.generate({ messages, ...params });
    cache.put(key, `judge:${model.id}`, r);
    return r.text;
  };
}

export async function scoringContext(flags: ScoreFlags): Promise<ScoringContext> {
  const judge = flags.judge ? await judgeFrom(flags.judge) : undefined;
  return {
    matcher: createMatcher(judge ? { judge } : {}),
    ...(judge ? { useJudge: true } : {}),
    ...(flags.bertscoreModel ? { bert: await createBertScorer({ modelDir: flags.bertscoreModel }) } : {}),
  };
}

export async function scoreRuns(io: Io, dirs: readonly string[], taxonomy: DepartmentTaxonomy, flags: ScoreFlags): Promise<RunScores[]> {
  const context = await scoringContext(flags);
  const out: RunScores[] = [];
  for (const dir of dirs) {
    const r = await scoreRun(dir, {
      taxonomy,
      context,
      ...(flags.cases ? { cases: flags.cases } : {}),
      ...(flags.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {}),
    });
    if (r.caseProblems > 0) io.err(paint(io, 'yellow', `${dir}: ${r.caseProblems} problem(s) while reloading its case files (see clinicallab validate)`));
    out.push(r);
  }
  return out;
}
