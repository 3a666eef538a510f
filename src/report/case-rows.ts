/**
 * The case browser's data: per model × case × task one row with its status, value and the reason for the verdict
 * (matcher rule and explanation, text-metric components, DIFR counts, or the error), and per case the inputs the
 * model saw, the gold answers and each model's answers, raw and section by section.
 */
import type { ClinicalCase } from '../bench/case.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { ScoredRecord } from '../metrics/score-detail.js';
import type { JobRecord } from '../run/records.js';
import { SECTION_IDS, type SectionId } from '../tasks/definitions.js';
import { markReading } from './readings.js';
import { GENERATION_LABEL, generationOf, SCORED_TASKS, scoredTask, type TaskModule } from '../tasks/registry/index.js';
import type { AnswerSet, CaseGold, CaseInputs, CaseRow, JobView, RowTask } from './types.js';

export function departmentLabel(taxonomy: DepartmentTaxonomy, id: string | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  return taxonomy.departments.find((d) => d.id === id)?.short ?? id;
}

export function jobView(j: JobRecord): JobView {
  return { status: j.status, raw: j.response, error: j.status === 'error' ? `${j.errorKind ?? 'error'}: ${j.error ?? ''}`.trim() : null, latencyMs: j.latencyMs };
}

/** A model's answers to one case, raw and as parsed (typed records: run/records.ts). */
export function answerSet(jobs: readonly JobRecord[], taxonomy: DepartmentTaxonomy): AnswerSet {
  const out: AnswerSet = {};
  for (const j of jobs) {
    switch (j.kind) {
      case 'department-guide':
        out.department = { ...jobView(j), chosen: departmentLabel(taxonomy, j.parsed?.department ?? null) };
        break;
      case 'department-guide-3':
      case 'department-guide-5': {
        const items = (j.parsed?.items ?? []).map((i) => ({ text: i.text, department: departmentLabel(taxonomy, i.department) }));
        out[GENERATION_LABEL[j.kind] as Extract<keyof AnswerSet, `difr${number}`>] = { ...jobView(j), items, count: j.parsed?.count ?? null, valid: j.parsed?.valid ?? null };
        break;
      }
      case 'clinical-diagnosis':
        out.diagnosis = { ...jobView(j), sections: j.parsed ? sectionTexts(j.parsed.sections) : null, found: j.parsed?.found ?? [] };
        break;
      case 'imaging-diagnosis':
        (out.imaging ??= {})[j.exam ?? ''] = { ...jobView(j), impression: j.parsed?.impression ?? null };
        break;
      default: {
        // any other generation of the registry (a task added after the nine): its raw answer and what was read of it
        const g = generationOf(j.kind);
        if (!g) break;
        const parsed: unknown = j.parsed;
        const text = parsed && g.text ? g.text(parsed, undefined) : null;
        ((out.other ??= {})[g.label] ??= {})[g.perExam ? (j.exam ?? '') : ''] = { ...jobView(j), text: typeof text === 'string' ? text : null };
      }
    }
  }
  return out;
}

/** The sections an answer has, by id. */
export function sectionTexts(sections: Partial<Record<SectionId, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of SECTION_IDS) {
    const text = sections[id];
    if (text !== undefined) out[id] = text;
  }
  return out;
}

/** What the model saw (the case summary, and each exam's findings for task 8) and the gold answers. */
export function caseContent(c: ClinicalCase, taxonomy: DepartmentTaxonomy): { inputs: CaseInputs; gold: CaseGold } {
  const s = c.summary;
  return {
    inputs: {
      basicInformation: s.basicInformation,
      chiefComplaint: s.chiefComplaint,
      history: s.history,
      physicalExamination: s.physicalExamination,
      auxiliaryExamination: s.auxiliaryExamination,
      raw: s.found.length === 0 ? s.raw : null,
      imaging: c.imaging.map((e) => ({ key: e.key, name: e.name, findings: e.findings })),
      pathology: c.pathology,
    },
    gold: {
      department: (c.gold.department ? departmentLabel(taxonomy, c.gold.department.id) : undefined) ?? c.gold.departmentText,
      preliminary: c.gold.preliminaryDiagnosis,
      basis: c.gold.diagnosticBasis,
      differential: c.gold.differentialDiagnosisText,
      principal: c.gold.principalDiagnosis,
      principle: c.gold.therapeuticPrinciple,
      plan: c.gold.treatmentPlanText,
      imaging: c.imaging.map((e) => ({ key: e.key, name: e.name, impression: e.impression })),
    },
  };
}

