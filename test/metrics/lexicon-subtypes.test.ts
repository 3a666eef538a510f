/**
 * The lexicon audit of issue 16: subtypes and siblings that earlier files listed as names of one concept are groups
 * of their own under their parent (data/lexicon/concepts/subtypes.json), broader names that were listed as synonyms
 * of a narrower concept sit above it, and the concepts heldout9 found missing are there with their names in both
 * languages (concepts/more-h9.json). The pairs are written for these tests, not taken from the labelled sets: a
 * sibling is another diagnosis, a narrower prediction counts, a broader one does not (unless the lexicon marks the
 * narrower concept as the usual form of the broader name).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEXICON_PATH, Lexicon } from '../../src/metrics/matcher/index.js';
import { check, full, no, yes } from '../support/match-checks.js';

describe('siblings that were one group are different diagnoses', () => {
  it('tells the degrees of placenta previa and the depths of placenta accreta apart', () => {
    check(full, [['Partial placenta previa', 'Marginal placenta previa'], ['Complete placenta praevia', 'Partial placenta previa'], ['Placenta percreta', 'Placenta accreta'], ['Placenta increta', 'Placenta percreta']], 'en', false);
    check(full, [['部分性前置胎盘', '边缘性前置胎盘'], ['中央性前置胎盘', '部分性前置胎盘'], ['穿透性胎盘植入', '胎盘粘连']], 'zh', false);
    // 凶险性前置胎盘 is a placenta previa on a scarred uterus, not a placenta accreta
    yes(full, '凶险性前置胎盘', '前置胎盘', 'zh');
    no(full, '凶险性前置胎盘', '胎盘植入', 'zh');
  });

  it('tells twins by chorionicity, breech kinds and the two kinds of precocious puberty apart', () => {
    check(full, [['Monochorionic monoamniotic twins', 'Monochorionic diamniotic twin pregnancy'], ['Dichorionic twin pregnancy', 'Monochorionic twins'], ['Footling breech presentation', 'Frank breech'], ['Precocious pseudopuberty', 'True precocious puberty']], 'en', false);
    check(full, [['单绒毛膜单羊膜囊双胎', '双绒毛膜双羊膜囊双胎'], ['不完全臀先露', '单臀先露'], ['假性性早熟', '真性性早熟']], 'zh', false);
  });

  it('tells a threatened from an established preterm labour, and the sites of a hydrocele apart', () => {
    no(full, 'Threatened premature labour', 'Preterm labor in progress', 'en');
    no(full, '先兆早产', '难免早产', 'zh');
    no(full, 'Hydrocele of the spermatic cord', 'Hydrocele of the tunica vaginalis', 'en');
    no(full, '精索鞘膜积液', '睾丸鞘膜积液', 'zh');
    no(full, 'Moyamoya syndrome', 'Moyamoya disease', 'en');
  });

  it('tells subtypes in other departments apart', () => {
    check(full, [['Nephrogenic diabetes insipidus', 'Cranial diabetes insipidus'], ['Central hypothyroidism', 'Primary hypothyroidism'], ['Pustular psoriasis', 'Plaque psoriasis'], ['Acute motor axonal neuropathy', 'Acute inflammatory demyelinating polyneuropathy'], ['MEN2B', 'Sipple syndrome'], ['Letterer-Siwe disease', 'Eosinophilic granuloma of bone'], ['Chiari II malformation', 'Chiari I malformation'], ['Luminal A breast cancer', 'Luminal B breast cancer'], ['Rh hemolytic disease of the newborn', 'ABO hemolytic disease of the newborn'], ['Werdnig-Hoffmann disease', 'Kugelberg-Welander disease']], 'en', false);
    check(full, [['肾性尿崩症', '中枢性尿崩症'], ['脓疱型银屑病', '寻常型银屑病'], ['新生儿病理性黄疸', '新生儿生理性黄疸'], ['小隐静脉曲张', '下肢大隐静脉曲张'], ['食管旁疝', '滑动性食管裂孔疝'], ['三踝骨折', '双踝骨折'], ['Rh溶血病', 'ABO溶血病'], ['急性坏疽性阑尾炎', '化脓性阑尾炎']], 'zh', false);
  });
});

describe('a subtype is narrower than its parent', () => {
  it('counts a narrower prediction and refuses a broader one', () => {
    yes(full, 'Frank breech presentation', 'Breech presentation', 'en');
    no(full, 'Breech presentation', 'Complete breech presentation', 'en', /broader/);
    yes(full, '完全性葡萄胎', '葡萄胎', 'zh');
    no(full, '葡萄胎', '部分性葡萄胎', 'zh', /broader/);
    yes(full, 'Temporal lobe epilepsy', 'Focal epilepsy', 'en');
    no(full, '局灶性癫痫', '颞叶癫痫', 'zh', /broader/);
    no(full, 'Eczema', 'Atopic dermatitis', 'en', /broader/);
    yes(full, '特应性皮炎', '湿疹', 'zh');
  });

  it('keeps HSIL broader than CIN 3, and hyperemesis a kind of nausea and vomiting of pregnancy', () => {
    yes(full, 'CIN III', 'High-grade squamous intraepithelial lesion', 'en');
    no(full, 'HSIL', 'Cervical intraepithelial neoplasia grade 3', 'en', /broader/);
    no(full, 'CIN 2', 'CIN III', 'en');
    no(full, 'Morning sickness', 'Hyperemesis gravidarum', 'en', /broader/);
    no(full, '早孕反应', '妊娠剧吐', 'zh', /broader/);
    yes(full, '妊娠剧吐', '妊娠呕吐', 'zh');
  });

  it('lets the broader name count for the usual form the lexicon marks', () => {
    // suppurative appendicitis, primary hypothyroidism, plaque psoriasis, ileocolic intussusception, sliding hiatal
    // hernia, Bochdalek hernia: what the broader name stands for in practice
    yes(full, 'Acute appendicitis', 'Acute phlegmonous appendicitis', 'en');
    yes(full, 'Hypothyroidism', 'Primary hypothyroidism', 'en');
    yes(full, '银屑病', '斑块状银屑病', 'zh');
    yes(full, '肠套叠', '回结肠型肠套叠', 'zh');
    yes(full, '食管裂孔疝', '滑动型食管裂孔疝', 'zh');
    yes(full, 'Congenital diaphragmatic hernia', 'Bochdalek hernia', 'en');
    // and not for a form it does not mark
    no(full, 'Hiatal hernia', 'Paraesophageal hernia', 'en', /broader/);
    no(full, '先天性膈疝', 'Morgagni疝', 'zh', /broader/);
  });
});

describe('broader names that were listed as synonyms', () => {
  it('keeps an abbreviation clash and broader everyday names apart from the narrower disease', () => {
    no(full, 'Cytokine release syndrome', 'Chronic rhinosinusitis', 'en');
    no(full, '细胞因子释放综合征', '慢性鼻窦炎', 'zh');
    no(full, 'Tic disorder', 'Tourette syndrome', 'en', /broader/);
    yes(full, '抽动秽语综合征', '抽动障碍', 'zh');
    no(full, 'Neurofibromatosis', 'Neurofibromatosis type 2', 'en', /broader/);
    no(full, '牙脱位', '牙齿完全脱位', 'zh', /broader/);
    no(full, '牙列缺损', '牙列缺失', 'zh');
    no(full, 'Allergic reaction', 'Anaphylactic shock', 'en', /broader/);
    no(full, '病毒性角膜炎', '单纯疱疹性角膜炎', 'zh', /broader/);
    no(full, 'Erythrocytosis', 'Polycythemia vera', 'en', /broader/);
    no(full, '寰椎骨折', 'Jefferson骨折', 'zh', /broader/);
  });

  it('reads an acute exacerbation of chronic heart failure as acute decompensated heart failure', () => {
    yes(full, 'Acute decompensation of chronic heart failure', 'Acute decompensated heart failure', 'en');
    yes(full, '慢性心力衰竭急性加重', '急性失代偿性心力衰竭', 'zh');
    no(full, 'Chronic heart failure', 'Acute decompensated heart failure', 'en');
  });
});

describe('concepts heldout9 found missing, with their neighbours', () => {
  it('knows the names in both languages', () => {
    yes(full, 'Insulin-requiring gestational diabetes', 'GDM A2', 'en');
    no(full, 'Gestational diabetes mellitus class A1', 'Gestational diabetes mellitus class A2', 'en');
    yes(full, '腹股沟斜疝合并直疝', '马鞍疝', 'zh');
    yes(full, 'Femoral hernia containing the appendix', 'De Garengeot hernia', 'en');
    yes(full, '上腰疝', 'Grynfeltt疝', 'zh');
    yes(full, 'Lateral sinus thrombosis', 'Cerebral venous sinus thrombosis', 'en');
    no(full, '海绵窦血栓形成', '上矢状窦血栓形成', 'zh');
    yes(full, 'Tubulovillous adenoma of the colon', 'Colonic polyp', 'en');
    no(full, '结肠增生性息肉', '结肠腺瘤', 'zh');
    no(full, 'Branch-duct IPMN', 'Main-duct IPMN', 'en');
    yes(full, '混合细胞型霍奇金淋巴瘤', '经典型霍奇金淋巴瘤', 'zh');
    no(full, 'Mixed cellularity Hodgkin lymphoma', 'Nodular sclerosis Hodgkin lymphoma', 'en');
    no(full, 'Tall cell variant of papillary thyroid carcinoma', 'Follicular variant of papillary thyroid carcinoma', 'en');
    yes(full, '急性粒-单核细胞白血病', '急性髓系白血病', 'zh');
    no(full, 'Acute myelomonocytic leukemia', 'Acute monocytic leukemia', 'en');
    yes(full, '肠胃炎', '胃肠炎', 'zh');
    yes(full, '肛乳头纤维瘤', '肛乳头肥大', 'zh');
    no(full, '肛乳头肥大', '肛乳头炎', 'zh');
    yes(full, 'Bicuspid aortic stenosis', 'Aortic valve stenosis', 'en');
    yes(full, '肾盂移行细胞癌', '肾盂癌', 'zh');
    no(full, 'Urothelial carcinoma of the ureter', 'Renal pelvis urothelial carcinoma', 'en');
    yes(full, 'Hypopituitarism after postpartum hemorrhage', 'Sheehan syndrome', 'en');
  });
});

describe('kinds named beside their parent in a name', () => {
  it('tells the Mobitz types, functional and organic regurgitation, and the grades a meningioma kind implies apart', () => {
    no(full, 'Second-degree AV block, Mobitz II', 'Second-degree atrioventricular block, type I', 'en');
    yes(full, 'Wenckebach block', 'Second-degree AV block', 'en');
    no(full, '功能性三尖瓣反流', '器质性三尖瓣关闭不全', 'zh');
    no(full, 'Secondary mitral regurgitation', 'Degenerative mitral regurgitation', 'en');
    no(full, 'Poorly differentiated thyroid cancer', 'Undifferentiated thyroid carcinoma', 'en');
    no(full, 'Anaplastic meningioma', 'Meningioma, WHO grade 2', 'en', /grade/);
    yes(full, '非典型脑膜瘤', '脑膜瘤', 'zh');
    no(full, '肺微浸润腺癌', '浸润性肺腺癌', 'zh');
    yes(full, '升结肠癌', '右半结肠癌', 'zh');
    no(full, '左半结肠癌', '右半结肠癌', 'zh');
    no(full, 'Tenosynovitis', 'Stenosing tenosynovitis', 'en', /broader/);
    no(full, '化脓性腱鞘炎', '狭窄性腱鞘炎', 'zh');
    no(full, 'Isthmic spondylolisthesis', 'Degenerative lumbar spondylolisthesis', 'en');
    no(full, '胃弥漫大B细胞淋巴瘤', '胃MALT淋巴瘤', 'zh');
    no(full, 'Splenic marginal zone lymphoma', 'MALT lymphoma', 'en');
    yes(full, 'Parotid mucoepidermoid carcinoma', 'Parotid carcinoma', 'en');
    no(full, 'External hemorrhoids', 'Perianal hematoma', 'en', /broader/);
    no(full, '妊娠期甲状腺功能减退症', '妊娠期亚临床甲减', 'zh');
    no(full, 'H-type tracheoesophageal fistula', 'Esophageal atresia', 'en');
    yes(full, '食管闭锁', '食管闭锁合并气管食管瘘', 'zh');
    no(full, 'Critical illness myopathy', 'Critical illness polyneuropathy', 'en');
    no(full, '颧弓骨折', '颧上颌复合体骨折', 'zh');
    no(full, 'Retrocalcaneal bursitis', 'Haglund deformity', 'en');
    no(full, 'Motor neurone disease', 'Primary lateral sclerosis', 'en', /broader/);
    yes(full, '运动神经元病', '肌萎缩侧索硬化', 'zh');
    no(full, 'Cutaneous T-cell lymphoma', 'Sezary syndrome', 'en', /broader/);
    no(full, '痈', '疖肿', 'zh');
    no(full, '中暑', '热射病', 'zh', /broader/);
    no(full, '牙关紧闭', '破伤风', 'zh');
    no(full, 'Pneumonic plague', 'Bubonic plague', 'en');
    no(full, '假性醛固酮增多症', 'Liddle综合征', 'zh', /broader/);
    no(full, 'Caroli disease', 'Choledochal cyst', 'en');
    yes(full, 'Todani type V choledochal cyst', 'Caroli disease', 'en');
    no(full, 'Neutropenia', 'Agranulocytosis', 'en', /broader/);
    no(full, '脑血管病', '脑卒中', 'zh', /broader/);
    no(full, 'Thymic carcinoma', 'Thymoma', 'en');
    yes(full, '胸腺肿瘤', '胸腺瘤', 'zh');
    no(full, 'Impaired fasting glucose', 'Impaired glucose tolerance', 'en');
    no(full, 'Chronic otitis media with effusion', 'Chronic suppurative otitis media', 'en');
    no(full, '全垂体功能减退症', '西蒙兹病', 'zh', /broader/);
  });
});

describe('the lexicon as a whole', () => {
  it('never lists two concepts as distinct when one lies under the other', () => {
    const lexicon = Lexicon.default();
    const files = [DEFAULT_LEXICON_PATH, ...((JSON.parse(readFileSync(DEFAULT_LEXICON_PATH, 'utf8')) as { include: string[] }).include.map((f) => DEFAULT_LEXICON_PATH.replace(/diagnoses\.json$/, f)))];
    const pairs = files.flatMap((f) => ((JSON.parse(readFileSync(f, 'utf8')) as { distinct?: [string, string][] }).distinct ?? []));
    expect(pairs.length).toBeGreaterThan(500);
    expect(pairs.filter(([a, b]) => lexicon.relation(a, b) !== undefined)).toEqual([]);
  });
});
