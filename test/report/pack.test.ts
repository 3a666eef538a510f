/**
 * The page's packed data (src/report/pack.ts): it unpacks to exactly the view model — by the page's own script
 * too — whatever the text holds (strings that look like references stay themselves), it holds no long text
 * twice, and a real agent report gets much smaller for it.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { unpack } from '../../src/report/browser/unpack.js';
import { scriptJson } from '../../src/report/html.js';
import { packViewModel, unpackViewModel, type PackedViewModel } from '../../src/report/pack.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { tempDir } from '../helpers.js';
import { makeAgentRun } from './agent-fixture.js';
import { emptyLexiconContext } from './fixture.js';

/** The page's own `unpack` (src/report/browser/unpack.ts, bundled into the page), given the page's JSON. */
function clientUnpack(p: PackedViewModel): unknown {
  return unpack(JSON.parse(JSON.stringify(p)) as PackedViewModel);
}

/** Through JSON, as the page reads it (no undefined, numbers as written). */
const viaJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x)) as unknown;

let vm: ReportViewModel;
beforeAll(async () => {
  const dir = join(tempDir(), 'agent-run');
  await makeAgentRun(dir);
  vm = await buildViewModel([dir], { context: emptyLexiconContext(), ci: false });
}, 90_000);

describe('the packed page data', () => {
  it('unpacks to the view model exactly, in Node and with the page’s script', () => {
    const packed = viaJson(packViewModel(vm)) as PackedViewModel;
    expect(unpackViewModel(packed)).toEqual(viaJson(vm));
    expect(viaJson(clientUnpack(packed))).toEqual(viaJson(vm));
  });

  it('leaves text that looks like its references as it was', () => {
    const nasty = {
      raw: 'prefix \u0001r0,5 the part that repeats inside, the part that repeats inside',
      answers: {
        a: { raw: '\u0001s0 raw that starts with the mark', sections: { x: 'raw that starts with the mark', y: '\u0001\u0001double' } },
        b: { raw: null, job: { raw: 'the job’s raw answer, long enough' }, text: 'raw answer, long enough', other: '\u0001r3,4' },
      },
      rows: [{ task: 'x', gold: 'the part that repeats inside' }, { task: 'y', explanation: 'the part that repeats inside', extra: 1 }, { task: 'x', gold: '\u0001s0' }],
      repeated: ['a string seen twice here', 'a string seen twice here', '\u0001'],
    };
    const packed = viaJson(packViewModel(nasty)) as PackedViewModel;
    expect(unpackViewModel(packed)).toEqual(nasty);
    expect(clientUnpack(packed)).toEqual(nasty);
  });

  it('holds no text of 12 characters or more twice, and makes an agent report far smaller', () => {
    const packed = packViewModel(vm);
    const seen = new Map<string, number>();
    const walk = (v: unknown): void => {
      if (typeof v === 'string') {
        if (v.length >= 12 && !v.startsWith('\u0001')) seen.set(v, (seen.get(v) ?? 0) + 1);
      } else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(packed);
    expect([...seen].filter(([, n]) => n > 1).map(([s]) => s)).toEqual([]);
    // an agent's steps repeat its answers, the case's findings and the clinicians' opinions
    const plain = Buffer.byteLength(scriptJson(vm));
    const small = Buffer.byteLength(scriptJson(packed));
    expect(small / plain).toBeLessThan(0.7);
  });
});
