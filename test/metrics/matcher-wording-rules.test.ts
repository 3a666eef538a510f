/**
 * More general rules of issue 16 (the English word forms are in matcher-general-rules.test.ts): Chinese wording
 * variants, an acute exacerbation of any chronic disease, what ICD titles say of a name ("NOS", "without
 * complications"), states written with "stage" or "phase", and the lexicon audit of negated names. The `bare`
 * matcher knows no name of the pairs it is given, so the rule decides; `full` is the bundled lexicon.
 */
import { describe, expect, it } from 'vitest';
import { basicNormalise } from '../../src/metrics/matcher/index.js';
import { bare, check, full } from '../support/match-checks.js';

describe('Chinese wording variants', () => {
  it('reads a disorder named X症 or X障碍 as one', () => {
    check(bare, [['焦虑症', '焦虑障碍'], ['强迫症', '强迫障碍'], ['恐惧症', '恐惧障碍'], ['广泛性焦虑症', '广泛性焦虑障碍']], 'zh', true);
  });
  it('reads an electrolyte or metabolite written either way, and an organ failure with or without 功能', () => {
    check(bare, [['低钾血症', '低血钾'], ['高钾血症', '高血钾症'], ['低钠血症', '低血钠'], ['高钙血症', '高血钙'], ['低镁血症', '低血镁'], ['高尿酸血症', '高血尿酸'], ['低磷血症', '低血磷症']], 'zh', true);
    check(bare, [['低钾血症', '高血钾'], ['低钠血症', '低血钾'], ['高钙血症', '低血钙症']], 'zh', false);
    check(bare, [['呼吸功能衰竭', '呼吸衰竭'], ['肾功能衰竭', '肾衰竭'], ['肝功能衰竭', '肝衰竭'], ['缺血缺氧性脑病', '缺氧缺血性脑病']], 'zh', true);
    check(bare, [['呼吸功能衰竭', '肾衰竭']], 'zh', false);
  });
  it("finds an organ's carcinoma inside the name of its histological type, as in English", () => {
    check(bare, [['非肌层浸润性膀胱尿路上皮癌', '非肌层浸润性膀胱癌'], ['膀胱尿路上皮癌', '膀胱癌'], ['食管鳞状细胞癌', '食管癌'], ['肾透明细胞癌', '肾癌'], ['胰头导管腺癌', '胰头癌']], 'zh', true);
    check(bare, [['Non-muscle-invasive bladder urothelial carcinoma', 'Non-muscle-invasive bladder carcinoma'], ['Oesophageal squamous cell carcinoma', 'Oesophageal carcinoma']], 'en', true);
    check(bare, [['膀胱尿路上皮癌', '膀胱鳞癌'], ['肺小细胞癌', '肺鳞状细胞癌'], ['肾透明细胞癌', '肝细胞癌']], 'zh', false);
  });
  it('reads the word orders of a tubulovillous adenoma as one name, at any site, apart from tubular and villous', () => {
    check(bare, [['胃绒毛管状腺瘤', '胃管状绒毛状腺瘤'], ['十二指肠绒毛状管状腺瘤', '十二指肠管状绒毛状腺瘤'], ['乙状结肠管状绒毛腺瘤', '乙状结肠绒毛管状腺瘤'], ['壶腹部绒毛管状腺瘤伴低级别上皮内瘤变', '壶腹部管状绒毛状腺瘤伴低级别上皮内瘤变']], 'zh', true);
    check(full, [['胃绒毛管状腺瘤', '胃管状腺瘤'], ['十二指肠绒毛管状腺瘤', '十二指肠绒毛状腺瘤'], ['结肠绒毛管状腺瘤', '结肠增生性息肉']], 'zh', false);
    check(bare, [['胃绒毛管状腺瘤', '胃管状腺癌']], 'zh', false);
  });
  it('does not read an impaired function or faculty (功能障碍, 认知障碍, 意识障碍) as an X症', () => {
    check(bare, [['勃起功能障碍', '勃起功能亢进'], ['认知障碍', '认知症'], ['吞咽障碍', '吞咽痛']], 'zh', false);
  });
  it('reads 病/症 endings, an optional 性, 氏, hyphens and middle dots, 伴/合并/并', () => {
    check(bare, [
      ['克罗恩病', '克罗恩氏病'],
      ['阿尔茨海默病', '阿尔茨海默症'],
      ['肾病综合征', '肾病综合症'],
      ['化脓性阑尾炎', '化脓阑尾炎'],
      ['病毒性心肌炎', '病毒心肌炎'],
      ['格林·巴利综合征', '格林-巴利综合征'],
      ['冯·维勒布兰德病', '冯维勒布兰德病'],
      ['急性阑尾炎伴穿孔', '急性阑尾炎合并穿孔'],
      ['急性阑尾炎并穿孔', '急性阑尾炎伴穿孔'],
      ['十二指肠溃疡并发出血', '十二指肠溃疡伴出血'],
      ['肾脏脓肿', '肾脓肿'],
      ['肺部结节', '肺结节'],
    ], 'zh', true);
  });
  it('reads full and half width and Roman, Arabic and Chinese numerals of a type or stage alike', () => {
    check(bare, [
      ['２型糖尿病', '2型糖尿病'],
      ['Ⅱ型糖尿病', '二型糖尿病'],
      ['II型糖尿病', '2型糖尿病'],
      ['Ⅰ型呼吸衰竭', '1型呼吸衰竭'],
      ['肺癌ⅢB期', '肺癌IIIB期'],
      ['肺癌ⅢB期', '肺癌3b期'],
      ['宫颈癌IVA期', '宫颈癌ⅣA期'],
      ['宫颈癌ⅠB1期', '宫颈癌IB1期'],
      ['食管癌Ⅲ期', '食管癌ⅢC期'],
    ], 'zh', true);
    check(bare, [['肺癌ⅢA期', '肺癌ⅢB期'], ['胃癌ⅡA期', '胃癌ⅡB期'], ['宫颈癌ⅠB期', '宫颈癌ⅡA期']], 'zh', false, /stage/);
  });
  it('does not read 病 and 综合征 of one eponym as one: they name different entities often enough (policy)', () => {
    // Cushing disease is one cause of Cushing syndrome; Raynaud disease is primary Raynaud phenomenon; Parkinson
    // disease is one cause of parkinsonism (帕金森综合征)
    check(full, [['库欣综合征', '库欣病'], ['雷诺综合征', '雷诺病'], ['帕金森综合征', '帕金森病'], ['Cushing syndrome', 'Cushing disease'], ['Parkinsonism', "Parkinson's disease"]], 'zh', false);
    check(bare, [['贝赫切特病', '贝赫切特综合征']], 'zh', false);
  });
});

