/**
 * The report's other tables as flat records, for the exports: the best model per department, ClinicalAgent's
 * summary and routing, the 4-dimension judge's ratings, what the dataset supports, and the run manifests.
 * One record per line of the table the HTML report shows (the manifest: one per run × model, and one per model an
 * agent of the run may call, with its roles).
 */
import { DIMENSIONS } from '../metrics/judge4d.js';
import type { AgentView, ManifestModelView, ReportViewModel } from './types.js';

export type Cell = string | number | boolean | null | undefined;
export type Row = Record<string, Cell>;

const modelLabel = (vm: ReportViewModel, i: number): string => vm.models[i]?.label ?? String(i);

/** Per department, the models ranked by the authors' weighted average: the best (all of them on a tie) and the next. */
export function bestRecords(vm: ReportViewModel): Row[] {
  return vm.departments.map((d) => {
    const ranked = vm.byDepartment
      .filter((c) => c.department === d.id && c.weightedAvg !== null)
      .sort((a, b) => b.weightedAvg! - a.weightedAvg! || a.model - b.model);
    const top = ranked[0];
    const best = ranked.filter((c) => top && c.weightedAvg === top.weightedAvg);
    const next = ranked[best.length];
    return {
      department: d.id,
      department_label: d.label,
      best_model: best.map((c) => modelLabel(vm, c.model)).join('; ') || null,
      weighted_avg: top?.weightedAvg ?? null,
      records: top?.n ?? null,
      tied: best.length > 1,
      next_model: next ? modelLabel(vm, next.model) : null,
      next_weighted_avg: next?.weightedAvg ?? null,
      models_compared: ranked.length,
    };
  });
}
export const BEST_HEADER = ['department', 'department_label', 'best_model', 'weighted_avg', 'records', 'tied', 'next_model', 'next_weighted_avg', 'models_compared'];

/** ClinicalAgent: per agent model its variant, role models and the statistics per case. */
export function agentRecords(vm: ReportViewModel): Row[] {
  return (vm.agents ?? []).map((a) => ({
    agent: a.label,
    variant: a.variant,
    k: a.k,
    m: a.m,
    navigator: a.roles?.navigator ?? null,
    radiologist: a.roles?.radiologist ?? null,
    chief: a.roles?.chief ?? null,
    nurse: a.roles?.nurse ?? null,
    pharmacist: a.roles?.pharmacist ?? null,
    cases: a.stats.cases,
    exams_per_case: a.stats.ordersPerCase,
    exam_share: a.stats.orderedShare,
    tokens_per_case: a.stats.tokensPerCase,
    cost_per_case: a.stats.costPerCase,
    stopped: a.stats.stopped,
    clinicians: a.clinicians.map((c) => `${c.model} ×${c.consults}`).join('; '),
    models: a.recorded ? a.models.map((x) => `${x.id} (${x.roles.join(', ')})`).join('; ') : null,
    templates: a.recorded ? templateList(a.templates) : null,
    warnings: a.warnings.join('; '),
  }));
}
export const AGENT_HEADER = ['agent', 'variant', 'k', 'm', 'navigator', 'radiologist', 'chief', 'nurse', 'pharmacist', 'cases', 'exams_per_case', 'exam_share', 'tokens_per_case', 'cost_per_case', 'stopped', 'clinicians', 'models', 'templates', 'warnings'];

const templateList = (t: Record<string, { hash: string }>): string =>
  Object.keys(t)
    .sort()
    .map((k) => `${k}=${t[k]!.hash}`)
    .join('; ');

/** The routing table each agent used: one line per department and clinician, best first. */
export function routingRecords(vm: ReportViewModel): Row[] {
  return (vm.agents ?? []).flatMap((a) =>
    (a.routing?.departments ?? []).flatMap((d) =>
      (d.clinicians.length > 0 ? d.clinicians : [null]).map((c, i) => ({
        agent: a.label,
        department: d.id,
        department_label: d.label,
        rank: c ? i + 1 : null,
        clinician: c?.model ?? null,
        score: c?.score ?? null,
        score_cases: c?.n ?? null,
        ranking: d.fallback ? 'overall' : 'department',
        cases_sent: d.visits,
      })),
    ),
  );
}
export const ROUTING_HEADER = ['agent', 'department', 'department_label', 'rank', 'clinician', 'score', 'score_cases', 'ranking', 'cases_sent'];

/** The 4-dimension judge: per rated model all judges together (`judge = all`), then each judge. */
export function judgeRecords(vm: ReportViewModel): Row[] {
  return (vm.judge ?? []).flatMap((j) =>
    [{ judge: 'all', ...j }, ...(j.byJudge.length > 1 ? j.byJudge : [])].map((t) => ({
      model: j.label,
      judge: t.judge === 'all' ? (j.judges.length === 1 ? j.judges[0]! : 'all') : t.judge,
      heuristic: t.heuristic,
      n: t.n,
      ...Object.fromEntries(DIMENSIONS.map((d) => [d, t.ratings?.[d] ?? null])),
      overall: t.overall,
      judge_errors: t.judgeErrors,
      pending: t.pending,
    })),
  );
}
export const JUDGE_HEADER = ['model', 'judge', 'heuristic', 'n', ...DIMENSIONS, 'overall', 'judge_errors', 'pending'];

