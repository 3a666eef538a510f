/**
 * `score(dirs, options)`: what `clinicallab score` does, for a program — score runs from their stored answers
 * (no model is called), each with the department list and scoring settings it recorded, the options laid over
 * them. Each result says what the options changed (`scoring.overrides`). A run on a read-only medium is scored
 * all the same, without saving (and a warning says so).
 */
import type { CaseSession } from '../bench/session.js';
import { loadDepartmentFile } from '../bench/department-file.js';
import { storeWritable } from '../run/store.js';
import type { ScoringSettings } from '../run/recorded.js';
import { matchJudge } from './match-judge.js';
import { readRunSettings, type DepartmentChoice } from './run-settings.js';
import type { ScoringContext } from './score-case.js';
import { scoreRun, type RunScores } from './score-run.js';
import { scoringContexts, type ScoringOverride } from './settings.js';

export interface ScoreOptions {
  /** Settings to score with instead of the runs' own (matcher threshold and policies, BERTScore, the matcher's judge, CDA rule). */
  override?: ScoringOverride;
  /** A department list file instead of the runs' own. */
  departments?: string;
  /** Case files to use instead of those the runs recorded (when they have moved). */
  cases?: string[];
  /** The scoring contexts (one matcher, matcher's judge and BERTScore model per distinct settings); shared when given. */
  contexts?: (s: ScoringSettings) => Promise<ScoringContext>;
  /** Told what the caller should hear: a read-only store, problems reloading the case files. */
  onWarning?: (message: string) => void;
  /** The command's cases, read once for every stage (bench/session.ts). */
  session?: CaseSession;
}

/** Scoring contexts whose matcher's judge, when the settings name one, is a model called through the executor. */
export function modelScoringContexts(): (s: ScoringSettings) => Promise<ScoringContext> {
  return scoringContexts((spec) => matchJudge(spec));
}

/** A department list file, read, with where it came from. */
export async function departmentChoice(file: string | undefined): Promise<DepartmentChoice | undefined> {
  return file === undefined ? undefined : { taxonomy: await loadDepartmentFile(file), source: file };
}

export async function score(dirs: readonly string[], o: ScoreOptions = {}): Promise<RunScores[]> {
  const scoring = o.override ?? {};
  const departments = await departmentChoice(o.departments);
  const contexts = o.contexts ?? modelScoringContexts();
  const out: RunScores[] = [];
  for (const dir of dirs) {
    const rs = readRunSettings(dir, { scoring, ...(departments ? { departments } : {}) });
    const persist = storeWritable(dir);
    const r = await scoreRun(dir, {
      persist,
      taxonomy: rs.taxonomy,
      context: await contexts(rs.scoring.settings),
      scoring: rs.scoring,
      ...(o.cases ? { cases: o.cases } : {}),
      ...(o.session ? { session: o.session } : {}),
      ...(rs.scoring.settings.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {}),
    });
    if (!persist) o.onWarning?.(`${dir}: its store cannot be written (read-only); the scores are shown but were not saved`);
    if (r.caseProblems > 0) o.onWarning?.(`${dir}: ${r.caseProblems} problem(s) while reloading its case files (see clinicallab validate)`);
    out.push({ ...r, taxonomy: rs.taxonomy });
  }
  return out;
}
