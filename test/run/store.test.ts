import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashOf } from '../../src/run/keys.js';
import { jobFor, type ModelEntry } from '../../src/run/jobs.js';
import { RunStore } from '../../src/run/store.js';
import { parseModelSpec } from '../../src/models/spec.js';
import type { Prompt } from '../../src/tasks/prompts.js';
import { tempDir } from '../helpers.js';

const entry = (spec: string, temperature = 0): ModelEntry => ({ spec: parseModelSpec(spec), params: { temperature }, settings: { apiKey: 'sk-never-in-a-key' }, concurrency: 2, timeoutMs: 1000, maxRetries: 1 });
const prompt = (text: string, uid = 'u1'): Prompt => ({ kind: 'department-guide', caseUid: uid, language: 'en', k: 1, template: { name: 'department-guide', hash: 'abc', source: 'builtin' }, text });

describe('job keys', () => {
  it('are stable, change with anything that changes the answer, and never hold a key', () => {
    const a = jobFor(entry('openai:gpt-4o'), prompt('hello'));
    expect(jobFor(entry('openai:gpt-4o'), prompt('hello')).key).toBe(a.key);
    expect(jobFor(entry('openai:gpt-4o', 0.7), prompt('hello')).key).not.toBe(a.key);
    expect(jobFor(entry('openai:gpt-4o-mini'), prompt('hello')).key).not.toBe(a.key);
    expect(jobFor(entry('openai:gpt-4o'), prompt('hello!')).key).not.toBe(a.key);
    expect(jobFor(entry('openai:gpt-4o'), prompt('hello', 'u2')).key).not.toBe(a.key);
    expect(JSON.stringify(a)).not.toContain('sk-never');
    expect(hashOf({ b: 1, a: 2 })).toBe(hashOf({ a: 2, b: 1 }));
  });
});

describe('the run store', () => {
  const jobs = ['a', 'b', 'c', 'd'].map((t) => jobFor(entry('openai:gpt-4o'), prompt(t, t)));

  it('adds each job once, hands each pending job to one worker, and lets only that worker complete it', () => {
    const store = RunStore.open(tempDir());
    expect(store.addJobs(jobs)).toBe(4);
    expect(store.addJobs(jobs)).toBe(0);
    const w1 = store.claim('openai:gpt-4o', 3, 'w1', 60_000);
    const w2 = store.claim('openai:gpt-4o', 3, 'w2', 60_000);
    expect(w1).toHaveLength(3);
    expect(w2).toHaveLength(1);
    expect(new Set([...w1, ...w2].map((j) => j.key)).size).toBe(4);
    const result = { response: 'x', parsed: {}, latencyMs: 1, cost: null, finishReason: 'stop', attempts: 1, cached: false };
    expect(store.complete(w1[0]!.key, 'w2', result)).toBe(false);
    expect(store.complete(w1[0]!.key, 'w1', result)).toBe(true);
    expect(store.complete(w1[0]!.key, 'w1', result)).toBe(false);
    expect(store.fail(w1[1]!.key, 'w1', 'server', 'HTTP 500', 3)).toBe(true);
    store.release(w1[2]!.key, 'w1');
    expect(store.counts().map((c) => [c.status, c.n])).toEqual([
      ['done', 1],
      ['error', 1],
      ['pending', 1],
      ['running', 1],
    ]);
    expect(store.resetErrors()).toBe(1);
    expect(store.integrityCheck()).toBe('ok');
    store.close();
  });

  it('takes back the jobs of a worker that died or whose lease ran out', () => {
    const store = RunStore.open(tempDir());
    store.addJobs(jobs);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const host = hostname();
    store.claim('openai:gpt-4o', 1, `${host}/${dead}/x`, 60_000);
    store.claim('openai:gpt-4o', 1, `${host}/${process.pid}/y`, 60_000); // this process's live worker: kept
    store.claim('openai:gpt-4o', 1, `other-host/1/z`, -1); // lease already over
    expect(store.reclaimStale(Date.now(), new Set([`${host}/${process.pid}/y`]))).toBe(2);
    expect(store.counts().find((c) => c.status === 'running')!.n).toBe(1);
    // a restart that got the same pid: the old worker of this pid is dead unless it is one of ours
    expect(store.reclaimStale(Date.now(), new Set([`${host}/${process.pid}/new`]))).toBe(1);
    store.close();
  });
});
