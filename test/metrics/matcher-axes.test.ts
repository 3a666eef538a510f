/**
 * Stated subtypes, states and sites (src/metrics/matcher/axes.ts; docs/metrics.md "the policy"): two names of one
 * disease that state different values of one axis are two diagnoses; a value stated on one side only is set aside;
 * values that contain one another agree. `bare` knows no disease, so the rules alone decide; `known` knows the bare
 * diseases, so the lexicon rule is the one that must refuse.
 */
import { describe, expect, it } from 'vitest';
import { axisConflict, readAxes } from '../../src/metrics/matcher/axes.js';
import { createMatcher, Lexicon } from '../../src/metrics/matcher/index.js';
import { bare, check, full } from '../support/match-checks.js';

const known = createMatcher({
  lexicon: Lexicon.fromData({
    groups: [
      { id: 'previa', en: ['placenta previa'], zh: ['前置胎盘'] },
      { id: 'ih', en: ['inguinal hernia'], zh: ['腹股沟疝'] },
      { id: 'femh', en: ['femoral hernia'], zh: ['股疝'] },
      { id: 'hh', en: ['hiatal hernia', 'hiatus hernia'], zh: ['食管裂孔疝'] },
      { id: 'app', en: ['appendicitis'], zh: ['阑尾炎'] },
      { id: 'chole', en: ['cholecystitis'], zh: ['胆囊炎'] },
      { id: 'twin', en: ['twin pregnancy'], zh: ['双胎妊娠'] },
      { id: 'pp', en: ['precocious puberty'], zh: ['性早熟'] },
      { id: 'vertigo', en: ['vertigo'], zh: ['眩晕'] },
      { id: 'di', en: ['diabetes insipidus'], zh: ['尿崩症'] },
      { id: 'hypo', en: ['hypothyroidism'], zh: ['甲状腺功能减退症'] },
      { id: 'mr', en: ['mitral regurgitation'], zh: ['二尖瓣关闭不全'] },
      { id: 'mg', en: ['myasthenia gravis'], zh: ['重症肌无力'] },
      { id: 'pe', en: ['pulmonary embolism'], zh: ['肺栓塞'] },
      { id: 'gist', en: ['gastrointestinal stromal tumor'], zh: ['胃肠间质瘤'] },
      { id: 'bc', en: ['breast cancer'], zh: ['乳腺癌'] },
      { id: 'aaa', en: ['abdominal aortic aneurysm'], zh: ['腹主动脉瘤'] },
      { id: 'ia', en: ['intracranial aneurysm'], zh: ['颅内动脉瘤'] },
      { id: 'colon', en: ['colon cancer'], zh: ['结肠癌'] },
      { id: 'sbo', en: ['small bowel obstruction', 'intestinal obstruction'], zh: ['肠梗阻'] },
      { id: 'fs', en: ['febrile seizure', 'febrile convulsion'], zh: ['热性惊厥'] },
      { id: 'fistula', en: ['anal fistula'], zh: ['肛瘘'] },
      { id: 'cml', en: ['chronic myeloid leukemia'], zh: ['慢性髓系白血病', '慢性粒细胞白血病'] },
      { id: 'ab', en: ['miscarriage', 'abortion'], zh: ['流产'] },
      { id: 'ptl', en: ['preterm labor'], zh: ['早产'] },
      { id: 'pas', en: ['placenta accreta'], zh: ['胎盘植入'] },
      { id: 'av', en: ['atrioventricular block', 'av block'], zh: ['房室传导阻滞'] },
    ],
  }),
});

