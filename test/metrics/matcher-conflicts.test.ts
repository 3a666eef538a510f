/**
 * Issue 16, round 3: qualifiers that make two names of one lexicon concept different diagnoses (docs/metrics.md "the
 * policy"), in both languages. `known` is a lexicon that knows only the bare diseases, so the lexicon rule is the one
 * that must refuse a pair whose stated qualifiers conflict; `full` is the bundled lexicon.
 */
import { describe, it } from 'vitest';
import { createMatcher, Lexicon } from '../../src/metrics/matcher/index.js';
import { check, full } from '../support/match-checks.js';

const known = createMatcher({
  lexicon: Lexicon.fromData({
    groups: [
      { id: 'af', en: ['atrial fibrillation'], zh: ['心房颤动'] },
      { id: 'aflutter', en: ['atrial flutter'], zh: ['心房扑动'] },
      { id: 'sclc', en: ['small cell lung cancer'], zh: ['小细胞肺癌'] },
      { id: 'nb', en: ['neuroblastoma'], zh: ['神经母细胞瘤'] },
      { id: 'cxca', en: ['cervical cancer'], zh: ['宫颈癌'] },
      { id: 'npc', en: ['nasopharyngeal carcinoma'], zh: ['鼻咽癌'] },
      { id: 'lung', en: ['lung adenocarcinoma'], zh: ['肺腺癌'] },
      { id: 'colon', en: ['colon cancer'], zh: ['结肠癌'] },
      { id: 'rectal', en: ['rectal cancer'], zh: ['直肠癌'] },
      { id: 'ap', en: ['acute pancreatitis'], zh: ['急性胰腺炎'] },
      { id: 'aa', en: ['aplastic anemia'], zh: ['再生障碍性贫血'] },
      { id: 'mega', en: ['megaloblastic anemia'], zh: ['巨幼细胞性贫血'] },
      { id: 'hn', en: ['hydronephrosis'], zh: ['肾积水'] },
      { id: 'upj', en: ['ureteropelvic junction obstruction'], zh: ['肾盂输尿管连接部梗阻'] },
      { id: 'stone', en: ['ureteral stone'], zh: ['输尿管结石'] },
      { id: 'stricture', en: ['ureteral stricture'], zh: ['输尿管狭窄'] },
      { id: 'hbv', en: ['hepatitis b'], zh: ['乙型肝炎'] },
      { id: 'hcv', en: ['hepatitis c'], zh: ['丙型肝炎'] },
      { id: 'hcc', en: ['hepatocellular carcinoma'], zh: ['肝细胞癌'] },
      { id: 'cirrhosis', en: ['cirrhosis'], zh: ['肝硬化'] },
      { id: 'pso', en: ['psoriasis'], zh: ['银屑病'] },
      { id: 'pemphigus', en: ['pemphigus'], zh: ['天疱疮'] },
      { id: 'jaundice', en: ['obstructive jaundice'], zh: ['梗阻性黄疸'] },
      { id: 'phc', en: ['pancreatic head cancer'], zh: ['胰头癌'] },
      { id: 'ich', en: ['intracerebral hemorrhage', 'cerebral hemorrhage'], zh: ['脑出血'] },
      { id: 'htn_ich', en: ['hypertensive intracerebral hemorrhage', 'hypertensive cerebral hemorrhage'], zh: ['高血压脑出血', '高血压性脑出血'], parent: 'ich' },
      { id: 'bg', en: ['basal ganglia hemorrhage'], zh: ['基底节区脑出血'], parent: 'ich' },
      { id: 'thal', en: ['thalamic hemorrhage'], zh: ['丘脑出血'], parent: 'ich' },
    ],
  }),
});

