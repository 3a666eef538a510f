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
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { FileReport } from '../bench/loader.js';
import { createModel } from '../models/registry.js';
import type { Model } from '../models/types.js';
import type { ResponseCache } from '../run/cache.js';
import type { Manifest } from '../run/evaluate.js';
import { storedCall } from '../run/call.js';
import type { ExecuteContext } from '../run/execute.js';
import type { JobSpec } from '../run/jobs.js';
import { hashOf, sha256 } from '../run/keys.js';
import { AdaptiveLimiter, DEFAULT_BACKOFF, type BackoffOptions } from '../run/limiter.js';
import { Redactor } from '../run/secrets.js';
import { modelEntries, type ModelFlags } from '../run/setup.js';
import { newWorkerId, RunStore } from '../run/store.js';
import { parseSections } from '../tasks/sections.js';
import type { TemplateSet } from '../tasks/templates.js';
import { runAgentCase, type AgentConfig, type Caller } from './workflow.js';

export interface AgentRunOptions {
  dir: string;
  cases: readonly ClinicalCase[];
  caseFiles: readonly FileReport[];
  templates: TemplateSet;
  taxonomy: DepartmentTaxonomy;
  config: AgentConfig;
  /** Model id the agent's answers are stored and scored under (default `agent#k@m`). */
  name?: string;
  flags?: ModelFlags;
  /** Cases worked on at once. */
  concurrency?: number;
  cache?: ResponseCache;
  retryErrors?: boolean;
  signal?: AbortSignal;
  backoff?: BackoffOptions;
  createModel?: (spec: string) => Promise<Model>;
  onCase?: (c: ClinicalCase, outcome: 'done' | 'error', message?: string) => void;
}

export interface AgentRunResult {
  agent: string;
  done: number;
  failed: number;
  wallMs: number;
}

export async function runAgent(o: AgentRunOptions): Promise<AgentRunResult> {
  const started = performance.now();
  const agent = o.name ?? `agent#${o.config.k}@${o.config.m}`;
  const store = RunStore.open(o.dir);
  const worker = newWorkerId();
  const redactor = new Redactor();
  const signal = o.signal ?? new AbortController().signal;
  const roles = new Map<string, Promise<ExecuteContext>>();
  const context = (spec: string): Promise<ExecuteContext> => {
    let ctx = roles.get(spec);
    if (!ctx) {
      const entry = modelEntries([spec], {}, o.flags ?? {})[0]!;
      ctx = (o.createModel ?? ((s: string) => createModel(s)))(spec).then((model) => ({
        model,
        entry,
        limiter: new AdaptiveLimiter(entry.concurrency),
        redactor,
        backoff: o.backoff ?? DEFAULT_BACKOFF,
        signal,
        ...(o.cache ? { cache: o.cache } : {}),
        ...(entry.price ? { price: entry.price } : {}),
      }));
      roles.set(spec, ctx);
    }
    return ctx;
  };
  const leaseMs = 15 * 60_000;

  try {
    const previous = store.getManifest<Manifest>();
    const now = new Date().toISOString();
    store.setManifest({
      tool: { name: 'clinicallab', version: packageVersion() },
      node: process.version,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      models: previous?.models ?? [],
      kinds: [...new Set([...(previous?.kinds ?? []), 'department-guide' as const, 'clinical-diagnosis' as const, 'imaging-diagnosis' as const])],
      filters: previous?.filters ?? {},
      cases: o.caseFiles.map((f) => ({ file: f.file, sha256: f.sha256, records: f.loaded })),
      records: o.cases.length,
      templates: previous?.templates ?? {},
      departments: o.taxonomy.departments.map((d) => d.id),
      invocations: (previous?.invocations ?? 0) + 1,
    } satisfies Manifest);
    store.setMeta(`agent:${agent}`, { agent, k: o.config.k, m: o.config.m, roles: o.config.roles, routing: o.config.routing });
    store.reclaimStale(Date.now(), new Set([worker]));

    const call: Caller = async (c, step) => {
      const key = hashOf({ agent, model: step.model, template: step.templateHash, case: c.uid, language: c.language, kind: step.kind, part: step.part, prompt: sha256(step.prompt) });
      return storedCall(
        store,
        worker,
        {
          key, model: agent, kind: step.kind as JobSpec['kind'], caseUid: c.uid, language: c.language, ...(step.exam ? { exam: step.exam } : {}),
          templateHash: step.templateHash, prompt: step.prompt, label: `${step.role} (${step.model})`,
          parse: (t) => ({ role: step.role, model: step.model, ...(step.parse(t) as object) }),
        },
        await context(step.model),
        { leaseMs, ...(o.retryErrors ? { retryErrors: true } : {}) },
      );
    };

    /** The final six-section answer is the agent's own (no model call): stored done, or as an error. */
    const finish = (c: ClinicalCase, text: string | null, error?: string): void => {
      const key = hashOf({ agent, case: c.uid, language: c.language, kind: 'clinical-diagnosis', part: 'final' });
      const existing = store.job(key);
      if (!existing) store.addJobs([{ key, model: agent, kind: 'clinical-diagnosis', caseUid: c.uid, language: c.language, templateHash: 'agent', prompt: '', promptHash: '' }]);
      const job = store.claimKey(key, worker, leaseMs, true);
      if (!job) return;
      if (text === null) store.fail(key, worker, 'agent-step', error ?? 'an agent step failed', 0);
      else {
        const p = parseSections(text);
        store.complete(key, worker, { response: text, parsed: { sections: p.sections, found: p.found }, latencyMs: 0, cost: 0, finishReason: 'stop', attempts: 0, cached: false });
      }
    };

    const result: AgentRunResult = { agent, done: 0, failed: 0, wallMs: 0 };
    const queue = [...o.cases];
    const workers = Array.from({ length: Math.max(1, o.concurrency ?? 4) }, async () => {
      for (let c = queue.shift(); c && !signal.aborted; c = queue.shift()) {
        try {
          const t = await runAgentCase(c, o.config, { templates: o.templates, taxonomy: o.taxonomy, call });
          finish(c, t.final);
          result.done++;
          o.onCase?.(c, 'done');
        } catch (err) {
          if (signal.aborted) break;
          const message = redactor.redact((err as Error).message);
          finish(c, null, message);
          result.failed++;
          o.onCase?.(c, 'error', message);
        }
      }
    });
    await Promise.all(workers);
    for (const ctx of roles.values()) await (await ctx).model.close?.();
    result.wallMs = Math.round(performance.now() - started);
    return result;
  } finally {
    store.close();
  }
}