describe('axes: different stated values of one axis are two diagnoses, in both languages', () => {
  it('the part of a placenta previa that is covered', () => {
    for (const m of [known, bare]) {
      check(m, [['Partial placenta previa', 'Marginal placenta previa'], ['Central placenta previa', 'Low-lying placenta previa'], ['Total placenta previa', 'Partial placenta previa (32 weeks)']], 'en', false, /previa|completeness/);
      check(m, [['部分性前置胎盘', '边缘性前置胎盘'], ['中央性前置胎盘', '低置性前置胎盘'], ['前置胎盘（边缘性）', '完全性前置胎盘']], 'zh', false, /previa/);
      check(m, [['Central placenta previa', 'Complete placenta previa'], ['Placenta previa', 'Marginal placenta previa']], 'en', true);
      check(m, [['中央性前置胎盘', '完全性前置胎盘'], ['前置胎盘', '部分性前置胎盘']], 'zh', true);
    }
  });

  it('the state of a hernia or an obstruction', () => {
    for (const m of [known, bare]) {
      check(m, [['Reducible inguinal hernia', 'Incarcerated inguinal hernia'], ['Incarcerated femoral hernia', 'Strangulated femoral hernia'], ['Simple intestinal obstruction', 'Strangulated intestinal obstruction']], 'en', false, /hernia/);
      check(m, [['可复性腹股沟疝', '嵌顿性腹股沟疝'], ['难复性股疝', '绞窄性股疝'], ['单纯性肠梗阻', '绞窄性肠梗阻']], 'zh', false, /hernia/);
      // an English irreducible hernia is any that cannot be reduced; a state on one side only is set aside
      check(m, [['Irreducible femoral hernia', 'Strangulated femoral hernia'], ['Inguinal hernia', 'Incarcerated inguinal hernia'], ['Femoral hernia', 'Strangulated femoral hernia']], 'en', true);
      check(m, [['腹股沟疝', '嵌顿性腹股沟疝'], ['股疝（绞窄性）', '绞窄性股疝']], 'zh', true);
    }
  });

  it('the type of a hiatal hernia: sliding I, paraoesophageal II–IV, mixed III', () => {
    check(known, [['Sliding hiatal hernia', 'Paraesophageal hiatal hernia'], ['Type II hiatal hernia', 'Sliding hiatus hernia'], ['Hiatal hernia, type IV', 'Mixed hiatal hernia']], 'en', false);
    check(known, [['滑动型食管裂孔疝', '食管旁疝'], ['Ⅱ型食管裂孔疝', '混合型食管裂孔疝']], 'zh', false);
    check(known, [['Paraesophageal hiatal hernia', 'Type III hiatal hernia'], ['Hiatal hernia', 'Sliding hiatal hernia']], 'en', true);
    check(known, [['食管裂孔疝（Ⅲ型）', '混合型食管裂孔疝'], ['食管裂孔疝', '滑动型食管裂孔疝']], 'zh', true);
  });

  it('the pathology of an appendicitis or a cholecystitis', () => {
    for (const m of [known, bare]) {
      check(m, [['Acute simple appendicitis', 'Acute suppurative appendicitis'], ['Gangrenous cholecystitis', 'Acute suppurative cholecystitis'], ['Perforated appendicitis', 'Simple appendicitis']], 'en', false, /pathology/);
      check(m, [['急性单纯性阑尾炎', '急性坏疽性阑尾炎'], ['急性化脓性胆囊炎', '急性坏疽性胆囊炎']], 'zh', false, /pathology/);
      check(m, [['Perforated appendicitis', 'Acute gangrenous appendicitis'], ['Acute appendicitis', 'Acute suppurative appendicitis']], 'en', true);
      check(m, [['急性阑尾炎', '急性化脓性阑尾炎'], ['坏疽性穿孔性阑尾炎', '坏疽性阑尾炎']], 'zh', true);
    }
  });

  it('the chorionicity of twins', () => {
    for (const m of [known, bare]) {
      check(m, [['Twin pregnancy, MCDA', 'Twin pregnancy, DCDA'], ['Monochorionic monoamniotic twin pregnancy', 'Monochorionic diamniotic twin pregnancy'], ['Dichorionic twin pregnancy', 'Monochorionic twin pregnancy']], 'en', false, /chorion/);
      check(m, [['双胎妊娠（单绒毛膜单羊膜囊）', '双胎妊娠（单绒毛膜双羊膜囊）'], ['双绒毛膜双羊膜囊双胎妊娠', '单绒毛膜双羊膜囊双胎妊娠']], 'zh', false, /chorion/);
      check(m, [['Monochorionic twin pregnancy', 'Twin pregnancy, MCDA'], ['Twin pregnancy', 'Twin pregnancy, dichorionic diamniotic']], 'en', true);
      check(m, [['双胎妊娠（单绒毛膜）', '单绒毛膜单羊膜囊双胎妊娠'], ['双胎妊娠', '双胎妊娠（双绒毛膜双羊膜囊）']], 'zh', true);
    }
  });

  it('central, peripheral or nephrogenic; functional or organic', () => {
    for (const m of [known, bare]) {
      check(m, [['Central vertigo', 'Peripheral vertigo'], ['Peripheral precocious puberty', 'Central precocious puberty'], ['Nephrogenic diabetes insipidus', 'Central diabetes insipidus']], 'en', false, /locus/);
      check(m, [['中枢性眩晕', '周围性眩晕'], ['外周性性早熟', '中枢性性早熟'], ['肾性尿崩症', '中枢性尿崩症']], 'zh', false, /locus/);
      check(m, [['Central hypothyroidism', 'Primary hypothyroidism'], ['Functional mitral regurgitation', 'Primary mitral regurgitation']], 'en', false, /origin/);
      check(m, [['中枢性甲状腺功能减退症', '原发性甲状腺功能减退症'], ['功能性二尖瓣关闭不全', '器质性二尖瓣关闭不全']], 'zh', false);
      check(m, [['Central hypothyroidism', 'Secondary hypothyroidism'], ['Vertigo', 'Peripheral vertigo'], ['Functional mitral regurgitation', 'Secondary mitral regurgitation']], 'en', true);
      check(m, [['性早熟', '中枢性性早熟'], ['继发性甲状腺功能减退症', '中枢性甲状腺功能减退症']], 'zh', true);
    }
  });

  it('simple or complex; ocular or generalised; great or small saphenous', () => {
    for (const m of [known, bare]) {
      check(m, [['Simple febrile seizure', 'Complex febrile seizure'], ['Complex anal fistula', 'Simple anal fistula'], ['Ocular myasthenia gravis', 'Generalized myasthenia gravis']], 'en', false);
      check(m, [['单纯性热性惊厥', '复杂性热性惊厥'], ['复杂性肛瘘', '单纯性肛瘘'], ['重症肌无力（眼肌型）', '全身型重症肌无力'], ['大隐静脉曲张', '小隐静脉曲张']], 'zh', false);
      check(bare, [['Great saphenous vein varicosity', 'Small saphenous vein varicosity']], 'en', false, /saphenous/);
      check(m, [['Febrile seizure', 'Simple febrile seizure'], ['Myasthenia gravis', 'Myasthenia gravis (ocular type)']], 'en', true);
      check(m, [['肛瘘', '复杂性肛瘘'], ['重症肌无力', '重症肌无力（全身型）']], 'zh', true);
    }
  });

  it('risk categories', () => {
    for (const m of [known, bare]) {
      check(m, [['High-risk pulmonary embolism', 'Intermediate-risk pulmonary embolism'], ['Gastrointestinal stromal tumor (low risk)', 'High-risk gastrointestinal stromal tumor'], ['Intermediate-high-risk pulmonary embolism', 'Low-risk pulmonary embolism']], 'en', false, /risk/);
      check(m, [['高危肺栓塞', '低危肺栓塞'], ['胃肠间质瘤（中危）', '胃肠间质瘤（高危）']], 'zh', false, /risk/);
      check(m, [['Intermediate-risk pulmonary embolism', 'Intermediate-low-risk pulmonary embolism'], ['Pulmonary embolism', 'High-risk pulmonary embolism']], 'en', true);
      check(m, [['中危肺栓塞', '中高危肺栓塞'], ['胃肠间质瘤', '胃肠间质瘤（低危）']], 'zh', true);
    }
  });

  it('receptor status, also in parentheses', () => {
    for (const m of [known, bare]) {
      check(m, [['HER2-positive breast cancer', 'Breast cancer (HER2-negative)'], ['Triple-negative breast cancer', 'Breast cancer, ER positive'], ['Luminal A breast cancer', 'HER2-positive breast cancer']], 'en', false, /receptor/);
      check(m, [['乳腺癌（HER2阳性）', 'HER2阴性乳腺癌'], ['三阴性乳腺癌', '乳腺癌（雌激素受体阳性）']], 'zh', false, /receptor/);
      check(m, [['Triple-negative breast cancer', 'Breast cancer (HER2-negative)'], ['Breast cancer', 'Breast cancer (HER2-positive)']], 'en', true);
      check(m, [['乳腺癌', '乳腺癌（HER2阳性）'], ['三阴性乳腺癌', '乳腺癌（HER2阴性）']], 'zh', true);
    }
  });

  it('ruptured or unruptured, also in parentheses', () => {
    for (const m of [known, bare]) {
      check(m, [['Ruptured intracranial aneurysm', 'Intracranial aneurysm (unruptured)'], ['Unruptured abdominal aortic aneurysm', 'Ruptured abdominal aortic aneurysm']], 'en', false, /rupture/);
      check(m, [['颅内动脉瘤破裂', '颅内动脉瘤（未破裂）'], ['未破裂腹主动脉瘤', '腹主动脉瘤破裂']], 'zh', false, /rupture/);
      check(m, [['Intracranial aneurysm', 'Intracranial aneurysm (unruptured)']], 'en', true);
      check(m, [['颅内动脉瘤', '颅内动脉瘤（未破裂）']], 'zh', true);
    }
  });

  it('the segment of the colon; right-sided contains the caecum to the hepatic flexure', () => {
    for (const m of [known, bare]) {
      check(m, [['Sigmoid colon cancer', 'Ascending colon cancer'], ['Right-sided colon cancer', 'Descending colon cancer'], ['Cecal cancer', 'Transverse colon cancer']], 'en', false, /colon/);
      check(m, [['乙状结肠癌', '升结肠癌'], ['右半结肠癌', '降结肠癌'], ['结肠脾曲癌', '盲肠癌']], 'zh', false, /colon/);
      check(m, [['Colon cancer', 'Sigmoid colon cancer'], ['Carcinoma of the ascending colon', 'Ascending colon carcinoma']], 'en', true);
      check(m, [['结肠癌', '乙状结肠癌'], ['降结肠腺癌', '降结肠癌']], 'zh', true);
    }
    // a half of the colon contains its segments (the transverse colon belongs to either), so the two agree
    const agree = (a: string, b: string): string | undefined => axisConflict(readAxes(` ${a} `).slots.axis ?? [], readAxes(` ${b} `).slots.axis ?? []);
    for (const [a, b] of [['right sided colon cancer', 'ascending colon cancer'], ['右半结肠癌', '结肠肝曲癌'], ['left colon cancer', 'sigmoid colon cancer'], ['左半结肠癌', '横结肠癌']]) expect(agree(a!, b!), `${a} / ${b}`).toBeUndefined();
    for (const [a, b] of [['right sided colon cancer', 'left sided colon cancer'], ['右半结肠癌', '乙状结肠癌']]) expect(agree(a!, b!), `${a} / ${b}`).toMatch(/colon/);
  });

  it('in situ, minimally invasive and invasive', () => {
    check(bare, [['Minimally invasive adenocarcinoma of the right upper lobe', 'Invasive adenocarcinoma of the right upper lobe'], ['Invasive adenocarcinoma of lung', 'Adenocarcinoma in situ of lung']], 'en', false, /invasion/);
    check(bare, [['右肺上叶微浸润性腺癌', '右肺上叶浸润性腺癌'], ['肺原位腺癌', '肺微浸润腺癌']], 'zh', false, /invasion/);
    check(bare, [['Adenocarcinoma of the right upper lobe', 'Invasive adenocarcinoma of the right upper lobe']], 'en', true);
  });

  it('threatened or under way: a miscarriage, preterm labour; placenta accreta, increta, percreta; the phase of a CML', () => {
    for (const m of [known, bare]) {
      check(m, [['Threatened miscarriage', 'Incomplete miscarriage'], ['Inevitable abortion', 'Missed abortion'], ['Placenta accreta', 'Placenta percreta'], ['Chronic myeloid leukemia, chronic phase', 'Chronic myeloid leukemia in blast crisis']], 'en', false);
      check(m, [['先兆流产', '不全流产'], ['难免流产', '稽留流产'], ['先兆早产', '早产临产'], ['慢性粒细胞白血病慢性期', '慢性粒细胞白血病加速期']], 'zh', false);
      check(m, [['Miscarriage', 'Threatened miscarriage'], ['Chronic myeloid leukemia', 'Chronic myeloid leukemia, accelerated phase']], 'en', true);
      check(m, [['流产', '不全流产'], ['胎盘植入', '穿透性胎盘植入'], ['慢性髓系白血病', '慢性髓系白血病急变期']], 'zh', true);
    }
  });

  it('Mobitz I and II are the two types of a second-degree block', () => {
    for (const m of [known, bare]) {
      check(m, [['Second-degree AV block, Mobitz type I', 'Second-degree AV block, Mobitz II'], ['Wenckebach second-degree AV block', 'Second-degree AV block type 2']], 'en', false, /type/);
      check(m, [['Second-degree AV block, Mobitz I', 'Second-degree AV block type 1']], 'en', true);
    }
  });
});

