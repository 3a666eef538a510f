/**
 * The answer corpus (test/fixtures/answers/*.yaml, see the README there): loading it, serving it from the
 * loopback OpenAI-compatible server through a real run, and comparing what the run stored with what a careful
 * reader takes from each answer. Bad corpus entries are errors naming the file, the entry and the field.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { evaluatePlanned } from '../../src/run/evaluate.js';
import { modelEntries } from '../../src/run/setup.js';
import { RunStore, type StoredJob } from '../../src/run/store.js';
import { GENERATION_KINDS, SECTION_IDS, type GenerationKind } from '../../src/tasks/definitions.js';
import { planPrompts } from '../../src/run/plan.js';
import { loadTemplates } from '../../src/tasks/templates.js';
import { fixture, tempDir } from '../helpers.js';
import { startMockOpenAI } from './mock-openai.js';

export const CORPUS_DIR = fixture('answers');

export interface Expectation {
  reading?: string;
  department?: string | null;
  departments?: (string | null)[];
  found?: string[];
  preliminary?: string[];
  principal?: string;
  complications?: string[];
  has?: Record<string, string[]>;
  lacks?: Record<string, string[]>;
}

export interface CorpusAnswer {
  file: string;
  style: string;
  id: string;
  case: string;
  lang: 'zh' | 'en';
  kind: GenerationKind;
  text: string;
  finish?: string;
  reasoning?: string;
  expect: Expectation;
}

const READINGS = ['read', 'partial', 'ambiguous', 'unread', 'refusal', 'truncated'];
const EXPECT_KEYS = ['reading', 'department', 'departments', 'found', 'preliminary', 'principal', 'complications', 'has', 'lacks'];
const ANSWER_KEYS = ['id', 'case', 'lang', 'kind', 'text', 'finish', 'reasoning', 'expect'];

function fail(file: string, id: string, field: string, why: string): never {
  throw new Error(`${file}: answer "${id}": \`${field}\` ${why}`);
}

const strings = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Every answer of every corpus file, checked. */
export function loadCorpus(dir = CORPUS_DIR): CorpusAnswer[] {
  const out: CorpusAnswer[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    let doc: { style?: unknown; answers?: unknown };
    try {
      doc = parse(readFileSync(join(dir, name), 'utf8')) as typeof doc;
    } catch (err) {
      throw new Error(`${name}: not valid YAML: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (typeof doc?.style !== 'string') throw new Error(`${name}: \`style\` is missing`);
    if (!Array.isArray(doc.answers)) throw new Error(`${name}: \`answers\` should be a list`);
    const seen = new Set<string>();
    doc.answers.forEach((raw: Record<string, unknown>, i: number) => {
      const id = typeof raw.id === 'string' ? raw.id : `#${i + 1}`;
      for (const k of Object.keys(raw)) if (!ANSWER_KEYS.includes(k)) fail(name, id, k, `is not a field of an answer (${ANSWER_KEYS.join(', ')})`);
      if (typeof raw.id !== 'string') fail(name, id, 'id', 'is missing');
      if (typeof raw.case !== 'string') fail(name, id, 'case', 'is missing');
      if (raw.lang !== 'zh' && raw.lang !== 'en') fail(name, id, 'lang', 'should be zh or en');
      if (!(GENERATION_KINDS as readonly unknown[]).includes(raw.kind)) fail(name, id, 'kind', `should be one of ${GENERATION_KINDS.join(', ')}`);
      if (typeof raw.text !== 'string') fail(name, id, 'text', 'is missing');
      const key = `${raw.lang}/${raw.id}`;
      if (seen.has(key)) fail(name, id, 'id', `appears twice for ${String(raw.lang)}`);
      seen.add(key);
      const e = (raw.expect ?? {}) as Record<string, unknown>;
      for (const k of Object.keys(e)) if (!EXPECT_KEYS.includes(k)) fail(name, id, `expect.${k}`, `is not an expectation (${EXPECT_KEYS.join(', ')})`);
      if (e.reading !== undefined && !READINGS.includes(String(e.reading))) fail(name, id, 'expect.reading', `should be one of ${READINGS.join(', ')}`);
      for (const k of ['found', 'preliminary', 'complications'] as const) if (e[k] !== undefined && !strings(e[k])) fail(name, id, `expect.${k}`, 'should be a list of strings');
      if (Array.isArray(e.found)) for (const s of e.found) if (!(SECTION_IDS as readonly string[]).includes(s as string)) fail(name, id, 'expect.found', `names "${String(s)}", not a section`);
      for (const k of ['has', 'lacks'] as const) {
        const m = e[k];
        if (m === undefined) continue;
        if (typeof m !== 'object' || m === null) fail(name, id, `expect.${k}`, 'should map sections to lists of words');
        for (const [s, words] of Object.entries(m)) {
          if (![...SECTION_IDS, 'impression'].includes(s)) fail(name, id, `expect.${k}.${s}`, 'is not a section (or impression)');
          if (!strings(words)) fail(name, id, `expect.${k}.${s}`, 'should be a list of strings');
        }
      }
      out.push({
        file: name,
        style: doc.style as string,
        id: raw.id,
        case: raw.case,
        lang: raw.lang,
        kind: raw.kind as GenerationKind,
        text: raw.text,
        ...(typeof raw.finish === 'string' ? { finish: raw.finish } : {}),
        ...(typeof raw.reasoning === 'string' ? { reasoning: raw.reasoning } : {}),
        expect: e as Expectation,
      });
    });
  }
  return out;
}

/** The model id an answer is served under: one per style, more when a style answers the same prompt twice. */
function modelIds(corpus: readonly CorpusAnswer[]): Map<CorpusAnswer, string> {
  const taken = new Map<string, number>();
  const out = new Map<CorpusAnswer, string>();
  for (const a of corpus) {
    const slot = `${a.style}\u0000${a.case}\u0000${a.lang}\u0000${a.kind}`;
    const n = (taken.get(slot) ?? 0) + 1;
    taken.set(slot, n);
    out.set(a, n === 1 ? a.style : `${a.style}-${n}`);
  }
  return out;
}

export interface CorpusRun {
  dir: string;
  /** The stored jobs answering each corpus answer (one per exam for imaging). */
  jobs: Map<CorpusAnswer, StoredJob[]>;
  cases: ClinicalCase[];
}

/** Serve every answer from the loopback server and run the runner on the cases they answer, as `clinicallab run` does. */
export async function runCorpus(corpus: readonly CorpusAnswer[]): Promise<CorpusRun> {
  const taxonomy = DepartmentTaxonomy.default();
  const loaded = await loadCases([BUNDLED_CASES_DIR], { strict: true });
  const pick = (a: CorpusAnswer): ClinicalCase => {
    const c = loaded.cases.find((x) => x.uid.startsWith(a.case) && x.language === a.lang);
    if (!c) throw new Error(`${a.file}: answer "${a.id}": \`case\` ${a.case} (${a.lang}) is not a bundled case`);
    return c;
  };
  const byAnswer = new Map(corpus.map((a) => [a, pick(a)]));
  const cases = [...new Set(byAnswer.values())];
  const templates = await loadTemplates();
  const kinds = [...new Set(corpus.map((a) => a.kind))];
  const plan = planPrompts(cases, { templates, taxonomy }, kinds);
  const ids = modelIds(corpus);
  // model id → prompt text → the answer to give
  const served = new Map<string, Map<string, CorpusAnswer>>();
  for (const a of corpus) {
    const c = byAnswer.get(a)!;
    const model = ids.get(a)!;
    const prompts = served.get(model) ?? new Map<string, CorpusAnswer>();
    served.set(model, prompts);
    for (const p of plan.prompts) if (p.caseUid === c.uid && p.language === c.language && p.kind === a.kind) prompts.set(p.text, a);
  }
  const server = await startMockOpenAI();
  server.respond((call) => {
    const a = served.get(call.model)?.get(call.messages.at(-1)?.content ?? '');
    if (!a) return { kind: 'ok', text: 'n/a' };
    return { kind: 'ok', text: a.text, ...(a.finish ? { finishReason: a.finish } : {}), ...(a.reasoning !== undefined ? { reasoning: a.reasoning } : {}) };
  });
  const dir = tempDir();
  try {
    const specs = [...served.keys()].map((m) => `openai-compatible:${m}@${server.url}`);
    const models = modelEntries(specs, {}, { maxRetries: 2, timeoutMs: 60_000, concurrency: 4 });
    await evaluatePlanned({ dir, models, cases, caseFiles: loaded.files, kinds, templates, taxonomy, env: {} });
  } finally {
    await server.close();
  }
  const store = RunStore.open(dir);
  try {
    const all = store.jobs({ prompts: false });
    const jobs = new Map<CorpusAnswer, StoredJob[]>();
    for (const a of corpus) {
      const c = byAnswer.get(a)!;
      const model = `openai-compatible:${ids.get(a)!}@${server.url}`;
      jobs.set(a, all.filter((j) => j.model === model && j.caseUid === c.uid && j.language === c.language && j.kind === a.kind));
    }
    return { dir, jobs, cases };
  } finally {
    store.close();
  }
}

type Parsed = Record<string, unknown>;
const squash = (s: string): string => s.replace(/\s+/gu, ' ').trim();
/** Names compared as a reader sees them: full- and half-width forms alike, spacing ignored. */
const names = (v: unknown): string => JSON.stringify(v === undefined || v === null ? v : JSON.parse(JSON.stringify(v).normalize('NFKC').replace(/\s+/gu, ' ')));

/** Where the stored reading differs from what a careful reader takes from the answer; empty when it is read as intended. */
export function misreadings(a: CorpusAnswer, jobs: readonly StoredJob[]): string[] {
  if (jobs.length === 0) return ['no job answered it'];
  const out: string[] = [];
  for (const job of jobs) {
    if (job.status !== 'done') {
      out.push(`the job ended ${job.status}${job.error ? `: ${job.error}` : ''}`);
      continue;
    }
    const p = JSON.parse(job.parsed ?? '{}') as Parsed;
    const e = a.expect;
    const reading = e.reading ?? (a.kind === 'clinical-diagnosis' && e.found && e.found.length > 0 && e.found.length < 6 ? 'partial' : 'read');
    if (p.reading !== reading) out.push(`reading ${String(p.reading)}, expected ${reading}${p.reason ? ` (${String(p.reason)})` : ''}`);
    if (e.department !== undefined && p.department !== e.department) out.push(`department ${String(p.department)}, expected ${String(e.department)}`);
    if (e.departments !== undefined) {
      const got = ((p.items ?? []) as { department: string | null }[]).map((i) => i.department);
      if (JSON.stringify(got) !== JSON.stringify(e.departments)) out.push(`departments ${JSON.stringify(got)} (from ${JSON.stringify(((p.items ?? []) as { text: string }[]).map((i) => i.text))}), expected ${JSON.stringify(e.departments)}`);
    }
    const sections = (p.sections ?? {}) as Record<string, string>;
    const diagnosis = (p.diagnosis ?? {}) as { preliminary?: string[]; principal?: { name?: string; complications?: string[] } };
    if (e.found !== undefined) {
      const got = [...((p.found ?? []) as string[])].sort();
      if (JSON.stringify(got) !== JSON.stringify([...e.found].sort())) out.push(`found ${JSON.stringify(p.found)}, expected ${JSON.stringify(e.found)}`);
    }
    if (e.preliminary !== undefined && names(diagnosis.preliminary ?? null) !== names(e.preliminary)) out.push(`preliminary ${JSON.stringify(diagnosis.preliminary)}, expected ${JSON.stringify(e.preliminary)}`);
    if (e.principal !== undefined && names(diagnosis.principal?.name) !== names(e.principal)) out.push(`principal ${JSON.stringify(diagnosis.principal?.name)}, expected ${JSON.stringify(e.principal)}`);
    const complications = e.complications ?? (e.principal !== undefined ? [] : undefined);
    if (complications !== undefined && names(diagnosis.principal?.complications ?? []) !== names(complications)) out.push(`complications ${JSON.stringify(diagnosis.principal?.complications)}, expected ${JSON.stringify(complications)}`);
    const textOf = (s: string): string => squash(s === 'impression' ? String(p.impression ?? '') : (sections[s] ?? ''));
    for (const [s, words] of Object.entries(e.has ?? {})) for (const w of words) if (!textOf(s).includes(w)) out.push(`${s} lacks "${w}": ${JSON.stringify(textOf(s).slice(0, 160))}`);
    for (const [s, words] of Object.entries(e.lacks ?? {})) for (const w of words) if (textOf(s).includes(w)) out.push(`${s} has "${w}": ${JSON.stringify(textOf(s).slice(0, 160))}`);
  }
  return [...new Set(out)];
}
