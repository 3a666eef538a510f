/**
 * The text-metric profile and the BERTScore models in a run's scoring settings: laid over by flags (each change
 * said), compared (scores of other settings are recomputed), described, and read back from older records.
 */
import { describe, expect, it } from 'vitest';
import { bertModels, bertText } from '../../src/metrics/bert-settings.js';
import { defaultScoring, describeScoring, effectiveScoring, rowsDiffer, unrecordedScoring } from '../../src/metrics/settings.js';
import type { BertscoreModel, ScoringSettings } from '../../src/run/recorded.js';

const model = (over: Partial<BertscoreModel> = {}): BertscoreModel => ({ dir: '/m/bert-base-chinese', identity: 'aaaa', layer: null, rescale: null, ...over });
const settings = (over: Partial<ScoringSettings> = {}): ScoringSettings => ({ ...defaultScoring(), ...over });

describe('the text profile in the scoring settings', () => {
  it('is clinicallab for a new run, and for a run or record that names none', () => {
    expect(defaultScoring().profile).toBe('clinicallab');
    expect(unrecordedScoring().profile).toBe('clinicallab');
    // a run of the first recording version, before the profile was a choice: its record lacks it
    const { profile: _p, ...older } = settings();
    expect(effectiveScoring(older).settings.profile).toBe('clinicallab');
    expect(effectiveScoring(undefined, {}, unrecordedScoring()).settings.profile).toBe('clinicallab');
  });

  it('is changed by --profile, said with what the run had, and not said when it changes nothing', () => {
    const e = effectiveScoring(settings(), { profile: 'authors' });
    expect(e.settings.profile).toBe('authors');
    expect(e.overrides).toEqual(["--profile authors (the run's: clinicallab)"]);
    expect(effectiveScoring(settings({ profile: 'authors' }), { profile: 'authors' }).overrides).toEqual([]);
    const byReference = effectiveScoring(settings(), { profile: 'authors', profileNote: 'text profile authors (--reference)' });
    expect(byReference.overrides).toEqual(["text profile authors (--reference) (the run's: clinicallab)"]);
  });

  it('makes scores of another profile, layer or rescaling count as computed otherwise', () => {
    const base = settings({ bertscore: model() });
    expect(rowsDiffer(base, { ...base })).toBe(false);
    expect(rowsDiffer(base, { ...base, profile: 'authors' })).toBe(true);
    expect(rowsDiffer(base, { ...base, bertscore: model({ layer: 8 }) })).toBe(true);
    expect(rowsDiffer(base, { ...base, bertscore: model({ rescale: 'built-in' }) })).toBe(true);
    expect(rowsDiffer(base, { ...base, bertscore: { zh: model() } })).toBe(true); // en loses its model
    // the same model for both languages, written either way, is the same setting
    expect(rowsDiffer(base, { ...base, bertscore: { zh: model(), en: model() } })).toBe(false);
    // where it is, and an unset layer written as absent or null, are not what the vectors depend on
    expect(rowsDiffer(base, { ...base, bertscore: { dir: '/elsewhere', identity: 'aaaa' } })).toBe(false);
  });

  it('reads the one-model record of earlier runs as the model of both languages', () => {
    const legacy = { dir: '/m/x', identity: 'bbbb' };
    expect(bertModels(legacy)).toEqual({ zh: legacy, en: legacy });
    expect(bertModels({ en: model() })).toEqual({ en: model() });
    expect(bertModels(null)).toEqual({});
  });

  it('describes the profile and each language’s model with its layer and rescaling', () => {
    const per = settings({
      profile: 'authors',
      bertscore: { zh: model({ layer: 8, rescale: 'built-in' }), en: model({ dir: '/m/roberta-large', identity: 'cccc', rescale: { file: '/b/roberta-large.tsv', rows: { '17': { precision: 0.8, recall: 0.8, f1: 0.8 } } } }) },
    });
    const text = describeScoring(per);
    expect(text).toContain('text profile authors');
    expect(text).toContain("BERTScore zh: /m/bert-base-chinese (identity aaaa, layer 8, rescaled with bert-score's baseline); en: /m/roberta-large (identity cccc, rescaled with the baseline of /b/roberta-large.tsv)");
    expect(bertText({ zh: model() })).toBe('zh: /m/bert-base-chinese (identity aaaa); en: none');
    expect(describeScoring(settings({ bertscore: { zh: model() } }))).toContain('en: none (BLEU + ROUGE-L only)');
    expect(describeScoring(settings())).toContain('BERTScore none (BLEU + ROUGE-L only)');
  });
});
