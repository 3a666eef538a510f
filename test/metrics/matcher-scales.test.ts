/**
 * The named classification scales (src/metrics/matcher/named-scales.ts, docs/metrics.md "More scales"): a class of
 * one scale stated on both sides and in conflict makes two diagnoses, stated on one side only it is set aside, a
 * sub-class agrees with its class, and two different scales never conflict. `bare` knows no disease, so the rule
 * decides; `full` is the bundled lexicon, where an abbreviation could otherwise swallow a scale's name.
 */
import { describe, expect, it } from 'vitest';
import { bare, check, full, no, yes } from '../support/match-checks.js';

describe('number scales (Roman or Arabic, with sub-classes)', () => {
  it('conflicting classes of one scale are two diagnoses, in both languages', () => {
    check(bare, [
      ['thymoma, Masaoka stage II', 'thymoma, Masaoka-Koga stage III'],
      ['inguinal hernia, Nyhus type IIIb', 'inguinal hernia, Nyhus type IIIc'],
      ['choledochal cyst, Todani type I', 'choledochal cyst, Todani type IV'],
      ['perforated diverticulitis, Hinchey III', 'perforated diverticulitis, Hinchey IV'],
      ['open tibial fracture, Gustilo-Anderson type II', 'open tibial fracture, Gustilo-Anderson type IIIB'],
      ['renal cyst, Bosniak IIF', 'renal cyst, Bosniak II'],
      ['breast mass BI-RADS 4a', 'breast mass BI-RADS 4c'],
      ['thyroid nodule, ACR TI-RADS TR3', 'thyroid nodule, ACR TI-RADS TR5'],
      ['adenocarcinoma of the esophagogastric junction, Siewert type I', 'adenocarcinoma of the esophagogastric junction, Siewert type III'],
      ['tibial plateau fracture, Schatzker type II', 'tibial plateau fracture, Schatzker type V'],
      ['peptic ulcer bleeding Forrest Ib', 'peptic ulcer bleeding Forrest IIa'],
      ['multiple myeloma, R-ISS stage II', 'multiple myeloma, R-ISS stage III'],
      ['mitral regurgitation, Carpentier type II', 'mitral regurgitation, Carpentier type IIIb'],
      ['melanoma Clark level II', 'melanoma Clark level IV'],
    ], 'en', false, /stage: \w+ /);
    check(bare, [
      ['胸腺瘤（Masaoka II期）', '胸腺瘤（Masaoka III期）'],
      ['先天性胆总管囊肿（Todani I型）', '先天性胆总管囊肿（Todani IVa型）'],
      ['乙状结肠憩室炎（Hinchey II期）', '乙状结肠憩室炎（Hinchey IV期）'],
      ['胫骨开放性骨折（Gustilo II型）', '胫骨开放性骨折（Gustilo IIIA型）'],
      ['肾囊肿（Bosniak II级）', '肾囊肿（Bosniak III级）'],
      ['乳腺结节（BI-RADS 3类）', '乳腺结节（BI-RADS 4a类）'],
      ['甲状腺结节（TI-RADS 3类）', '甲状腺结节（TI-RADS 5类）'],
      ['胃癌（Borrmann II型）', '胃癌（Borrmann IV型）'],
      ['肝门部胆管癌（Bismuth-Corlette IIIa型）', '肝门部胆管癌（Bismuth-Corlette IIIb型）'],
      ['桡骨远端骨骺骨折（Salter-Harris II型）', '桡骨远端骨骺骨折（Salter-Harris IV型）'],
      ['子宫脱垂（POP-Q II度）', '子宫脱垂（POP-Q III度）'],
      ['十二指肠溃疡出血（Forrest Ib级）', '十二指肠溃疡出血（Forrest III级）'],
      ['肱骨髁上骨折（Gartland II型）', '肱骨髁上骨折（Gartland III型）'],
    ], 'zh', false, /stage: \w+ /);
  });

  it('a sub-class agrees with its class, and a class on one side only is set aside', () => {
    check(bare, [
      ['choledochal cyst Todani type IVa', 'choledochal cyst type IV'],
      ['sigmoid diverticulitis Hinchey Ib', 'sigmoid diverticulitis Hinchey I'],
      ['open tibial fracture Gustilo IIIB', 'open tibial fracture Gustilo type III'],
      ['hilar cholangiocarcinoma Bismuth IIIa', 'hilar cholangiocarcinoma Bismuth-Corlette type III'],
      ['breast mass BI-RADS 4b', 'breast mass BI-RADS 4'],
      ['diabetic foot ulcer', 'diabetic foot ulcer (Wagner grade 3)'],
      ['thyroid nodule TI-RADS 4', 'thyroid nodule'],
    ], 'en', true);
    check(bare, [
      ['先天性胆总管囊肿', '先天性胆总管囊肿（Todani I型）'],
      ['十二指肠溃疡出血（Forrest IIb级）', '十二指肠溃疡出血（Forrest II级）'],
      ['乳腺结节BI-RADS 4a类', '乳腺结节'],
    ], 'zh', true);
  });

  it('two different scales never conflict, and their names leave nothing behind', () => {
    check(bare, [
      ['chronic lymphocytic leukemia Rai stage I', 'chronic lymphocytic leukemia Binet stage B'],
      ['subarachnoid hemorrhage, WFNS grade 2', 'subarachnoid hemorrhage, Fisher grade 3'],
      ['osteonecrosis of the femoral head, Ficat stage II', 'osteonecrosis of the femoral head, ARCO stage III'],
    ], 'en', true);
    yes(full, 'multiple myeloma ISS stage III', 'multiple myeloma R-ISS stage II', 'en');
  });

  it('in a disease with a standard type scale a bare "type N" is that scale', () => {
    no(bare, 'Choledochal cyst, type I', 'Congenital choledochal cyst (Todani type IVa)', 'en', /todani 1 vs 4a/);
    no(bare, '胆总管囊肿 I型', '先天性胆总管囊肿（Todani IVa型）', 'zh', /todani/);
    no(bare, 'tibial plateau fracture type II', 'tibial plateau fracture Schatzker VI', 'en', /schatzker/);
    no(bare, '肝门部胆管癌（IIIa型）', '肝门部胆管癌（Bismuth IV型）', 'zh', /bismuth/);
    yes(bare, 'Choledochal cyst, type IV', 'Congenital choledochal cyst (Todani type IVa)', 'en');
  });
});

