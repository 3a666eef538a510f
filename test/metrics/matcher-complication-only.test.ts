/**
 * The complication-only policy (docs/metrics.md "Stages, severity, negation, complications and causes: the policy";
 * src/metrics/matcher/complication.ts, rule `complication`): a gold "X with Y" (X伴Y, X合并Y, "X complicated by Y",
 * "X, Y") names the disease X; a prediction naming only its complication Y missed X. The exceptions — the
 * prediction's own name states X (Y named through its parent, X as its cause, X beside Y), the lexicon knows Y as a
 * kind of X, the gold IS the complication, or the prediction names X without Y — still count. Pairs of several
 * departments in both languages; `bare` (no lexicon) where the rule needs none.
 */
import { describe, expect, it } from 'vitest';
import { createMatcher, Lexicon } from '../../src/metrics/matcher/index.js';
import { bare, check, full } from '../support/match-checks.js';

const ONLY = /names only the gold's complication/;

describe('a prediction naming only the gold\'s complication', () => {
  it('is not the gold, in every department (bundled lexicon)', () => {
    check(full, [
      ['Cardiogenic shock', 'Acute anterior myocardial infarction complicated by cardiogenic shock'],
      ['Hepatic encephalopathy', 'Alcoholic cirrhosis with hepatic encephalopathy'],
      ['Obstructive jaundice', 'Pancreatic head cancer with obstructive jaundice'],
      ['Hydronephrosis', 'Left ureteral calculus with hydronephrosis'],
      ['Hashimoto thyroiditis', 'Papillary thyroid carcinoma with Hashimoto thyroiditis'],
      ['Atrial fibrillation', 'Rheumatic heart disease, atrial fibrillation'],
    ], 'en', false, ONLY);
    check(full, [
      ['心源性休克', '急性前壁心肌梗死并发心源性休克'],
      ['肝性脑病', '酒精性肝硬化合并肝性脑病'],
      ['梗阻性黄疸', '胰头癌伴梗阻性黄疸'],
      ['肾积水', '左输尿管结石伴肾积水'],
      ['桥本甲状腺炎', '甲状腺乳头状癌合并桥本甲状腺炎'],
      ['心房颤动', '风湿性心脏病，心房颤动'],
    ], 'zh', false, ONLY);
  });

  it('is refused by the rule alone, without a lexicon', () => {
    check(bare, [['Portal vein thrombosis', 'Liver cirrhosis with portal vein thrombosis'], ['Pericardial effusion', 'Hypothyroidism with pericardial effusion'], ['Vitreous haemorrhage', 'Proliferative retinopathy complicated by vitreous haemorrhage']], 'en', false, ONLY);
    check(bare, [['门静脉血栓', '肝硬化合并门静脉血栓'], ['心包积液', '甲状腺功能减退症伴心包积液'], ['玻璃体积血', '增殖性视网膜病变并发玻璃体积血']], 'zh', false, ONLY);
  });

  it('and the explanation names the complication and the disease it missed', () => {
    const r = full.match('Spontaneous bacterial peritonitis', 'Alcoholic cirrhosis with spontaneous bacterial peritonitis', 'en');
    expect(r).toMatchObject({ match: false, rule: 'complication', score: 0 });
    expect(r.explanation).toContain('"spontaneous bacterial peritonitis"');
    expect(r.explanation).toContain('not its disease "alcoholic cirrhosis"');
  });
});

