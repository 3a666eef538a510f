/**
 * The concepts and names heldout10's Chinese misses showed missing (data/lexicon/concepts/more-h10-zh.json). The
 * pairs are written for these tests, not taken from the labelled sets: a kind under an existing concept counts for
 * it and its siblings are different diagnoses, the broader name does not count for the kind, and the new names
 * read as their group in both languages.
 */
import { describe, expect, it } from 'vitest';
import { check, full, no, yes } from '../support/match-checks.js';

describe('kinds added under existing concepts', () => {
  it('reads influenza A and B pneumonia as influenza (viral) pneumonia, and tells them apart', () => {
    check(full, [['甲型流感病毒性肺炎', '病毒性肺炎'], ['乙流肺炎', '流感肺炎'], ['甲流肺炎', '流感病毒肺炎']], 'zh', true);
    check(full, [['Influenza A virus pneumonia', 'Viral pneumonia'], ['Influenza B pneumonia', 'Influenza pneumonia']], 'en', true);
    check(full, [['甲型流感肺炎', '乙型流感病毒肺炎'], ['病毒性肺炎', '甲型流感病毒肺炎']], 'zh', false);
    no(full, 'Influenza A pneumonia', 'Influenza B virus pneumonia', 'en');
  });

  it('reads MAC, M. abscessus and M. kansasii lung disease as NTM lung disease, each a disease of its own', () => {
    check(full, [['鸟胞内分枝杆菌复合群肺病', '非结核分枝杆菌肺病'], ['脓肿分枝杆菌肺病', '非结核分枝杆菌肺病'], ['MAC肺病', '鸟-胞内分枝杆菌肺病']], 'zh', true);
    check(full, [['Mycobacterium kansasii pulmonary disease', 'Nontuberculous mycobacterial lung disease'], ['MAC pulmonary disease', 'Mycobacterium avium complex lung disease']], 'en', true);
    check(full, [['堪萨斯分枝杆菌肺病', '脓肿分枝杆菌肺病'], ['鸟-胞内分枝杆菌复合群肺病', '堪萨斯分枝杆菌肺病'], ['非结核分枝杆菌肺病', '脓肿分枝杆菌肺病']], 'zh', false);
    no(full, 'Mycobacterium abscessus lung disease', 'Mycobacterium kansasii lung disease', 'en');
  });

  it('reads a DLBCL or MALT lymphoma of the thyroid as a primary thyroid lymphoma, not as each other', () => {
    check(full, [['甲状腺弥漫性大B细胞淋巴瘤', '原发性甲状腺淋巴瘤'], ['甲状腺MALT淋巴瘤', '原发性甲状腺淋巴瘤'], ['甲状腺黏膜相关淋巴组织淋巴瘤', '甲状腺MALT淋巴瘤']], 'zh', true);
    yes(full, 'Thyroid MALT lymphoma', 'Primary thyroid lymphoma', 'en');
    no(full, '甲状腺MALT淋巴瘤', '甲状腺弥漫大B细胞淋巴瘤', 'zh');
    no(full, 'Diffuse large B-cell lymphoma of the thyroid', 'MALT lymphoma of the thyroid', 'en');
    no(full, '原发性甲状腺淋巴瘤', '甲状腺MALT淋巴瘤', 'zh');
  });

  it('reads an IDH-mutant astrocytoma as an astrocytoma, a diffuse one in both languages, and keeps grades apart', () => {
    check(full, [['IDH突变型星形细胞瘤', '弥漫性星形细胞瘤'], ['星形细胞瘤IDH突变型', '星形细胞瘤（WHO 3级）'], ['星形细胞瘤', '弥漫性星形细胞瘤']], 'zh', true);
    check(full, [['IDH-mutant astrocytoma', 'Diffuse astrocytoma'], ['Astrocytoma', 'Diffuse astrocytoma']], 'en', true);
    no(full, '弥漫性星形细胞瘤', 'IDH突变型星形细胞瘤', 'zh');
    no(full, 'IDH突变型星形细胞瘤 WHO 2级', '星形细胞瘤 WHO 4级', 'zh');
  });

  it('reads congenital and rheumatic heart disease in pregnancy as heart disease in pregnancy, not as each other', () => {
    check(full, [['妊娠合并先天性心脏病', '妊娠合并心脏病'], ['妊娠期风湿性心脏病', '妊娠合并心脏病']], 'zh', true);
    yes(full, 'Pregnancy complicated by rheumatic heart disease', 'Heart disease in pregnancy', 'en');
    no(full, '妊娠合并先天性心脏病', '妊娠合并风湿性心脏病', 'zh');
    no(full, '妊娠合并心脏病', '妊娠期先天性心脏病', 'zh');
  });

  it('reads a rectal tubulovillous adenoma in either word order as a rectal adenoma, apart from a villous one', () => {
    check(full, [['直肠绒毛管状腺瘤', '直肠管状绒毛状腺瘤'], ['结肠绒毛管状腺瘤', '管状绒毛状腺瘤'], ['直肠管状绒毛状腺瘤', '直肠腺瘤']], 'zh', true);
    yes(full, 'Tubulovillous adenoma of the rectum', 'Rectal adenoma', 'en');
    no(full, '直肠绒毛管状腺瘤', '结肠绒毛状腺瘤', 'zh');
  });
  it('reads a metastatic tumour of the ovary as a secondary tumour, and one from the stomach as a Krukenberg tumour', () => {
    check(full, [['卵巢转移癌', '卵巢转移性肿瘤'], ['胃来源卵巢转移性腺癌', '库肯勃瘤'], ['胃癌转移至卵巢', 'Krukenberg瘤']], 'zh', true);
    check(full, [['Secondary ovarian cancer', 'Metastatic tumour of the ovary'], ['Ovarian metastases from gastric cancer', 'Krukenberg tumour']], 'en', true);
    check(full, [['卵巢转移性腺癌', '卵巢上皮性癌'], ['卵巢转移瘤', '卵巢浆液性癌']], 'zh', false);
    no(full, 'Metastatic ovarian tumor', 'Epithelial ovarian cancer', 'en');
  });
});

