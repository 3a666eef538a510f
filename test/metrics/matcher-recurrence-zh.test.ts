/**
 * A Chinese tumour that came back after its operation is the recurrent tumour wherever it recurred (descriptive.ts),
 * as in English: 乳腺癌术后局部复发 and 左乳癌改良根治术后胸壁复发 are a recurrent breast cancer. Pairs written for this
 * test; `bare` knows no disease, so only the reading decides.
 */
import { describe, it } from 'vitest';
import { bare, check, full } from '../support/match-checks.js';

describe('a Chinese recurrence after an operation', () => {
  it('is the recurrent tumour, the operation and the site of recurrence left out', () => {
    check(bare, [['直肠癌术后吻合口复发', '直肠癌复发'], ['胃癌根治术后局部复发', '胃癌术后复发'], ['左乳癌保乳术后瘤床复发', '左乳癌复发']], 'zh', true);
    check(full, [['乳腺癌术后局部复发', '左乳癌改良根治术后胸壁复发'], ['软组织肉瘤切除术后复发', '软组织肉瘤复发']], 'zh', true);
  });

  it('keeps the tumour, the phase and the post-treatment state apart', () => {
    check(bare, [['直肠癌术后吻合口复发', '结肠癌术后复发'], ['乳腺癌术后局部复发', '乳腺癌根治术后'], ['胃癌术后复发', '胃癌术后(缓解期)']], 'zh', false);
    check(full, [['乳腺癌术后胸壁复发', '肺癌术后复发'], ['左乳癌术后复发', '右乳癌术后复发']], 'zh', false);
  });
});