describe('the temporal pattern of an arrhythmia and the extent of a small cell lung cancer are slots', () => {
  it('refuses two different patterns, in both languages', () => {
    check(known, [['Paroxysmal atrial fibrillation', 'persistent atrial fibrillation'], ['permanent atrial fibrillation', 'paroxysmal atrial fibrillation'], ['Long-standing persistent atrial fibrillation', 'permanent atrial fibrillation'], ['paroxysmal atrial flutter', 'persistent atrial flutter']], 'en', false, /pattern/);
    check(known, [['阵发性心房颤动', '持续性心房颤动'], ['永久性房颤', '阵发性房颤'], ['长程持续性心房颤动', '永久性心房颤动'], ['阵发性心房扑动', '持续性心房扑动']], 'zh', false, /pattern/);
  });
  it('accepts a pattern stated on one side only, and long-standing persistent for persistent', () => {
    check(known, [['paroxysmal atrial fibrillation', 'atrial fibrillation'], ['atrial fibrillation', 'permanent atrial fibrillation'], ['long-standing persistent atrial fibrillation', 'persistent atrial fibrillation']], 'en', true);
    check(known, [['阵发性心房颤动', '心房颤动'], ['心房颤动', '永久性心房颤动'], ['长程持续性心房颤动', '持续性心房颤动']], 'zh', true);
  });
  it('refuses extensive- against limited-stage, accepts either against the bare name', () => {
    check(known, [['Extensive-stage small cell lung cancer', 'limited-stage small cell lung cancer'], ['small cell lung cancer, limited disease', 'small cell lung cancer, extensive disease']], 'en', false, /extent/);
    check(known, [['广泛期小细胞肺癌', '局限期小细胞肺癌'], ['小细胞肺癌（局限期）', '小细胞肺癌广泛期']], 'zh', false, /extent/);
    check(known, [['extensive stage small cell lung cancer', 'small cell lung cancer'], ['small cell lung cancer', 'limited-stage small cell lung cancer']], 'en', true);
    check(known, [['广泛期小细胞肺癌', '小细胞肺癌'], ['小细胞肺癌', '局限期小细胞肺癌']], 'zh', true);
  });
});

describe('stages that are not sub-stages, other staging systems and locoregional stage IVA', () => {
  it('reads stage 4S of a neuroblastoma as a stage of its own, not a sub-stage of 4', () => {
    check(known, [['Stage 4 neuroblastoma', 'stage 4S neuroblastoma'], ['stage 4s neuroblastoma', 'neuroblastoma stage IV']], 'en', false, /stage/);
    check(known, [['神经母细胞瘤4S期', '神经母细胞瘤Ⅳ期'], ['Ⅳ期神经母细胞瘤', '4S期神经母细胞瘤']], 'zh', false, /stage/);
    check(known, [['stage 4S neuroblastoma', 'neuroblastoma stage 4s'], ['stage 4A neuroblastoma', 'stage 4 neuroblastoma']], 'en', true);
    check(known, [['神经母细胞瘤4S期', '4S期神经母细胞瘤']], 'zh', true);
  });
  it('reads Dukes A–D as stages I–IV', () => {
    check(known, [['Dukes C colon cancer', 'metastatic colon cancer'], ['Dukes B rectal cancer', 'stage III rectal cancer'], ['Dukes A colon cancer', 'colon cancer with liver metastases']], 'en', false, /stage/);
    check(known, [['结肠癌Dukes C期', '结肠癌肝转移'], ['直肠癌Dukes B期', '直肠癌Ⅲ期']], 'zh', false, /stage/);
    check(known, [['Dukes C colon cancer', 'stage III colon cancer'], ['Dukes D rectal cancer', 'metastatic rectal cancer'], ['Dukes B colon cancer', 'stage IIA colon cancer']], 'en', true);
    check(known, [['结肠癌Dukes C期', '结肠癌Ⅲ期'], ['直肠癌Dukes D期', '直肠癌伴肝转移']], 'zh', true);
  });
  it('keeps stage IVA of a cervical or head-and-neck cancer apart from distant metastasis, not so elsewhere', () => {
    check(known, [['Stage IVA cervical cancer', 'metastatic cervical cancer'], ['stage IVA nasopharyngeal carcinoma', 'nasopharyngeal carcinoma with lung metastases']], 'en', false, /m 0 vs 1/);
    check(known, [['宫颈癌ⅣA期', '宫颈癌远处转移'], ['鼻咽癌ⅣA期', '鼻咽癌伴远处转移'], ['ⅣA期鼻咽癌', '鼻咽癌肺转移']], 'zh', false, /m 0 vs 1/);
    check(known, [['stage IVB cervical cancer', 'metastatic cervical cancer'], ['stage IVA cervical cancer', 'stage IV cervical cancer'], ['stage IVA lung adenocarcinoma', 'metastatic lung adenocarcinoma']], 'en', true);
    check(known, [['宫颈癌ⅣB期', '宫颈癌远处转移'], ['鼻咽癌ⅣA期', '鼻咽癌Ⅳ期'], ['肺腺癌ⅣA期', '肺腺癌骨转移']], 'zh', true);
  });
  it('reads 中度重症 as moderately severe and 极重型 as very severe', () => {
    check(known, [['中度重症急性胰腺炎', '重症急性胰腺炎'], ['中度重症急性胰腺炎', '轻症急性胰腺炎'], ['极重型再生障碍性贫血', '重型再生障碍性贫血'], ['极重型再障', '重型再障']], 'zh', false, /severity/);
    check(known, [['moderately severe acute pancreatitis', 'severe acute pancreatitis'], ['very severe aplastic anemia', 'severe aplastic anemia']], 'en', false, /severity/);
    check(known, [['中度重症急性胰腺炎', '中重症急性胰腺炎'], ['极重型再生障碍性贫血', '再生障碍性贫血']], 'zh', true);
  });
});