describe('more names for existing groups', () => {
  it('reads sites and other names of a group as the group, in both languages', () => {
    const zh: [string, string][] = [
      ['无冠窦瘤破裂', '主动脉窦瘤破裂'], ['右冠状动脉窦瘤破裂', '乏氏窦瘤'], ['肛周佩吉特病', '乳房外Paget病'],
      ['宫颈管息肉', '宫颈息肉'], ['乳结核', '结核性乳腺炎'], ['人工机械瓣膜血栓形成', '人工瓣膜功能障碍'],
      ['难辨梭菌相关性结肠炎', '伪膜性肠炎'], ['穿刺孔疝', '戳孔疝'], ['维生素B12缺乏性脊髓变性', '亚急性联合变性'],
      ['进行性遗传性肾炎', 'Alport综合征'], ['造影剂急性肾损伤', '对比剂肾病'], ['阑尾低级别黏液性肿瘤', '低级别阑尾黏液性肿瘤'],
      ['原发性手掌多汗症', '手汗症'], ['运动性耻骨痛', '运动疝'], ['卵巢纤维瘤合并胸腹水', '麦格综合征'], ['胃癌卵巢转移', '库肯勃瘤'],
      ['真菌性上颌窦炎', '真菌性鼻窦炎'], ['慢传输型功能性便秘', '慢传输型便秘'], ['Siewert II型食管胃结合部腺癌', '贲门癌'],
    ];
    check(full, zh, 'zh', true);
    const en: [string, string][] = [
      ['Ruptured noncoronary sinus aneurysm', 'Sinus of Valsalva aneurysm'], ['Perianal Paget disease', 'Extramammary Paget disease'],
      ['Contrast-associated acute kidney injury', 'Contrast-induced nephropathy'], ['LAMN', 'Low-grade appendiceal mucinous neoplasm'],
      ['Hereditary progressive nephritis', 'Alport syndrome'], ['Cobalamin deficiency myelopathy', 'Subacute combined degeneration of the spinal cord'],
      ['Sportsman\'s hernia', 'Athletic pubalgia'], ['Trocar-site hernia', 'Port site hernia'],
    ];
    check(full, en, 'en', true);
  });

  it('keeps the neighbours of those names different diagnoses', () => {
    check(full, [['主动脉窦瘤破裂', '主动脉夹层'], ['肛周Paget病', '乳腺Paget病'], ['宫颈管息肉', '子宫内膜息肉'], ['乳腺结核', '乳腺炎'],
      ['对比剂急性肾损伤', '造影剂过敏'], ['手部多汗症', '腋窝多汗症'], ['胃癌卵巢转移', '卵巢上皮性癌'], ['运动员疝', '腹股沟斜疝']], 'zh', false);
    check(full, [['Perianal Paget disease', 'Paget disease of bone'], ['Contrast-associated acute kidney injury', 'Contrast media allergy']], 'en', false);
  });
});

it('states the new kinds with their parent in the explanation', () => {
  const r = full.match('甲状腺弥漫大B细胞淋巴瘤', '原发性甲状腺淋巴瘤', 'zh');
  expect(r.rule).toBe('lexicon');
  expect(r.explanation).toMatch(/narrower than "primary thyroid lymphoma/);
});
