/**
 * A run records its BERTScore models per language with the layer and the rescaling it is scored with, and is
 * rescored with them with no flag — from the recorded baseline rows, even when the baseline file is gone.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { readManifest } from '../../src/run/meta-records.js';
import { RunStore } from '../../src/run/store.js';
import { runCli, tempDir } from '../helpers.js';
import { haveTransformers, NO_TRANSFORMERS } from '../support/model-tests.js';
import { writeTinyBert } from '../support/tiny-bert.js';

const skip = !haveTransformers && !process.env.CI;
const why = haveTransformers ? '' : ` (${NO_TRANSFORMERS})`;

type Detail = { bertscore: number | null; components: string; profile: string };
function textRows(dir: string): { language: string; detail: Detail }[] {
  const store = RunStore.open(dir, { readonly: true });
  try {
    return store
      .scores('baseline')
      .filter((s) => s.task === 'basis')
      .map((s) => ({ language: s.language, detail: s.detail as Detail }));
  } finally {
    store.close();
  }
}

let model: string;
let baseline: string;
let run: string;
beforeAll(async () => {
  if (skip) return;
  model = writeTinyBert(join(tempDir(), 'bert'), { layers: 2, hiddenStates: true });
  baseline = join(tempDir(), 'tiny.tsv');
  writeFileSync(baseline, 'LAYER,P,R,F\n1,0.5,0.5,0.5\n2,0.6,0.6,0.6\n');
  run = join(tempDir(), 'run');
  const made = await runCli(
    'run', '--cases', join(BUNDLED_CASES_DIR, 'urology.json'), '--limit', '2', '--tasks', 'basis', '--profile', 'authors',
    '--bertscore-model', `zh=${model}`, '--bertscore-layer', '1', '--bertscore-baseline', `zh=${baseline}`, '--out', run,
  );
  expect(made.code, made.err).toBe(0);
}, 120_000);

describe('BERTScore settings per language', () => {
  it.skipIf(skip)(`are recorded with the profile, the layer and the baseline rows${why}`, async () => {
    const store = RunStore.open(run, { readonly: true });
    const manifest = readManifest(store, run)!;
    store.close();
    expect(manifest.scoring).toMatchObject({
      profile: 'authors',
      bertscore: { zh: { dir: model, identity: expect.stringMatching(/^[0-9a-f]{16}$/), layer: 1, rescale: { file: baseline, rows: { '1': { f1: 0.5 }, '2': { f1: 0.6 } } } } },
    });
    expect(manifest.scoring!.bertscore).not.toHaveProperty('en');
    const show = await runCli('show', run);
    expect(show.out).toMatch(new RegExp(`BERTScore zh: ${model.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(identity [0-9a-f]{16}, layer 1, rescaled with the baseline of .*tiny\\.tsv\\); en: none \\(BLEU \\+ ROUGE-L only\\)`));
    // zh text scores have BERTScore, en ones not (no model for en), all of the authors profile
    const rows = textRows(run);
    expect(rows.map((r) => [r.language, r.detail.components, r.detail.profile]).sort()).toEqual([
      ['en', 'bleu+rouge', 'authors'],
      ['zh', 'bleu+rouge+bertscore', 'authors'],
    ]);
  });

  it.skipIf(skip)(`are used again with no flag, from the recorded rows when the baseline file is gone${why}`, async () => {
    const before = textRows(run).find((r) => r.language === 'zh')!.detail.bertscore;
    rmSync(baseline);
    const again = await runCli('score', run);
    expect(again.code, again.err).toBe(0);
    expect(again.out).not.toContain('scored with');
    expect(textRows(run).find((r) => r.language === 'zh')!.detail.bertscore).toBe(before);
    // without the rescaling the same vectors give another (higher) BERTScore, and the change is said
    const plain = await runCli('score', run, '--bertscore-model', `zh=${model}`, '--bertscore-layer', '1');
    expect(plain.code, plain.err).toBe(0);
    expect(plain.out).toContain(`scored with --bertscore-model zh: ${model} (identity`);
    expect(plain.out).toContain("(the run's: zh:");
    expect(textRows(run).find((r) => r.language === 'zh')!.detail.bertscore).toBeGreaterThan(before!);
  });

  it.skipIf(skip)(`refuse what cannot be done, naming the flag${why}`, async () => {
    const noModel = await runCli('score', run, '--bertscore-layer', '1');
    expect(noModel.code).toBe(2);
    expect(noModel.err).toContain('need --bertscore-model');
    const badLayer = await runCli('score', run, '--bertscore-model', model, '--bertscore-layer', 'eight');
    expect(badLayer.code).toBe(2);
    expect(badLayer.err).toContain('--bertscore-layer should be a whole number, not "eight"');
    // the tiny model is none of bert-score's, so it has no built-in baseline
    const rescale = await runCli('score', run, '--bertscore-model', model, '--bertscore-layer', '1', '--bertscore-rescale');
    expect(rescale.code).toBe(1);
    expect(rescale.err).toContain('no built-in baseline');
  });
});
