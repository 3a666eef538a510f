/**
 * Running ClinicalAgent over cases in a run directory. Every step is a job of the same store as the benchmark
 * runner — same retries, cache, crash safety — created as the workflow reaches it, with a key derived from its
 * role model, prompt and place in the case: an agent run killed mid-way resumes without asking any finished step
 * again. The agent's answers are stored under one model id (`agent#k@m`) with the benchmark's kinds
 * (navigator → department-guide, final answer → clinical-diagnosis, radiologist → imaging-diagnosis), so it is
 * scored and reported exactly like a single model.
 */
import type { ClinicalCase } from '../bench/case.js';
import { packageVersion } from '../bench/bundled.js';
import type { Manifest } from '../run/evaluate.js';
import { storedCall } from '../run/call.js';
import { Executor } from '../run/executor.js';
import type { JobSpec, ModelEntry } from '../run/jobs.js';
import { hashOf, sha256 } from '../run/keys.js';
import { caseRecordRows } from '../run/case-check.js';
import { BUILTIN, departmentListInfo, recordInputs, templateTexts } from '../run/recorded.js';
import { assertResumable, checkResume, recordsToSetAside, resumeState } from '../run/resume-check.js';
import { DEFAULTS } from '../run/setup.js';
import { newWorkerId, RunStore } from '../run/store.js';
import { readDiagnosis } from '../tasks/reading.js';
import { agentKey, agentRecordOf, type AgentRecord } from './agent-record.js';
import type { WorkflowRunOptions } from './run-options.js';
import { runCasePool } from './case-pool.js';
import { specialists } from './routing.js';
import { agentManifestModel, agentModels, agentTemplates, variantWarnings, type AgentModel } from './setup.js';
import { runAgentCase, type AgentConfig, type Caller, type Recorder } from './workflow.js';

export interface AgentRunOptions extends WorkflowRunOptions {
  /** Resume although the case files changed (see EvaluateOptions.allowChangedCases). */
  allowChangedCases?: boolean;
  config: AgentConfig;
  /** Model id the agent's answers are stored and scored under (default `agent#k@m`). */
  name?: string;
}

export interface AgentRunResult {
  agent: string;
  done: number;
  failed: number;
  /** Cases left unfinished because the budget was reached or a model was stopped (resume later to finish them). */
  unfinished: number;
  budgetReached: boolean;
  /** Why a model was stopped (its key refused, its server asking too long a wait again), if one was. */
  modelStopped?: string;
  /** What the variant could not do as named (also printed and stored with the run). */
  warnings: string[];
  /** With `allowChangedCases`: answers set aside as orphaned, and unanswered steps of those records dropped. */
  setAside: { orphaned: number; dropped: number } | null;
  wallMs: number;
}

/** An agent id already holds answers made with other settings: mixing them would make one model of two. */
export class AgentSettingsChanged extends Error {}

/** The models of an agent run, for checks before anything starts (keys, prices). */
export function resolveAgentModels(o: Pick<AgentRunOptions, 'config' | 'taxonomy' | 'fileConfig' | 'flags'>): Map<string, AgentModel> {
  return agentModels(o.config, o.taxonomy, o.fileConfig ?? {}, o.flags ?? {});
}

