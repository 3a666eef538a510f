/**
 * The 4-dimension rater's stored ratings, typed. Each rating is a job of the run store (judge-run.ts writes it:
 * model `judge:<spec>`, kind `judge-4d`) whose parsed answer names the rated model and answer and holds the four
 * ratings read from the reply — or null when the reply could not be read (a judge error, never a zero). It is
 * decoded here, once, field by field (run/decode.ts), and every reader takes the typed record; a rating not in the
 * form clinicallab writes is refused with an error naming the run, the job and the field, instead of being counted
 * as a judge error.
 */
import { Fields, RecordError } from '../run/decode.js';
import { jobWhere, type JobRecord } from '../run/records.js';
import { DIMENSIONS, type Ratings } from './judge4d.js';

/** The kind of job a rating is stored as. */
export const RATING_KIND = 'judge-4d' as const;

/** One stored rating. */
export interface RatingRecord {
  /** The rated model. */
  rated: string;
  /** The key of the rated answer's job. */
  answer: string;
  /** The four ratings, 0–100 each; null when the rater's reply could not be read. */
  ratings: Ratings | null;
}

/** One stored rating, decoded; `where` names the job in errors. */
export function decodeRating(where: string, value: unknown): RatingRecord {
  const f = Fields.of(where, 'parsed', value);
  let ratings: Ratings | null = null;
  if (f.raw.ratings !== null) {
    const r = f.object('ratings');
    const read = {} as Ratings;
    for (const d of DIMENSIONS) {
      const v = r.number(d);
      if (v < 0 || v > 100) throw new RecordError(`${where}: parsed.ratings.${d} is ${v}, not a rating from 0 to 100`);
      read[d] = v;
    }
    ratings = read;
  }
  return { rated: f.string('rated'), answer: f.string('answer'), ratings };
}

/** The rating of an answered rating job of a run (`dir` names it in errors). */
export function ratingOf(dir: string, j: JobRecord): RatingRecord {
  return decodeRating(jobWhere(dir, j), j.parsed);
}
