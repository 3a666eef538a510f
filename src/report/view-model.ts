/**
 * From run directories to the report view model (types.ts): the manifests; per model the leaderboard with its
 * confidence intervals, error and skip counts and DWR across every model of the report; the department × model
 * table (the authors' weighted average, and every column); and the per-case rows with the inputs, gold answers
 * and each model's answers. Pure apart from reading the run stores and case files (and scoring a run whose
 * answers have no stored scores yet).
 */
import { basename } from 'node:path';
import { packageVersion } from '../bench/bundled.js';
import type { ClinicalCase } from '../bench/case.js';
import { DepartmentTaxonomy } from '../bench/departments.js';
import { shortUid, uidDisplayLength } from '../bench/uids.js';
import { COLUMNS, leaderboard, meanOfScoredColumns, type CaseScores, type Column, type MetricOptions } from '../metrics/clinical.js';
import { leaderboardCI } from '../metrics/compare.js';
import { departmentWinRate, dwrCI } from '../metrics/dwr.js';
import { sharedLeaderboards, sharedRecords } from '../metrics/shared.js';
import { sharedNote } from './dash-notes.js';
import { groupCases, type RunScores } from '../metrics/score-run.js';
import { describeScoring, scoringContexts } from '../metrics/settings.js';
import type { Manifest } from '../run/evaluate.js';
import { agentSteps, agentView } from './agent-view.js';
import { interactiveOfRun, interactivePanel, type InteractivePanel } from './interactive-view.js';
import { answerSet, caseContent, caseRows } from './case-rows.js';
import { datasetView } from './dataset.js';
import { whyNoValue, type GapKey, type Gaps } from './gaps.js';
import { redactUrls, safeBaseURL } from './redact.js';
import { loadReference } from './reference.js';
import { profileLabel, profileOf } from './profile-text.js';
import type { TextProfileName } from '../metrics/text/index.js';
import { caseKey, readRun, type ReadOptions, type RunRead } from './run-reader.js';
import {
  VIEW_MODEL_VERSION,
  type CaseView,
  type DepartmentCell,
  type AgentView,
  type JudgeView,
  type DepartmentView,
  type ManifestView,
  type ModelView,
  type ReportViewModel,
  type RunView,
  type TextComponents,
  type UnreadableRun,
} from './types.js';

export interface ViewModelOptions extends Omit<ReadOptions, 'scored'> {
  /**
   * Runs the command has just scored (`score`): each run among them is read with its scores as they are — nothing
   * scored, counted or put in a leaderboard again.
   */
  scoredRuns?: readonly RunScores[];
  /** Add the authors' published rows (shown apart, as measured on the real ClinicalBench). */
  reference?: boolean;
  /** Bootstrap intervals for every column (default true). */
  ci?: boolean;
  resamples?: number;
  /** Include the per-case rows and the cases with their answers (default true; the terminal table needs neither). */
  details?: boolean;
  /** Clock, for reproducible output in tests. */
  now?: Date;
  /**
   * Leave out a run that cannot be read (its store is garbage, or not a file) and name it in `unreadable` and the
   * warnings, instead of failing (the viewer, which shows whatever a folder holds); default false.
   */
  skipUnreadable?: boolean;
}

export { redactUrls, safeBaseURL };

export const TEXT_LABELS: Record<ReportViewModel['textComponents'], string> = {
  'bleu+rouge+bertscore': 'Text scores (DB, DD, PT, TP, ID) are (BLEU + ROUGE-L + BERTScore) / 3, as in the paper.',
  'bleu+rouge':
    'Text scores (DB, DD, PT, TP, ID) are (BLEU + ROUGE-L) / 2: no BERTScore model was used, so they are not comparable with full scores or with the published figures.',
  mixed: 'Text scores mix models scored with BERTScore and without it ((BLEU + ROUGE-L) / 2): compare text columns only between models of the same kind (see each model).',
  none: 'No text scores.',
};

export function manifestView(m: Manifest): ManifestView {
  return {
    tool: { name: m.tool.name, version: m.tool.version },
    node: m.node,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    models: m.models.map((x) => ({
      id: redactUrls(x.id),
      provider: x.provider,
      model: x.model,
      ...(x.baseURL ? { baseURL: safeBaseURL(x.baseURL) } : {}),
      params: { ...x.params },
      concurrency: x.concurrency,
      timeoutMs: x.timeoutMs,
      maxRetries: x.maxRetries,
      price: x.price ? { input: x.price.input, output: x.price.output } : null,
      ...(x.apiKeyEnv ? { apiKeyEnv: x.apiKeyEnv } : {}),
    })),
    kinds: [...m.kinds],
    filters: { ...m.filters },
    cases: m.cases.map((c) => ({ file: c.file, sha256: c.sha256, records: c.records })),
    records: m.records,
    templates: Object.fromEntries(Object.entries(m.templates).map(([k, v]) => [k, { hash: v.hash, source: v.source }])),
    departments: [...m.departments],
    ...(m.departmentList ? { departmentList: { ...m.departmentList } } : {}),
    invocations: m.invocations,
  };
}

