/**
 * The clinicallab library: what the command line does, for programs. This is the public surface — a deliberate
 * list, pinned by test/public-api.test.ts and described in docs/library.md; everything else is internal and may
 * change without notice.
 *
 *   import { evaluate, score, writeReport } from 'clinicallab';
 */

// evaluation: what `clinicallab run`, `agent` and `rate` do
export { evaluate, prepareEvaluation, runPrepared, estimatePlanCost, InvalidOptions } from './run/evaluation.js';
export type { EvaluationOptions, EvaluationResult, PreparedEvaluation } from './run/evaluation.js';
export { evaluateAgent, prepareAgent, runPreparedAgent, AGENT_ROLES } from './agent/evaluate-agent.js';
export type { AgentOptions, AgentRole, PreparedAgent } from './agent/evaluate-agent.js';
export type { AgentRunResult } from './agent/run-agent.js';
export { buildRoutingTable, parseRoutingTable } from './agent/routing.js';
export type { RoutingTable, RankedModel } from './agent/routing.js';
export { rateAnswers } from './metrics/rate-answers.js';
export type { RateOptions, RateResult } from './metrics/rate-answers.js';
export type { RatedAnswer, ModelRatings } from './metrics/judge-run.js';
export { ResumeRefused } from './run/resume-check.js';
export type { RunEvent, RunnerResult } from './run/runner.js';
export type { Manifest } from './run/evaluate.js';
export { loadConfig, ConfigError } from './run/config.js';
export type { Config, ModelConfig } from './run/config.js';
export type { ModelFlags } from './run/setup.js';
export { ResponseCache, defaultCacheDir } from './run/cache.js';
export { describeRun, listRuns, isRunDir } from './run/inspect.js';
export type { RunInfo } from './run/inspect.js';

// cases
export { loadCases, formatProblem, CaseLoadError } from './bench/loader.js';
export type { LoadResult, LoadProblem, LoadOptions, FileReport } from './bench/loader.js';
export type { ClinicalCase, GoldAnswers, ImagingExam, LabTest } from './bench/case.js';
export type { ClinicalBenchRecord } from './bench/schema.js';
export { validateRecord } from './bench/schema.js';
export { DepartmentTaxonomy, DEFAULT_DEPARTMENTS } from './bench/departments.js';
export type { Department } from './bench/departments.js';
export { loadDepartmentFile } from './bench/department-file.js';
export { checkConsistency, checkAcrossRecords } from './bench/consistency.js';
export { BUNDLED_CASES_DIR } from './bench/bundled.js';
export type { Language } from './bench/language.js';
export { importText, PRESETS, fromAgentClinic, parseMapping } from './bench/import/index.js';
export type { ImportOptions, Mapping } from './bench/import/index.js';

// tasks: prompts and how answers are read
export { loadTemplates, renderTemplate, getTemplate } from './tasks/templates.js';
export type { TemplateSet } from './tasks/templates.js';
export { casePrompts } from './tasks/prompts.js';
export type { Prompt, PromptContext } from './tasks/prompts.js';
export { parseSections, formatSections } from './tasks/sections.js';
export { readDepartment, readDepartments, readDiagnosis, readImpression } from './tasks/reading.js';
export { readAnswer } from './tasks/read-answer.js';
export { TASKS, GENERATION_KINDS } from './tasks/definitions.js';
export type { GenerationKind, TaskId } from './tasks/definitions.js';

// models
export { createModel } from './models/registry.js';
export type { ModelSettings } from './models/registry.js';
export { parseModelSpec } from './models/spec.js';
export type { ModelSpec } from './models/spec.js';
export type { Model, GenerateRequest, GenerateResult } from './models/types.js';
export { ModelError } from './models/errors.js';
export { BUILTIN_PRICES } from './models/pricing.js';
export type { Price } from './models/pricing.js';

// scoring: ClinicalMetrics, the diagnosis matcher and its judge, text metrics, statistics
export { score, modelScoringContexts } from './metrics/score-runs.js';
export type { ScoreOptions } from './metrics/score-runs.js';
export type { RunScores, ModelScores } from './metrics/score-run.js';
export type { ScoredRecord, ScoreDetails } from './metrics/score-detail.js';
export type { JobRecord } from './run/records.js';
export type { ScoringOverride } from './metrics/settings.js';
export { leaderboard, COLUMNS, METRICS } from './metrics/clinical.js';
export type { CaseScores, Leaderboard, ColumnScore, Column } from './metrics/clinical.js';
export { departmentWinRate } from './metrics/dwr.js';
export { leaderboardCI, compareModels } from './metrics/compare.js';
export { bootstrapCI, mcnemar, pairedBootstrap } from './metrics/stats.js';
export { createMatcher, matchList, Lexicon, buildJudgePrompt, parseJudgeReply, DEFAULT_OVERLAP_THRESHOLD, BROADER_POLICIES } from './metrics/matcher/index.js';
export type { Matcher, MatcherOptions, MatchResult, JudgedMatchResult, Judge, ListMatch } from './metrics/matcher/index.js';
export { matchJudge } from './metrics/match-judge.js';
export type { MatchJudgeOptions } from './metrics/match-judge.js';
export { bleu, rougeL } from './metrics/text/index.js';
export { parseRatings, spearman, weightedKappa, DIMENSIONS } from './metrics/judge4d.js';
export type { Ratings, Dimension } from './metrics/judge4d.js';

// reports
export { writeReport, buildViewModel, startViewer, exportTable } from './report/index.js';
export type { WriteReportOptions, WrittenReport, ViewModelOptions, Viewer, ViewerOptions } from './report/index.js';

// the command line itself
export { main as cli } from './cli/main.js';
