/**
 * Issue 16, heldout12 precision round: scales, kinds and causes stated on both sides in conflict
 * (named-scales-more.ts, axis-table-kinds.ts, the Fontaine–Rutherford mapping of stage.ts, the causes of
 * negation.ts), a term stated absent on one side and present on the other, and the overlap rule's refusal of a
 * cancer without the gold's histological type. `bare` knows no disease, so only the rules decide; `full` is the
 * bundled lexicon. Every rule has pairs that agree (or state a value on one side only) as well as pairs in conflict.
 */
import { describe, it } from 'vitest';
import { bare, check, full } from '../support/match-checks.js';

describe('more named scales (named-scales-more.ts)', () => {
  it('refuse two values of one scale, in both languages', () => {
    check(bare, [
      ['Chronic thromboembolic pulmonary hypertension, WHO FC IV', 'Chronic thromboembolic pulmonary hypertension, WHO functional class II'],
      ['Portopulmonary hypertension (functional class I)', 'Portopulmonary hypertension, NYHA class III'],
      ['Hepatic encephalopathy grade 1', 'Hepatic encephalopathy, West Haven grade IV'],
      ['Mirizzi syndrome type III', 'Mirizzi syndrome, Csendes type IV'],
      ['Splenic cystic echinococcosis, CE1', 'Splenic cystic echinococcosis, WHO-IWGE CE4'],
      ['Invasive thymoma, WHO type A', 'Invasive thymoma, WHO type B3'],
      ['Congenital scoliosis, Lenke 2', 'Congenital scoliosis, Lenke type 6C'],
      ['Ocular myasthenia gravis, MGFA class I', 'Ocular myasthenia gravis, MGFA class IIa'],
      ['Small saphenous vein varicosity, C5', 'Small saphenous vein varicosity, CEAP C3'],
      ['Uterine prolapse, first degree', 'Uterine prolapse, POP-Q stage IV'],
      ['Total procidentia', 'Uterine prolapse (POP-Q stage II)'],
      ['Primary CNS diffuse large B-cell lymphoma, ABC type', 'Primary CNS diffuse large B-cell lymphoma, germinal centre B-cell type'],
      ['Stricturing ileal Crohn disease', 'Ileal Crohn disease, Montreal B3'],
      ['Psoriatic arthritis, low disease activity', 'Psoriatic arthritis, high disease activity'],
      ['Rheumatoid arthritis, DAS28 2.9', 'Rheumatoid arthritis with high disease activity'],
    ], 'en', false);
    check(bare, [
      ['特发性肺动脉高压（WHO心功能Ⅱ级）', '特发性肺动脉高压（WHO FC Ⅳ级）'],
      ['肝性脑病Ⅰ级', '肝性脑病（West-Haven Ⅲ级）'],
      ['Mirizzi综合征Ⅰ型', 'Mirizzi综合征（Csendes Ⅲ型）'],
      ['肺囊型包虫病（CE1型）', '肺囊型包虫病（CE5型）'],
      ['胸腺瘤（B1型）', '胸腺瘤（WHO B3型）'],
      ['大隐静脉曲张（C2）', '大隐静脉曲张（CEAP C6）'],
      ['子宫脱垂Ⅲ度', '子宫脱垂（POP-Q Ⅱ度）'],
      ['弥漫大B细胞淋巴瘤（生发中心型）', '弥漫大B细胞淋巴瘤（非生发中心型）'],
      ['克罗恩病（穿透型）', '克罗恩病（狭窄型）'],
      ['强直性脊柱炎（高疾病活动度）', '强直性脊柱炎（低疾病活动度）'],
    ], 'zh', false);
  });
  it('accept the same value, a sub-class of it, or a value on one side only', () => {
    check(bare, [
      ['Idiopathic pulmonary arterial hypertension, WHO FC III', 'Idiopathic pulmonary arterial hypertension, NYHA class III'],
      ['Hepatic encephalopathy, grade 2', 'Hepatic encephalopathy, West Haven grade II'],
      ['Mirizzi syndrome type II', 'Mirizzi syndrome'],
      ['Hepatic cystic echinococcosis, CE3', 'Hepatic cystic echinococcosis, WHO-IWGE stage CE3b'],
      ['Thymoma, WHO type B', 'Thymoma, WHO type B2'],
      ['Adolescent idiopathic scoliosis, Lenke 1', 'Adolescent idiopathic scoliosis, Lenke 1A'],
      ['Great saphenous varicose veins, C4', 'Great saphenous varicose veins, CEAP C4a'],
      ['Uterine prolapse, third degree', 'Uterine prolapse, POP-Q stage IV'],
      ['Crohn disease, penetrating', 'Crohn disease, Montreal B3'],
      ['Rheumatoid arthritis, DAS28 5.8', 'Rheumatoid arthritis, high disease activity'],
    ], 'en', true);
    check(bare, [
      ['肝性脑病Ⅱ级', '肝性脑病（West-Haven Ⅱ级）'],
      ['子宫脱垂Ⅰ度', '子宫脱垂（POP-Q Ⅱ度）'],
      ['大隐静脉曲张（CEAP C3）', '大隐静脉曲张'],
      ['胸腺瘤（AB型）', '胸腺瘤（WHO AB型）'],
    ], 'zh', true);
  });
});

