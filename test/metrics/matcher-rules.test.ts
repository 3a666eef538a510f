/**
 * The rules of issue 16, one kind at a time: stages, grades, classes and severity; acute exacerbations; negated
 * qualifiers; stated causes; containment that agrees across languages; Chinese wording variants; complications
 * named through their disease; the benchmark's descriptive style. Most are shown with a lexicon that knows nothing
 * relevant (`bare`), so the rule — not a lexicon entry — decides.
 */
import { describe, expect, it } from 'vitest';
import { basicNormalise, createMatcher, strip } from '../../src/metrics/matcher/index.js';
import { bare, full, no, yes } from '../support/match-checks.js';
import { causeConflict } from '../../src/metrics/matcher/negation.js';

describe('stages, grades and classes', () => {
  it('a conflicting stated stage, grade or class is another diagnosis; one stated on one side only is set aside', () => {
    no(bare, 'Chronic heart failure, NYHA class II', 'Chronic heart failure, NYHA class IV', 'en', /stage: nyha 2 vs 4/);
    no(bare, '慢性心力衰竭 心功能Ⅱ级', '慢性心力衰竭 心功能Ⅳ级', 'zh', /nyha 2 vs 4/);
    no(bare, 'Liver cirrhosis, Child-Pugh class A', 'Liver cirrhosis, Child-Pugh class C', 'en', /childpugh a vs c/);
    no(bare, '高血压3级', '高血压1级', 'zh', /grade 3 vs 1/);
    yes(bare, 'Chronic heart failure', 'Chronic heart failure, NYHA class III', 'en');
    yes(bare, 'Heart failure, NYHA class III-IV', 'Heart failure, NYHA class IV', 'en');
    // different scales never conflict
    yes(bare, 'Acute myocardial infarction, Killip class II', 'Acute myocardial infarction, NYHA class III', 'en');
  });

  it('reads sub-stage letters, also before 期, and keeps sub-stages apart but within their stage', () => {
    expect(basicNormalise('肺腺癌ⅢB期')).toBe('肺腺癌3b期');
    expect(basicNormalise('食管鳞癌IVA期')).toBe('食管鳞癌4a期');
    expect(basicNormalise('宫颈癌ⅠB1期')).toBe('宫颈癌1b1期');
    yes(bare, '肺腺癌ⅢB期', '肺腺癌Ⅲ期', 'zh');
    yes(bare, 'Stage IIIB lung adenocarcinoma', 'Lung adenocarcinoma, stage III', 'en');
    no(bare, '肺腺癌ⅢB期', '肺腺癌ⅢA期', 'zh', /stage 3b vs 3a/);
    no(bare, 'Stage IVA esophageal carcinoma', 'Esophageal carcinoma stage IVB', 'en', /stage 4a vs 4b/);
  });

  it('reads distant metastasis as stage IV, and a metastatic tumour of an organ as a secondary tumour', () => {
    yes(bare, 'Metastatic gastric carcinoma', 'Gastric carcinoma, stage IV', 'en');
    yes(bare, 'Gastric carcinoma with liver metastases', 'Stage IV gastric carcinoma', 'en');
    no(bare, 'Gastric carcinoma with bone metastases', 'Gastric carcinoma, stage II', 'en', /stage 4 vs 2/);
    no(bare, '胃癌伴肝转移', '胃癌Ⅱ期', 'zh', /stage 4 vs 2/);
    yes(bare, '转移性胃癌', '胃癌Ⅳ期', 'zh');
    no(full, '转移性肝癌', '原发性肝癌', 'zh');
    no(bare, 'Metastatic liver carcinoma', 'Primary liver carcinoma', 'en', /origin: secondary vs primary/);
  });

  it('compares names that state only a stage or class by it', () => {
    expect(full.match('NYHA Ⅲ级', '心功能3级', 'zh')).toMatchObject({ match: true, rule: 'qualifier' });
    no(full, 'NYHA Ⅲ级', '心功能4级', 'zh');
  });

  it('knows the stage a concept implies: end-stage renal disease is CKD stage 5, glioblastoma a WHO grade 4 glioma', () => {
    yes(full, 'End-stage renal disease', 'Chronic kidney disease stage 5', 'en');
    yes(full, '尿毒症', '慢性肾脏病5期', 'zh');
    no(full, 'End-stage renal disease', 'Chronic kidney disease stage 4', 'en', /stage 5 vs 4/);
    yes(full, 'Glioblastoma', 'Glioma, WHO grade 4', 'en');
    no(full, 'Glioblastoma', 'Glioma, WHO grade 2', 'en', /grade 4 vs 2/);
  });
});

