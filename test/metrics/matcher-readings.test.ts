/**
 * Readings of issue 16's fourth round (docs/metrics.md, "The diagnosis matcher"): a cause written in parentheses is
 * the name's cause, more manifestations name their cause, a pregnancy "with X" is X in pregnancy, a scarred uterus
 * after a caesarean is a scarred uterus (no history state), a response to steroids is no cause, and a Chinese type
 * word moved before the lesion is the same name. Pairs written for these tests, with hard negatives for each.
 */
import { describe, expect, it } from 'vitest';
import { bare, check, full } from '../support/match-checks.js';

describe('a cause in parentheses is the name\'s cause', () => {
  it('reads X（Y所致） as Y所致X and "X (due to Y)" as "X due to Y"', () => {
    check(full, [
      ['肾绞痛（左输尿管结石所致）', '左输尿管结石'],
      ['梗阻性黄疸（胆总管结石所致）', '胆总管结石'],
      ['上消化道出血（胃溃疡引起）', '胃溃疡伴出血'],
      ['肾积水（继发于输尿管结石）', '输尿管结石'],
      ['肠梗阻（乙状结肠癌所致）', '乙状结肠癌'],
    ], 'zh', true);
    check(full, [
      ['Renal colic (due to a left ureteral stone)', 'Left ureteral calculus'],
      ['Obstructive jaundice (secondary to choledocholithiasis)', 'Common bile duct stone'],
      ['Liver cirrhosis (alcohol-related), decompensated', 'Decompensated alcoholic cirrhosis'],
      ['Hydronephrosis (caused by a ureteric stone)', 'Ureteral calculus'],
    ], 'en', true);
  });
  it('does not make a named cause the diagnosis when it is another disease, nor two causes one', () => {
    check(full, [
      ['肾绞痛（左输尿管结石所致）', '左肾结石'],
      ['肠梗阻（乙状结肠癌所致）', '直肠癌'],
      ['产后出血（胎盘植入所致）', '产后出血（子宫收缩乏力）'],
    ], 'zh', false);
    check(full, [
      ['Renal colic (due to a left ureteral stone)', 'Left renal calculus'],
      ['Liver cirrhosis (alcohol-related)', 'Hepatitis B cirrhosis'],
      ['Anaemia (due to CKD)', 'Chronic kidney disease'],
    ], 'en', false);
  });
});

describe('more manifestations name their cause', () => {
  it('an obstruction, a hypoglycaemia, a constipation or a hyperbilirubinaemia by its cause names the cause', () => {
    check(full, [
      ['Hypoglycaemia due to insulinoma', 'Insulinoma'],
      ['Intestinal obstruction due to sigmoid colon cancer', 'Sigmoid colon cancer'],
      ['Small bowel obstruction due to an incarcerated inguinal hernia', 'Incarcerated inguinal hernia'],
    ], 'en', true);
    check(full, [['直肠前突所致出口梗阻型便秘', '直肠前突'], ['胰岛素瘤所致低血糖症', '胰岛素瘤'], ['乙状结肠扭转所致肠梗阻', '乙状结肠扭转']], 'zh', true);
    check(full, [['Intestinal obstruction due to sigmoid colon cancer', 'Rectal cancer'], ['Hypoglycaemia due to insulinoma', 'Type 1 diabetes']], 'en', false);
  });
});

describe('a pregnancy with a disease is that disease in pregnancy', () => {
  it('reads 妊娠合并X and "pregnancy with X" through X', () => {
    check(full, [['妊娠合并甲状腺功能减退症', '甲状腺功能减退症'], ['妊娠合并瘢痕子宫', '瘢痕子宫再次妊娠'], ['妊娠合并急性阑尾炎', '急性阑尾炎']], 'zh', true);
    check(full, [['Pregnancy with scarred uterus after previous caesarean section', 'Scarred uterus in pregnancy'], ['Pregnancy complicated by acute appendicitis', 'Acute appendicitis']], 'en', true);
  });
  it('keeps two different diseases in pregnancy apart (their heads decide, not the pregnancy)', () => {
    check(full, [['妊娠合并甲状腺功能减退症', '妊娠合并亚临床甲状腺功能减退症'], ['妊娠合并甲状腺功能减退症', '妊娠合并甲状腺功能亢进症'], ['妊娠合并急性阑尾炎', '妊娠合并急性胆囊炎']], 'zh', false);
    check(full, [['Pregnancy with acute appendicitis', 'Pregnancy with acute cholecystitis']], 'en', false);
  });
});