/** Per run and task: records with a gold answer, records of the run, and those skipped for want of one. */
export function datasetRecords(vm: ReportViewModel): Row[] {
  return vm.runs.flatMap((r) =>
    (r.dataset?.tasks ?? []).map((t) => ({ run: r.name, task: t.task, column: t.column, with_gold: t.withGold, total: t.total, unit: t.unit, skipped: t.skipped })),
  );
}
export const DATASET_HEADER = ['run', 'task', 'column', 'with_gold', 'total', 'unit', 'skipped'];

/** The run manifests: one line per run and model, with what the model was run with and what it used. */
export function manifestRecords(vm: ReportViewModel): Row[] {
  return vm.runs.flatMap((r) => {
    const m = r.manifest;
    const shown = vm.models.filter((x) => x.run === r.index);
    const ids = [...shown.map((x) => x.model), ...(m?.models ?? []).map((x) => x.id).filter((id) => !shown.some((x) => x.model === id))];
    const run: Row = {
      run: r.name,
      dir: r.dir,
      status: r.status,
      tool_version: m ? `${m.tool.name} ${m.tool.version}` : null,
      node: m?.node ?? null,
      created_at: m?.createdAt ?? null,
      updated_at: m?.updatedAt ?? null,
      invocations: m?.invocations ?? null,
      wall_time_ms: r.wallTimeMs,
      records: m?.records ?? null,
      kinds: m?.kinds.join(' ') ?? null,
      filters: m && Object.keys(m.filters).length > 0 ? JSON.stringify(m.filters) : null,
      case_files: m?.cases.map((c) => `${c.file} (${c.records} records, sha256 ${c.sha256})`).join('; ') ?? null,
      templates: m ? templateList(m.templates) : null,
      scored_now: r.scoredNow,
    };
    const agents = (vm.agents ?? []).filter((a) => vm.models[a.model]?.run === r.index);
    const line = (id: string | null, spec: ManifestModelView | undefined, agent?: { id: string; roles: string[] | null; warnings: string[] }): Row => {
      const u = agent?.roles ? undefined : shown.find((x) => x.model === id)?.usage;
      return {
        ...run,
        model: id,
        agent: agent?.id ?? null,
        roles: agent?.roles?.join(' ') ?? null,
        warnings: agent ? agent.warnings.join('; ') : null,
        provider: spec?.provider ?? null,
        base_url: spec?.baseURL ?? null,
        params: spec ? JSON.stringify(spec.params) : null,
        concurrency: spec?.concurrency ?? null,
        timeout_ms: spec?.timeoutMs ?? null,
        max_retries: spec?.maxRetries ?? null,
        price_input: spec?.price?.input ?? null,
        price_output: spec?.price?.output ?? null,
        api_key_env: spec?.apiKeyEnv ?? null,
        jobs: u?.jobs ?? null,
        done: u?.done ?? null,
        errors: u?.error ?? null,
        pending: u?.pending ?? null,
        cached: u?.cached ?? null,
        input_tokens: u?.inputTokens ?? null,
        output_tokens: u?.outputTokens ?? null,
        cost: u ? u.cost : null,
        model_time_ms: u?.latencyMs ?? null,
      };
    };
    const agentOf = (id: string | null): AgentView | undefined => agents.find((a) => vm.models[a.model]!.model === id);
    const lines = (ids.length > 0 ? ids : [null]).map((id) => {
      const a = agentOf(id);
      return line(id, m?.models.find((x) => x.id === id), a ? { id: id!, roles: null, warnings: a.warnings } : undefined);
    });
    // each agent's models: the settings it recorded, its usage being on the agent's own line
    for (const a of agents) for (const x of a.models) lines.push(line(x.id, x, { id: vm.models[a.model]!.model, roles: x.roles, warnings: a.warnings }));
    return lines;
  });
}
export const MANIFEST_HEADER = [
  'run', 'dir', 'status', 'tool_version', 'node', 'created_at', 'updated_at', 'invocations', 'wall_time_ms', 'records', 'kinds', 'filters', 'case_files', 'templates', 'scored_now',
  'model', 'agent', 'roles', 'warnings', 'provider', 'base_url', 'params', 'concurrency', 'timeout_ms', 'max_retries', 'price_input', 'price_output', 'api_key_env', 'jobs', 'done', 'errors', 'pending', 'cached', 'input_tokens', 'output_tokens', 'cost', 'model_time_ms',
];