function scoredRow(base: Pick<CaseRow, 'model' | 'case'>, s: ScoredRecord, taxonomy: DepartmentTaxonomy): CaseRow {
  const row: CaseRow = { ...base, task: s.task as RowTask, exam: s.exam, status: 'scored', value: s.value, correct: null };
  // how a row is presented follows how its task is scored (the task registry), and its detail is typed by it
  switch (s.scoring) {
    case 'department-match': {
      const d = s.detail;
      row.correct = s.value === 1;
      row.predicted = departmentLabel(taxonomy, d.predicted);
      row.gold = departmentLabel(taxonomy, d.gold) ?? '';
      row.explanation = row.predicted === null ? 'no department of the list could be read from the answer' : `the answer was read as ${row.predicted} (${d.status ?? 'parsed'}); gold: ${row.gold}`;
      break;
    }
    case 'department-count': {
      const k = scoredTask(s.task)?.departments ?? 0;
      const { count, valid } = s.detail;
      row.difr = { k, count, valid };
      row.correct = count === k && valid === count;
      row.explanation = `asked for exactly ${k} departments: ${count} named, ${valid} of them valid names from the list`;
      break;
    }
    case 'diagnosis-list': {
      const d = s.detail;
      const items = d.items;
      row.items = items.map((i) => ({ gold: i.gold, predicted: i.predicted, match: i.result?.match === true, rule: i.result?.rule ?? '', explanation: i.result?.explanation ?? '' }));
      row.share = d.share;
      // the principal item PD is about (stored since issue 16; older runs: the first), and the prediction naming it
      // in any position — the one-to-one assignment may have given that prediction to another gold item
      const at = Math.max(0, items.findIndex((i) => i.goldIndex === (d.principalIndex ?? 0)));
      const named = items[at]?.named ?? null;
      const first = row.items[at] && named ? { ...row.items[at]!, predicted: named.predicted, match: true, rule: named.result.rule, explanation: named.result.explanation } : row.items[at];
      row.gold = first?.gold ?? '';
      row.predicted = first?.predicted ?? null;
      row.rule = first?.rule ?? '';
      row.explanation = `${first ? (first.match ? `principal item matched (${first.explanation})` : `principal item not found (${first.explanation || 'no prediction'})`) : 'no gold items'}; ${d.recovered} of ${items.length} gold items recovered`;
      if (d.judge) row.explanation += `; judge: ${d.judge.map((a) => `${a.predicted} → ${a.explanation}`).join(' | ')}`;
      if (s.value === null) {
        row.status = 'error';
        row.error = 'the judge could not decide';
      } else row.correct = s.value === 1;
      break;
    }
    case 'diagnosis-name': {
      const d = s.detail;
      row.predicted = d.predicted;
      row.gold = d.gold;
      row.rule = d.rule;
      row.explanation = d.explanation;
      if (s.value === null) {
        row.status = 'error';
        row.error = 'the judge could not decide';
      } else row.correct = s.value === 1;
      break;
    }
    case 'text-similarity': {
      const d = s.detail;
      row.text = { bleu: d.bleu, rouge: d.rouge, bertscore: d.bertscore, score: d.score };
    }
  }
  return row;
}

/** Tasks in the order the case browser shows them. */
const TASK_ORDER = new Map<string, number>(SCORED_TASKS.map((t, i) => [t.id, i]));
const tasksAnswering = (kind: string): TaskModule[] => SCORED_TASKS.filter((t: TaskModule) => t.generation.kind === kind);

/** Every row of one model on one case: scored rows from the store, and rows for failed, pending and skipped tasks. */
export function caseRows(model: number, caseIndex: number, jobs: readonly JobRecord[], scores: readonly ScoredRecord[], c: ClinicalCase | undefined, taxonomy: DepartmentTaxonomy): CaseRow[] {
  const base = { model, case: caseIndex };
  const rows: CaseRow[] = scores.map((s) => scoredRow(base, s, taxonomy));
  const have = new Set(scores.map((s) => `${s.task}\u0000${s.exam}`));
  const exams = c ? new Set(c.imaging.map((e) => e.key)) : undefined;
  for (const j of jobs) {
    const exam = generationOf(j.kind)?.perExam ? (j.exam ?? '') : '';
    if (exam !== '' && exams && !exams.has(exam)) continue;
    for (const { id: task } of tasksAnswering(j.kind)) {
      if (have.has(`${task}\u0000${exam}`)) continue;
      const row: CaseRow = { ...base, task: task as RowTask, exam, status: j.status === 'done' ? 'skipped' : j.status === 'error' ? 'error' : 'pending', value: null, correct: null };
      if (j.status === 'error') row.error = `${j.errorKind ?? 'error'}: ${j.error ?? ''}`.trim();
      if (row.status === 'skipped') row.explanation = 'no gold answer to score against (empty or a placeholder)';
      rows.push(row);
    }
  }
  // each row says how its answer was read, so the case browser can show the answers the reader did not read whole
  for (const row of rows) {
    const t = scoredTask(row.task);
    markReading(row, t && jobs.find((j) => j.kind === t.generation.kind && (!t.perExam || (j.exam ?? '') === row.exam)));
  }
  return rows.sort((a, b) => (TASK_ORDER.get(a.task) ?? 99) - (TASK_ORDER.get(b.task) ?? 99) || a.exam.localeCompare(b.exam));
}
