/**
 * Issue 16, known gaps set B (docs/metrics.md "the policy"): readings that went wrong — a complication named alone,
 * organism vs setting of an infection, a qualifier word before a generic head (恶性综合征), "CA" beside an organ,
 * NSTEMI as an acute myocardial infarction (the lexicon's `also`), and words before 相关 / -associated that are
 * part of a name rather than its cause. Each rule with pairs of its own in both languages, positives and hard
 * negatives; `bare` (no lexicon) where the rule needs none, a small lexicon where it needs one concept.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyse, createMatcher, Lexicon, LexiconError } from '../../src/metrics/matcher/index.js';
import { bare, check, full } from '../support/match-checks.js';
import { tempDir } from '../helpers.js';

describe('a complication named alone, and its parent disease alone', () => {
  it('the gold\'s complication alone does not name the gold; the parent disease alone does not count for the complication', () => {
    // the complication-only policy (complication.ts): naming Y of a gold "X with Y" names Y, not X
    check(full, [['cardiogenic shock', 'acute myocardial infarction with cardiogenic shock'], ['septic shock', 'pneumonia complicated by septic shock'], ['toxic megacolon', 'ulcerative colitis complicated by toxic megacolon'], ['ventricular septal rupture', 'acute myocardial infarction complicated by ventricular septal rupture'], ['heart failure', 'hypertension with heart failure']], 'en', false, /names only the gold's complication/);
    check(full, [['心源性休克', '急性心肌梗死合并心源性休克'], ['感染性休克', '重症肺炎并感染性休克'], ['中毒性巨结肠', '溃疡性结肠炎并发中毒性巨结肠'], ['幽门梗阻', '十二指肠溃疡并幽门梗阻'], ['心力衰竭', '高血压合并心力衰竭']], 'zh', false, /names only the gold's complication/);
    // the reverse: gold the complication, prediction the parent disease
    check(full, [['acute myocardial infarction', 'cardiogenic shock'], ['liver cirrhosis', 'hepatic encephalopathy'], ['systemic lupus erythematosus', 'lupus nephritis'], ['chronic kidney disease', 'renal anemia'], ['hyperthyroidism', 'thyroid storm'], ['ulcerative colitis', 'toxic megacolon']], 'en', false);
    check(full, [['急性心肌梗死', '心源性休克'], ['肝硬化', '肝性脑病'], ['系统性红斑狼疮', '狼疮性肾炎'], ['慢性肾脏病', '肾性贫血'], ['甲状腺功能亢进症', '甲状腺危象'], ['溃疡性结肠炎', '中毒性巨结肠']], 'zh', false);
    // and a complication for its parent disease
    check(full, [['cardiogenic shock', 'acute myocardial infarction'], ['hepatic encephalopathy', 'liver cirrhosis'], ['septic shock', 'pneumonia']], 'en', false);
    check(full, [['心源性休克', '急性心肌梗死'], ['肝性脑病', '肝硬化'], ['感染性休克', '肺炎']], 'zh', false);
  });
  it('the complication is read on its own, without the qualifiers of the whole name; sharing a complication is not naming the gold', () => {
    // 慢性 of 慢性阻塞性肺疾病 is not the respiratory failure's: the complication is matched as itself, and then
    // refused as the complication alone (not for a conflicting 慢性)
    check(full, [['type 2 respiratory failure', 'chronic obstructive pulmonary disease with type 2 respiratory failure'], ['acute kidney injury', 'chronic heart failure complicated by acute kidney injury']], 'en', false, /names only the gold's complication/);
    check(full, [['II型呼吸衰竭', '慢性阻塞性肺疾病伴II型呼吸衰竭'], ['急性肾损伤', '慢性心力衰竭合并急性肾损伤']], 'zh', false, /names only the gold's complication/);
    // named beside the gold's disease, the same complication counts
    check(full, [['COPD with type 2 respiratory failure', 'chronic obstructive pulmonary disease with type 2 respiratory failure']], 'en', true);
    check(full, [['慢阻肺伴II型呼吸衰竭', '慢性阻塞性肺疾病伴II型呼吸衰竭']], 'zh', true);
    check(full, [['type 1 respiratory failure', 'COPD with type 2 respiratory failure'], ['Differentiated thyroid cancer with lung metastases', 'Papillary thyroid carcinoma with pulmonary metastasis']], 'en', false);
    check(full, [['I型呼吸衰竭', '慢性阻塞性肺疾病伴II型呼吸衰竭']], 'zh', false);
    // a gold the lexicon knows whole is that concept only: a superimposed preeclampsia is no preeclampsia named alone
    check(full, [['preeclampsia', 'chronic hypertension with superimposed preeclampsia']], 'en', false);
    check(full, [['子痫前期', '慢性高血压并发子痫前期']], 'zh', false);
  });
  it('the rules alone agree: the gold\'s complication alone does not count, nor the parent alone', () => {
    check(bare, [['splenic abscess', 'infective endocarditis with splenic abscess'], ['toxic megacolon', 'ulcerative colitis complicated by toxic megacolon']], 'en', false, /names only the gold's complication/);
    check(bare, [['脾脓肿', '感染性心内膜炎合并脾脓肿'], ['中毒性巨结肠', '溃疡性结肠炎并发中毒性巨结肠']], 'zh', false, /names only the gold's complication/);
    check(bare, [['infective endocarditis', 'splenic abscess'], ['hyperthyroidism', 'thyroid storm'], ['diabetes', 'diabetic foot']], 'en', false);
    check(bare, [['感染性心内膜炎', '脾脓肿'], ['糖尿病', '糖尿病足'], ['肝硬化', '肝硬化腹水']], 'zh', false);
  });
});

describe('organism and setting of an infection', () => {
  it('a prediction naming the organism counts for a gold naming only where the infection was acquired (rules alone)', () => {
    check(bare, [['Escherichia coli urinary tract infection', 'hospital-acquired urinary tract infection'], ['Enterococcus faecalis urinary tract infection', 'catheter-associated urinary tract infection'], ['Staphylococcus aureus bloodstream infection', 'central line-associated bloodstream infection'], ['E. coli sepsis', 'community-acquired sepsis']], 'en', true, /only where the infection was acquired/);
    check(bare, [['大肠埃希菌尿路感染', '医院获得性尿路感染'], ['屎肠球菌尿路感染', '导管相关性尿路感染'], ['金黄色葡萄球菌血流感染', '中心静脉导管相关血流感染'], ['大肠埃希菌脓毒症', '社区获得性脓毒症']], 'zh', true, /only where the infection was acquired/);
  });
  it('and with the lexicon, for pneumonia, meningitis and sepsis', () => {
    check(full, [['Klebsiella pneumoniae pneumonia', 'community-acquired pneumonia'], ['Pseudomonas aeruginosa pneumonia', 'hospital-acquired pneumonia'], ['Acinetobacter baumannii pneumonia', 'ventilator-associated pneumonia'], ['pneumococcal meningitis', 'community-acquired bacterial meningitis'], ['Escherichia coli sepsis', 'community-acquired sepsis']], 'en', true);
    check(full, [['肺炎克雷伯菌肺炎', '社区获得性肺炎'], ['铜绿假单胞菌肺炎', '医院获得性肺炎'], ['鲍曼不动杆菌肺炎', '呼吸机相关性肺炎'], ['肺炎链球菌脑膜炎', '社区获得性细菌性脑膜炎'], ['大肠埃希菌脓毒症', '社区获得性脓毒症']], 'zh', true);
  });
  it('a prediction naming only the setting does not count for a gold naming the organism: it is broader', () => {
    check(full, [['community-acquired pneumonia', 'Klebsiella pneumoniae pneumonia'], ['hospital-acquired pneumonia', 'Pseudomonas aeruginosa pneumonia'], ['ventilator-associated pneumonia', 'Acinetobacter baumannii pneumonia'], ['catheter-associated urinary tract infection', 'Escherichia coli urinary tract infection'], ['community-acquired bacterial meningitis', 'pneumococcal meningitis'], ['community-acquired sepsis', 'Escherichia coli sepsis']], 'en', false);
    check(full, [['社区获得性肺炎', '肺炎克雷伯菌肺炎'], ['医院获得性肺炎', '铜绿假单胞菌肺炎'], ['呼吸机相关性肺炎', '鲍曼不动杆菌肺炎'], ['导管相关性尿路感染', '大肠埃希菌尿路感染'], ['社区获得性细菌性脑膜炎', '肺炎链球菌脑膜炎'], ['医院获得性脓毒症', '大肠埃希菌脓毒症']], 'zh', false);
  });
  it('stated on both sides, each axis is compared: another setting or another organism is another diagnosis', () => {
    check(full, [['community-acquired Klebsiella pneumonia', 'hospital-acquired Klebsiella pneumonia'], ['Klebsiella pneumoniae pneumonia', 'pneumococcal pneumonia'], ['hospital-acquired pneumonia', 'community-acquired pneumonia']], 'en', false);
    check(full, [['社区获得性肺炎克雷伯菌肺炎', '医院获得性肺炎克雷伯菌肺炎'], ['肺炎克雷伯菌肺炎', '肺炎链球菌肺炎'], ['医院获得性肺炎', '社区获得性肺炎']], 'zh', false);
    // an organism of another infection is no reading of the gold without its setting
    check(full, [['Klebsiella liver abscess', 'community-acquired pneumonia']], 'en', false);
    check(full, [['肺炎克雷伯菌肝脓肿', '社区获得性肺炎']], 'zh', false);
  });
});

describe('a qualifier word before a generic head is part of the name', () => {
  const nms = createMatcher({ lexicon: Lexicon.fromData({ groups: [{ id: 'nms', en: ['neuroleptic malignant syndrome', 'malignant syndrome'], zh: ['抗精神病药恶性综合征', '恶性综合征'] }, { id: 'ss', en: ['serotonin syndrome'], zh: ['5-羟色胺综合征'] }] }) });
  it('恶性综合征 / "malignant syndrome" name the neuroleptic malignant syndrome', () => {
    check(nms, [['malignant syndrome', 'neuroleptic malignant syndrome']], 'en', true);
    check(nms, [['恶性综合征', '抗精神病药恶性综合征'], ['抗精神病药恶性综合征', '恶性综合征']], 'zh', true);
  });
  it('and no other syndrome that is malignant, acute or chronic: the head is not read as a bare syndrome', () => {
    check(nms, [['急性综合征', '恶性综合征'], ['慢性疲劳综合征', '恶性综合征'], ['慢性综合征', '抗精神病药恶性综合征'], ['综合征', '恶性综合征'], ['复杂性区域疼痛综合征', '恶性综合征']], 'zh', false);
    check(nms, [['acute syndrome', 'malignant syndrome'], ['chronic fatigue syndrome', 'malignant syndrome'], ['syndrome', 'neuroleptic malignant syndrome']], 'en', false);
    check(bare, [['恶性综合征', '综合征'], ['急性综合征', '综合征'], ['恶性病', '病']], 'zh', false);
    check(bare, [['malignant syndrome', 'syndrome'], ['acute syndrome', 'syndrome']], 'en', false);
    // the bundled lexicon agrees
    check(full, [['慢性疲劳综合征', '恶性综合征'], ['急性综合征', '综合征'], ['恶性综合征', '综合征']], 'zh', false);
    check(full, [['恶性综合征', '神经阻滞剂恶性综合征']], 'zh', true);
  });
  it('a real qualifier of a named syndrome is still set aside or compared', () => {
    check(bare, [['急性冠脉综合征', '冠脉综合征'], ['慢性疲劳综合征', '疲劳综合征']], 'zh', true);
    check(bare, [['急性肾病综合征', '慢性肾病综合征']], 'zh', false, /course/);
  });
});

describe('"CA" beside an organ is a carcinoma', () => {
  const ca = createMatcher({
    lexicon: Lexicon.fromData({
      groups: [
        { id: 'condyloma', en: ['condyloma acuminatum', 'genital warts'], zh: ['尖锐湿疣'], abbr: ['CA'] },
        { id: 'perianal_condyloma', en: ['perianal condyloma acuminatum'], zh: ['肛周尖锐湿疣'], parent: 'condyloma' },
        { id: 'breast_cancer', en: ['breast carcinoma'], zh: ['乳腺癌'] },
        { id: 'lung_cancer', en: ['lung carcinoma'], zh: ['肺癌'] },
        { id: 'cervical_cancer', en: ['carcinoma of the cervix'], zh: ['宫颈癌'] },
        { id: 'prostate_cancer', en: ['prostate carcinoma'], zh: ['前列腺癌'] },
        { id: 'gastric_cancer', en: ['gastric carcinoma'], zh: ['胃癌'] },
      ],
    }),
  });
  it('before or after the organ, in either case, in both languages', () => {
    check(ca, [['breast CA', 'breast carcinoma'], ['CA breast', 'breast carcinoma'], ['Ca cervix', 'carcinoma of the cervix'], ['prostate ca', 'prostate carcinoma'], ['ca of the stomach', 'gastric carcinoma'], ['CA lung', 'lung carcinoma']], 'en', true, /CA → carcinoma \(prediction\)/);
    check(ca, [['乳腺CA', '乳腺癌'], ['宫颈Ca', '宫颈癌'], ['前列腺ca', '前列腺癌'], ['胃 CA', '胃癌'], ['右肺上叶CA', '肺癌']], 'zh', true, /CA → 癌 \(prediction\)/);
    check(bare, [['squamous cell CA of the lung', 'lung squamous cell carcinoma'], ['ductal CA in situ', 'ductal carcinoma in situ'], ['renal cell ca', 'renal cell carcinoma']], 'en', true);
    check(bare, [['胃窦部CA', '胃窦癌'], ['结肠CA', '结肠癌'], ['食管Ca', '食管癌']], 'zh', true);
    check(full, [['CA head of pancreas', 'pancreatic head cancer'], ['CA gall bladder', 'gallbladder cancer'], ['Ca. breast', 'breast cancer'], ['CA urinary bladder', 'bladder cancer'], ['CA oesophagus', 'esophageal cancer']], 'en', true);
    check(full, [['左乳CA', '左乳腺癌'], ['胰头CA', '胰头癌'], ['前列腺CA骨转移', '前列腺癌骨转移'], ['鼻咽CA', '鼻咽癌']], 'zh', true);
  });
  it('is then no condyloma, and a carcinoma of one organ is not another\'s', () => {
    check(ca, [['breast CA', 'condyloma acuminatum'], ['CA cervix', 'genital warts'], ['prostate CA', 'condyloma acuminatum']], 'en', false);
    check(ca, [['宫颈CA', '尖锐湿疣'], ['乳腺CA', '尖锐湿疣'], ['胃CA', '尖锐湿疣']], 'zh', false);
    check(ca, [['breast CA', 'lung carcinoma'], ['CA cervix', 'prostate carcinoma']], 'en', false);
    check(ca, [['胃CA', '肺癌'], ['宫颈CA', '乳腺癌']], 'zh', false);
    check(bare, [['ductal CA in situ', 'invasive ductal carcinoma']], 'en', false);
  });
  it('a bare CA, CA at an anogenital skin site and a tumour marker keep their own readings', () => {
    check(ca, [['CA', 'condyloma acuminatum'], ['perianal CA', 'perianal condyloma acuminatum']], 'en', true);
    check(ca, [['CA', '尖锐湿疣'], ['肛周CA', '肛周尖锐湿疣']], 'zh', true);
    check(ca, [['perianal CA', 'breast carcinoma'], ['CA 19-9 elevation', 'breast carcinoma']], 'en', false);
    check(ca, [['肛周CA', '胃癌'], ['外阴CA', '宫颈癌']], 'zh', false);
  });
});

describe('a concept under two broader concepts (the lexicon\'s "also"): NSTEMI is an acute MI', () => {
  const lexicon = Lexicon.fromData({
    groups: [
      { id: 'mi', en: ['myocardial infarction'], zh: ['心肌梗死'] },
      { id: 'acs', en: ['acute coronary syndrome'], zh: ['急性冠脉综合征'] },
      { id: 'ami', en: ['acute myocardial infarction'], zh: ['急性心肌梗死'], abbr: ['AMI'], parent: 'mi', usual: true, also: ['acs'] },
      { id: 'nste_acs', en: ['non-ST-elevation acute coronary syndrome'], zh: ['非ST段抬高型急性冠脉综合征'], parent: 'acs' },
      { id: 'stemi', en: ['ST-elevation myocardial infarction'], zh: ['ST段抬高型心肌梗死'], abbr: ['STEMI'], parent: 'ami' },
      { id: 'nstemi', en: ['non-ST-elevation myocardial infarction'], zh: ['非ST段抬高型心肌梗死'], abbr: ['NSTEMI'], parent: 'nste_acs', also: ['ami'] },
      { id: 'ua', en: ['unstable angina'], zh: ['不稳定型心绞痛'], parent: 'nste_acs' },
    ],
    distinct: [['stemi', 'nstemi'], ['ua', 'mi']],
  });
  const m = createMatcher({ lexicon });
  it('a narrower name counts under every broader concept it has', () => {
    check(m, [['NSTEMI', 'acute myocardial infarction'], ['NSTEMI', 'myocardial infarction'], ['NSTEMI', 'non-ST-elevation acute coronary syndrome'], ['STEMI', 'acute coronary syndrome'], ['acute myocardial infarction', 'acute coronary syndrome']], 'en', true, /narrower/);
    check(m, [['非ST段抬高型心肌梗死', '急性心肌梗死'], ['非ST段抬高型心肌梗死', '心肌梗死'], ['ST段抬高型心肌梗死', '急性冠脉综合征'], ['NSTEMI', '急性心肌梗死']], 'zh', true, /narrower/);
  });
  it('a broader one does not, siblings stay distinct, and "distinct" reaches through the extra parent', () => {
    check(m, [['acute myocardial infarction', 'NSTEMI'], ['acute coronary syndrome', 'acute myocardial infarction'], ['myocardial infarction', 'NSTEMI']], 'en', false, /broader/);
    check(m, [['急性心肌梗死', '非ST段抬高型心肌梗死'], ['急性冠脉综合征', '急性心肌梗死']], 'zh', false, /broader/);
    check(m, [['STEMI', 'NSTEMI'], ['NSTEMI', 'STEMI'], ['NSTEMI', 'unstable angina'], ['unstable angina', 'NSTEMI']], 'en', false);
    check(m, [['ST段抬高型心肌梗死', '非ST段抬高型心肌梗死'], ['不稳定型心绞痛', '非ST段抬高型心肌梗死']], 'zh', false);
  });
  it('the bundled lexicon says the same in both languages', () => {
    check(full, [['NSTEMI', 'acute myocardial infarction'], ['non-ST elevation myocardial infarction', 'acute myocardial infarction'], ['acute NSTEMI', 'acute MI'], ['STEMI', 'acute coronary syndrome']], 'en', true);
    check(full, [['急性非ST段抬高型心肌梗死', '急性心肌梗死'], ['非ST段抬高型心肌梗死', '心肌梗死'], ['NSTEMI', '急性心肌梗死'], ['急性心肌梗死', '急性冠脉综合征']], 'zh', true);
    check(full, [['STEMI', 'NSTEMI'], ['acute myocardial infarction', 'NSTEMI'], ['acute coronary syndrome', 'STEMI']], 'en', false);
    check(full, [['急性ST段抬高型心肌梗死', '急性非ST段抬高型心肌梗死'], ['急性心肌梗死', '急性非ST段抬高型心肌梗死'], ['急性冠脉综合征', '急性心肌梗死']], 'zh', false);
  });
  it('"also" must name existing groups and must not make a cycle', () => {
    expect(() => Lexicon.fromData({ groups: [{ id: 'a', en: ['a disease'], zh: ['甲病'], also: ['nope'] }] })).toThrow(LexiconError);
    expect(() => Lexicon.fromData({ groups: [{ id: 'a', en: ['a disease'], zh: ['甲病'], also: ['b'] }, { id: 'b', en: ['b disease'], zh: ['乙病'], parent: 'a' }] })).toThrow(/own ancestor/);
    expect(() => Lexicon.fromData({ groups: [{ id: 'a', en: ['a disease'], zh: ['甲病'], also: 'b' as unknown as string[] }, { id: 'b', en: ['b disease'], zh: ['乙病'] }] })).toThrow(/list of group ids/);

  });
  it('a later file adds "also" through "extends", and a missing id is named with its file', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'parts'));
    const main = { groups: [{ id: 'mi', en: ['myocardial infarction'], zh: ['心肌梗死'] }, { id: 'nstemi', en: ['non-ST-elevation myocardial infarction'], zh: ['非ST段抬高型心肌梗死'] }], include: ['parts/a.json'] };
    writeFileSync(join(dir, 'main.json'), JSON.stringify(main));
    writeFileSync(join(dir, 'parts', 'a.json'), JSON.stringify({ groups: [{ extends: 'nstemi', also: ['mi'] }] }));
    const m = createMatcher({ lexicon: Lexicon.load(join(dir, 'main.json'), null) });
    check(m, [['non-ST-elevation myocardial infarction', 'myocardial infarction']], 'en', true, /narrower/);
    check(m, [['myocardial infarction', 'non-ST-elevation myocardial infarction']], 'en', false, /broader/);
    writeFileSync(join(dir, 'parts', 'a.json'), JSON.stringify({ groups: [{ extends: 'nstemi', also: ['acs'] }] }));
    expect(() => Lexicon.load(join(dir, 'main.json'), null)).toThrow(/a\.json.*"also" names "acs"/);
  });
});

describe('words before 相关 / -associated that are part of the name, not its cause', () => {
  const causeOf = (name: string, lang: 'en' | 'zh') => analyse(name, lang).readings.find((r) => r.kind === 'cause')?.source;
  it('a tissue, a device or setting, an age or an antibody is not read as a cause', () => {
    for (const [name, lang] of [['黏膜相关淋巴组织淋巴瘤', 'zh'], ['胃粘膜相关淋巴组织淋巴瘤', 'zh'], ['呼吸机相关性肺炎', 'zh'], ['导管相关血流感染', 'zh'], ['IgG4相关性疾病', 'zh'], ['年龄相关性黄斑变性', 'zh'], ['ANCA相关性血管炎', 'zh'], ['mucosa-associated lymphoid tissue lymphoma', 'en'], ['ventilator-associated pneumonia', 'en'], ['catheter-related bloodstream infection', 'en'], ['IgG4-related disease', 'en'], ['age-related macular degeneration', 'en']] as const) {
      expect(causeOf(name, lang), name).toBeUndefined();
    }
  });
  it('a real cause before 相关 / -related is still read', () => {
    for (const [name, lang, cause] of [['淀粉样血管病相关脑出血', 'zh', '淀粉样血管病'], ['乙肝相关性肝癌', 'zh', '乙肝'], ['HIV相关淋巴瘤', 'zh', 'hiv'], ['AVM-related intracerebral hemorrhage', 'en', 'avm'], ['alcohol-related cirrhosis', 'en', 'alcohol']] as const) {
      expect(causeOf(name, lang), name).toBe(cause);
    }
    check(bare, [['hypertensive intracerebral hemorrhage', 'AVM-related intracerebral hemorrhage']], 'en', false, /cause/);
    check(bare, [['乙肝相关性肝硬化', '丙肝相关性肝硬化'], ['高血压性脑出血', '动静脉畸形相关脑出血']], 'zh', false);
    check(full, [['alcohol-related cirrhosis', 'alcoholic cirrhosis']], 'en', true);
    check(full, [['酒精相关性肝硬化', '酒精性肝硬化'], ['药物相关性肝损伤', '药物性肝损伤']], 'zh', true);
  });
  it('so the broader disease left by a cut is no longer read as the name', () => {
    const malt = createMatcher({ lexicon: Lexicon.fromData({ groups: [{ id: 'lymphoma', en: ['lymphoma'], zh: ['淋巴瘤'] }, { id: 'malt', en: ['MALT lymphoma', 'mucosa-associated lymphoid tissue lymphoma'], zh: ['MALT淋巴瘤', '黏膜相关淋巴组织淋巴瘤'], parent: 'lymphoma' }] }) });
    check(malt, [['lymphoma', 'pulmonary mucosa-associated lymphoid tissue lymphoma'], ['lymphoma', 'mucosa-associated lymphoid tissue lymphoma']], 'en', false);
    check(malt, [['淋巴瘤', '肺黏膜相关淋巴组织淋巴瘤'], ['淋巴瘤', '黏膜相关淋巴组织淋巴瘤']], 'zh', false);
    // and no stated cause makes it a secondary one
    check(malt, [['primary gastric MALT lymphoma', 'gastric mucosa-associated lymphoid tissue lymphoma']], 'en', true);
    check(malt, [['原发性胃MALT淋巴瘤', '胃黏膜相关淋巴组织淋巴瘤'], ['原发性肺黏膜相关淋巴组织淋巴瘤', '肺MALT淋巴瘤']], 'zh', true);
    check(full, [['原发性胃MALT淋巴瘤', '胃黏膜相关淋巴组织淋巴瘤']], 'zh', true);
    check(full, [['淋巴瘤', '肺黏膜相关淋巴组织淋巴瘤']], 'zh', false);
  });
});
