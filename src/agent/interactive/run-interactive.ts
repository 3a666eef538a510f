/**
 * Running interactive ClinicalBench over cases in a run directory. Every turn is a job of the run store — the
 * doctor's and the patient's with the runner's retries, response cache, cost and crash safety, the examiner's,
 * the laboratory's and radiology's recorded as done steps without a model — keyed on the role model, its
 * parameters, the template, the case, the turn and the prompt (which holds the conversation so far). A run killed
 * mid-way replays its stored turns and asks only what was never answered. The final answer is stored as the
 * benchmark's six-section answer under one model id (default `interactive:<doctor>`), so it is scored like any
 * model; a transcript per case is stored beside it (kind `interactive-transcript`). Before the first turn the
 * doctor answers the benchmark's department guide, which shows only what the doctor is shown anyway (basic
 * information, chief complaint), so Acc and CDA are defined for the interactive run.
 */
import type { ClinicalCase } from '../../bench/case.js';
import { packageVersion } from '../../bench/bundled.js';
import { storedCall } from '../../run/call.js';
import { Executor } from '../../run/executor.js';
import type { Config } from '../../run/config.js';
import { caseRecordRows } from '../../run/case-check.js';
import { manifestModel, type Manifest } from '../../run/evaluate.js';
import type { ModelEntry } from '../../run/jobs.js';
import { hashOf, sha256 } from '../../run/keys.js';
import { DEFAULT_BACKOFF } from '../../run/limiter.js';
import { BUILTIN, departmentListInfo, recordInputs, templateTexts } from '../../run/recorded.js';
import { assertResumable, checkResume, resumeState } from '../../run/resume-check.js';
import { DEFAULTS, modelEntries, type ModelFlags } from '../../run/setup.js';
import { newWorkerId, RunStore } from '../../run/store.js';
import { parseAnswer } from '../../run/answers.js';
import { departmentGuidePrompt } from '../../tasks/prompts.js';
import { readDiagnosis } from '../../tasks/reading.js';
import { getTemplate, type TemplateName, type TemplateSet } from '../../tasks/templates.js';
import { runCasePool } from '../case-pool.js';
import type { WorkflowRunOptions } from '../run-options.js';
import { DOCTOR_TOOLS } from './actions.js';
import { storedTranscript, type ExamPrices } from './scores.js';
import { interactiveSettingsOf, settingsKey, TRANSCRIPT_KIND } from './transcript-record.js';
import { runInteractiveCase, type InteractiveBudget, type InteractiveRoles, type Transcript } from './protocol.js';

/** How the doctor gives its actions: tool calls, plain text, or tools where the provider is known to support them. */
export type ActionMode = 'auto' | 'tools' | 'text';

const TOOL_PROVIDERS = new Set(['openai', 'anthropic', 'google']);

export function usesTools(mode: ActionMode, entry: ModelEntry): boolean {
  return mode === 'tools' || (mode === 'auto' && TOOL_PROVIDERS.has(entry.spec.provider));
}

export const INTERACTIVE_TEMPLATES: TemplateName[] = ['department-guide', 'interactive-doctor', 'interactive-final', 'interactive-patient'];

export interface InteractiveRunOptions extends WorkflowRunOptions {
  roles: InteractiveRoles;
  budget: InteractiveBudget;
  actions?: ActionMode;
  /** The exam price table to record with the run (default: the built-in one is used when reading). */
  prices?: ExamPrices;
  /** Model id the final answers are stored and scored under (default `interactive:<doctor>`). */
  name?: string;
}

export interface InteractiveRunResult {
  name: string;
  done: number;
  failed: number;
  unfinished: number;
  /** The budget (maxCost) stopped new turns: the cases it stopped are unfinished, for a resume with more. */
  budgetReached: boolean;
  modelStopped?: string;
  wallMs: number;
}


/** What an interactive run records about itself, as `interactive:<name>` beside the manifest. */
export interface InteractiveRecord {
  name: string;
  roles: InteractiveRoles;
  budget: InteractiveBudget;
  tools: boolean;
  /** The exam price table the run was made with (the report prices its orders with it). */
  prices?: ExamPrices;
  models: ReturnType<typeof manifestModel>[];
  templates: Record<string, { hash: string; source: string }>;
  fingerprint: string;
}

export class InteractiveSettingsChanged extends Error {}

export const interactiveName = (doctor: string): string => `interactive:${doctor}`;