describe('scales: BCLC, Los Angeles, Garden, Gleason and grade group, intraepithelial neoplasia, the ordinary type', () => {
  it('different classes of one scale conflict; one class on one side only is set aside', () => {
    check(bare, [['Hepatocellular carcinoma, BCLC A', 'Hepatocellular carcinoma, BCLC stage C'], ['Erosive esophagitis, LA grade B', 'Erosive esophagitis, Los Angeles grade D'], ['Right femoral neck fracture, Garden I', 'Right femoral neck fracture, Garden II']], 'en', false, /stage: (?:bclc|la|garden)/);
    check(bare, [['肝细胞癌 BCLC 0期', '肝细胞癌 BCLC B期'], ['反流性食管炎（LA-A级）', '反流性食管炎（LA-C级）'], ['右股骨颈骨折（Garden Ⅲ型）', '右股骨颈骨折（Garden Ⅳ型）']], 'zh', false, /stage: (?:bclc|la|garden)/);
    check(bare, [['Hepatocellular carcinoma', 'Hepatocellular carcinoma, BCLC B'], ['Erosive esophagitis, LA grade B', 'Erosive esophagitis (LA grade B)']], 'en', true);
    check(bare, [['肝细胞癌', '肝细胞癌 BCLC C期'], ['反流性食管炎', '反流性食管炎（LA-B级）']], 'zh', true);
  });

  it('a Gleason score is read as its ISUP grade group: 3+4 and 4+3 differ, an unsplit 7 is either', () => {
    check(bare, [['Prostate adenocarcinoma, Gleason 3+4=7', 'Prostate adenocarcinoma, Gleason 4+3=7'], ['Prostate adenocarcinoma, Gleason score 6', 'Prostate adenocarcinoma, ISUP grade group 3'], ['Prostate adenocarcinoma, Gleason 4+5', 'Prostate adenocarcinoma, Gleason 8']], 'en', false, /gradegroup/);
    check(bare, [['前列腺腺癌 Gleason 3+3=6分', '前列腺腺癌 Gleason评分8分'], ['前列腺腺癌 Gleason 4+3=7分', '前列腺腺癌 Gleason 3+4=7分']], 'zh', false, /gradegroup/);
    check(bare, [['Prostate adenocarcinoma, Gleason 7', 'Prostate adenocarcinoma, Gleason 4+3'], ['Prostate adenocarcinoma, grade group 2', 'Prostate adenocarcinoma, Gleason 3+4']], 'en', true);
    check(bare, [['前列腺腺癌 Gleason评分7分', '前列腺腺癌 Gleason 3+4=7分']], 'zh', true);
  });

  it('CIN grades also once CIN is written out, and a grade stated by a name in parentheses', () => {
    check(full, [['CIN 1', 'Cervical intraepithelial neoplasia grade 3'], ['VIN 3', 'VIN 1'], ['CIN 3', 'Squamous intraepithelial lesion of the cervix (CIN 2)']], 'en', false, /grade/);
    check(full, [['CIN 2', 'Cervical intraepithelial neoplasia grade 2']], 'en', true);
  });

  it('the ordinary type of an infection graded by type is not a severe one', () => {
    check(bare, [['Severe hand, foot and mouth disease', 'Hand, foot and mouth disease, ordinary type'], ['Critical COVID-19', 'COVID-19, ordinary type']], 'en', false, /severity/);
    check(bare, [['重型手足口病', '手足口病（普通型）'], ['新型冠状病毒感染（危重型）', '新型冠状病毒感染（普通型）']], 'zh', false, /severity/);
    check(bare, [['Mild hand, foot and mouth disease', 'Hand, foot and mouth disease, ordinary type']], 'en', true);
  });
});