describe('severity and phase', () => {
  it('a conflicting stated severity is another diagnosis; ranges agree with the grades they cover', () => {
    no(bare, 'Mild acute pancreatitis', 'Severe acute pancreatitis', 'en', /severity: 1 vs 3/);
    no(bare, '轻症急性胰腺炎', '重症急性胰腺炎', 'zh', /severity: 1 vs 3/);
    no(bare, '中重症急性胰腺炎', '重症急性胰腺炎', 'zh', /severity: 2\.5 vs 3/);
    yes(bare, 'Moderate-to-severe aortic regurgitation', 'Severe aortic regurgitation', 'en');
    yes(bare, '中重度贫血', '重度贫血', 'zh');
    yes(bare, 'Severe acute pancreatitis', 'Acute pancreatitis', 'en');
    // names that merely contain a severity word are not graded by it
    expect(strip(' severe acute respiratory syndrome ', 'en').slots.severity).toBeUndefined();
    expect(strip(' 重症肌无力 ', 'zh').slots.severity).toBeUndefined();
  });

  it('a conflicting phase (active / remission, compensated / decompensated) is another diagnosis', () => {
    no(bare, '溃疡性结肠炎（活动期）', '溃疡性结肠炎（缓解期）', 'zh', /phase: active vs remission/);
    no(bare, 'Decompensated liver cirrhosis', 'Compensated liver cirrhosis', 'en', /compensation/);
    no(bare, '肝硬化失代偿期', '肝硬化代偿期', 'zh', /compensation/);
    yes(bare, '肝硬化代偿期', '肝硬化', 'zh');
  });
});