describe('causes', () => {
  it('keeps folate and vitamin B12 deficiency apart', () => {
    check(known, [['megaloblastic anaemia due to folate deficiency', 'megaloblastic anaemia due to vitamin B12 deficiency'], ['folic acid deficiency megaloblastic anemia', 'pernicious megaloblastic anemia']], 'en', false, /cause/);
    check(known, [['叶酸缺乏性巨幼细胞性贫血', '维生素B12缺乏性巨幼细胞性贫血']], 'zh', false, /cause/);
    check(known, [['megaloblastic anaemia due to folate deficiency', 'megaloblastic anemia']], 'en', true);
  });
  it('refuses two names whose stated causes are different concepts of the lexicon, accepts related or one-sided ones', () => {
    check(known, [['Hydronephrosis due to ureteropelvic junction obstruction', 'hydronephrosis due to ureteral stone'], ['hydronephrosis due to ureteral stricture', 'hydronephrosis secondary to ureteral stone'], ['cirrhosis due to hepatitis C', 'cirrhosis due to hepatitis B']], 'en', false, /cause/);
    check(known, [['肾盂输尿管连接部梗阻所致肾积水', '输尿管结石所致肾积水'], ['输尿管狭窄引起的肾积水', '输尿管结石导致的肾积水']], 'zh', false, /cause/);
    check(known, [['hydronephrosis due to ureteral stone', 'hydronephrosis'], ['hydronephrosis', 'hydronephrosis due to ureteropelvic junction obstruction'], ['hydronephrosis due to a ureteral stone', 'hydronephrosis due to ureteral stone']], 'en', true);
    check(known, [['输尿管结石所致肾积水', '肾积水']], 'zh', true);
  });
  it('reads a gold name through its cause only when its head is a manifestation, not a disease of its own', () => {
    check(known, [['chronic hepatitis B', 'hepatitis B-related hepatocellular carcinoma'], ['hepatitis C', 'hepatocellular carcinoma due to hepatitis C']], 'en', false);
    check(known, [['慢性乙型肝炎', '乙型肝炎相关肝细胞癌'], ['丙型肝炎', '丙型肝炎所致肝细胞癌']], 'zh', false);
    check(known, [['pancreatic head cancer', 'obstructive jaundice due to pancreatic head cancer'], ['hepatocellular carcinoma', 'hepatitis B-related hepatocellular carcinoma']], 'en', true);
    check(known, [['胰头癌', '胰头癌所致梗阻性黄疸'], ['肝细胞癌', '乙型肝炎相关肝细胞癌']], 'zh', true);
  });
});