describe('the spinal level, TNM stage groups, meningioma grades, and two more causes', () => {
  it('two different levels of the spine conflict; one level against none is set aside', () => {
    check(full, [['L3/4 lumbar disc herniation', 'Lumbar disc herniation, L4/5'], ['C5-C6 cervical disc herniation', 'Cervical disc herniation at C6/7'], ['T12 vertebral compression fracture', 'L2 vertebral compression fracture']], 'en', false, /spine/);
    check(full, [['腰3/4椎间盘突出症', 'L4/5椎间盘突出症'], ['腰5骶1椎间盘突出', '腰4/5椎间盘突出'], ['L1椎体压缩性骨折', 'T12椎体压缩性骨折']], 'zh', false, /spine/);
    check(full, [['Lumbar disc herniation', 'L5/S1 disc herniation'], ['L4-S1 disc herniation', 'L5-S1 lumbar disc herniation'], ['L4/5 disc herniation', 'L4-L5 lumbar disc herniation']], 'en', true);
    check(full, [['腰椎间盘突出症', '腰4/5椎间盘突出症'], ['L5/S1椎间盘突出', '腰5骶1椎间盘突出症']], 'zh', true);
  });

  it('a TNM formula gives its stage group for colorectal, lung and breast cancer', () => {
    check(bare, [['结肠癌 T3N0M0', '结肠癌ⅢA期'], ['肺腺癌 T1bN0M0', '肺腺癌ⅠB期'], ['乳腺癌 T1N1M0', '乳腺癌ⅠA期']], 'zh', false, /stage/);
    check(bare, [['Rectal cancer T4bN0M0', 'Rectal cancer, stage IIB'], ['Lung adenocarcinoma T3N2M0', 'Lung adenocarcinoma, stage IIIA'], ['Breast cancer T2N0M0', 'Breast cancer, stage IIB']], 'en', false, /stage/);
    check(bare, [['结肠癌 T3N0M0', '结肠癌ⅡA期'], ['肺腺癌 T2aN0M0', '肺腺癌ⅠB期'], ['乳腺癌 T2N2M0', '乳腺癌Ⅲ期']], 'zh', true);
    check(bare, [['Rectal cancer T4aN0M0', 'Rectal cancer, stage II'], ['Lung adenocarcinoma T1cN0M0', 'Lung adenocarcinoma, stage IA']], 'en', true);
    // N alone, and T with N, in a cancer's name
    check(bare, [['Papillary thyroid carcinoma, N1a', 'Papillary thyroid carcinoma, T1bN1b']], 'en', false, /n 1a vs 1b/);
    check(bare, [['Papillary thyroid carcinoma, N1b', 'Papillary thyroid carcinoma, pT2N1bM0']], 'en', true);
  });

  it('an atypical meningioma is of WHO grade 2, an anaplastic one of grade 3', () => {
    check(full, [['Atypical meningioma', 'Meningioma, WHO grade 1'], ['Anaplastic meningioma', 'Meningioma, WHO grade II']], 'en', false, /grade/);
    check(full, [['非典型脑膜瘤', '脑膜瘤（WHO 1级）'], ['间变性脑膜瘤', '脑膜瘤 WHO 2级']], 'zh', false, /grade/);
    check(full, [['Atypical meningioma', 'Meningioma, WHO grade 2']], 'en', true);
  });

  it('uterine atony written out, and a lacunar infarct as a mechanism of its own', () => {
    check(bare, [['产后出血（胎盘滞留）', '产后出血（子宫收缩乏力）']], 'zh', false, /cause/);
    check(full, [['Lacunar infarction', 'Cerebral infarction (large artery atherosclerosis)']], 'en', false);
    check(full, [['腔隙性脑梗死', '心源性脑栓塞']], 'zh', false);
    check(full, [['腔隙性脑梗死', '急性脑梗死（大动脉粥样硬化型）']], 'zh', false, /mechanism/);
    check(full, [['Lacunar infarction', 'Ischemic stroke']], 'en', true);
  });
});