export function interactiveModels(roles: InteractiveRoles, config: Config = {}, flags: ModelFlags = {}): Map<string, ModelEntry> {
  const out = new Map<string, ModelEntry>();
  for (const spec of new Set([roles.doctor, roles.patient])) out.set(spec, modelEntries([spec], config, flags)[0]!);
  return out;
}

function templatesUsed(templates: TemplateSet, languages: Iterable<string>): Record<string, { hash: string; source: string }> {
  const out: Record<string, { hash: string; source: string }> = {};
  for (const lang of new Set(languages)) {
    for (const name of INTERACTIVE_TEMPLATES) {
      const t = getTemplate(templates, lang as 'zh' | 'en', name);
      out[`${lang}/${name}`] = { hash: t.hash, source: t.source };
    }
  }
  return out;
}

export async function runInteractive(o: InteractiveRunOptions): Promise<InteractiveRunResult> {
  const started = performance.now();
  const name = o.name ?? interactiveName(o.roles.doctor);
  const env = o.env ?? process.env;
  const models = interactiveModels(o.roles, o.fileConfig, o.flags);
  const doctorEntry = models.get(o.roles.doctor)!;
  const tools = usesTools(o.actions ?? 'auto', doctorEntry);
  const store = RunStore.open(o.dir);
  const worker = newWorkerId();
  const signal = o.signal ?? new AbortController().signal;
  // every turn goes through the executor: per-model lanes, retries, cache, redaction, leases and the budget,
  // which (like the runner's) covers the whole run directory, so resuming does not spend it again
  const executor = new Executor({
    entries: models.values(),
    env,
    signal,
    ...(o.createModel ? { createModel: (e: ModelEntry) => o.createModel!(e.spec.id, e) } : {}),
    backoff: o.backoff ?? DEFAULT_BACKOFF,
    ...(o.cache ? { cache: o.cache } : {}),
    ...(o.maxCost !== undefined ? { maxCost: o.maxCost, spent: store.totals().cost } : {}),
  });
  const redactor = executor.redactor;
  const lane = (role: 'doctor' | 'patient' | 'triage') => executor.lane(models.get(o.roles[role === 'triage' ? 'doctor' : role])!);
  const callOptions = (role: 'doctor' | 'patient' | 'triage', entry: ModelEntry) => ({
    outputTokens: entry.params.maxTokens ?? 600,
    ...(role === 'doctor' && tools ? { tools: DOCTOR_TOOLS } : {}),
    ...(o.retryErrors ? { retryErrors: true } : {}),
  });
  const leaseMs = executor.longestLease;
  try {
    const fingerprint = hashOf({ roles: o.roles, budget: o.budget, tools, models: [...models].map(([s, e]) => [s, e.params]).sort(), templates: templatesUsed(o.templates, ['zh', 'en']) });
    const before = interactiveSettingsOf(o.dir, name, (key) => store.getMeta(key));
    if (before?.fingerprint !== undefined && before.fingerprint !== fingerprint && store.counts().some((c) => c.model === name && c.kind === 'clinical-diagnosis' && c.status === 'done' && c.n > 0)) {
      throw new InteractiveSettingsChanged(`${name} in ${o.dir} holds answers made with other settings (models, budget, action format, sampling parameters or templates); give this configuration another --name, or another --out`);
    }
    const state = resumeState(store, o.dir);
    const allCases = o.allCases ?? o.cases;
    const check = state ? checkResume(state, { files: o.caseFiles, allCases, cases: o.cases, templates: {}, taxonomy: o.taxonomy, taxonomySource: o.taxonomySource ?? BUILTIN }) : undefined;
    if (check) assertResumable(check, o.dir, false);
    const previous = state?.manifest;
    const now = new Date().toISOString();
    const templates = templatesUsed(o.templates, o.cases.map((c) => c.language));
    store.setManifest({
      ...(previous ?? {}),
      tool: { name: 'clinicallab', version: packageVersion() },
      node: process.version,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      models: previous?.models ?? [],
      kinds: [...new Set([...(previous?.kinds ?? []), 'department-guide' as const, 'clinical-diagnosis' as const])],
      filters: previous?.filters ?? {},
      cases: o.caseFiles.map((f) => ({ file: f.file, sha256: f.sha256, records: f.loaded })),
      records: Math.max(previous?.records ?? 0, o.cases.length),
      templates: { ...(previous?.templates ?? {}), ...templates },
      departments: o.taxonomy.departments.map((d) => d.id),
      departmentList: previous?.departmentList ?? departmentListInfo(o.taxonomy, o.taxonomySource ?? BUILTIN),
      invocations: (previous?.invocations ?? 0) + 1,
    } satisfies Manifest);
    recordInputs(store, o.dir, o.taxonomy, templateTexts(o.templates, Object.keys(templates)));
    store.ledger.setCaseRecords(caseRecordRows(allCases));
    const record: InteractiveRecord = { name, roles: o.roles, budget: o.budget, tools, ...(o.prices ? { prices: o.prices } : {}), models: [...models.values()].map(manifestModel), templates, fingerprint };
    store.setMeta(settingsKey(name), record);
    store.reclaimStale(Date.now(), new Set([worker]));

    /** A step without a model call, stored done with what it was asked and what it gave back. */
    const done = (c: ClinicalCase, kind: `interactive-${string}` | 'clinical-diagnosis', part: string, prompt: string, response: string, parsed: unknown): void => {
      const key = hashOf({ interactive: name, case: c.uid, language: c.language, kind, part, prompt: sha256(prompt) });
      if (store.job(key)?.status === 'done') return;
      if (!store.job(key)) store.addJobs([{ key, model: name, kind, caseUid: c.uid, language: c.language, templateHash: 'interactive', prompt, promptHash: sha256(prompt).slice(0, 32) }]);
      if (!store.claimKey(key, worker, leaseMs, true)) return;
      store.complete(key, worker, { response, parsed, inputTokens: 0, outputTokens: 0, latencyMs: 0, cost: 0, finishReason: 'stop', attempts: 0, cached: false });
    };

    /** A case stopped by a failed turn: its final answer is an error (never a wrong answer); a retry asks again. */
    const failFinal = (c: ClinicalCase, message: string): void => {
      const key = hashOf({ interactive: name, case: c.uid, language: c.language, kind: 'clinical-diagnosis', part: 'final', prompt: sha256('') });
      if (!store.job(key)) store.addJobs([{ key, model: name, kind: 'clinical-diagnosis', caseUid: c.uid, language: c.language, templateHash: 'interactive', prompt: '', promptHash: sha256('').slice(0, 32) }]);
      if (store.claimKey(key, worker, leaseMs, true)) store.fail(key, worker, 'interactive-turn', message, 0);
    };

    const result: InteractiveRunResult = { name, done: 0, failed: 0, unfinished: 0, budgetReached: false, wallMs: 0 };
    await runCasePool(
      {
        cases: o.cases,
        concurrency: o.concurrency ?? o.flags?.concurrency ?? o.fileConfig?.concurrency ?? DEFAULTS.concurrency,
        signal,
        redactor,
        work: async (kase) => {
          // the department first, from what the doctor is shown (basic information, chief complaint): Acc and CDA
          const guide = departmentGuidePrompt(kase, { templates: o.templates, taxonomy: o.taxonomy }, 1);
          const key = hashOf({ interactive: name, model: o.roles.doctor, params: doctorEntry.params, template: guide.template.hash, case: kase.uid, language: kase.language, kind: 'department-guide', prompt: sha256(guide.text) });
          await storedCall(store, worker, { key, model: name, kind: 'department-guide', caseUid: kase.uid, language: kase.language, templateHash: guide.template.hash, prompt: guide.text, label: `doctor (${o.roles.doctor}), department`, parse: (t) => parseAnswer('department-guide', t, o.taxonomy) }, await lane('triage'), callOptions('triage', doctorEntry));
          const t: Transcript = await runInteractiveCase(kase, o.roles, o.budget, {
            templates: o.templates,
            call: async (cc, step) => {
              const entry = models.get(step.model)!;
              const key = hashOf({ interactive: name, model: step.model, params: entry.params, tools, template: step.templateHash, case: cc.uid, language: cc.language, kind: step.kind, turn: step.turn, prompt: sha256(step.prompt) });
              return storedCall(store, worker, { key, model: name, kind: step.kind, caseUid: cc.uid, language: cc.language, templateHash: step.templateHash, prompt: step.prompt, label: `${step.role} (${step.model}), turn ${step.turn}`, parse: step.parse }, await lane(step.role), callOptions(step.role, entry));
        },
        record: (cc, step) => done(cc, step.kind, `turn-${step.turn}`, step.prompt, step.response, step.parsed),
      });
      done(kase, TRANSCRIPT_KIND, 'transcript', '', JSON.stringify(t), storedTranscript(t, kase));
      done(kase, 'clinical-diagnosis', 'final', '', t.final, readDiagnosis(t.final));
        },
        fail: failFinal,
        ...(o.onCase ? { onCase: o.onCase } : {}),
      },
      result,
    );
    await executor.close();
    result.wallMs = Math.round(performance.now() - started);
    return result;
  } finally {
    store.close();
  }
}