describe('a cause that is the gold\'s cause or a kind of it', () => {
  it('compares the names without their cause words when the prediction\'s cause is the gold\'s or its kind', () => {
    check(known, [['Group A streptococcal tonsillitis', 'acute bacterial tonsillitis'], ['streptococcal tonsillitis', 'bacterial tonsillitis'], ['Hypertensive basal ganglia haemorrhage', 'hypertensive intracerebral haemorrhage'], ['hypertensive thalamic haemorrhage', 'hypertensive cerebral haemorrhage']], 'en', true);
    check(known, [['急性链球菌性化脓性扁桃体炎', '急性细菌性扁桃体炎'], ['高血压性基底节区脑出血', '高血压脑出血'], ['高血压性丘脑出血', '高血压性脑出血']], 'zh', true);
  });
  it('does not when the causes differ, the gold\'s is the narrower, or the sites differ', () => {
    check(known, [['viral tonsillitis', 'bacterial tonsillitis'], ['bacterial tonsillitis', 'streptococcal tonsillitis'], ['hypertensive basal ganglia haemorrhage', 'AVM-related intracerebral haemorrhage'], ['CMV mononucleosis', 'EBV infectious mononucleosis'], ['streptococcal pharyngitis', 'bacterial tonsillitis']], 'en', false);
    check(known, [['病毒性扁桃体炎', '细菌性扁桃体炎'], ['细菌性扁桃体炎', '链球菌性扁桃体炎'], ['巨细胞病毒感染', 'EB病毒感染']], 'zh', false);
  });
});

describe('another entity before a contained Chinese name', () => {
  it('does not read a name after 副, 假, 类 or 亚 as that name, by the lexicon or by overlap', () => {
    check(known, [['副银屑病', '银屑病'], ['类天疱疮', '天疱疮'], ['寻常型副银屑病', '寻常型银屑病']], 'zh', false);
    check(known, [['寻常型银屑病', '银屑病'], ['点滴状银屑病', '银屑病']], 'zh', true);
    check(full, [['慢性副鼻窦炎', '慢性鼻窦炎']], 'zh', true);
  });
});

describe('the bundled lexicon keeps apart', () => {
  it('AIDS from an HIV infection that states no stage, but knows AIDS is one', () => {
    check(full, [['acute HIV infection', 'AIDS'], ['HIV infection', 'acquired immunodeficiency syndrome']], 'en', false);
    check(full, [['急性HIV感染', '获得性免疫缺陷综合征'], ['HIV感染', '艾滋病']], 'zh', false);
    check(full, [['AIDS', 'HIV infection'], ['acquired immune deficiency syndrome', 'AIDS']], 'en', true);
    check(full, [['艾滋病', 'HIV感染'], ['艾滋病', '获得性免疫缺陷综合征']], 'zh', true);
  });
  it('the usual form of cervical cancer (squamous cell) but not its other kinds', () => {
    check(full, [['cervical cancer', 'cervical squamous cell carcinoma']], 'en', true);
    check(full, [['宫颈癌ⅢB期', '宫颈鳞癌ⅢB期']], 'zh', true);
    check(full, [['cervical cancer', 'cervical adenocarcinoma']], 'en', false);
    check(full, [['宫颈癌', '宫颈腺癌'], ['宫颈癌ⅡB期', '宫颈鳞癌ⅢB期']], 'zh', false);
  });
  it('the volvulus of one segment from another, a renal from a perirenal abscess, Caroli disease from other types of choledochal cyst', () => {
    check(full, [['sigmoid volvulus', 'cecal volvulus'], ['renal abscess', 'perinephric abscess'], ['Caroli disease', 'choledochal cyst type I']], 'en', false);
    check(full, [['乙状结肠扭转', '盲肠扭转'], ['肾周脓肿', '肾脓肿'], ['卡罗利病', '先天性胆总管囊肿Ⅰ型']], 'zh', false);
    check(full, [['sigmoid volvulus', 'volvulus'], ['Caroli disease', 'choledochal cyst, Todani type V']], 'en', true);
    check(full, [['乙状结肠扭转', '肠扭转'], ['盲肠扭转', '肠扭转'], ['卡罗利病', '胆总管囊肿Ⅴ型']], 'zh', true);
  });
});
