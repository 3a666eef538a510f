/**
 * The 4-dimension judge's ratings as a report reads them back from a run store (src/metrics/judge-run.ts writes
 * them): each rating is a job of the model `judge:<spec>`, kind `judge-4d`, keyed by the judge, the rated answer's
 * key, the attempt and the template, and read as its typed record (metrics/rating-record.ts: a malformed one is
 * refused). Per answer and judge the first readable rating counts; when every attempt failed or was unreadable,
 * it is a judge error (never a zero), as `clinicallab judge` counts it. An answer's
 * ratings are the mean over the judges that rated it; a model's are the mean over its rated answers. The
 * baseline as judge (`--judge baseline`) rates with offline heuristics (src/models/baseline/judge.ts), not a
 * clinical judgement: its ratings, and every mean that includes them, are marked `heuristic`.
 */
import { meanRatings, overall, type Ratings } from '../metrics/judge4d.js';
import { isHeuristicJudge, JUDGE_PREFIX, judgeRatingKey } from '../metrics/judge-run.js';
import { RATING_KIND, ratingOf } from '../metrics/rating-record.js';
import { RecordError } from '../run/decode.js';
import { jobWhere, type JobRecord } from '../run/records.js';

export interface JudgeTally {
  /** Answers rated. */
  n: number;
  /** Answers a judge was asked about but gave no readable rating for (every attempt failed or was unreadable). */
  judgeErrors: number;
  /** Answers whose rating is still being asked for. */
  pending: number;
  ratings: Ratings | null;
  overall: number | null;
  /** The ratings are (or include) the baseline's heuristics rather than a model's or a person's judgement. */
  heuristic: boolean;
}

export interface JudgeRead extends JudgeTally {
  /** The judge models (specs), in the order first seen. */
  judges: string[];
  /** The same per judge. */
  byJudge: ({ judge: string } & JudgeTally)[];
}

/** The ratings of an answered rating job of `answer` (null: the reply could not be read), from its typed record. */
function ratingsOf(dir: string, j: JobRecord, answer: JobRecord): Ratings | null {
  const r = ratingOf(dir, j);
  if (r.answer !== answer.key || r.rated !== answer.model) throw new RecordError(`${jobWhere(dir, j)}: parsed.answer and parsed.rated name ${r.rated}'s answer ${r.answer}, not ${answer.model}'s answer ${answer.key} its key is made from`);
  return r.ratings;
}

const tally = (list: readonly Ratings[], judgeErrors: number, pending: number, heuristic: boolean): JudgeTally => {
  const ratings = meanRatings(list);
  return { n: list.length, judgeErrors, pending, ratings, overall: ratings ? overall(ratings) : null, heuristic };
};

/**
 * Per candidate model (of `candidates`), the judge's ratings of its six-section answers; models nobody rated are
 * absent. `jobs` are the run's decoded jobs; `dir` names the run when a rating is malformed (refused, never
 * counted as a judge error).
 */
export function readJudgeRatings(dir: string, jobs: readonly JobRecord[], candidates: readonly string[]): Map<string, JudgeRead> {
  const out = new Map<string, JudgeRead>();
  const ratingJobs = jobs.filter((j) => j.model.startsWith(JUDGE_PREFIX) && j.kind === RATING_KIND);
  if (ratingJobs.length === 0) return out;
  const byKey = new Map(ratingJobs.map((j) => [j.key, j]));
  const judges = [...new Set(ratingJobs.map((j) => j.model.slice(JUDGE_PREFIX.length)))];
  // the templates each judge used on each record: a rating's key includes the template's hash
  const templates = new Map<string, Set<string>>();
  for (const j of ratingJobs) {
    const k = `${j.model}\u0000${j.caseUid}\u0000${j.language}`;
    let set = templates.get(k);
    if (!set) templates.set(k, (set = new Set()));
    set.add(j.templateHash);
  }
  const wanted = new Set(candidates);
  const perModel = new Map<string, { all: Ratings[]; errors: number; pending: number; judge: Map<string, { list: Ratings[]; errors: number; pending: number }> }>();
  for (const answer of jobs) {
    if (answer.kind !== 'clinical-diagnosis' || answer.status !== 'done' || !wanted.has(answer.model)) continue;
    const got: Ratings[] = [];
    let errors = 0;
    let pending = 0;
    const per = new Map<string, { rating: Ratings | null; error: boolean; pending: boolean }>();
    for (const spec of judges) {
      const attempts: JobRecord[] = [];
      for (const template of templates.get(`${JUDGE_PREFIX}${spec}\u0000${answer.caseUid}\u0000${answer.language}`) ?? []) {
        for (let attempt = 0; ; attempt++) {
          const j = byKey.get(judgeRatingKey(spec, answer.key, attempt, template));
          if (!j) break;
          attempts.push(j);
        }
      }
      if (attempts.length === 0) continue; // this judge has not looked at the answer
      const rating = attempts.map((j) => (j.status === 'done' ? ratingsOf(dir, j, answer) : null)).find((r) => r !== null) ?? null;
      const waiting = rating === null && attempts.some((j) => j.status === 'pending' || j.status === 'running');
      per.set(spec, { rating, error: rating === null && !waiting, pending: waiting });
      if (rating) got.push(rating);
      else if (waiting) pending++;
      else errors++;
    }
    if (per.size === 0) continue;
    let m = perModel.get(answer.model);
    if (!m) perModel.set(answer.model, (m = { all: [], errors: 0, pending: 0, judge: new Map() }));
    const mean = meanRatings(got);
    if (mean) m.all.push(mean);
    m.errors += errors;
    m.pending += pending;
    for (const [spec, r] of per) {
      let t = m.judge.get(spec);
      if (!t) m.judge.set(spec, (t = { list: [], errors: 0, pending: 0 }));
      if (r.rating) t.list.push(r.rating);
      if (r.error) t.errors++;
      if (r.pending) t.pending++;
    }
  }
  for (const [model, m] of perModel) {
    const used = judges.filter((j) => m.judge.has(j));
    const byJudge = used.map((judge) => {
      const t = m.judge.get(judge)!;
      return { judge, ...tally(t.list, t.errors, t.pending, isHeuristicJudge(judge)) };
    });
    out.set(model, { ...tally(m.all, m.errors, m.pending, byJudge.some((b) => b.heuristic)), judges: used, byJudge });
  }
  return out;
}
