/**
 * A named subtype in parentheses (src/metrics/matcher/paren-qualifiers.ts `namedSubtype`, docs/metrics.md
 * "Qualifiers in parentheses"): "（胆汁淤积型）", "(vascular type)" is an axis of its name — two different subtypes
 * stated are two diagnoses, one stated on one side only is set aside — and a subtype the lexicon knows joined to its
 * name ("多系统萎缩（P型）" is 多系统萎缩P型) is compared as that concept, not by its word.
 */
import { describe, it } from 'vitest';
import { bare, check, full, no, yes } from '../support/match-checks.js';

describe('named subtypes in parentheses', () => {
  it('two different subtypes of one name conflict, in both languages', () => {
    check(bare, [
      ['药物性肝损伤（胆汁淤积型）', '药物性肝损伤（肝细胞损伤型）'],
      ['完全性肺静脉异位引流（心上型）', '完全性肺静脉异位引流（心下型）'],
      ['垂体腺瘤（泌乳素型）', '垂体腺瘤（生长激素型）'],
      ['房间隔缺损（继发孔型）', '房间隔缺损（原发孔型）'],
    ], 'zh', false, /subtype|tapvc: supracardiac vs infracardiac/);
    // a subtype the axis table knows by name conflicts as that axis (axis-table-types.ts, axis-table-kinds.ts: TAPVC,
    // the variant of a papillary thyroid carcinoma), whichever reads it first
    check(bare, [['吉兰-巴雷综合征（AMAN型）', '吉兰-巴雷综合征（AIDP型）']], 'zh', false, /subtype|aman vs aidp/);
    check(bare, [
      ['drug-induced liver injury (cholestatic type)', 'drug-induced liver injury (hepatocellular type)'],
      ['Ehlers-Danlos syndrome (vascular type)', 'Ehlers-Danlos syndrome (classical type)'],
      ['papillary thyroid carcinoma (tall cell variant)', 'papillary thyroid carcinoma (follicular variant)'],
    ], 'en', false, /subtype|ptcvariant: tallcell vs follicular/);
  });

  it('a subtype on one side only is set aside, and one that contains the other agrees', () => {
    check(bare, [
      ['药物性肝损伤（胆汁淤积型）', '药物性肝损伤'],
      ['药物性肝损伤（肝细胞型）', '药物性肝损伤（肝细胞损伤型）'],
      ['垂体腺瘤', '垂体腺瘤（泌乳素型）'],
    ], 'zh', true);
    check(bare, [['Ehlers-Danlos syndrome (vascular type)', 'Ehlers-Danlos syndrome']], 'en', true);
  });

  it('a subtype the lexicon knows joined to the name is compared as that concept', () => {
    yes(full, '多系统萎缩（P型）', '多系统萎缩（帕金森型）', 'zh');
    yes(full, '多系统萎缩（P型）', '多系统萎缩帕金森型', 'zh');
    no(full, '多系统萎缩（P型）', '多系统萎缩（C型）', 'zh');
    no(full, '药物性肝损伤（胆汁淤积型）', '药物性肝损伤（肝细胞损伤型）', 'zh');
    // a number is the type slot's, not a named subtype: type 2 and 2A agree
    yes(bare, 'von Willebrand disease (type 2)', 'von Willebrand disease (type 2A)', 'en');
  });
});