describe('an acute exacerbation of any chronic disease, in both languages, with no lexicon entry', () => {
  const en: [string, string][] = [
    ['Acute exacerbation of chronic pancreatitis', 'Chronic pancreatitis'],
    ['Acute exacerbation of chronic dacryocystitis', 'Chronic dacryocystitis'],
    ['Acute exacerbation of chronic salpingitis', 'Chronic salpingitis'],
    ['Acute exacerbation of chronic periodontitis', 'Chronic periodontitis'],
    ['Acute exacerbation of chronic epididymitis', 'Chronic epididymitis'],
    ['Acute exacerbation of chronic urticaria', 'Chronic urticaria'],
    ['Flare of psoriasis', 'Psoriasis'],
    ['Exacerbation of multiple sclerosis', 'Multiple sclerosis'],
  ];
  const zh: [string, string][] = [
    ['慢性胰腺炎急性发作', '慢性胰腺炎'],
    ['慢性泪囊炎急性发作', '慢性泪囊炎'],
    ['慢性牙周炎急性加重', '慢性牙周炎'],
    ['慢性输卵管炎急性发作', '慢性输卵管炎'],
    ['慢性附睾炎急性发作', '慢性附睾炎'],
    ['慢性荨麻疹急性发作', '慢性荨麻疹'],
    ['特发性肺纤维化急性加重', '特发性肺纤维化'],
  ];
  it('counts the exacerbation for the disease', () => {
    check(bare, en, 'en', true);
    check(bare, zh, 'zh', true);
  });
  it('does not count the disease, nor its acute form, for the exacerbation', () => {
    check(bare, en.map(([p, g]) => [g, p]), 'en', false);
    check(bare, zh.map(([p, g]) => [g, p]), 'zh', false);
    check(bare, [['Acute epididymitis', 'Acute exacerbation of chronic epididymitis']], 'en', false);
    check(bare, [['急性附睾炎', '慢性附睾炎急性发作']], 'zh', false);
  });
});

