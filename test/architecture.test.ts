import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/** The pipeline, in order. A stage may import from itself and the stages before it, never from later ones. */
const STAGES = ['bench', 'tasks', 'models', 'run', 'metrics', 'agent', 'report', 'cli'];
const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('the source tree shows the pipeline', () => {
  it('has one folder per stage and nothing else at the top but the library entry', () => {
    const top = readdirSync(SRC);
    expect(top.filter((n) => statSync(join(SRC, n)).isDirectory()).sort()).toEqual([...STAGES].sort());
    expect(top.filter((n) => !statSync(join(SRC, n)).isDirectory())).toEqual(['index.ts']);
  });

  it('never imports from a later stage', () => {
    const violations: string[] = [];
    for (const file of files(SRC)) {
      const rel = relative(SRC, file);
      const stage = rel.split('/')[0]!;
      const rank = STAGES.indexOf(stage);
      if (rank < 0) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
        const target = relative(SRC, join(file, '..', m[1]!)).split('/')[0]!;
        const targetRank = STAGES.indexOf(target);
        if (targetRank > rank) violations.push(`${rel} imports ${m[1]} (${target} comes after ${stage})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('keeps files small (at most 400 lines)', () => {
    const big = files(SRC)
      .map((f) => [relative(ROOT, f), readFileSync(f, 'utf8').split('\n').length] as const)
      .filter(([, n]) => n > 400);
    expect(big).toEqual([]);
  });
});
