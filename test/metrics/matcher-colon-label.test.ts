/**
 * A Chinese name written "X：Y" (colon-label.ts): Y is the diagnosis, X the class, organ system or presenting
 * problem it falls under. The pairs are written for this test; `bare` knows no disease, so only the rule decides.
 */
import { describe, it } from 'vitest';
import { bare, check, full, no } from '../support/match-checks.js';

describe('a Chinese "X：Y" name', () => {
  it('is read as its diagnosis Y, in either the prediction or the gold', () => {
    check(bare, [['先天性心脏病：室间隔缺损', '室间隔缺损'], ['房间隔缺损', '先天性心脏病：房间隔缺损'], ['贫血：缺铁性贫血', '缺铁性贫血'], ['头痛:偏头痛', '偏头痛']], 'zh', true);
    check(full, [['儿童矮小症：生长激素缺乏症', '生长激素缺乏症'], ['异位妊娠：左侧输卵管妊娠', '左侧输卵管妊娠'], ['急腹症：急性化脓性阑尾炎', '急性阑尾炎']], 'zh', true);
  });

  it('keeps Y\'s qualifiers and conflicts: another Y under the same X is another diagnosis', () => {
    check(bare, [['先天性心脏病：房间隔缺损', '室间隔缺损'], ['贫血：巨幼细胞贫血', '缺铁性贫血'], ['先天性心脏病：室间隔缺损', '先天性心脏病：动脉导管未闭']], 'zh', false);
    check(full, [['消化道出血：胃溃疡伴出血', '十二指肠溃疡伴出血'], ['先天性心脏病：房间隔缺损', '室间隔缺损']], 'zh', false);
    no(full, '糖尿病：1型糖尿病', '2型糖尿病', 'zh');
  });

  it('names its class X too when it is the prediction, but a gold X：Y is not named by X alone', () => {
    check(full, [['上消化道出血：十二指肠球部溃疡伴出血', '上消化道出血'], ['先天性心脏病：室间隔缺损', '先天性心脏病']], 'zh', true, /label/);
    check(full, [['上消化道出血', '上消化道出血：十二指肠球部溃疡伴出血'], ['先天性心脏病', '先天性心脏病：室间隔缺损']], 'zh', false);
  });

  it('is no label when the colon opens an explanation or a hedge, or sits inside a parenthesis', () => {
    // "肺炎：考虑细菌性" is a pneumonia with a reason after it, not a diagnosis named 考虑细菌性
    check(bare, [['肺炎：考虑细菌感染', '肺炎'], ['IgA肾病(Oxford分型：M1E0S1T0)', 'IgA肾病'], ['急性胆囊炎，依据：右上腹痛', '急性胆囊炎'], ['社区获得性肺炎 依据：发热、咳嗽', '社区获得性肺炎']], 'zh', true);
    no(bare, '肺炎：考虑细菌感染', '细菌感染', 'zh');
  });
});
