/**
 * Readings heldout12's misses asked for (issue 16), each a general rule: "X following Y" names Y as X's cause,
 * "X causing / compressing / leading to Y" names what X does (a complication), and a Chinese name that states the
 * disease first and its hedged cause after a comma ("反复低血糖发作，考虑胰岛素瘤所致") is read as "Y所致X". The
 * `bare` matcher knows none of the names, so the rule decides; `full` is the bundled lexicon.
 */
import { describe, it } from 'vitest';
import { bare, check, full } from '../support/match-checks.js';

describe('a disease dated by the one that led to it ("following")', () => {
  it('reads "X following Y" as X with the cause Y, so X alone names it', () => {
    check(bare, [
      ['Left ventricular aneurysm following anterior wall myocardial infarction', 'Left ventricular aneurysm'],
      ['Pancreatic pseudocyst following acute pancreatitis', 'Pancreatic pseudocyst'],
      ['Reactive arthritis following urethritis', 'Reactive arthritis'],
      ['Post-infectious glomerulonephritis following streptococcal pharyngitis', 'Post-infectious glomerulonephritis'],
    ], 'en', true, /head/);
  });
  it('does not let the earlier disease stand for the later one, nor the later one for a different disease', () => {
    check(bare, [
      ['Pancreatic pseudocyst following acute pancreatitis', 'Acute pancreatitis'],
      ['Left ventricular aneurysm following anterior wall myocardial infarction', 'Anterior wall myocardial infarction'],
      ['Reactive arthritis following urethritis', 'Septic arthritis'],
    ], 'en', false);
  });
});

describe('what a disease does ("causing", "compressing", "leading to", "resulting in")', () => {
  it('reads the effect as a complication, so the disease alone names the name', () => {
    check(bare, [
      ['Nodular goitre compressing the trachea', 'Nodular goitre'],
      ['Renal cell carcinoma causing haematuria', 'Renal cell carcinoma'],
      ['Colon cancer leading to intestinal obstruction', 'Colon cancer'],
      ['Aortic stenosis resulting in syncope', 'Aortic stenosis'],
    ], 'en', true, /head/);
    check(full, [['Enlarged prostate causing lower urinary tract symptoms', 'Benign prostatic hyperplasia']], 'en', true);
  });
  it('does not read the effect as the diagnosis, nor another disease with the same effect as it', () => {
    check(bare, [
      ['Renal cell carcinoma causing haematuria', 'Bladder carcinoma'],
      ['Nodular goitre compressing the trachea', 'Tracheal stenosis'],
      ['Colon cancer leading to intestinal obstruction', 'Rectal cancer'],
    ], 'en', false);
  });
});

describe('a Chinese disease followed by its hedged cause ("X，考虑Y所致")', () => {
  it('reads the cause of a manifestation as the diagnosis, as "Y所致X" is read', () => {
    check(full, [
      ['反复低血糖发作，考虑胰岛素瘤所致', '胰岛素瘤'],
      ['右肾绞痛，考虑右输尿管结石所致', '右输尿管结石'],
      ['梗阻性黄疸，考虑胰头癌所致', '胰头癌'],
    ], 'zh', true, /cause/);
  });
  it('does not name the cause of a disease that is no manifestation of it, nor another cause', () => {
    check(full, [
      ['贫血，考虑慢性肾脏病所致', '慢性肾脏病'],
      ['反复低血糖发作，考虑胰岛素瘤所致', '胰腺癌'],
      ['梗阻性黄疸，考虑胰头癌所致', '胆总管结石'],
    ], 'zh', false);
  });
});