function runView(r: RunRead, index: number): RunView {
  const jobs = r.models.flatMap((m) => m.jobs);
  const done = jobs.filter((j) => j.status === 'done').length;
  const error = jobs.filter((j) => j.status === 'error').length;
  const pending = jobs.length - done - error;
  const status: RunView['status'] = jobs.length === 0 ? 'empty' : pending > 0 ? 'incomplete' : error > 0 ? 'errors' : 'complete';
  const wall = r.manifest ? Date.parse(r.manifest.updatedAt) - Date.parse(r.manifest.createdAt) : NaN;
  return {
    index,
    name: basename(r.dir.replace(/[\\/]+$/, '')) || r.dir,
    dir: r.dir,
    manifest: r.manifest ? manifestView(r.manifest) : null,
    status,
    jobs: { all: jobs.length, done, error, pending },
    errorsByKind: r.errorsByKind.map((e) => ({ kind: e.kind ?? 'unknown', n: e.n })),
    wallTimeMs: Number.isFinite(wall) ? wall : null,
    scoredNow: r.scoredNow,
    dataset: r.support ? datasetView(r.support) : null,
    scoring: { settings: describeScoring(r.settings.scoring.settings), recorded: r.settings.scoring.recorded, overrides: r.settings.scoring.overrides.map(redactUrls) },
    orphaned: r.orphans.length,
  };
}

/** An error in a line: its first sentence (the store's errors go on to say what to do when running). */
function shortReason(err: unknown): string {
  const line = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.split('; ')[0]!;
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}

const columnValues = (lb: ReturnType<typeof leaderboard>): Record<Column, number | null> => Object.fromEntries(COLUMNS.map((c) => [c, lb[c].value])) as Record<Column, number | null>;

/** The values a department cell shows (the heatmaps): the columns, CDA and the weighted average. */
const CELL_GAPS = new Set<string>([...COLUMNS, 'CDA', 'WeightedAvg'] satisfies GapKey[]);
const cellGaps = (g: Gaps): Gaps => Object.fromEntries(Object.entries(g).filter(([k]) => CELL_GAPS.has(k)));

