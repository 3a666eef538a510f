/**
 * Score rows, typed: the detail of a row (how its verdict was reached) is a discriminated union keyed by the kind
 * of scoring its task declares (tasks/registry/types.ts ScoringKind). The scorers (scorers.ts) produce these
 * details; a row read back from a run store is decoded here, once, against its task — under its id now, whatever
 * id it was stored under — and every reader (the case scores, the report's case rows, the text-metric tally) takes
 * the typed row. A row that is not in the form the scorers write, or of a task this version does not know, is
 * refused with an error naming the run, the row and the field (run/decode.ts).
 */
import { Fields, RecordError } from '../run/decode.js';
import type { RunStore, ScoreRecord } from '../run/store.js';
import { scoredTask, type ScoringKind, type TaskModule } from '../tasks/registry/index.js';
import { TEXT_PROFILES, type LibraryNote, type SimilarityComponents, type TextProfileName } from './text/index.js';

/** A matcher's verdict on one pair (`match` null: a judge was asked and could not decide). */
export interface MatchVerdict {
  match: boolean | null;
  rule: string;
  explanation: string;
}

/** Department guide: the department read from the answer against the gold one. */
export interface DepartmentMatchDetail {
  predicted: string | null;
  gold: string;
  /** How the answer named it (parsed, mention, ambiguous, invalid). */
  status?: string;
}

/** DIFR: the departments named and how many of them are departments of the list. */
export interface DepartmentCountDetail {
  count: number;
  valid: number;
  items: { text: string; department: string | null }[];
}

/** One gold item of a diagnosis list and the prediction assigned to it (list.ts ListItemMatch). */
export interface ListItemDetail {
  gold: string;
  goldIndex: number;
  predicted: string | null;
  result: MatchVerdict | null;
  /** The best prediction naming it in any position (stored since the PD verdict reads it). */
  named?: { predicted: string; result: MatchVerdict } | null;
}

/** Preliminary diagnosis: the list matched one to one, and the judge's answers when it was asked. */
export interface DiagnosisListDetail {
  items: ListItemDetail[];
  recovered: number;
  share: number;
  /** The gold item PD is about (stored since issue 16; older rows: the first). */
  principalIndex?: number;
  judge?: ({ predicted: string } & MatchVerdict)[];
}

/** Final diagnosis: one name against the gold one. */
export interface DiagnosisNameDetail extends MatchVerdict {
  predicted: string;
  gold: string;
}

/** Text similarity (metrics/text/similarity.ts TextSimilarity); `profile` is missing in rows stored before profiles. */
export interface TextDetail {
  bleu: number;
  rouge: number;
  bertscore: number | null;
  score: number;
  components: SimilarityComponents;
  profile?: TextProfileName;
  notes?: LibraryNote[];
}

export interface ScoreDetails {
  'department-match': DepartmentMatchDetail;
  'department-count': DepartmentCountDetail;
  'diagnosis-list': DiagnosisListDetail;
  'diagnosis-name': DiagnosisNameDetail;
  'text-similarity': TextDetail;
}

/** A row's kind of scoring with its detail: narrowing on `scoring` types `detail`. */
export type KindDetail = { [K in ScoringKind]: { scoring: K; detail: ScoreDetails[K] } }[ScoringKind];

/** A score row as its readers take it: its task (by its id now) and its typed detail. */
export type ScoredRecord = Omit<ScoreRecord, 'detail'> & KindDetail;

const LIBRARY_NOTES: readonly LibraryNote[] = ['rouge-empty-hypothesis', 'rouge-empty-reference', 'rouge-recursion'];

const verdict = (f: Fields): MatchVerdict => ({ match: f.booleanOrNull('match'), rule: f.string('rule'), explanation: f.string('explanation') });

const DECODERS: { [K in ScoringKind]: (f: Fields) => ScoreDetails[K] } = {
  'department-match': (f) => ({ predicted: f.stringOrNull('predicted'), gold: f.string('gold'), ...(f.has('status') ? { status: f.string('status') } : {}) }),
  'department-count': (f) => ({ count: f.number('count'), valid: f.number('valid'), items: f.list('items', (i) => ({ text: i.string('text'), department: i.stringOrNull('department') })) }),
  'diagnosis-list': (f) => ({
    items: f.list('items', (i) => ({
      gold: i.string('gold'),
      goldIndex: i.number('goldIndex'),
      predicted: i.stringOrNull('predicted'),
      result: i.has('result') && i.raw.result !== null ? verdict(i.object('result')) : null,
      ...(i.has('named') ? { named: i.raw.named === null ? null : named(i.object('named')) } : {}),
    })),
    recovered: f.number('recovered'),
    share: f.number('share'),
    ...(f.has('principalIndex') ? { principalIndex: f.number('principalIndex') } : {}),
    ...(f.has('judge') ? { judge: f.list('judge', (a) => ({ predicted: a.string('predicted'), ...verdict(a) })) } : {}),
  }),
  'diagnosis-name': (f) => ({ predicted: f.string('predicted'), gold: f.string('gold'), ...verdict(f) }),
  'text-similarity': (f) => ({
    bleu: f.number('bleu'),
    rouge: f.number('rouge'),
    bertscore: f.numberOrNull('bertscore'),
    score: f.number('score'),
    components: f.oneOf('components', ['bleu+rouge+bertscore', 'bleu+rouge'] as const),
    ...(f.has('profile') ? { profile: f.oneOf('profile', TEXT_PROFILES) } : {}),
    ...(f.has('notes') ? { notes: f.oneOfEach('notes', LIBRARY_NOTES) } : {}),
  }),
};

function named(f: Fields): { predicted: string; result: MatchVerdict } {
  return { predicted: f.string('predicted'), result: verdict(f.object('result')) };
}

/** How a score row is named in an error. */
const rowWhere = (dir: string, r: Omit<ScoreRecord, 'detail'>): string => `run ${dir}, score row of ${r.model} on task ${r.task}${r.exam ? ` (exam ${r.exam})` : ''}, case ${r.caseUid} ${r.language}`;

/** Decode one stored score row of a run against its task; malformed or of an unknown task, it is an error. */
export function decodeScore(dir: string, r: ScoreRecord): ScoredRecord {
  const where = rowWhere(dir, r);
  const task: TaskModule | undefined = scoredTask(r.task);
  if (!task) throw new RecordError(`${where}: task "${r.task}" is none this version scores`);
  const f = Fields.of(where, 'detail', r.detail);
  const base = { model: r.model, caseUid: r.caseUid, language: r.language, department: r.department, task: task.id, exam: r.exam, value: r.value };
  switch (task.scoring) {
    case 'department-match':
      return { ...base, scoring: task.scoring, detail: DECODERS[task.scoring](f) };
    case 'department-count':
      return { ...base, scoring: task.scoring, detail: DECODERS[task.scoring](f) };
    case 'diagnosis-list':
      return { ...base, scoring: task.scoring, detail: DECODERS[task.scoring](f) };
    case 'diagnosis-name':
      return { ...base, scoring: task.scoring, detail: DECODERS[task.scoring](f) };
    case 'text-similarity':
      return { ...base, scoring: task.scoring, detail: DECODERS[task.scoring](f) };
  }
}

/** The score rows of a run store (optionally of one model), typed: the one place a stored score row is decoded. */
export function scoreRecords(store: RunStore, dir: string, model?: string): ScoredRecord[] {
  return store.scores(model).map((r) => decodeScore(dir, r));
}
