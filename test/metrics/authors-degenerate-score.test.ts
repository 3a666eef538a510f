/**
 * Degenerate answers scored with the authors profile as a run scores them: an empty imaging impression, or one of
 * only full stops, is where rouge 1.0.1 raises; the score takes ROUGE-L 0 and the row says so (`notes`), which
 * `score` and `run` count under the table. sacrebleu scores such answers itself (0, or its value for a
 * punctuation-only hypothesis).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { loadCases } from '../../src/bench/loader.js';
import { createMatcher } from '../../src/metrics/matcher/index.js';
import { scoreCase, type ScoringContext } from '../../src/metrics/score-case.js';
import { profileLines } from '../../src/report/profile-text.js';
import type { TextSimilarity } from '../../src/metrics/text/index.js';

let c: ClinicalCase;
beforeAll(async () => {
  const { cases } = await loadCases([join(BUNDLED_CASES_DIR, 'urology.json')], { strict: true });
  c = cases.find((x) => x.imaging.length > 0 && x.language === 'en')!;
});

async function imagingRow(impression: string, profile: ScoringContext['profile']): Promise<TextSimilarity> {
  const exam = c.imaging[0]!;
  const out = await scoreCase(c, [{ kind: 'imaging-diagnosis', exam: exam.key, status: 'done', parsed: { impression } }], { matcher: createMatcher(), profile });
  return out.rows.find((r) => r.task === 'imaging' && r.exam === exam.key)!.detail as TextSimilarity;
}

describe('degenerate answers under the authors profile', () => {
  it('takes ROUGE-L 0 where rouge 1.0.1 raises, and notes it on the row', async () => {
    const empty = await imagingRow('', 'authors');
    expect(empty).toMatchObject({ bleu: 0, rouge: 0, score: 0, profile: 'authors', notes: ['rouge-empty-hypothesis'] });
    const stops = await imagingRow('...', 'authors');
    expect(stops.rouge).toBe(0);
    expect(stops.notes).toEqual(['rouge-empty-hypothesis']);
    expect(stops.bleu).toBeGreaterThan(0); // sacrebleu: "..." is a token that the reference's full stops match
    // the clinicallab profile scores the same answers without any library behaviour to note
    expect((await imagingRow('', 'clinicallab')).notes).toBeUndefined();
  });

  it('counts them in the line under the table', () => {
    expect(profileLines(['authors'], { 'rouge-empty-hypothesis': 2 })).toContain(
      'On 2 text scores rouge 1.0.1 itself would raise (empty answer 2); the values taken instead are those docs/metrics.md gives.',
    );
  });
});