describe('letter scales and word scales', () => {
  it('letter classes conflict; a letter agrees with its numbered sub-class', () => {
    check(bare, [
      ['spinal cord injury, Frankel grade A', 'spinal cord injury, Frankel grade D'],
      ['spinal cord injury, ASIA A', 'spinal cord injury, ASIA C'],
      ['chronic lymphocytic leukemia, Binet stage A', 'chronic lymphocytic leukemia, Binet stage C'],
      ['acute pancreatitis, Balthazar grade C', 'acute pancreatitis, Balthazar grade E'],
      ['Herring B Perthes disease', 'Legg-Calve-Perthes disease, Herring C'],
      ['ankle fracture Weber B', 'ankle fracture Weber C'],
      ['pelvic fracture, Tile B1', 'pelvic fracture, Tile B3'],
      ['distal radius fracture, AO type A2', 'distal radius fracture, AO type C3'],
    ], 'en', false, /stage: \w+ /);
    check(bare, [
      ['脊髓损伤（ASIA A级）', '脊髓损伤（ASIA D级）'],
      ['颈髓损伤（Frankel A级）', '颈髓损伤（Frankel C级）'],
      ['骨盆骨折（Tile B型）', '骨盆骨折（Tile C型）'],
      ['踝关节骨折（Weber B型）', '踝关节骨折（Weber C型）'],
    ], 'zh', false, /stage: \w+ /);
    check(bare, [['pelvic fracture, Tile B', 'pelvic fracture, Tile B2'], ['Herring B/C Perthes disease', 'Legg-Calve-Perthes disease, Herring C']], 'en', true);
  });

  it('an AO or Tile letter is no level of the spine, which still conflicts', () => {
    no(full, 'distal radius fracture, AO A2', 'distal radius fracture, AO C3', 'en', /ao a2 vs c3/);
    no(bare, 'C5 fracture', 'C3 fracture', 'en');
    no(bare, 'L1 vertebral compression fracture', 'L3 vertebral compression fracture', 'en');
  });

  it('reads the Neer parts, the Lauren type, the FAB subtype and the Montreal class', () => {
    no(bare, 'Neer three-part proximal humerus fracture', 'proximal humerus fracture (four-part)', 'en', /neer/);
    no(bare, '肱骨近端骨折（三部分）', '肱骨近端四部分骨折', 'zh', /neer/);
    yes(bare, 'proximal humerus fracture', 'Neer two-part proximal humeral fracture', 'en');
    no(bare, 'diffuse type gastric cancer', 'intestinal type gastric cancer', 'en', /lauren/);
    no(bare, '胃癌（Lauren弥漫型）', '胃癌（肠型）', 'zh', /lauren/);
    yes(bare, '胃腺癌', '胃腺癌（肠型）', 'zh');
    // a colon inside parentheses labels the class, it starts no explanation
    no(bare, '胃腺癌（Lauren分型：肠型）', '胃腺癌（Lauren分型：弥漫型）', 'zh', /lauren intestinal vs diffuse/);
    no(bare, 'gastric adenocarcinoma (Lauren: intestinal)', 'gastric adenocarcinoma (Lauren: diffuse)', 'en', /lauren/);
    yes(bare, '胃腺癌（Lauren分型：肠型）', '胃腺癌', 'zh');
    no(bare, 'acute myeloid leukemia, FAB M2', 'acute myeloid leukemia, FAB M3', 'en', /fab/);
    no(bare, '急性髓系白血病（M2型）', '急性髓系白血病（M5型）', 'zh', /fab/);
    yes(full, '急性髓系白血病（M5）', '急性单核细胞白血病', 'zh');
    no(bare, "Crohn's disease A2 L1 B1", "Crohn's disease A2 L3 B1", 'en', /montreal-l/);
    no(bare, '克罗恩病（A2L3B2）', '克罗恩病（A2L1B1）', 'zh', /montreal/);
    yes(bare, '克罗恩病（A2L3B2）', '克罗恩病 L3', 'zh');
    no(bare, 'ulcerative colitis E1', 'ulcerative colitis E3', 'en', /montreal-e/);
  });

  it('a scale name that is an ordinary word or another name reads nothing without its value', () => {
    check(bare, [['Bell palsy', "Bell's palsy"], ['Miller Fisher syndrome', 'Miller-Fisher syndrome'], ['Sturge-Weber syndrome', 'Sturge Weber syndrome']], 'en', true);
    no(bare, 'Bell palsy', 'Miller Fisher syndrome', 'en');
    yes(full, 'ISS', 'idiopathic short stature', 'en');
  });
});