describe('the exceptions: the prediction still names the gold', () => {
  it('when its name states the disease — the complication named through its parent', () => {
    check(full, [['Diabetic nephropathy', 'Type 2 diabetes mellitus with nephropathy'], ['Acute calculous cholecystitis', 'Gallbladder stones with acute cholecystitis'], ['Rheumatic mitral stenosis', 'Rheumatic heart disease, mitral stenosis']], 'en', true);
    check(full, [['1型糖尿病酮症酸中毒', '1型糖尿病合并酮症酸中毒'], ['急性结石性胆囊炎', '胆囊结石伴急性胆囊炎'], ['糖尿病肾病', '2型糖尿病伴肾病']], 'zh', true);
    // the name must state the same disease: another type, or a negated stone, is not it
    check(full, [['Type 1 diabetic ketoacidosis', 'Type 2 diabetes mellitus with ketoacidosis'], ['Acute acalculous cholecystitis', 'Gallbladder stones with acute cholecystitis']], 'en', false);
    check(full, [['1型糖尿病酮症酸中毒', '2型糖尿病合并酮症酸中毒'], ['急性非结石性胆囊炎', '胆囊结石伴急性胆囊炎']], 'zh', false);
  });

  it('when it names the disease as the complication\'s cause ("due to X", X所致)', () => {
    check(full, [['Obstructive pyelonephritis due to a left ureteral stone', 'Left ureteral calculus complicated by acute pyelonephritis'], ['Hydronephrosis due to left ureteral calculus', 'Left ureteral calculus with hydronephrosis'], ['Obstructive jaundice caused by pancreatic head cancer', 'Pancreatic head cancer with obstructive jaundice']], 'en', true);
    check(full, [['胆总管结石所致急性胆管炎', '胆总管结石伴急性胆管炎'], ['左输尿管结石致肾积水', '左输尿管结石伴肾积水'], ['梗阻性黄疸（胰头癌所致）', '胰头癌伴梗阻性黄疸']], 'zh', true);
    // a cause that is another disease is not the gold's
    check(full, [['Hydronephrosis due to ureteropelvic junction obstruction', 'Left ureteral calculus with hydronephrosis']], 'en', false);
    check(full, [['肾积水（肾盂输尿管连接处梗阻所致）', '左输尿管结石伴肾积水']], 'zh', false);
  });

  it('when it names the disease beside the complication, in either order', () => {
    check(full, [['Acute myocardial infarction, cardiogenic shock', 'Acute myocardial infarction complicated by cardiogenic shock'], ['Hepatic encephalopathy with liver cirrhosis', 'Liver cirrhosis with hepatic encephalopathy']], 'en', true);
    check(full, [['心源性休克，急性心肌梗死', '急性心肌梗死合并心源性休克'], ['肝硬化伴肝性脑病', '肝硬化合并肝性脑病']], 'zh', true);
    check(bare, [['Liver cirrhosis with portal vein thrombosis', 'Liver cirrhosis complicated by portal vein thrombosis']], 'en', true);
    check(bare, [['肝硬化并门静脉血栓', '肝硬化合并门静脉血栓']], 'zh', true);
  });

  it('when the lexicon knows the complication as a kind of the disease (a `parent`)', () => {
    const lexicon = Lexicon.fromData({
      groups: [
        { id: 'chd', en: ['coronary heart disease'], zh: ['冠心病'] },
        { id: 'unstable_angina', en: ['unstable angina'], zh: ['不稳定型心绞痛'], parent: 'chd' },
      ],
    });
    const m = createMatcher({ lexicon });
    check(m, [['Unstable angina', 'Coronary heart disease with unstable angina']], 'en', true);
    check(m, [['不稳定型心绞痛', '冠心病合并不稳定型心绞痛']], 'zh', true);
    // without that relation the same pair is the complication alone
    check(bare, [['Unstable angina', 'Coronary heart disease with unstable angina']], 'en', false, ONLY);
    check(bare, [['不稳定型心绞痛', '冠心病合并不稳定型心绞痛']], 'zh', false, ONLY);
  });
});

describe('what the policy leaves as it was', () => {
  it('a gold that IS the complication is matched by its names', () => {
    check(full, [['Bleeding oesophageal varices', 'Rupture and bleeding of esophageal varices'], ['Type 2 diabetes with peripheral neuropathy', 'Diabetic peripheral neuropathy']], 'en', true);
    check(full, [['食管静脉曲张出血', '食管静脉曲张破裂出血'], ['2型糖尿病伴周围神经病变', '糖尿病周围神经病变']], 'zh', true);
    // …and its parent disease alone is still no match for it
    check(full, [['Type 2 diabetes mellitus', 'Diabetic peripheral neuropathy'], ['Liver cirrhosis', 'Hepatic encephalopathy']], 'en', false);
    check(full, [['2型糖尿病', '糖尿病周围神经病变'], ['肝硬化', '肝性脑病']], 'zh', false);
  });

  it('a prediction naming the disease without its complication counts', () => {
    check(full, [['Liver cirrhosis', 'Liver cirrhosis with ascites'], ['Colon cancer', 'Colon cancer with intestinal obstruction'], ['Bronchiectasis', 'Bronchiectasis with hemoptysis']], 'en', true);
    check(full, [['肝硬化', '肝硬化伴腹水'], ['乙状结肠癌', '乙状结肠癌伴肠梗阻'], ['支气管扩张症', '支气管扩张伴咯血']], 'zh', true);
    check(bare, [['Liver cirrhosis', 'Liver cirrhosis with portal vein thrombosis']], 'en', true);
    check(bare, [['肝硬化', '肝硬化合并门静脉血栓']], 'zh', true);
  });
});