describe('more axes: markers, response to treatment, onset, open or closed, setting, depth and the like', () => {
  it('a marker stated positive and negative, or mutated and wild-type, makes two diagnoses', () => {
    check(bare, [['HBeAg-positive chronic hepatitis B', 'HBeAg-negative chronic hepatitis B'], ['Smear-positive pulmonary tuberculosis', 'Smear-negative pulmonary tuberculosis'], ['EGFR-mutant lung adenocarcinoma', 'EGFR wild-type lung adenocarcinoma'], ['Seropositive rheumatoid arthritis', 'Seronegative rheumatoid arthritis']], 'en', false, /marker/);
    check(bare, [['HBeAg阳性慢性乙型肝炎', 'HBeAg阴性慢性乙型肝炎'], ['Ph阳性急性淋巴细胞白血病', 'Ph阴性急性淋巴细胞白血病'], ['EGFR突变肺腺癌', 'EGFR野生型肺腺癌'], ['血清阴性类风湿关节炎', '血清阳性类风湿关节炎']], 'zh', false, /marker/);
    check(bare, [['Chronic hepatitis B', 'HBeAg-positive chronic hepatitis B'], ['Smear-positive pulmonary tuberculosis', 'Pulmonary tuberculosis, smear positive']], 'en', true);
    check(bare, [['慢性乙型肝炎', 'HBeAg阳性慢性乙型肝炎']], 'zh', true);
    // a lung cancer's EGFR-positive is its mutation; a negated word is no value (non-exudative is dry, 不敏感 no
    // sensitivity)
    check(bare, [['Dry macular degeneration', 'Non-exudative dry macular degeneration']], 'en', true);
    check(bare, [['Wet macular degeneration', 'Non-exudative macular degeneration']], 'en', false);
    const axes = (t: string): string[] => readAxes(` ${t} `).slots.axis ?? [];
    expect(axisConflict(axes('egfr positive lung adenocarcinoma'), axes('egfr mutant lung adenocarcinoma'))).toBeUndefined();
    expect(axisConflict(axes('egfr wild type lung adenocarcinoma'), axes('egfr mutant lung adenocarcinoma'))).toMatch(/marker/);
    expect(axes('甲状腺激素不敏感综合征')).toEqual([]);
  });

  it('sensitive, dependent or resistant; early or late onset', () => {
    check(bare, [['Steroid-sensitive nephrotic syndrome', 'Steroid-resistant nephrotic syndrome'], ['Castration-resistant prostate cancer', 'Castration-sensitive prostate cancer'], ['Early-onset preeclampsia', 'Late-onset preeclampsia'], ['Early-onset neonatal sepsis', 'Late-onset neonatal sepsis']], 'en', false, /response|onset/);
    check(bare, [['激素敏感型肾病综合征', '激素耐药型肾病综合征'], ['激素依赖型肾病综合征', '激素抵抗型肾病综合征'], ['早发型子痫前期', '晚发型子痫前期']], 'zh', false, /response|onset/);
    check(bare, [['Nephrotic syndrome', 'Steroid-resistant nephrotic syndrome'], ['Preeclampsia', 'Early-onset preeclampsia']], 'en', true);
    // a response to steroids is no cause: a steroid-sensitive nephrotic syndrome may be a primary one, a
    // steroid-induced osteoporosis is no primary one
    check(bare, [['Steroid-sensitive nephrotic syndrome', 'Primary nephrotic syndrome'], ['Steroid-dependent nephrotic syndrome', 'Idiopathic nephrotic syndrome']], 'en', true);
    check(bare, [['激素敏感型肾病综合征', '原发性肾病综合征']], 'zh', true);
    check(bare, [['Steroid-induced osteoporosis', 'Primary osteoporosis']], 'en', false, /origin/);
    check(bare, [['子痫前期', '早发型子痫前期']], 'zh', true);
  });

  it('open or closed; communicating or obstructive; direct or indirect; proximal or distal', () => {
    check(bare, [['Open fracture of the left tibia', 'Closed fracture of the left tibia'], ['Communicating hydrocephalus', 'Obstructive hydrocephalus'], ['Right direct inguinal hernia', 'Right indirect inguinal hernia'], ['Proximal humerus fracture', 'Distal humerus fracture']], 'en', false);
    check(bare, [['左胫骨开放性骨折', '左胫骨闭合性骨折'], ['交通性脑积水', '梗阻性脑积水'], ['开角型青光眼', '闭角型青光眼'], ['右肱骨近端骨折', '右肱骨远端骨折']], 'zh', false);
    check(bare, [['Inguinal hernia', 'Right indirect inguinal hernia'], ['Tibial fracture', 'Open tibial fracture']], 'en', true);
  });

  it('congenital or acquired; community or hospital; wet or dry; diffuse or nodular; superficial or deep', () => {
    check(bare, [['Congenital hypothyroidism', 'Acquired hypothyroidism'], ['Community-acquired pneumonia', 'Hospital-acquired pneumonia'], ['Wet age-related macular degeneration', 'Dry age-related macular degeneration'], ['Diffuse toxic goiter', 'Nodular toxic goiter'], ['Superficial vein thrombosis of the left leg', 'Deep vein thrombosis of the left leg']], 'en', false);
    check(bare, [['先天性甲状腺功能减退症', '获得性甲状腺功能减退症'], ['社区获得性肺炎', '医院获得性肺炎'], ['湿性年龄相关性黄斑变性', '干性年龄相关性黄斑变性'], ['弥漫性毒性甲状腺肿', '结节性毒性甲状腺肿'], ['左下肢浅静脉血栓形成', '左下肢深静脉血栓形成'], ['浅Ⅱ度烧伤', '深Ⅱ度烧伤']], 'zh', false);
    check(bare, [['Macular degeneration', 'Wet macular degeneration']], 'en', true);
    // a ventilator-associated pneumonia is a hospital-acquired one
    const axes = (t: string): string[] => readAxes(` ${t} `).slots.axis ?? [];
    expect(axisConflict(axes('ventilator associated pneumonia'), axes('hospital acquired pneumonia'))).toBeUndefined();
    expect(axisConflict(axes('呼吸机相关性肺炎'), axes('社区获得性肺炎'))).toMatch(/setting/);
  });
});