describe('Fontaine and Rutherford, compared on each other', () => {
  it('refuse a Fontaine stage against a Rutherford category it does not cover, and accept one it covers', () => {
    check(bare, [
      ['Peripheral arterial disease, Fontaine stage I', 'Peripheral arterial disease, Rutherford category 4'],
      ['Arteriosclerosis obliterans, Rutherford 6', 'Arteriosclerosis obliterans, Fontaine stage III'],
    ], 'en', false);
    check(bare, [['下肢动脉硬化闭塞症 Fontaine Ⅳ期', '下肢动脉硬化闭塞症 Rutherford 3级']], 'zh', false);
    check(bare, [
      ['Peripheral arterial disease, Fontaine stage IIb', 'Peripheral arterial disease, Rutherford category 3'],
      ['Arteriosclerosis obliterans, Rutherford 5', 'Arteriosclerosis obliterans, Fontaine stage IV'],
    ], 'en', true);
    check(bare, [['下肢动脉硬化闭塞症 Fontaine Ⅲ期', '下肢动脉硬化闭塞症 Rutherford 4级']], 'zh', true);
  });
});

describe('kinds of one disease (axis-table-kinds.ts)', () => {
  it('refuse two kinds in conflict, in both languages', () => {
    check(bare, [
      ['Newly diagnosed immune thrombocytopenia', 'Chronic immune thrombocytopenia'],
      ['Langerhans cell histiocytosis, single-system', 'Langerhans cell histiocytosis, multisystem with risk organ involvement'],
      ['Renal amyloidosis, AA type', 'Renal amyloidosis (AL type)'],
      ['Barton fracture of the right distal radius', 'Right distal radius fracture, Colles type'],
      ['Reverse Colles fracture', 'Colles fracture'],
      ['Non-classic 21-hydroxylase deficiency', 'Classic salt-wasting 21-hydroxylase deficiency'],
      ['High-grade dysplasia of the oesophagus', 'Low-grade dysplasia of the oesophagus'],
    ], 'en', false);
    check(bare, [
      ['免疫性血小板减少症（持续性）', '免疫性血小板减少症（新诊断）'],
      ['朗格汉斯细胞组织细胞增生症（单系统）', '朗格汉斯细胞组织细胞增生症（多系统型）'],
      ['心肌淀粉样变（轻链型）', '心肌淀粉样变（ATTR型）'],
      ['先天性肾上腺皮质增生症（单纯男性化型）', '先天性肾上腺皮质增生症（失盐型）'],
      ['胰腺上皮内瘤变（高级别）', '胰腺上皮内瘤变（低级别）'],
    ], 'zh', false);
  });
  it('accept the same kind, one that contains it, or a kind on one side only', () => {
    check(bare, [
      ['Chronic immune thrombocytopenia', 'Immune thrombocytopenia'],
      ['Cardiac amyloidosis (ATTR type)', 'Cardiac amyloidosis (transthyretin type)'],
      ['Classic 21-hydroxylase deficiency', 'Salt-wasting 21-hydroxylase deficiency'],
      ['Low-grade dysplasia of the colon', 'Low to intermediate grade dysplasia of the colon'],
    ], 'en', true);
    check(full, [['Smith fracture of the left radius', 'Reverse Colles fracture of the left radius']], 'en', true);
    check(bare, [
      ['朗格汉斯细胞组织细胞增生症（多系统，危险器官受累）', '朗格汉斯细胞组织细胞增生症（多系统型）'],
      ['乳腺导管原位癌（中级别）', '乳腺导管原位癌（中低级别）'],
    ], 'zh', true);
  });
});

describe('phases and activity stated with a cause or in a list of parentheses', () => {
  it('refuse an active against an inactive phase, and an asthma exacerbation against its chronic persistent phase', () => {
    check(bare, [['甲状腺相关眼病（非活动期）', '甲状腺相关眼病（活动期）'], ['药物相关性间质性肺病（活动期，CT示磨玻璃影）', '药物相关性间质性肺病（稳定期）'], ['支气管哮喘（慢性持续期）', '支气管哮喘（临床缓解期）']], 'zh', false);
    check(full, [['支气管哮喘急性发作期', '支气管哮喘（慢性持续期）']], 'zh', false);
    check(bare, [['Asthma, chronic persistent phase', 'Asthma, in remission']], 'en', false);
    check(bare, [['甲状腺相关眼病（活动期，CAS 4分）', '甲状腺相关眼病活动期']], 'zh', true);
  });
  it('read a risk scheme\'s name with its category', () => {
    check(bare, [['胃间质瘤（改良NIH低危）', '胃间质瘤（NIH高危）'], ['小肠间质瘤（空肠，Joensuu中危）', '小肠间质瘤（高危）']], 'zh', false);
    check(bare, [['Gastric stromal tumour, modified NIH high risk', 'Gastric stromal tumour, high-risk']], 'en', true);
  });
});