describe('the lexicon audit: a negated qualifier is never a synonym of its absence', () => {
  it('no group lists "non-X Y" / 非X性Y together with the bare "Y", wherever the negated qualifier stands', () => {
    const found: string[] = [];
    const dropNegatedEn = (k: string): string => k.replace(/\bnon (?!specific)(?:[a-z]+ )?(?=[a-z]+$)|\bnon (?!specific)[a-z]+ /g, '').replace(/\s+/g, ' ').trim();
    const dropNegatedZh = (k: string): string => k.replace(/非(?!特异|特殊)\p{Script=Han}{1,4}?[性型]/gu, '');
    // the names whose bare form means the non-X one in use, each a concept of its own beside the X one: nodular
    // goitre is the non-toxic kind (toxic nodular goitre is another concept); Tietze syndrome is a non-suppurative
    // costochondritis; eosinophilic bronchitis is non-asthmatic by definition (with asthma it is eosinophilic
    // asthma). "Non-specific" (非特异性, 非特殊型) negates no feature of the disease.
    const inUse = new Set(['nodular_goiter: "nontoxic nodular goiter" and "nodular goitre"', 'tietze: "非化脓性肋软骨炎" and "肋软骨炎"', 'eosinophilic_bronchitis: "non-asthmatic eosinophilic bronchitis" and "eosinophilic bronchitis"', 'eosinophilic_bronchitis: "非哮喘性嗜酸粒细胞性支气管炎" and "嗜酸粒细胞性支气管炎"']);
    for (const g of full.lexicon.groups.values()) {
      for (const [names, drop] of [[g.en, dropNegatedEn], [g.zh, dropNegatedZh]] as const) {
        const keys = new Map(names.map((n) => [basicNormalise(n), n]));
        for (const [k, n] of keys) {
          const without = drop(k);
          const entry = `${g.id}: "${n}" and "${keys.get(without)}"`;
          if (without !== k && without !== '' && keys.has(without) && !inUse.has(entry)) found.push(entry);
        }
      }
    }
    expect(found).toEqual([]);
  });
  it('reads non-obstructive hypertrophic cardiomyopathy as a kind of HCM, apart from the obstructive kind', () => {
    check(full, [['非梗阻性肥厚型心肌病', '肥厚型心肌病']], 'zh', true);
    check(full, [['Non-obstructive hypertrophic cardiomyopathy', 'Hypertrophic cardiomyopathy']], 'en', true);
    // NASH is a steatohepatitis; a steatohepatitis need not be non-alcoholic
    check(full, [['非酒精性脂肪性肝炎', '脂肪性肝炎'], ['酒精性脂肪性肝炎', '脂肪性肝炎']], 'zh', true);
    check(full, [['脂肪性肝炎', '非酒精性脂肪性肝炎'], ['酒精性脂肪性肝炎', '非酒精性脂肪性肝炎']], 'zh', false);
    check(full, [['肥厚型心肌病', '非梗阻性肥厚型心肌病'], ['非梗阻性肥厚型心肌病', '梗阻性肥厚型心肌病']], 'zh', false);
    check(full, [['Hypertrophic cardiomyopathy', 'Non-obstructive hypertrophic cardiomyopathy'], ['Non-obstructive hypertrophic cardiomyopathy', 'HOCM']], 'en', false);
  });
});

describe('what ICD titles say of a name that states nothing more', () => {
  it('sets aside NOS, unspecified and "without complications", 未特指 and 不伴并发症', () => {
    check(bare, [
      ['Hypertension NOS', 'Hypertension'],
      ['Pneumonia, unspecified', 'Pneumonia'],
      ['Migraine, not otherwise specified', 'Migraine'],
      ['Type 2 diabetes mellitus without complications', 'Type 2 diabetes mellitus'],
      ['Type 2 diabetes mellitus without mention of complication', 'Type 2 diabetes mellitus'],
    ], 'en', true);
    check(bare, [['肺炎，未特指', '肺炎'], ['2型糖尿病（不伴并发症）', '2型糖尿病'], ['2型糖尿病无并发症', '2型糖尿病']], 'zh', true);
  });
  it('does not count "without complications" for a gold that names a complication, either way round', () => {
    check(full, [
      ['Type 2 diabetes mellitus without complications', 'Type 2 diabetes with diabetic nephropathy'],
      ['Type 2 diabetes with peripheral neuropathy', 'Type 2 diabetes mellitus without complications'],
      ['Cirrhosis without complications', 'Cirrhosis with ascites'],
    ], 'en', false, /complication/);
    check(full, [['2型糖尿病不伴并发症', '2型糖尿病伴糖尿病肾病'], ['肝硬化无并发症', '肝硬化伴腹水']], 'zh', false, /complication/);
    // without a complication named, the plain disease still counts both ways
    check(full, [['Type 2 diabetes mellitus', 'Type 2 diabetes mellitus without complications']], 'en', true);
  });
});

describe('a state written with "stage" or "phase"', () => {
  it('reads "decompensated stage", "uraemic stage", "acute phase" as the state alone', () => {
    check(full, [
      ['Decompensated hepatitis B cirrhosis', 'Hepatitis B cirrhosis, decompensated stage'],
      ['End stage renal disease', 'Chronic renal insufficiency, uraemic stage'],
      ['Acute cerebral infarction', 'Cerebral infarction, acute phase'],
    ], 'en', true);
    check(full, [
      ['Compensated hepatitis B cirrhosis', 'Hepatitis B cirrhosis, decompensated stage'],
      ['Chronic kidney disease stage 3', 'Chronic renal insufficiency, uraemic stage'],
    ], 'en', false);
  });
  it('leaves a numbered stage a stage', () => {
    check(full, [['Lung cancer, advanced stage IV', 'Lung cancer stage IV']], 'en', true);
    check(full, [['Lung cancer, advanced stage IV', 'Lung cancer stage II']], 'en', false, /stage/);
  });
});