describe('a sliding hernia, Masaoka stages, White classes of a gestational diabetes', () => {
  it('a sliding hernia of a site is a hernia of that site; a hiatal one is type I', () => {
    check(bare, [['Sliding inguinal hernia (right)', 'Right inguinal hernia, sliding'], ['Left femoral hernia', 'Sliding left femoral hernia']], 'en', true);
    check(bare, [['滑动性腹股沟疝（左）', '左侧腹股沟滑动疝'], ['腹股沟滑疝', '腹股沟疝']], 'zh', true);
    check(bare, [['Sliding hiatal hernia', 'Type II hiatal hernia'], ['Sliding right inguinal hernia', 'Sliding left inguinal hernia']], 'en', false);
  });

  it('Masaoka(-Koga) stages of a thymoma and White classes A1/A2', () => {
    check(bare, [['Thymoma, Masaoka stage I', 'Thymoma, Masaoka-Koga stage III'], ['Gestational diabetes mellitus, class A1', 'Gestational diabetes mellitus (A2)']], 'en', false, /stage/);
    check(bare, [['胸腺瘤 Masaoka I期', '胸腺瘤 Masaoka Ⅲ期'], ['妊娠期糖尿病A1级', '妊娠期糖尿病A2级']], 'zh', false, /stage/);
    check(bare, [['Thymoma', 'Thymoma, Masaoka stage II'], ['Gestational diabetes mellitus', 'Gestational diabetes mellitus, class A2']], 'en', true);
    check(bare, [['胸腺瘤', '胸腺瘤 Masaoka II期'], ['妊娠期糖尿病', '妊娠期糖尿病A2级']], 'zh', true);
  });
});

