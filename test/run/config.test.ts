import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfig } from '../../src/run/config.js';
import { Progress } from '../../src/run/progress.js';
import { kindsForTasks, modelEntries, newRunId } from '../../src/run/setup.js';
import { tempDir } from '../helpers.js';

describe('the config file', () => {
  it('reads YAML with per-model settings, and flags win over it', () => {
    const config = parseConfig(
      `models:
  - openai:gpt-4o-mini
  - spec: openai-compatible:qwen@http://127.0.0.1:8000/v1
    concurrency: 32
    maxTokens: 1024
    apiKeyEnv: VLLM_KEY
    price: { input: 0.1, output: 0.2 }
concurrency: 8
temperature: 0
tasks: [department, pd]
`,
      'clinicallab.config.yaml',
    );
    const entries = modelEntries(undefined, config, { maxTokens: 99 });
    expect(entries.map((e) => [e.spec.id, e.concurrency, e.params.maxTokens, e.price])).toEqual([
      ['openai:gpt-4o-mini', 8, 99, { input: 0.15, output: 0.6 }],
      ['openai-compatible:qwen@http://127.0.0.1:8000/v1', 32, 99, { input: 0.1, output: 0.2 }],
    ]);
    expect(entries[1]!.settings.apiKeyEnv).toBe('VLLM_KEY');
    expect(kindsForTasks(config.tasks)).toEqual(['department-guide', 'clinical-diagnosis']);
  });

  it('names the file and the field of every mistake', () => {
    expect(() => parseConfig('models:\n  - spec: openai:gpt-4o\n    concurency: 3\n', 'c.yaml')).toThrow('c.yaml: `models[0]` unknown setting "concurency"');
    expect(() => parseConfig('{"maxCost": -1}', 'c.json')).toThrow(/c\.json: `maxCost` /);
    expect(() => parseConfig('models: [\n', 'c.yaml')).toThrow(/c\.yaml: cannot be read as YAML/);
    expect(() => parseConfig('{"lang": "fr"}', 'c.json')).toThrow(/`lang`/);
  });

  it('is found in the current folder, and a named one must exist', () => {
    const dir = tempDir();
    expect(loadConfig(undefined, dir)).toEqual({ config: {} });
    writeFileSync(join(dir, 'clinicallab.config.json'), '{"limit": 5}');
    expect(loadConfig(undefined, dir).config).toEqual({ limit: 5 });
    expect(() => loadConfig(join(dir, 'nope.yaml'))).toThrow(/nope\.yaml: cannot be read \(ENOENT\)/);
  });

  it('refuses unknown task names with the list of good ones, and maps difr to both variants', () => {
    expect(kindsForTasks(['difr'])).toEqual(['department-guide-3', 'department-guide-5']);
    expect(kindsForTasks(['8', 'FD'])).toEqual(['clinical-diagnosis', 'imaging-diagnosis']);
    expect(() => kindsForTasks(['diagnosis'])).toThrow(/"diagnosis" is not a task; use department/);
  });

  it('names new runs by time and models', () => {
    const entries = modelEntries(['openai:gpt-4o-mini', 'llama-cpp:/m/tiny-q4.gguf'], {});
    expect(newRunId(entries, new Date('2026-11-29T19:15:00Z'))).toBe('20261129-191500-gpt-4o-mini+tiny-q4');
    expect(() => modelEntries(['openai:gpt-4o', 'openai:gpt-4o'], {})).toThrow(/given twice/);
  });
});

describe('progress', () => {
  it('prints plain periodic lines in a log, with counts, tokens, cost and ETA', () => {
    let t = 0;
    const lines: string[] = [];
    const p = new Progress({ total: 10, alreadyDone: 2, tty: false, write: (s) => lines.push(s), intervalMs: 1000, now: () => t });
    const job = {} as never;
    for (let i = 0; i < 4; i++) {
      t += 400;
      p.update({ type: 'job-done', job, cached: false, inputTokens: 100, outputTokens: 10, cost: 0.01 });
    }
    p.update({ type: 'job-error', job, kind: 'server', message: 'x' });
    p.finish();
    expect(lines.length).toBeLessThan(5);
    expect(lines.at(-1)).toBe('7/10 (70%) · 1 errors · 0 retries · 0 cached · tokens 400→40 · $0.0400 · elapsed 2s · ETA 1s\n');
  });

  it('redraws one line in place on a terminal, with a bar, and ends it with a newline', () => {
    let t = 0;
    const out: string[] = [];
    const p = new Progress({ total: 4, alreadyDone: 0, tty: true, write: (s) => out.push(s), intervalMs: 100, now: () => t });
    const job = {} as never;
    for (let i = 0; i < 4; i++) {
      t += 30; // faster than the interval: not every answer redraws
      p.update({ type: 'job-done', job, cached: i === 0, inputTokens: 10, outputTokens: 1, cost: null });
    }
    p.finish();
    expect(out.length).toBeLessThan(5);
    // every redraw returns to the line start and clears it; no line breaks until the end
    for (const w of out.slice(0, -1)) expect(w.startsWith('\r\u001b[2K')).toBe(true);
    expect(out.slice(0, -1).join('')).not.toContain('\n');
    expect(out.at(-2)).toBe('\r\u001b[2K[████████████████████████] 4/4 (100%) · 0 errors · 0 retries · 1 cached · tokens 40→4 · $0.0000+unknown · elapsed 0s · ETA ?'); // no ETA from fewer than five answers
    expect(out.at(-1)).toBe('\n');
  });
});