describe('a response to steroids is no cause', () => {
  it('reads steroid-sensitive and steroid-resistant nephrotic syndrome as primary ones, steroid-induced as a cause', () => {
    check(full, [['Steroid-sensitive nephrotic syndrome', 'Primary nephrotic syndrome'], ['Steroid-resistant nephrotic syndrome', 'Primary nephrotic syndrome']], 'en', true);
    check(full, [['类固醇敏感型肾病综合征', '原发性肾病综合征']], 'zh', true);
    check(full, [['Steroid-induced diabetes', 'Type 2 diabetes']], 'en', false);
  });
});

describe('a Chinese type word moved before the lesion', () => {
  it('is the same name (黏液性卵巢囊腺瘤 / 卵巢黏液性囊腺瘤; 滑动性腹股沟疝 / 腹股沟滑动疝), with no lexicon entry needed', () => {
    check(bare, [['滑动性腹股沟疝', '腹股沟滑动疝'], ['滑动性食管裂孔疝', '食管裂孔滑动疝'], ['嵌顿性股疝', '股嵌顿疝']], 'zh', true);
    check(bare, [['黏液性卵巢囊腺瘤', '卵巢黏液性囊腺瘤'], ['乳头状甲状腺癌', '甲状腺乳头状癌']], 'zh', true, /modifier moved before the lesion/);
  });
  it('needs the same characters and the same lesion', () => {
    check(bare, [['滑动性腹股沟疝', '腹股沟滑动性囊肿'], ['腹股沟滑动疝', '股滑动疝']], 'zh', false);
  });
});

describe('a hedged alternative after the name', () => {
  it('is another reading of the prediction, as a parenthesis is', () => {
    check(full, [['乳腺囊肿（右侧），考虑积乳囊肿', '右乳积乳囊肿'], ['肺部阴影，考虑肺结核', '继发性肺结核'], ['胆囊炎，可能为急性胆管炎', '急性胆管炎']], 'zh', true);
    check(full, [['Breast cyst, likely galactocele', 'Galactocele'], ['Cholecystitis, consider acute cholangitis', 'Acute cholangitis']], 'en', true);
    const r = full.match('乳腺囊肿（右侧），考虑积乳囊肿', '右乳积乳囊肿', 'zh');
    expect(r.explanation).toMatch(/alias "积乳囊肿"/);
  });
  it('names neither a third disease nor a broader one', () => {
    check(full, [['乳腺囊肿，考虑积乳囊肿', '乳腺纤维腺瘤'], ['右肺占位，考虑肺癌', '右肺腺癌']], 'zh', false);
    check(full, [['Breast cyst, likely galactocele', 'Fibroadenoma of breast']], 'en', false);
  });
});

describe('more organ words', () => {
  it('reads the noun and adjective of the mediastinum, perineum, nasopharynx, ribs … as one word', () => {
    check(bare, [
      ['Abscess of the perineum', 'Perineal abscess'],
      ['Cyst of the mediastinum', 'Mediastinal cyst'],
      ['Carcinoma of the nasopharynx', 'Nasopharyngeal carcinoma'],
      ['Haematoma of the retroperitoneum', 'Retroperitoneal haematoma'],
      ['Polyp of the endometrium', 'Endometrial polyp'],
      ['Fracture of the ribs', 'Costal fracture'],
    ], 'en', true);
    check(bare, [['Abscess of the perineum', 'Perianal abscess'], ['Cyst of the mediastinum', 'Mediastinal lymphoma']], 'en', false);
  });
});