describe('typical, wall, medial, anterior, effusion, ejection fraction, hearing, spread, extent, inside or outside', () => {
  it('different values conflict in both languages', () => {
    check(bare, [['Typical atrial flutter', 'Atypical atrial flutter'], ['Submucosal uterine leiomyoma', 'Intramural uterine leiomyoma'], ['Medial meniscus tear of the left knee', 'Lateral meniscus tear of the left knee'], ['Exudative pleural effusion', 'Transudative pleural effusion'], ['Heart failure with reduced ejection fraction', 'Heart failure with preserved ejection fraction'], ['Sensorineural hearing loss', 'Conductive hearing loss'], ['Focal epilepsy', 'Generalized epilepsy'], ['Limited cutaneous systemic sclerosis', 'Diffuse cutaneous systemic sclerosis'], ['Intrahepatic cholangiocarcinoma', 'Extrahepatic cholangiocarcinoma']], 'en', false);
    check(bare, [['子宫黏膜下肌瘤', '子宫肌壁间肌瘤'], ['左膝内侧半月板损伤', '左膝外侧半月板损伤'], ['前循环脑梗死', '后循环脑梗死'], ['渗出性胸腔积液', '漏出性胸腔积液'], ['射血分数降低的心力衰竭', '射血分数保留的心力衰竭'], ['感音神经性聋', '传导性聋'], ['局灶性癫痫', '全面性癫痫'], ['局限性系统性硬化症', '弥漫性系统性硬化症'], ['肝内胆管结石', '肝外胆管结石'], ['宫内妊娠', '宫外孕']], 'zh', false);
  });

  it('a value on one side only is set aside; mixed hearing loss is both', () => {
    check(bare, [['Pleural effusion', 'Exudative pleural effusion'], ['Epilepsy', 'Focal epilepsy'], ['Uterine leiomyoma', 'Submucosal uterine leiomyoma']], 'en', true);
    check(bare, [['胸腔积液', '渗出性胸腔积液'], ['癫痫', '局灶性癫痫']], 'zh', true);
    const axes = (t: string): string[] => readAxes(` ${t} `).slots.axis ?? [];
    expect(axisConflict(axes('mixed hearing loss'), axes('sensorineural hearing loss'))).toBeUndefined();
    expect(axisConflict(axes('混合性聋'), axes('传导性聋'))).toBeUndefined();
  });
});

