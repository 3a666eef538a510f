import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCaseFile } from '../../src/bench/loader.js';
import { fixture } from '../helpers.js';

const seed = readFileSync(fixture('quirks', 'lines.jsonl'));

function accountsForEverything(bytes: Uint8Array): void {
  const r = parseCaseFile(bytes, 'fuzz.json');
  expect(r.report.loaded + r.report.skipped).toBe(r.report.records);
  expect(r.cases.length).toBe(r.report.loaded);
  // a skipped record always comes with at least one error naming it
  const errors = r.problems.filter((p) => p.severity === 'error');
  if (r.report.skipped > 0) expect(errors.length).toBeGreaterThan(0);
}

describe('the loader on arbitrary input', () => {
  it('never throws on random bytes and accounts for every record', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => accountsForEverything(bytes)), { numRuns: 1500, seed: 7 });
  });

  it('never throws on mutated real files (cut, flipped, spliced)', () => {
    fc.assert(
      fc.property(fc.nat(seed.length), fc.nat(seed.length), fc.uint8Array({ maxLength: 8 }), (a, b, junk) => {
        const [from, to] = a < b ? [a, b] : [b, a];
        const mutated = Buffer.concat([seed.subarray(0, from), Buffer.from(junk), seed.subarray(to)]);
        accountsForEverything(mutated);
      }),
      { numRuns: 800, seed: 11 },
    );
  });

  it('never throws on arbitrary JSON values', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => accountsForEverything(Buffer.from(JSON.stringify(v) ?? 'null'))), { numRuns: 1500, seed: 13 });
  });
});