describe('causes: rheumatic vs degenerative, physiological vs haemolytic', () => {
  it('refuse two different causes and accept a cause on one side only', () => {
    check(bare, [
      ['Rheumatic mitral stenosis', 'Degenerative mitral stenosis'],
      ['Calcific aortic stenosis', 'Aortic stenosis (rheumatic)'],
      ['Physiological jaundice of the newborn', 'Haemolytic jaundice of the newborn'],
    ], 'en', false);
    check(bare, [['二尖瓣狭窄（风湿性）', '二尖瓣狭窄（退行性）'], ['新生儿生理性黄疸', '新生儿溶血性黄疸']], 'zh', false);
    check(bare, [['Mitral stenosis', 'Rheumatic mitral stenosis']], 'en', true);
    check(bare, [['类风湿关节炎（高疾病活动度）', '类风湿关节炎（高疾病活动度，DAS28 5.4）']], 'zh', true);
  });
});

describe('a term stated absent on one side and present on the other', () => {
  it('refuse "without Y" / 不伴Y against "with Y" / 伴Y, and accept it against a name silent on Y', () => {
    check(bare, [
      ['Chronic rhinosinusitis without nasal polyps', 'Chronic rhinosinusitis with nasal polyps'],
      ['Acute cholecystitis with gallstones', 'Acute cholecystitis without gallstones'],
      ['Gastro-oesophageal reflux disease without oesophagitis', 'Gastro-oesophageal reflux disease with oesophagitis'],
    ], 'en', false);
    check(bare, [['慢性鼻窦炎伴鼻息肉', '慢性鼻窦炎（不伴鼻息肉）'], ['2型糖尿病（不伴酮症）', '2型糖尿病伴酮症']], 'zh', false);
    check(full, [['Chronic rhinosinusitis without nasal polyps', 'Chronic rhinosinusitis']], 'en', true);
    check(bare, [['慢性鼻窦炎（不伴鼻息肉）', '慢性鼻窦炎']], 'zh', true);
  });
});

describe('the overlap rule and a histological type on the gold only', () => {
  it('refuse a cancer without the gold\'s type, except the organ\'s usual type', () => {
    check(bare, [
      ['Left lower lobe lung cancer', 'Left lower lobe squamous cell carcinoma'],
      ['Right breast cancer, upper outer quadrant', 'Right breast lobular carcinoma, upper outer quadrant'],
    ], 'en', false);
    check(bare, [['Sigmoid colon cancer with obstruction', 'Sigmoid colon adenocarcinoma with obstruction']], 'en', true);
  });
});

describe('more-h12-p.json and the myasthenic crisis as MGFA class V', () => {
  it('keep a Ramsay Hunt syndrome with its palsy apart from a Bell palsy, and an ascending aneurysm narrower than a thoracic one', () => {
    check(full, [['Ramsay Hunt syndrome with left facial palsy', 'Left Bell palsy']], 'en', false);
    check(full, [['亨特综合征伴面瘫', '面神经炎']], 'zh', false);
    check(full, [['Thoracic aortic aneurysm', 'Ascending aortic aneurysm'], ['Myasthenic crisis', 'Myasthenia gravis, MGFA class IIa']], 'en', false);
    check(full, [['胸主动脉瘤', '升主动脉瘤']], 'zh', false);
    check(full, [['Ramsay Hunt syndrome with facial palsy', 'Herpes zoster oticus'], ['Ascending aortic aneurysm', 'Thoracic aortic aneurysm'], ['Myasthenic crisis', 'Myasthenia gravis, MGFA class V']], 'en', true);
    check(full, [['升主动脉瘤', '胸主动脉瘤']], 'zh', true);
  });
});

