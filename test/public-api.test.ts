/**
 * The library's public surface is deliberate: exactly these names, each listed in docs/library.md, and no
 * internal helper (sleep, strip, the store, the runner's pieces) reachable from 'clinicallab'.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { ROOT } from './helpers.js';

const PUBLIC = [
  'AGENT_ROLES', 'BROADER_POLICIES', 'BUILTIN_PRICES', 'BUNDLED_CASES_DIR', 'COLUMNS', 'CaseLoadError', 'ConfigError', 'DEFAULT_DEPARTMENTS',
  'DEFAULT_OVERLAP_THRESHOLD', 'DIMENSIONS', 'DepartmentTaxonomy', 'GENERATION_KINDS', 'InvalidOptions', 'Lexicon', 'METRICS', 'ModelError',
  'PRESETS', 'ResponseCache', 'ResumeRefused', 'TASKS', 'bleu', 'bootstrapCI', 'buildJudgePrompt', 'buildRoutingTable', 'buildViewModel',
  'casePrompts', 'checkAcrossRecords', 'checkConsistency', 'cli', 'compareModels', 'createMatcher', 'createModel', 'defaultCacheDir',
  'departmentWinRate', 'describeRun', 'estimatePlanCost', 'evaluate', 'evaluateAgent', 'exportTable', 'formatProblem', 'formatSections',
  'fromAgentClinic', 'getTemplate', 'importText', 'isRunDir', 'leaderboard', 'leaderboardCI', 'listRuns', 'loadCases', 'loadConfig',
  'loadDepartmentFile', 'loadTemplates', 'matchJudge', 'matchList', 'mcnemar', 'modelScoringContexts', 'pairedBootstrap', 'parseJudgeReply',
  'parseMapping', 'parseModelSpec', 'parseRatings', 'parseRoutingTable', 'parseSections', 'prepareAgent', 'prepareEvaluation', 'rateAnswers',
  'readAnswer', 'readDepartment', 'readDepartments', 'readDiagnosis', 'readImpression', 'renderTemplate', 'rougeL', 'runPrepared',
  'runPreparedAgent', 'score', 'spearman', 'startViewer', 'validateRecord', 'weightedKappa', 'writeReport',
];

describe('the public API', () => {
  it('exports exactly the documented names', () => {
    expect(Object.keys(api).sort()).toEqual([...PUBLIC].sort());
  });

  it('keeps internals internal', () => {
    for (const name of ['sleep', 'strip', 'RunStore', 'runJobs', 'executeJob', 'Executor', 'evaluatePlanned', 'rateRun', 'Redactor', 'hashOf']) {
      expect(Object.keys(api), name).not.toContain(name);
    }
  });

  it('lists every exported name in docs/library.md', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8');
    const missing = Object.keys(api).filter((name) => !doc.includes(`\`${name}`));
    expect(missing).toEqual([]);
  });
});