describe('a rupture that bleeds, and a complication that "formed"', () => {
  it('reads 破裂出血 and "rupture and haemorrhage" as the ruptured lesion', () => {
    check(full, [
      ['右侧输卵管妊娠破裂', '右侧输卵管壶腹部妊娠破裂出血'],
      ['脾破裂', '外伤性脾破裂出血'],
      ['黄体破裂', '右侧卵巢黄体破裂出血'],
    ], 'zh', true);
    check(full, [
      ['Ruptured right renal angiomyolipoma', 'Right renal angiomyolipoma with rupture and hemorrhage'],
      ['Ruptured ectopic pregnancy', 'Ectopic pregnancy with rupture and bleeding'],
    ], 'en', true);
  });
  it('keeps a ruptured lesion apart from an unruptured one, and leaves bleeding varices bleeding ones', () => {
    check(full, [['右侧输卵管妊娠未破裂', '右侧输卵管妊娠破裂出血'], ['卵巢黄体囊肿未破裂', '卵巢黄体破裂出血']], 'zh', false);
    check(full, [['Unruptured ectopic pregnancy', 'Ectopic pregnancy with rupture and haemorrhage']], 'en', false);
    check(full, [['食管胃底静脉曲张破裂出血', '食管静脉曲张破裂'], ['Oesophageal variceal bleeding', 'Rupture and bleeding of oesophageal varices']], 'zh', true);
  });
  it('reads 伴X形成 as 伴X', () => {
    check(bare, [['急性阑尾炎伴阑尾周围脓肿形成', '急性阑尾炎伴阑尾周围脓肿'], ['慢性胆囊炎伴胆囊结石形成', '慢性胆囊炎伴胆囊结石']], 'zh', true);
    check(bare, [['急性阑尾炎伴阑尾周围脓肿形成', '急性胆囊炎伴胆囊周围脓肿']], 'zh', false);
  });
});

describe('lay wordings of a clot and of a site beside an organ', () => {
  it('reads a blood clot in the deep veins of a limb as its deep vein thrombosis', () => {
    check(full, [
      ['Blood clot in the deep veins of the right calf', 'Right lower limb deep venous thrombosis (peripheral type)'],
      ['Blood clot in the deep veins of the left leg', 'Left lower extremity deep vein thrombosis'],
      ['A clot in the deep veins of the right leg', 'Right lower limb deep vein thrombosis'],
    ], 'en', true);
    check(full, [
      ['Blood clot in the deep veins of the left leg', 'Right lower extremity deep vein thrombosis'],
      ['Blood clot in the deep veins of the left leg', 'Pulmonary embolism'],
    ], 'en', false);
  });
  it('reads "beside" or "next to" an organ as around it', () => {
    check(full, [['Abscess beside the anus on the left side', 'Left perianal abscess'], ['Abscess next to the tonsil', 'Peritonsillar abscess']], 'en', true);
    check(full, [['Abscess beside the anus', 'Pilonidal abscess'], ['Abscess next to the tonsil', 'Tonsillitis']], 'en', false);
  });
});

describe('what the diagnosis is not: a prognostic index, a caesarean note, a longer part of a parenthesis', () => {
  it('sets a prognostic index score aside (IPI, R-IPI, FLIPI), the stage still compared', () => {
    check(full, [['弥漫大B细胞淋巴瘤（Ann Arbor ⅢA期）', '弥漫大B细胞淋巴瘤 ⅢA期 IPI 3分'], ['Follicular lymphoma, stage III', 'Follicular lymphoma stage III, FLIPI 2']], 'zh', true);
    check(full, [['Diffuse large B-cell lymphoma, stage II', 'Diffuse large B-cell lymphoma stage IV, R-IPI 3']], 'en', false, /stage/);
    check(full, [['弥漫大B细胞淋巴瘤 ⅡA期', '弥漫大B细胞淋巴瘤 ⅢA期 IPI 3分']], 'zh', false, /stage/);
  });
  it('reads the caesarean note of a scarred uterus in pregnancy as the scar, not a history', () => {
    check(full, [['瘢痕子宫再次妊娠（前次剖宫产）', '妊娠合并瘢痕子宫'], ['瘢痕子宫（2次剖宫产史）', '瘢痕子宫']], 'zh', true);
    check(full, [['瘢痕子宫再次妊娠（前次剖宫产）', '妊娠合并子宫肌瘤']], 'zh', false);
  });
  it('reads each short part of a parenthesis in front of the name, beside a longer part', () => {
    check(full, [['肛瘘（高位复杂性，Parks分型经括约肌型）', '高位复杂性肛瘘']], 'zh', true);
    check(full, [['肛瘘（低位单纯性，Parks分型经括约肌型）', '高位复杂性肛瘘']], 'zh', false);
  });
});