describe('more kinds and scales of other sets (Takayasu, malleoli, fistula output, TAPVC, PTC variant, dystrophin, DVT, EHS W, MDS EB)', () => {
  it('refuse two kinds or classes in conflict, in both languages', () => {
    check(bare, [
      ['Takayasu arteritis, renal artery type', 'Takayasu arteritis, brachiocephalic type'],
      ['Left trimalleolar ankle fracture', 'Left bimalleolar ankle fracture'],
      ['High-output enterocutaneous fistula', 'Low-output enterocutaneous fistula'],
      ['TAPVC, cardiac type', 'TAPVC, supracardiac type'],
      ['Papillary thyroid carcinoma, hobnail variant', 'Papillary thyroid carcinoma, follicular variant'],
      ['Duchenne muscular dystrophy', 'Becker muscular dystrophy'],
      ['Ventral incisional hernia, W2', 'Ventral incisional hernia, EHS W1'],
      ['Myelodysplastic syndrome with excess blasts-1', 'Myelodysplastic syndrome, RAEB-2'],
      ['Persistent atrial flutter', 'Atrial flutter (paroxysmal)'],
      ['Knee osteoarthritis (Kellgren-Lawrence III)', 'Knee osteoarthritis, KL grade 1'],
    ], 'en', false);
    check(bare, [
      ['大动脉炎（胸腹主动脉型）', '大动脉炎（肺动脉型）'],
      ['左踝关节双踝骨折', '左踝关节三踝骨折'],
      ['十二指肠瘘（低流量）', '十二指肠瘘（高流量）'],
      ['完全性肺静脉异位引流（心下型）', '完全性肺静脉异位引流（心内型）'],
      ['下肢深静脉血栓形成（周围型）', '下肢深静脉血栓形成（混合型）'],
      ['骨髓增生异常综合征伴原始细胞增多-2', '骨髓增生异常综合征（EB-1）'],
      ['心房颤动（永久性）', '持续性心房颤动'],
      ['痛风（间歇期）', '痛风（急性发作期）'],
    ], 'zh', false);
  });
  it('accept the same kind or class, or one on one side only', () => {
    check(bare, [
      ['Takayasu arteritis, mixed type', 'Takayasu arteritis, renal artery type'],
      ['High-output enterocutaneous fistula', 'Enterocutaneous fistula'],
      ['Incisional hernia, W3', 'Incisional hernia, EHS W3'],
      ['Myelodysplastic syndrome, EB-2', 'Myelodysplastic syndrome with excess blasts-2'],
    ], 'en', true);
    check(bare, [['心房颤动（持续性）', '持续性心房颤动'], ['下肢深静脉血栓形成（中央型）', '下肢深静脉血栓形成']], 'zh', true);
  });
});

describe('an idiopathic hyperaldosteronism, and one or two Latin letters before 型', () => {
  it('read the idiopathic hyperaldosteronism as a kind of primary aldosteronism, not as its primary origin', () => {
    check(full, [['Primary aldosteronism', 'Idiopathic hyperaldosteronism'], ['特发性醛固酮增多症', '醛固酮瘤']], 'en', false);
    check(full, [['原发性醛固酮增多症', '特发性醛固酮增多症']], 'zh', false);
    check(full, [['Idiopathic hyperaldosteronism', 'Primary aldosteronism'], ['Idiopathic pulmonary fibrosis', 'Primary pulmonary fibrosis']], 'en', true);
    check(full, [['特发性醛固酮增多症（双侧肾上腺增生）', '原发性醛固酮增多症']], 'zh', true);
  });
  it('keep AA型 / AL型 a type, not an abbreviation to expand', () => {
    check(full, [['AA型肾淀粉样变性', '肾淀粉样变性（AL型）'], ['心脏淀粉样变（AL型）', 'AA型心脏淀粉样变性']], 'zh', false);
    check(full, [['AL型肾淀粉样变性', '肾淀粉样变性（AL型）'], ['再生障碍性贫血', 'AA']], 'zh', true);
  });
});

describe('a new vs a chronic heart failure, and a narrower name in the gold\'s parentheses', () => {
  it('refuse a chronic heart failure for a new-onset one, and accept either against a name silent on it', () => {
    check(bare, [['Chronic heart failure with acute decompensation', 'De novo acute heart failure'], ['Chronic cardiac failure', 'New-onset cardiac failure']], 'en', false);
    check(bare, [['慢性心力衰竭', '心力衰竭（新发）']], 'zh', false);
    check(bare, [['New-onset heart failure', 'Heart failure']], 'en', true);
    check(bare, [['慢性心力衰竭', '心力衰竭']], 'zh', true);
  });
  it('refuse a prediction the lexicon keeps apart from the narrower name the gold states in parentheses', () => {
    check(full, [['肝内胆管细胞癌', '原发性肝癌（肝细胞癌）']], 'zh', false);
    check(full, [['Intrahepatic cholangiocarcinoma', 'Primary liver cancer (hepatocellular carcinoma)']], 'en', false);
    check(full, [['肝细胞癌', '原发性肝癌（肝细胞癌）'], ['水痘', '水痘（带状疱疹病毒感染）']], 'zh', true);
    check(full, [['Hepatocellular carcinoma', 'Primary liver cancer (hepatocellular carcinoma)']], 'en', true);
  });
});