export async function runAgent(o: AgentRunOptions): Promise<AgentRunResult> {
  const started = performance.now();
  const agent = o.name ?? `agent#${o.config.k}@${o.config.m}`;
  const env = o.env ?? process.env;
  const models = resolveAgentModels(o);
  const warnings = variantWarnings(agent, o.config, o.taxonomy);
  const store = RunStore.open(o.dir);
  const worker = newWorkerId();
  const signal = o.signal ?? new AbortController().signal;
  const specOf = new Map([...models].map(([spec, m]) => [m.entry.spec.id, spec]));
  // every step goes through the executor: per-model lanes, retries, cache, redaction, leases and the budget,
  // which (like the runner's) covers the whole run directory, so resuming does not spend it again
  const executor = new Executor({
    entries: [...models.values()].map((m) => m.entry),
    env,
    signal,
    ...(o.createModel ? { createModel: (e: ModelEntry) => o.createModel!(specOf.get(e.spec.id) ?? e.spec.id, e) } : {}),
    ...(o.backoff ? { backoff: o.backoff } : {}),
    ...(o.cache ? { cache: o.cache } : {}),
    ...(o.maxCost !== undefined ? { maxCost: o.maxCost, spent: store.totals().cost } : {}),
  });
  const redactor = executor.redactor;
  const leaseMs = executor.longestLease;

  try {
    const fingerprint = hashOf({
      k: o.config.k, m: o.config.m, roles: o.config.roles,
      clinicians: o.taxonomy.departments.map((d) => [d.id, specialists(o.config.routing, d.id, o.config.m)]),
      models: [...models].map(([spec, x]) => [spec, x.entry.params]).sort(),
      templates: agentTemplates(o.config, o.templates, ['zh', 'en']),
    });
    const before = agentRecordOf(store, o.dir, agent);
    if (before?.fingerprint !== undefined && before.fingerprint !== fingerprint && store.counts().some((c) => c.model === agent && c.kind === 'clinical-diagnosis' && c.status === 'done' && c.n > 0)) {
      throw new AgentSettingsChanged(`${agent} in ${o.dir} holds answers made with other settings (models, sampling parameters, routing or templates); give this configuration another --name, or another --out`);
    }
    // the same dataset and department list as the run was made on, or a refusal before any model is asked
    const state = resumeState(store, o.dir);
    const allCases = o.allCases ?? o.cases;
    const check = state ? checkResume(state, { files: o.caseFiles, allCases, cases: o.cases, templates: {}, taxonomy: o.taxonomy, taxonomySource: o.taxonomySource ?? BUILTIN }) : undefined;
    if (check) assertResumable(check, o.dir, o.allowChangedCases ?? false);
    const previous = state?.manifest;
    const now = new Date().toISOString();
    const templates = agentTemplates(o.config, o.templates, o.cases.map((c) => c.language));
    store.setManifest({
      ...(previous ?? {}),
      tool: { name: 'clinicallab', version: packageVersion() },
      node: process.version,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      models: previous?.models ?? [],
      kinds: [...new Set([...(previous?.kinds ?? []), 'department-guide' as const, 'clinical-diagnosis' as const, 'imaging-diagnosis' as const])],
      filters: previous?.filters ?? {},
      cases: o.caseFiles.map((f) => ({ file: f.file, sha256: f.sha256, records: f.loaded })),
      records: o.cases.length,
      templates: { ...(previous?.templates ?? {}), ...templates },
      departments: o.taxonomy.departments.map((d) => d.id),
      departmentList: previous?.departmentList ?? departmentListInfo(o.taxonomy, o.taxonomySource ?? BUILTIN),
      invocations: (previous?.invocations ?? 0) + 1,
    } satisfies Manifest);
    recordInputs(store, o.dir, o.taxonomy, templateTexts(o.templates, Object.keys(templates)));
    store.ledger.setCaseRecords(caseRecordRows(allCases));
    let setAside: AgentRunResult['setAside'] = null;
    if (state && check?.changes?.touchesRun) {
      const { refs, reason } = recordsToSetAside(check.changes, state, allCases);
      setAside = store.ledger.orphanRecords(refs.map((r) => ({ ...r, reason: reason(r) })), new Set()); // steps asked again word for word count again
    }
    const record: Required<AgentRecord> = { agent, k: o.config.k, m: o.config.m, roles: o.config.roles, routing: o.config.routing, models: [...models.values()].map(agentManifestModel), templates, warnings, fingerprint };
    store.setMeta(agentKey(agent), record);
    store.reclaimStale(Date.now(), new Set([worker]));

    const call: Caller = async (c, step) => {
      const { entry } = models.get(step.model)!;
      const key = hashOf({ agent, model: step.model, params: entry.params, template: step.templateHash, case: c.uid, language: c.language, kind: step.kind, part: step.part, prompt: sha256(step.prompt) });
      return storedCall(
        store,
        worker,
        {
          key, model: agent, kind: step.kind as JobSpec['kind'], caseUid: c.uid, language: c.language, ...(step.exam ? { exam: step.exam } : {}),
          templateHash: step.templateHash, prompt: step.prompt, label: `${step.role} (${step.model})`,
          parse: (t) => ({ role: step.role, model: step.model, ...(step.parse(t) as object) }),
        },
        await executor.lane(entry),
        { outputTokens: entry.params.maxTokens ?? 600, ...(o.retryErrors ? { retryErrors: true } : {}) },
      );
    };

    /** A step without a model (the laboratory), stored done with what it was asked and what it released. */
    const recordStep: Recorder = (c, step) => {
      const key = hashOf({ agent, case: c.uid, language: c.language, kind: step.kind, part: step.part, prompt: sha256(step.prompt) });
      if (store.job(key)?.status === 'done') {
        store.ledger.unorphan([key]);
        return;
      }
      if (!store.job(key)) store.addJobs([{ key, model: agent, kind: step.kind, caseUid: c.uid, language: c.language, templateHash: 'agent', prompt: step.prompt, promptHash: sha256(step.prompt).slice(0, 32) }]);
      if (!store.claimKey(key, worker, leaseMs, true)) return;
      store.complete(key, worker, { response: step.response, parsed: { role: step.role, model: null, ...(step.parsed as object) }, inputTokens: 0, outputTokens: 0, latencyMs: 0, cost: 0, finishReason: 'stop', attempts: 0, cached: false });
    };

    /** The final six-section answer is the agent's own (no model call): stored done, or as an error. */
    const finish = (c: ClinicalCase, text: string | null, error?: string): void => {
      const key = hashOf({ agent, case: c.uid, language: c.language, kind: 'clinical-diagnosis', part: 'final' });
      store.ledger.reopen(key); // a final answer set aside (its record was edited) is given again from the new steps
      const existing = store.job(key);
      if (!existing) store.addJobs([{ key, model: agent, kind: 'clinical-diagnosis', caseUid: c.uid, language: c.language, templateHash: 'agent', prompt: '', promptHash: '' }]);
      const job = store.claimKey(key, worker, leaseMs, true);
      if (!job) return;
      if (text === null) store.fail(key, worker, 'agent-step', error ?? 'an agent step failed', 0);
      else {
        store.complete(key, worker, { response: text, parsed: readDiagnosis(text), latencyMs: 0, cost: 0, finishReason: 'stop', attempts: 0, cached: false });
      }
    };

    const result: AgentRunResult = { agent, done: 0, failed: 0, unfinished: 0, budgetReached: false, warnings, setAside, wallMs: 0 };
    await runCasePool(
      {
        cases: o.cases,
        concurrency: o.concurrency ?? o.flags?.concurrency ?? o.fileConfig?.concurrency ?? DEFAULTS.concurrency,
        signal,
        redactor,
        work: async (c) => finish(c, (await runAgentCase(c, o.config, { templates: o.templates, taxonomy: o.taxonomy, call, record: recordStep })).final),
        fail: (c, message) => finish(c, null, message),
        ...(o.onCase ? { onCase: o.onCase } : {}),
      },
      result,
    );
    result.wallMs = Math.round(performance.now() - started);
    return result;
  } finally {
    await executor.close();
    store.close();
  }
}