describe('where an arrhythmia arises, the lineage of a lymphoid tumour, the kind of an acute kidney injury', () => {
  it('different values conflict; supraventricular covers sinus, atrial and junctional', () => {
    check(bare, [['Atrial tachycardia', 'Ventricular tachycardia'], ['B-cell acute lymphoblastic leukemia', 'T-cell acute lymphoblastic leukemia'], ['Prerenal acute kidney injury', 'Postrenal acute kidney injury'], ['Peripheral T-cell lymphoma of the stomach', 'Peripheral B-cell lymphoma of the stomach']], 'en', false, /chamber|lineage|aki/);
    check(bare, [['房性心动过速', '室性心动过速'], ['交界性逸搏心律', '室性逸搏心律'], ['B细胞淋巴瘤', 'T细胞淋巴瘤'], ['结外NK/T细胞淋巴瘤', '结外T细胞淋巴瘤'], ['肾前性急性肾损伤', '肾后性急性肾损伤']], 'zh', false, /chamber|lineage|aki/);
    check(bare, [['Paroxysmal tachycardia', 'Paroxysmal ventricular tachycardia'], ['Acute lymphoblastic leukemia', 'B-cell acute lymphoblastic leukemia']], 'en', true);
    check(bare, [['急性肾损伤', '肾前性急性肾损伤']], 'zh', true);
    const axes = (t: string): string[] => readAxes(` ${t} `).slots.axis ?? [];
    expect(axisConflict(axes('室上性心动过速'), axes('房性心动过速'))).toBeUndefined();
    expect(axisConflict(axes('supraventricular tachycardia'), axes('ventricular tachycardia'))).toMatch(/chamber/);
  });
});

describe('which valve, which joint, which trisomy', () => {
  it('names that differ by the valve, joint or chromosome are two diagnoses; one in common agrees', () => {
    check(bare, [['Mitral regurgitation', 'Tricuspid regurgitation'], ['Aortic stenosis', 'Pulmonary stenosis (valvular)'], ['Osteoarthritis of the knee', 'Osteoarthritis of the hip'], ['Trisomy 13', 'Trisomy 18']], 'en', false, /valve|joint|trisomy/);
    check(bare, [['二尖瓣关闭不全', '三尖瓣关闭不全'], ['主动脉瓣狭窄', '肺动脉瓣狭窄'], ['膝关节骨关节炎', '髋关节骨关节炎'], ['肩关节脱位', '肘关节脱位'], ['21三体综合征', '18三体综合征']], 'zh', false, /valve|joint|trisomy/);
    const axes = (t: string): string[] => readAxes(` ${t} `).slots.axis ?? [];
    expect(axisConflict(axes('mitral stenosis with aortic regurgitation'), axes('mitral stenosis'))).toBeUndefined();
    expect(axisConflict(axes('双膝关节及髋关节骨关节炎'), axes('膝关节骨关节炎'))).toBeUndefined();
  });
});

describe('the overlap rule and one substituted run in Chinese', () => {
  it('two names of one length that differ by one substituted run are not matched by overlap', () => {
    check(bare, [['乙型病毒性肝炎', '丙型病毒性肝炎'], ['肺鳞状细胞癌', '喉鳞状细胞癌'], ['桡骨远端骨折', '股骨远端骨折'], ['颈内动脉狭窄', '颅内动脉狭窄'], ['水痘病毒感染', '猴痘病毒感染']], 'zh', false);
    // an inserted character is no substitution: the overlap rule still reads it
    check(bare, [['腹主动脉瘤', '腹主动脉动脉瘤'], ['淋巴结结核', '淋巴结核']], 'zh', true, /overlap|Dice/);
  });
});
