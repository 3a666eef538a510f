/**
 * Early vs late (advanced) forms (src/metrics/matcher/named-scales.ts "timing", docs/metrics.md "Stages, severity
 * …: the policy"): stated on both sides and in conflict they are two diagnoses, stated on one side only they are set
 * aside; of a cancer they also state its extent, so "advanced" conflicts with an early stage. Onset (早发型,
 * late-onset) stays an axis of its own.
 */
import { describe, it } from 'vitest';
import { bare, check, no, yes } from '../support/match-checks.js';

describe('early vs late forms', () => {
  it('conflict when both are stated, in both languages', () => {
    check(bare, [
      ['early dumping syndrome', 'late dumping syndrome'],
      ['early postpartum hemorrhage', 'late postpartum hemorrhage'],
      ['early latent syphilis', 'late latent syphilis'],
      ['early miscarriage', 'late miscarriage'],
      ['early Parkinson disease', 'advanced Parkinson disease'],
    ], 'en', false, /stage: timing early vs late/);
    check(bare, [
      ['晚期倾倒综合征', '早期倾倒综合征'],
      ['早期产后出血', '晚期产后出血'],
      ['早期先天性梅毒', '晚期先天性梅毒'],
      ['早期妊娠', '晚期妊娠'],
      ['早期帕金森病', '晚期帕金森病'],
    ], 'zh', false, /timing/);
  });

  it('are set aside when stated on one side only', () => {
    check(bare, [['dumping syndrome', 'late dumping syndrome'], ['latent syphilis', 'early latent syphilis'], ['lung cancer', 'advanced lung cancer']], 'en', true);
    check(bare, [['倾倒综合征', '早期倾倒综合征'], ['肺癌', '晚期肺癌'], ['梅毒', '晚期梅毒']], 'zh', true);
  });

  it('state the extent of a cancer: early is stage 0–II (an early gastric cancer T1), advanced III–IV', () => {
    no(bare, 'advanced lung cancer', 'stage IA lung cancer', 'en', /stage/);
    no(bare, '晚期肺癌', '肺癌IA期', 'zh', /stage/);
    yes(bare, '晚期肺癌', '肺癌IV期', 'zh');
    yes(bare, '早期肺癌', '肺癌IB期', 'zh');
    no(bare, '早期肺癌', '肺癌IIIA期', 'zh', /stage/);
    no(bare, 'Advanced gastric cancer', 'Early gastric cancer (T1a)', 'en', /timing|t:/);
    no(bare, '进展期胃癌', '早期胃癌', 'zh');
    yes(bare, '早期胃癌', '胃癌 T1bN0M0', 'zh');
    no(bare, '进展期胃癌', '胃癌 T1aN0M0', 'zh', /t:|t /);
    // an early breast cancer is an operable one (up to IIIA), yet no locally advanced one
    yes(bare, 'early breast cancer', 'breast cancer stage IIIA', 'en');
    no(bare, 'early breast cancer', 'breast cancer stage IIIC', 'en', /stage/);
    no(bare, 'early breast cancer', 'locally advanced breast cancer', 'en', /timing/);
    // a locally advanced cancer has no distant spread: it conflicts with a metastatic one
    no(bare, '局部晚期乳腺癌（ⅢB期）', '转移性乳腺癌', 'zh', /stage/);
    no(bare, 'locally advanced breast cancer', 'metastatic breast cancer', 'en', /stage/);
    yes(bare, 'locally advanced breast cancer', 'breast cancer stage IIIB', 'en');
  });

  it('leave onset to its own axis', () => {
    no(bare, 'early-onset neonatal sepsis', 'late-onset neonatal sepsis', 'en');
    no(bare, '早发型子痫前期', '晚发型子痫前期', 'zh');
    yes(bare, 'neonatal sepsis', 'early-onset neonatal sepsis', 'en');
  });
});