describe('the Nyhus type states the side of a groin hernia', () => {
  it('IIIa is direct, I, II and IIIb indirect, in both languages', () => {
    yes(full, '腹股沟疝（Nyhus IIIa型）', '腹股沟直疝', 'zh');
    no(full, '腹股沟疝（Nyhus IIIa型）', '腹股沟斜疝', 'zh', /direct/);
    yes(full, 'Nyhus II型腹股沟疝', '腹股沟斜疝', 'zh');
    no(full, 'Nyhus II型腹股沟疝', '腹股沟直疝', 'zh');
    yes(full, 'inguinal hernia, Nyhus type IIIa', 'direct inguinal hernia', 'en');
    no(full, 'inguinal hernia, Nyhus type II', 'direct inguinal hernia', 'en');
    const r = full.match('腹股沟疝 Nyhus IV型', '复发性腹股沟疝', 'zh');
    expect(r.match, r.explanation).toBe(true);
  });
});

describe('the TNM stage group of a pancreatic cancer', () => {
  it('places the formula in the AJCC table (T3N0 is IIA, T1–3 N1 IIB, N2 or T4 III)', () => {
    no(bare, '胰腺癌 T3N0M0', '胰腺癌 IIB期', 'zh', /stage 2a vs 2b/);
    yes(bare, '胰腺癌 T3N0M0', '胰腺癌 IIA期', 'zh');
    no(bare, '胰头癌 T1N0M0', '胰头癌 II期', 'zh', /stage/);
    yes(full, 'pancreatic adenocarcinoma T2N1M0', 'pancreatic cancer stage IIB', 'en');
    no(full, 'pancreatic adenocarcinoma T2N1M0', 'pancreatic cancer stage IB', 'en', /stage/);
    yes(bare, 'pancreatic head cancer T4N0M0', 'pancreatic head cancer stage III', 'en');
    // a neuroendocrine tumour of the pancreas is staged by another table: its formula gives no stage group here
    yes(bare, 'pancreatic neuroendocrine tumor T2N0M0', 'pancreatic neuroendocrine tumor stage II', 'en');
  });
});
