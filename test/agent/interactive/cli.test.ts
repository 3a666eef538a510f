/**
 * `clinicallab interactive` end to end: offline with the baseline in both roles on the bundled set, in zh and en;
 * and a run killed with SIGKILL mid-way that resumes without losing or repeating a turn.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredTranscript } from '../../../src/agent/interactive/scores.js';
import { BUNDLED_CASES_DIR } from '../../../src/bench/bundled.js';
import { RunStore } from '../../../src/run/store.js';
import { startMockOpenAI, type MockServer } from '../../support/mock-openai.js';
import { ROOT, runCli, tempDir } from '../../helpers.js';

function transcripts(dir: string): StoredTranscript[] {
  const store = RunStore.open(dir, { readonly: true });
  try {
    return store.jobs({ prompts: false }).filter((j) => j.kind === 'interactive-transcript').map((j) => JSON.parse(j.parsed!) as StoredTranscript);
  } finally {
    store.close();
  }
}

describe('clinicallab interactive, offline', () => {
  it.each(['en', 'zh'] as const)('runs the baseline as doctor and patient on the bundled %s records, with the leaderboard section and the information gap', async (lang) => {
    const dir = join(tempDir(), 'run');
    const r = await runCli('interactive', '--lang', lang, '--limit', '4', '--out', dir, '--no-cache');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Interactive ClinicalBench\n/);
    expect(r.out).toMatch(/interactive:baseline\s+baseline\s+4\s/);
    expect(r.out).toMatch(/Information gap \(FD static − FD interactive, points\)/);
    expect(r.out).toMatch(/baseline\s+all\s+4\s/);
    const ts = transcripts(dir);
    expect(ts).toHaveLength(4);
    for (const t of ts) {
      expect(t.language).toBe(lang);
      expect(t.questions).toBeGreaterThan(0);
      expect(t.orders.some((o) => o.done)).toBe(true); // it ordered something the case has
      const said = t.turns.flatMap((x) => (x.reply?.by === 'patient' ? [x.reply.text] : []));
      expect(said.length).toBeGreaterThan(0);
      for (const s of said) {
        if (lang === 'en') expect(s).not.toMatch(/\bthe patient\b/i);
        else expect(s).not.toMatch(/患者/);
      }
      expect(said.some((s) => (lang === 'en' ? /\b(?:I|my)\b/ : /我/).test(s))).toBe(true); // in the first person
    }
    // score (and report) show the same section of their own
    const scored = await runCli('score', dir);
    expect(scored.code).toBe(0);
    expect(scored.out).toMatch(/Interactive ClinicalBench\n[\s\S]*interactive:baseline\s+baseline\s+4\s[\s\S]*Information gap/);
    // deterministic: the same transcripts again in another directory
    const again = join(tempDir(), 'again');
    expect((await runCli('interactive', '--lang', lang, '--limit', '4', '--out', again, '--no-cache')).code).toBe(0);
    expect(transcripts(again).map((t) => t.turns)).toEqual(ts.map((t) => t.turns));
  }, 60_000);

  it('explains itself in --help and refuses a bad flag with a usage error', async () => {
    const help = await runCli('interactive', '--help');
    expect(help.code).toBe(0);
    for (const flag of ['--model', '--doctor', '--patient', '--max-questions', '--max-exams', '--max-turns', '--actions', '--no-static', '--exam-prices', '--lang', '--limit', '--out']) expect(help.out).toContain(flag);
    expect(help.out).toMatch(/chief complaint/);
    const bad = await runCli('interactive', '--actions', 'smoke-signals', '--out', join(tempDir(), 'x'));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--actions "smoke-signals" should be auto, tools or text');
    const turns = await runCli('interactive', '--max-turns', '0', '--out', join(tempDir(), 'y'));
    expect(turns.code).toBe(2);
    expect(turns.err).toContain('--max-turns "0"');
  });

  it('takes --model for both roles, a role flag overriding it for its role (the convention of every command)', async () => {
    const server = await startMockOpenAI();
    try {
      server.respond((call) => {
        const p = call.messages.at(-1)!.content;
        if (call.model === 'helper') return { kind: 'ok', text: 'It started yesterday.' };
        if (/Departments of this hospital/.test(p)) return { kind: 'ok', text: 'neurology department' };
        return { kind: 'ok', text: 'FINAL:\nPreliminary Diagnosis: 1. Stroke\nPrincipal Diagnosis: Stroke\nTreatment Plan: 1. Aspirin' };
      });
      const spec = `openai-compatible:helper@${server.url}`;
      const both = await runCli('interactive', '--model', spec, '--cases', join(BUNDLED_CASES_DIR, 'neurology.json'), '--lang', 'en', '--limit', '1', '--no-static', '--no-cache', '--json', '--out', join(tempDir(), 'a'));
      expect(both.code, both.err).toBe(0);
      expect(JSON.parse(both.out).interactive[0]).toMatchObject({ doctor: spec, patient: spec });
      const mixed = await runCli('interactive', '--model', spec, '--patient', 'baseline', '--cases', join(BUNDLED_CASES_DIR, 'neurology.json'), '--lang', 'en', '--limit', '1', '--no-static', '--no-cache', '--json', '--out', join(tempDir(), 'b'));
      expect(mixed.code, mixed.err).toBe(0);
      expect(JSON.parse(mixed.out).interactive[0]).toMatchObject({ doctor: spec, patient: 'baseline' });
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('an interactive run killed with SIGKILL', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockOpenAI();
  });
  afterAll(async () => server.close());

  it('resumes where it stopped: no turn lost, no finished turn asked again', async () => {
    const dir = join(tempDir(), 'killed');
    const spec = (n: string): string => `openai-compatible:${n}@${server.url}`;
    const seen = new Set<string>();
    let repeats = 0;
    let killAt = 10;
    let child: ReturnType<typeof spawn> | undefined;
    const SCRIPT = ['ASK: When did it start?', 'EXAMINE: vital signs', 'ORDER: routine blood test', 'ASK: Any headache?'];
    server.respond((call) => {
      const p = call.messages.at(-1)!.content;
      const key = `${call.model}\u0000${p}`;
      if (seen.has(key)) repeats++;
      seen.add(key);
      if (seen.size === killAt && child) child.kill('SIGKILL');
      if (call.model === 'patient') return { kind: 'ok', text: 'Two days ago.', delayMs: 20 };
      if (/Departments of this hospital/.test(p)) return { kind: 'ok', text: 'neurology department', delayMs: 20 };
      const turn = (p.match(/^Turn \d+\. You:/gm) ?? []).length;
      return { kind: 'ok', text: SCRIPT[turn] ?? 'FINAL:\nPreliminary Diagnosis: 1. Stroke\nPrincipal Diagnosis: Stroke\nTreatment Plan: 1. Aspirin', delayMs: 20 };
    });
    const args = [join(ROOT, 'bin', 'clinicallab.js'), 'interactive', '--cases', join(BUNDLED_CASES_DIR, 'neurology.json'), '--lang', 'en', '--out', dir, '--no-cache', '--no-static', '--concurrency', '2', '--doctor', spec('doctor'), '--patient', spec('patient'), '--json'];
    const once = (): Promise<number | null> =>
      new Promise((resolve) => {
        child = spawn(process.execPath, args, { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
        child.on('exit', (code) => resolve(code));
      });
    expect(await once()).toBeNull(); // killed
    killAt = -1;
    const before = RunStore.open(dir);
    const doneBefore = new Map(before.jobs({ status: 'done', prompts: false }).map((j) => [j.key, j.updatedAt]));
    before.close();
    expect(doneBefore.size).toBeGreaterThan(0);
    expect(await once()).toBe(0);
    const after = RunStore.open(dir);
    const jobs = after.jobs({ prompts: false });
    after.close();
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    for (const j of jobs) if (doneBefore.has(j.key)) expect(j.updatedAt).toBe(doneBefore.get(j.key)); // not redone
    expect(jobs.filter((j) => j.kind === 'clinical-diagnosis')).toHaveLength(3); // the three en neurology records
    expect(jobs.filter((j) => j.kind === 'interactive-doctor')).toHaveLength(3 * 5); // four actions and the final, per case
    expect(jobs.filter((j) => j.kind === 'interactive-patient')).toHaveLength(3 * 2);
    expect(repeats).toBeLessThanOrEqual(2); // only requests in flight at the kill (two cases at once)
  }, 60_000);
});
