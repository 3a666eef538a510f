/**
 * What the reader could not read, as a user sees it after a run against the loopback model server: answers cut
 * off by the token limit (inside a reasoning block, or part way through the six sections), a refusal, an
 * ambiguous triage answer and an answer in no requested form are stored with their finish reason, counted per
 * model and task by `run`, `show` and `score`, the run summary suggests a higher --max-tokens, and
 * `show <run> --unread` lists each with its reason and an excerpt.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunStore } from '../../src/run/store.js';
import type { UnreadAnswer } from '../../src/run/unread.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { planUnreadAnswers, UROLOGY } from '../support/unread-run.js';
import { runCli, tempDir } from '../helpers.js';

let server: MockServer;
let model: string;
let dir: string;
let runOut: string;
let first: string;
let second: string;

beforeAll(async () => {
  server = await startMockOpenAI();
  model = `openai-compatible:mock-model@${server.url}`;
  ({ first, second } = await planUnreadAnswers(server));
  dir = join(tempDir(), 'run');
  const r = await runCli('run', '--model', model, '--cases', UROLOGY, '--tasks', 'department,preliminary', '--out', dir, '--no-cache', '--max-tokens', '256');
  expect(r.code).toBe(0);
  runOut = r.out;
});
afterAll(async () => server.close());

describe('answers the reader could not read whole', () => {
  it('are stored with their finish reason and read for what they are, nothing credited from their thinking', () => {
    const store = RunStore.open(dir);
    try {
      const jobs = store.jobs({ prompts: false });
      const of = (uid: string, lang: string, kind: string) => jobs.find((j) => j.caseUid === uid && j.language === lang && j.kind === kind)!;
      const cut = of(first, 'en', 'department-guide');
      expect(cut.finishReason).toBe('length');
      expect(JSON.parse(cut.parsed!)).toMatchObject({ department: null, reading: 'truncated' });
      expect(of(first, 'en', 'clinical-diagnosis').finishReason).toBe('length');
      expect(JSON.parse(of(first, 'en', 'clinical-diagnosis').parsed!)).toMatchObject({ reading: 'partial', found: ['preliminary', 'basis', 'differential', 'principal', 'principle'] });
      expect(JSON.parse(of(first, 'zh', 'department-guide').parsed!)).toMatchObject({ department: null, reading: 'refusal' });
      expect(JSON.parse(of(second, 'en', 'department-guide').parsed!)).toMatchObject({ department: 'urology', reading: 'ambiguous' });
      expect(JSON.parse(of(second, 'zh', 'department-guide').parsed!)).toMatchObject({ department: 'urology', reading: 'read' });
      expect(jobs.filter((j) => j.finishReason === 'stop')).toHaveLength(jobs.length - 2);
    } finally {
      store.close();
    }
  });

  it('are counted in the run summary, which suggests a higher --max-tokens when many were cut', () => {
    expect(runOut).toContain(`2 answers of ${model} were cut off by the token limit (clinical-diagnosis 1, department-guide 1): raise --max-tokens (now 256) for the next run`);
    expect(runOut).toMatch(/3 answers were unread, refused or ambiguous: clinicallab show .+ --unread lists them/);
    expect(runOut).toMatch(/refusals \(no answer to score\): department 1/);
    expect(runOut).toMatch(/cut off by the token limit: department 1, diagnosis 1/);
    expect(runOut).toMatch(/not in the requested form \(scored as given\): diagnosis 1/);
  });

  it('are counted per model and task by show and by score', async () => {
    const shown = await runCli('show', dir);
    expect(shown.code).toBe(0);
    const row = (kind: string): string[] => shown.out.split('\n').find((l) => l.startsWith(model) && l.includes(kind))!.split(/\s{2,}/).slice(1);
    // task, answered, cut off, refusals, unread, ambiguous, partial
    expect(row('department-guide')).toEqual(['department-guide', '6', '1', '1', '0', '1', '0']);
    expect(row('clinical-diagnosis')).toEqual(['clinical-diagnosis', '6', '1', '0', '1', '0', '1']);
    const scored = await runCli('score', dir);
    expect(scored.out).toMatch(/refusals \(no answer to score\): department 1; cut off by the token limit: department 1, diagnosis 1/);
    const json = JSON.parse((await runCli('score', dir, '--json')).out) as { models: { refused: Record<string, number>; truncated: Record<string, number>; leaderboard: { Acc: { n: number; value: number } } }[] };
    expect(json.models[0]).toMatchObject({ refused: { department: 1 }, truncated: { department: 1, diagnosis: 1 } });
    // a cut-off or refused answer is an answer with nothing in it: scored, as wrong — never dropped
    expect(json.models[0]!.leaderboard.Acc.n).toBe(6);
  });

  it('are listed by show --unread with the reason and an excerpt, per model and task', async () => {
    const listed = await runCli('show', dir, '--unread');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`${model} · department-guide: 3 (1 ambiguous, 1 refusal, 1 truncated)`);
    expect(listed.out).toContain(`${model} · clinical-diagnosis: 2 (1 partial, 1 unread)`);
    expect(listed.out).toContain(`${second.slice(0, 8)} en  ambiguous: names Urology, Nephrology with equal weight; the first is taken`);
    expect(listed.out).toContain(`${first.slice(0, 8)} en  truncated: cut off inside its reasoning before naming a department of the list (finish reason length)`);
    expect(listed.out).toContain('“<think> Colicky pain with vomiting');
    expect(listed.out).toContain(`${first.slice(0, 8)} zh  refusal: the model declined to answer`);
    expect(listed.out).toContain(`${first.slice(0, 8)} en  partial (cut off): no Treatment Plan section found (cut off by the token limit, finish reason length)`);
    expect(listed.out).toContain(`${first.slice(0, 8)} zh  unread: no labelled section found`);
    const json = JSON.parse((await runCli('show', dir, '--unread', '--json')).out) as UnreadAnswer[];
    expect(json.map((a) => [a.kind, a.language, a.reading, a.cut])).toEqual([
      ['department-guide', 'en', 'ambiguous', false],
      ['department-guide', 'zh', 'refusal', false],
      ['department-guide', 'en', 'truncated', true],
      ['clinical-diagnosis', 'en', 'partial', true],
      ['clinical-diagnosis', 'zh', 'unread', false],
    ]);
  });

  it('keep their finish reason when they come from the response cache, and are read the same', async () => {
    const cache = tempDir();
    const args = ['--model', model, '--cases', UROLOGY, '--tasks', 'department', '--cache-dir', cache];
    expect((await runCli('run', ...args, '--out', join(tempDir(), 'a'))).code).toBe(0);
    server.reset();
    const again = join(tempDir(), 'b');
    expect((await runCli('run', ...args, '--out', again)).code).toBe(0);
    expect(server.calls).toHaveLength(0); // every answer from the cache
    const store = RunStore.open(again);
    try {
      const cut = store.jobs({ prompts: false }).find((j) => j.caseUid === first && j.language === 'en')!;
      expect(cut).toMatchObject({ cached: true, finishReason: 'length' });
      expect(JSON.parse(cut.parsed!)).toMatchObject({ department: null, reading: 'truncated' });
    } finally {
      store.close();
    }
  });

  it('says so when every answer was read whole', async () => {
    const clean = join(tempDir(), 'clean');
    server.respond({ kind: 'ok', text: 'urinary surgical department' });
    expect((await runCli('run', '--model', model, '--cases', UROLOGY, '--tasks', 'department', '--out', clean, '--no-cache')).code).toBe(0);
    expect((await runCli('show', clean, '--unread')).out).toContain('was read whole');
    expect((await runCli('show', clean)).out).not.toContain('Answers not read whole');
    expect((await runCli('show', clean, '--all')).code).toBe(2);
  });
});