describe('stages of different systems (a disease\'s usual system is its plain stage)', () => {
  it('never lets a CKD G-stage of a diabetic nephropathy conflict with its Mogensen stage, nor INSS with INRG', () => {
    check(bare, [
      ['Diabetic kidney disease, CKD G3a A3', 'Diabetic kidney disease, Mogensen stage IV'],
      ['Diabetic nephropathy, CKD G4', 'Diabetic nephropathy, Mogensen stage III'],
    ], 'en', true);
    check(bare, [['糖尿病肾病 CKD G3b期', '糖尿病肾病 Mogensen IV期'], ['神经母细胞瘤（INSS 3期）', '神经母细胞瘤（INRG L2期）'], ['神经母细胞瘤 INSS 4期', '神经母细胞瘤 INRG M期']], 'zh', true);
  });
  it('still compares two stages of one system, and a plain stage with the usual system', () => {
    check(bare, [
      ['Diabetic nephropathy, Mogensen stage III', 'Diabetic nephropathy, stage V'],
      ['Diabetic nephropathy, Mogensen stage III', 'Diabetic nephropathy, Mogensen stage IV'],
      ['Diabetic kidney disease, CKD G3a', 'Diabetic kidney disease, CKD G4'],
    ], 'en', false, /stage|ckd/);
    check(bare, [['神经母细胞瘤 INSS 3期', '神经母细胞瘤 4期'], ['神经母细胞瘤（INRG L1期）', '神经母细胞瘤（INRG L2期）']], 'zh', false, /stage|inrg/);
  });
  it('reads the edition year of FIGO as no stage', () => {
    check(bare, [['宫颈鳞状细胞癌（FIGO 2018 IB3期）', '宫颈鳞状细胞癌 IB3期']], 'zh', true);
    check(bare, [['Cervical squamous cell carcinoma, FIGO 2018 stage IIB', 'Cervical squamous cell carcinoma stage IIB']], 'en', true);
    check(bare, [['Cervical squamous cell carcinoma, FIGO 2018 stage IIB', 'Cervical squamous cell carcinoma stage IIIC1']], 'en', false, /stage/);
    check(bare, [['宫颈鳞状细胞癌（FIGO 2018 IB3期）', '宫颈鳞状细胞癌 IIA期']], 'zh', false, /1b3 vs 2a/);
  });
});

describe('the thirds of the oesophagus', () => {
  it('reads the upper, middle and lower third as the thoracic segments, in both languages', () => {
    check(full, [
      ['Squamous cell carcinoma of the middle third of the oesophagus, cT3N1M0', 'Middle thoracic esophageal cancer, cT3N1M0, stage III'],
      ['Carcinoma of the lower third of the esophagus', 'Lower thoracic esophageal carcinoma'],
      ['Adenocarcinoma of the upper third of the oesophagus', 'Upper thoracic oesophageal adenocarcinoma'],
    ], 'en', true);
    check(full, [['胸中段食管鳞癌', '食管中段鳞状细胞癌'], ['胸下段食管癌', '食管下段癌']], 'zh', true);
  });
  it('keeps two segments apart', () => {
    check(full, [['Carcinoma of the lower third of the esophagus', 'Middle thoracic esophageal carcinoma']], 'en', false, /lower vs middle/);
    check(full, [['胸中段食管癌', '食管下段癌'], ['胸上段食管癌', '食管中段癌']], 'zh', false);
  });
});