export async function buildViewModel(dirs: readonly string[], opts: ViewModelOptions = {}): Promise<ReportViewModel> {
  const reads: RunRead[] = [];
  const contexts = opts.contexts ?? scoringContexts(); // one BERTScore model for every run that needs it
  const unreadable: UnreadableRun[] = [];
  for (const dir of dirs) {
    try {
      const scored = opts.scoredRuns?.find((r) => r.dir === dir);
      reads.push(await readRun(dir, { ...opts, contexts, ...(scored ? { scored } : {}) }));
    } catch (err) {
      if (!opts.skipUnreadable) throw err;
      unreadable.push({ name: basename(dir.replace(/[\\/]+$/, '')) || dir, dir, reason: shortReason(err) });
    }
  }
  const warnings = [...unreadable.map((u) => `run ${u.name} could not be read and is left out: ${u.reason}`), ...reads.flatMap((r) => r.warnings)];
  // each run is read with its own department list; what spans runs uses the one given, else the first run's
  const taxonomy = opts.taxonomy ?? reads[0]?.settings.taxonomy ?? DepartmentTaxonomy.default();
  const cda = opts.cdaRequiresPreliminary || (reads.length > 0 && reads.every((r) => r.settings.scoring.settings.cdaRequiresPreliminary));
  const metricOpts: MetricOptions = cda ? { cdaRequiresPreliminary: true } : {};
  const runCda = (r: RunRead): boolean => Boolean(opts.cdaRequiresPreliminary || r.settings.scoring.settings.cdaRequiresPreliminary);

  // cases: every record some model has a job for, by department (English label), then uid and language
  const depOrder = new Map([...taxonomy.departments].sort((a, b) => a.short.localeCompare(b.short, 'en')).map((d, i) => [d.id, i]));
  const caseInfo = new Map<string, { uid: string; language: string; department: string; c?: ClinicalCase; taxonomy: DepartmentTaxonomy }>();
  for (const r of reads) {
    for (const m of r.models) {
      for (const cs of m.cases) {
        const k = caseKey(cs.uid, cs.language);
        const known = caseInfo.get(k);
        const c = r.cases.get(k);
        if (!known) caseInfo.set(k, { uid: cs.uid, language: cs.language, department: cs.department, ...(c ? { c } : {}), taxonomy: r.settings.taxonomy });
        else if (!known.c && c) Object.assign(known, { c, taxonomy: r.settings.taxonomy });
      }
    }
  }
  const caseKeys = [...caseInfo.keys()].sort((a, b) => {
    const x = caseInfo.get(a)!;
    const y = caseInfo.get(b)!;
    return (depOrder.get(x.department) ?? 999) - (depOrder.get(y.department) ?? 999) || x.department.localeCompare(y.department) || x.uid.localeCompare(y.uid) || x.language.localeCompare(y.language);
  });
  const caseIndex = new Map(caseKeys.map((k, i) => [k, i]));
  const uidLength = uidDisplayLength([...caseInfo.values()].map((info) => info.uid));
  const cases: CaseView[] = caseKeys.map((k) => {
    const info = caseInfo.get(k)!;
    const content = info.c && opts.details !== false ? caseContent(info.c, info.taxonomy) : null;
    return { uid: info.uid, shortUid: shortUid(info.uid, uidLength), language: info.language, department: info.department, inputs: content?.inputs ?? null, gold: content?.gold ?? null, answers: {} };
  });

  // models: the same model id in several runs gets the run's name in its label
  const flat = reads.flatMap((r, run) => r.models.map((m) => ({ m, run, r })));
  const labelOf = (model: string, dir: string): string => redactUrls(reads.filter((x) => x.models.some((y) => y.model === model)).length > 1 ? `${model} (${basename(dir)})` : model);
  const labels = flat.map(({ m, r }) => labelOf(m.model, r.dir));
  const byLabel = Object.fromEntries(flat.map(({ m }, i) => [labels[i]!, m.cases as CaseScores[]]));
  const dwr = flat.length > 1 ? departmentWinRate(byLabel) : null;
  // models on different records are compared on those they share, and the report says so
  const shared = sharedRecords(byLabel);
  const marks = sharedLeaderboards(byLabel, metricOpts);
  const sharedSaid = sharedNote(shared);
  if (sharedSaid) warnings.push(sharedSaid);
  const dwrIntervals = flat.length > 1 && opts.ci !== false ? dwrCI(byLabel, { ...metricOpts, ...(opts.resamples ? { resamples: opts.resamples } : {}) }) : null;

  const rows = [];
  const models: ModelView[] = [];
  const byDepartment: DepartmentCell[] = [];
  const agents: AgentView[] = [];
  const judge: JudgeView[] = [];
  const interactive: InteractivePanel[] = [];
  const interactiveRuns = await Promise.all(reads.map(interactiveOfRun));
  for (const [index, { m, run, r }] of flat.entries()) {
    const label = labels[index]!;
    const agent = r.agents.get(m.model);
    const own = r.settings.taxonomy;
    if (agent) agents.push(agentView(index, label, agent, m.jobs, own));
    const played = interactiveRuns[run]!.get(m.model);
    if (played) {
      const p = interactivePanel(index, label, played.view, own);
      interactive.push({ ...p, doctor: redactUrls(p.doctor), patient: redactUrls(p.patient), staticModel: p.staticModel === null ? null : labelOf(p.staticModel, r.dir) });
    }
    const jobsByCase = new Map<string, typeof m.jobs>();
    for (const j of m.jobs) {
      const k = caseKey(j.caseUid, j.language);
      let list = jobsByCase.get(k);
      if (!list) jobsByCase.set(k, (list = []));
      list.push(j);
    }
    const kinds = r.manifest?.kinds ?? null;
    const gapsOf = (group: readonly CaseScores[], lb: ReturnType<typeof leaderboard>): Gaps => {
      const keys = group.map((c) => caseKey(c.uid, c.language));
      return whyNoValue({ leaderboard: lb, records: keys.map((k) => r.cases.get(k)), jobs: keys.flatMap((k) => jobsByCase.get(k) ?? []), kinds, agent: agent !== undefined });
    };
    // the leaderboard the run was read with, unless the report counts CDA by another rule than that run's
    const lb = runCda(r) === cda ? m.leaderboard : leaderboard(m.cases, metricOpts);
    const missing = gapsOf(m.cases, lb);
    const modelDwr = dwr ? (dwr.dwr[label] ?? null) : null;
    if (modelDwr === null) missing.DWR = flat.length > 1 ? 'no department where this model could be compared with another' : 'needs at least two models in the report: it compares them department by department';
    const rated = r.judge.get(m.model);
    if (rated) judge.push({ model: index, label, ...rated, judges: rated.judges.map(redactUrls), byJudge: rated.byJudge.map((b) => ({ ...b, judge: redactUrls(b.judge) })) });
    models.push({
      index,
      label,
      model: redactUrls(m.model),
      run,
      leaderboard: lb,
      scoredMean: meanOfScoredColumns(columnValues(lb)),
      missing,
      ci: opts.ci === false ? null : leaderboardCI(m.cases, { ...metricOpts, ...(opts.resamples ? { resamples: opts.resamples } : {}) }),
      dwr: modelDwr,
      dwrCi: dwrIntervals?.[label] ?? null,
      marked: marks?.[label] ?? null,
      records: m.cases.length,
      errors: m.errors,
      pending: m.pending,
      skipped: m.skipped,
      unreadable: m.unreadable,
      refused: m.refused,
      truncated: m.truncated,
      usage: m.usage,
      textComponents: m.textComponents,
      textProfile: m.textProfile,
    });
    for (const [dep, group] of groupCases(m.cases, 'department')) {
      const dl = leaderboard(group, metricOpts);
      const gaps = cellGaps(gapsOf(group, dl));
      byDepartment.push({
        department: dep,
        model: index,
        n: group.length,
        weightedAvg: dl.WeightedAvg.value,
        columns: columnValues(dl),
        cda: dl.CDA.value,
        winShare: dwr ? (dwr.byDepartment[label]?.[dep] ?? null) : null,
        ...(Object.keys(gaps).length ? { missing: gaps } : {}),
      });
    }
    const scoresByCase = new Map<string, typeof m.scores>();
    for (const s of m.scores) {
      const k = caseKey(s.caseUid, s.language);
      let list = scoresByCase.get(k);
      if (!list) scoresByCase.set(k, (list = []));
      list.push(s);
    }
    for (const [k, jobs] of jobsByCase) {
      const ci = caseIndex.get(k);
      if (ci === undefined || opts.details === false) continue;
      const answers = answerSet(jobs, own);
      if (agent) answers.agent = agentSteps(jobs, r.cases.get(k), agent.config, own);
      const transcript = played?.byCase.get(k);
      if (transcript) answers.interactive = transcript;
      cases[ci]!.answers[String(index)] = answers;
      rows.push(...caseRows(index, ci, jobs, scoresByCase.get(k) ?? [], r.cases.get(k), own));
    }
  }
  rows.sort((a, b) => a.case - b.case || a.model - b.model);

  const depIds = [...new Set(cases.map((c) => c.department))].sort((a, b) => (depOrder.get(a) ?? 999) - (depOrder.get(b) ?? 999) || a.localeCompare(b));
  const departments: DepartmentView[] = depIds
    .map((id) => {
      const d = taxonomy.departments.find((x) => x.id === id);
      // a record whose dataset names no department (partial, imported data) is filed under ''
      return { id, label: d?.short ?? (id === '' ? '(no department)' : id), zh: d?.zh ?? (id === '' ? '（无科室）' : id) };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));

  const kinds = new Set(models.map((m) => m.textComponents).filter((x): x is TextComponents => x !== null));
  const textComponents: ReportViewModel['textComponents'] = kinds.size === 0 ? 'none' : kinds.size > 1 ? 'mixed' : [...kinds][0]!;
  const profiles = [...new Set(models.map((m) => m.textProfile).filter((p): p is TextProfileName => p !== null))];
  const textProfile = profileOf(profiles);
  return {
    version: VIEW_MODEL_VERSION,
    generatedAt: (opts.now ?? new Date()).toISOString(),
    tool: { name: 'clinicallab', version: packageVersion() },
    textComponents,
    textLabel: TEXT_LABELS[textComponents],
    textProfile,
    textProfileLabel: profileLabel(textProfile, profiles),
    runs: reads.map(runView),
    models,
    departments,
    byDepartment,
    cases: opts.details === false ? [] : cases,
    rows,
    reference: opts.reference ? loadReference() : null,
    warnings,
    ...(unreadable.length > 0 ? { unreadable } : {}),
    ...(agents.length > 0 ? { agents } : {}),
    ...(judge.length > 0 ? { judge } : {}),
    ...(interactive.length > 0 ? { interactive } : {}),
  };
}