describe('acute exacerbations', () => {
  it('an acute exacerbation of any chronic disease is narrower than the disease, in both languages', () => {
    expect(bare.match('Acute exacerbation of bronchiectasis', 'Bronchiectasis', 'en').match).toBe(true);
    expect(bare.match('Bronchiectasis', 'Acute exacerbation of bronchiectasis', 'en')).toMatchObject({ match: false, rule: 'broader' });
    yes(bare, '支气管扩张症急性加重', '支气管扩张症', 'zh');
    expect(bare.match('支气管扩张症', '支气管扩张症急性加重', 'zh')).toMatchObject({ match: false, rule: 'broader' });
    yes(bare, 'Chronic cholecystitis with acute exacerbation', 'Chronic cholecystitis', 'en');
    no(bare, 'Chronic cholecystitis', 'Chronic cholecystitis with acute exacerbation', 'en');
    // "acute" inside "acute exacerbation" is not a course: an acute disease is another disease
    no(bare, 'Acute bronchitis', 'Acute exacerbation of chronic bronchitis', 'en', /course: acute vs chronic/);
    no(bare, '急性胆囊炎', '慢性胆囊炎急性发作', 'zh', /course: acute vs chronic/);
  });

  it('through the lexicon too, with the policy options', () => {
    const r = full.match('Acute exacerbation of idiopathic pulmonary fibrosis', 'Idiopathic pulmonary fibrosis', 'en');
    expect(r).toMatchObject({ match: true, rule: 'lexicon' });
    expect(r.explanation).toMatch(/an acute exacerbation of "idiopathic pulmonary fibrosis/);
    no(createMatcher({ narrowerPrediction: false }), 'Acute exacerbation of idiopathic pulmonary fibrosis', 'Idiopathic pulmonary fibrosis', 'en');
    yes(createMatcher({ broaderPrediction: 'always' }), 'Idiopathic pulmonary fibrosis', 'Acute exacerbation of idiopathic pulmonary fibrosis', 'en');
    no(full, 'COPD', 'Acute exacerbation of COPD', 'en');
    no(full, 'COPD exacerbation', 'Chronic obstructive pulmonary disease, stable phase', 'en', /phase/);
  });
});

describe('negated qualifiers', () => {
  it('a term negated on one side and stated on the other makes another disease', () => {
    no(bare, 'Non-ischaemic cardiomyopathy', 'Ischaemic cardiomyopathy', 'en', /"ischemic" is negated on one side only/);
    no(bare, 'Ischemic cardiomyopathy', 'Nonischemic cardiomyopathy', 'en');
    no(bare, '非缺血性心肌病', '缺血性心肌病', 'zh', /"缺血" is negated/);
    no(bare, '无先兆偏头痛', '有先兆偏头痛', 'zh');
    no(bare, '不稳定型心绞痛', '稳定型心绞痛', 'zh');
    no(bare, 'HER2-negative breast carcinoma', 'HER2-positive breast carcinoma', 'en');
    no(full, 'Non-alcoholic fatty liver disease', 'Alcoholic fatty liver disease', 'en');
    no(full, '非霍奇金淋巴瘤', '霍奇金淋巴瘤', 'zh');
  });

  it('a negated term the other name does not state is a qualifier: the negated name is narrower', () => {
    yes(bare, 'Non-ischaemic cardiomyopathy', 'Cardiomyopathy', 'en');
    yes(bare, '非缺血性心肌病', '心肌病', 'zh');
    yes(bare, 'Nonalcoholic steatohepatitis', 'Non-alcoholic steatohepatitis', 'en');
    yes(full, 'Non-small cell lung cancer', 'Lung cancer', 'en');
  });

  it('no lexicon group lists a negated name together with the same name without the negation', () => {
    const found: string[] = [];
    const negated = /^(?:non[- ]?|not |no |without )|^(?:非|无|不)/u;
    for (const g of full.lexicon.groups.values()) {
      for (const [names, lang] of [[g.en, 'en'], [g.zh, 'zh']] as const) {
        const keys = new Map(names.map((n) => [basicNormalise(n), n]));
        for (const [k, n] of keys) {
          if (!negated.test(k)) continue;
          const bareName = k.replace(negated, '');
          if (keys.has(bareName)) found.push(`${g.id} (${lang}): "${n}" and "${keys.get(bareName)}"`);
        }
      }
    }
    expect(found).toEqual([]);
    // the audited case of the issue: NAFLD is a kind of fatty liver, not a synonym of it
    yes(full, 'Non-alcoholic fatty liver disease', 'Fatty liver', 'en');
    no(full, 'Fatty liver', 'Non-alcoholic fatty liver disease', 'en');
  });
});

describe('stated causes', () => {
  it('two different stated causes make different diseases; a cause on one side only is set aside', () => {
    no(bare, 'Hypertensive intracerebral haemorrhage', 'Intracerebral haemorrhage due to arteriovenous malformation', 'en', /cause: hypertension vs avm/);
    no(bare, '高血压性脑出血', '动静脉畸形所致脑出血', 'zh', /cause: hypertension vs avm/);
    no(bare, 'Traumatic subdural haematoma', 'Spontaneous subdural haematoma', 'en', /spontaneous/);
    no(bare, '酒精性肝硬化', '乙型肝炎肝硬化', 'zh', /cause: alcohol vs hbv/);
    yes(bare, 'Traumatic subdural haematoma', 'Subdural haematoma', 'en');
    yes(bare, 'AVM-related intracerebral haemorrhage', 'Intracerebral haemorrhage secondary to rupture of an arteriovenous malformation', 'en');
    // a disease named by its cause is a secondary one
    no(full, '肾性高血压', '原发性高血压', 'zh');
  });

  it('agree on kinds of a cause and keep the mechanism apart from the cause', () => {
    expect(causeConflict(['spontaneous'], ['hypertension'])).toBeUndefined();
    expect(causeConflict(['spontaneous'], ['trauma'])).toMatch(/spontaneous/);
    expect(causeConflict(['pneumococcus'], ['bacteria'])).toBeUndefined();
    expect(causeConflict(['pneumococcus'], ['klebsiella'])).toMatch(/cause/);
    expect(causeConflict(['cardioembolic'], ['ischemic'])).toBeUndefined();
    expect(causeConflict(['cardioembolic'], ['atherothrombotic'])).toMatch(/mechanism/);
    expect(causeConflict(['hypertension', 'hemorrhagic'], ['avm', 'hemorrhagic'])).toMatch(/cause: hypertension vs avm/);
  });
});

describe('containment agrees across languages', () => {
  const pairs: [string, string, string, string, boolean][] = [
    ['Colonic polyposis', 'Colonic polyp', '结肠息肉病', '结肠息肉', false],
    ['Pulmonary sarcoidosis', 'Pulmonary nodule', '肺结节病', '肺结节', false],
    ['Lipomatosis', 'Lipoma', '脂肪瘤病', '脂肪瘤', false],
    ['Pancreatic pseudocyst', 'Pancreatic cyst', '胰腺假性囊肿', '胰腺囊肿', false],
    ['Intestinal pseudo-obstruction', 'Intestinal obstruction', '假性肠梗阻', '肠梗阻', false],
    ['Atherosclerotic renal artery stenosis', 'Renal artery stenosis', '动脉粥样硬化性肾动脉狭窄', '肾动脉狭窄', true],
    ['Pseudomembranous colitis', 'Colitis', '假膜性结肠炎', '结肠炎', true],
  ];
  it.each(pairs)('"%s" / "%s" and "%s" / "%s": the same verdict', (pe, ge, pz, gz, same) => {
    expect(full.match(pe, ge, 'en').match).toBe(same);
    expect(full.match(pz, gz, 'zh').match).toBe(same);
  });
});

describe('Chinese wording variants', () => {
  it('are written one way before the names are compared', () => {
    for (const [p, g] of [
      ['肛门周围脓肿', '肛周脓肿'],
      ['肥厚型心肌病', '肥厚性心肌病'],
      ['宫腔粘连', '宫腔黏连'],
      ['肠易激综合症', '肠易激综合征'],
      ['变应性鼻炎', '过敏性鼻炎'],
      ['前列腺肥大', '前列腺增生'],
      ['阿尔茨海默症', '阿尔茨海默病'],
      ['腰4/5椎间盘突出', '腰椎间盘突出症'],
      ['右卵巢囊肿蒂扭转', '右卵巢囊肿扭转'],
      ['库欣氏综合征', '库欣综合征'],
    ] as const) {
      yes(bare, p, g, 'zh');
    }
    // but a final 病 after a lesion names another entity: 结节病 is sarcoidosis, 息肉病 polyposis
    no(bare, '肺结节病', '肺结节', 'zh');
  });
});

describe('complications and the benchmark’s descriptive style', () => {
  it('reads a complication named through its parent disease as the complication', () => {
    yes(full, 'Type 2 diabetes with peripheral neuropathy', 'Diabetic peripheral neuropathy', 'en');
    yes(full, '2型糖尿病伴周围神经病变', '糖尿病周围神经病变', 'zh');
    // the gold's complication alone is not the gold (complication.ts)
    no(full, 'Esophageal variceal bleeding', 'Liver cirrhosis with esophageal variceal bleeding', 'en', /names only the gold's complication/);
    yes(full, 'Liver cirrhosis', 'Liver cirrhosis with esophageal variceal bleeding', 'en');
    no(full, 'Type 2 diabetes mellitus', 'Diabetic nephropathy', 'en');
    no(full, '2型糖尿病', '糖尿病肾病', 'zh');
  });

  it('reads the descriptive style as the names clinicians write', () => {
    yes(bare, 'Malignant tumor of the sigmoid colon', 'Sigmoid colon carcinoma', 'en');
    yes(bare, '乙状结肠恶性肿瘤', '乙状结肠癌', 'zh');
    yes(full, 'Rupture and bleeding of esophageal varices', 'Esophageal variceal hemorrhage', 'en');
    yes(bare, 'Inflammation of the appendix, acute suppurative', 'Acute suppurative appendicitis', 'en');
    yes(bare, '十二指肠溃疡出血', '十二指肠溃疡伴出血', 'zh');
    no(bare, 'Malignant tumor of the sigmoid colon', 'Benign tumor of the sigmoid colon', 'en');
  });
});
