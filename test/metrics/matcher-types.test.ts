/**
 * Issue 16, heldout11 round: stated types of one disease that make two diagnoses (axis-table-types.ts), the readings
 * of descriptive-more.ts, and a parenthesised qualifier that must not shorten a name to its head word. `known` knows
 * only a plain name of each disease (so the lexicon rule is the one that must refuse or accept by the rules); `bare`
 * knows none; `full` is the bundled lexicon.
 */
import { describe, it } from 'vitest';
import { createMatcher, Lexicon } from '../../src/metrics/matcher/index.js';
import { bare, check, full } from '../support/match-checks.js';

const known = createMatcher({
  lexicon: Lexicon.fromData({
    groups: [
      { id: 'phyllodes', en: ['phyllodes tumor'], zh: ['叶状肿瘤'] },
      { id: 'hsp', en: ['henoch schonlein purpura'], zh: ['过敏性紫癜'] },
      { id: 'hypospadias', en: ['hypospadias'], zh: ['尿道下裂'] },
      { id: 'ipmn', en: ['intraductal papillary mucinous neoplasm'], zh: ['导管内乳头状黏液性肿瘤'], abbr: ['IPMN'] },
      { id: 'gbs', en: ['guillain barre syndrome'], zh: ['吉兰-巴雷综合征'] },
      { id: 'prom', en: ['premature rupture of membranes'], zh: ['胎膜早破'] },
      { id: 'chd', en: ['coronary heart disease'], zh: ['冠心病'] },
      { id: 'ssnhl', en: ['sudden sensorineural hearing loss'], zh: ['突发性聋'] },
      { id: 'ih', en: ['inguinal hernia'], zh: ['腹股沟疝'] },
      { id: 'ihd', en: ['incisional hernia'], zh: ['切口疝'] },
      { id: 'hypopara', en: ['hypoparathyroidism'], zh: ['甲状旁腺功能减退症'] },
      { id: 'hf', en: ['heart failure'], zh: ['心力衰竭'] },
      { id: 'all', en: ['acute lymphoblastic leukemia'], zh: ['急性淋巴细胞白血病'] },
      { id: 'ida', en: ['iron deficiency anemia'], zh: ['缺铁性贫血'], parent: 'anemia' },
      { id: 'anemia', en: ['anemia'], zh: ['贫血'] },
    ],
  }),
});

describe('stated types of one disease (axis-table-types.ts)', () => {
  it('refuse two names of one disease that state different types, in both languages', () => {
    check(known, [
      ['Borderline phyllodes tumour of the breast', 'Malignant phyllodes tumor'],
      ['Benign phyllodes tumor', 'Borderline phyllodes tumour'],
      ['Henoch-Schönlein purpura, cutaneous type', 'Henoch-Schonlein purpura, mixed type'],
      ['Henoch-Schonlein purpura, abdominal type', 'Henoch-Schonlein purpura (renal type)'],
      ['Hypospadias, penoscrotal type', 'Hypospadias (coronal type)'],
      ['Glanular hypospadias', 'Perineal hypospadias'],
      ['Main-duct IPMN', 'Branch-duct intraductal papillary mucinous neoplasm'],
      ['Guillain-Barre syndrome, AMAN type', 'Guillain-Barre syndrome (AIDP)'],
      ['Preterm premature rupture of membranes', 'Premature rupture of membranes at term'],
      ['Coronary heart disease, left main disease', 'Coronary heart disease, single-vessel disease'],
      ['Coronary heart disease, two-vessel disease', 'Coronary heart disease, three-vessel disease'],
      ['Severe sudden sensorineural hearing loss', 'Sudden sensorineural hearing loss (profound)'],
      ['Mild sudden sensorineural hearing loss', 'Moderately severe sudden sensorineural hearing loss'],
      ['Primary right inguinal hernia', 'Recurrent right inguinal hernia'],
      ['Recurrent incisional hernia', 'Primary incisional hernia'],
      ['Acute lymphoblastic leukaemia, standard risk', 'Acute lymphoblastic leukemia (high risk)'],
    ], 'en', false, /conflicting qualifiers/);
    check(known, [
      ['交界性叶状肿瘤', '恶性叶状肿瘤'],
      ['过敏性紫癜（单纯型）', '过敏性紫癜（混合型）'],
      ['尿道下裂（阴茎阴囊型）', '尿道下裂（冠状沟型）'],
      ['主胰管型导管内乳头状黏液性肿瘤', '分支胰管型导管内乳头状黏液性肿瘤'],
      ['未足月胎膜早破', '足月胎膜早破'],
      ['冠心病 左主干病变', '冠心病 三支病变'],
      ['腹股沟疝（复发）', '原发腹股沟疝'],
    ], 'zh', false, /conflicting qualifiers/);
  });

  it('accept a type on one side only, and types that contain one another', () => {
    check(known, [
      ['Borderline phyllodes tumour', 'Phyllodes tumor'],
      ['Henoch-Schonlein purpura', 'Henoch-Schonlein purpura, renal type'],
      ['Henoch-Schonlein purpura, mixed type', 'Henoch-Schonlein purpura (abdominal type)'],
      ['Hypospadias', 'Hypospadias, coronal type'],
      ['Mixed-type IPMN', 'Main-duct IPMN'],
      ['Preterm premature rupture of membranes', 'Premature rupture of membranes'],
      ['Coronary heart disease, left main and three-vessel disease', 'Coronary heart disease, three-vessel disease'],
      ['Severe sudden sensorineural hearing loss', 'Sudden sensorineural hearing loss, severe'],
      ['Recurrent inguinal hernia', 'Inguinal hernia'],
      ['Miller Fisher syndrome', 'Fisher syndrome'],
    ], 'en', true);
    // the words are read only in a name of their disease: the Fisher grade of a bleed, the type of another purpura
    check(full, [['Subarachnoid haemorrhage, Fisher grade 3', 'Subarachnoid hemorrhage'], ['Immune thrombocytopenic purpura, chronic', 'Chronic ITP']], 'en', true);
    check(known, [['过敏性紫癜（混合型）', '过敏性紫癜（肾型）'], ['未足月胎膜早破', '胎膜早破']], 'zh', true);
  });

  it('read a hypoparathyroidism after a neck operation as a secondary one and an end-stage heart failure as NYHA IV', () => {
    check(known, [
      ['Post-thyroidectomy hypoparathyroidism', 'Primary hypoparathyroidism'],
      ['Primary hypoparathyroidism', 'Hypoparathyroidism after total thyroidectomy'],
      ['End-stage heart failure', 'Chronic heart failure, NYHA class II'],
    ], 'en', false, /conflicting qualifiers/);
    check(known, [['甲状腺术后甲状旁腺功能减退', '原发性甲状旁腺功能减退症'], ['终末期心力衰竭', '心力衰竭 心功能III级']], 'zh', false, /conflicting qualifiers/);
    check(known, [
      ['Post-thyroidectomy hypoparathyroidism', 'Hypoparathyroidism'],
      ['End-stage heart failure', 'Heart failure, NYHA class IV'],
      ['End-stage heart failure', 'Heart failure'],
    ], 'en', true);
  });
});

describe('stages implied by a name', () => {
  it('reads a papillary thyroid microcarcinoma as T1a, in both languages', () => {
    check(full, [
      ['Papillary thyroid microcarcinoma, left lobe', 'Left papillary thyroid carcinoma (pT1bN1a)'],
      ['Papillary thyroid microcarcinoma', 'Papillary thyroid carcinoma T2N0M0'],
    ], 'en', false, /conflicting qualifiers \(stage: t 1a vs/);
    check(full, [['甲状腺微小乳头状癌', '甲状腺乳头状癌 T3N0M0']], 'zh', false, /conflicting qualifiers/);
    check(full, [['Papillary thyroid microcarcinoma', 'Papillary thyroid carcinoma pT1aN0'], ['Papillary thyroid microcarcinoma', 'Papillary thyroid carcinoma']], 'en', true);
  });

  it('keeps a smouldering myeloma apart from multiple myeloma (a precursor, observed and not treated)', () => {
    check(full, [['Smouldering multiple myeloma', 'Multiple myeloma (ISS stage I)'], ['Multiple myeloma', 'Smoldering myeloma']], 'en', false);
    check(full, [['冒烟型骨髓瘤', '多发性骨髓瘤']], 'zh', false);
    check(full, [['Smoldering myeloma', 'Asymptomatic myeloma'], ['Smouldering multiple myeloma', 'Smoldering multiple myeloma']], 'en', true);
  });
});

describe('a parenthesised qualifier keeps the whole name', () => {
  it('does not read "X anaemia (moderate)" as a "moderate anaemia", so the broader name stays refused', () => {
    check(known, [['Anaemia', 'Iron deficiency anemia (moderate)'], ['Anemia', 'Iron deficiency anaemia (severe)']], 'en', false, /broader/);
    check(known, [['Iron deficiency anaemia', 'Iron deficiency anemia (moderate)']], 'en', true);
    // a modifier that names a part still reads back into the head: "hip fracture (femoral neck)"
    check(full, [['Femoral neck fracture', 'Hip fracture (femoral neck)']], 'en', true);
  });
});

describe('more set phrases (descriptive-more.ts)', () => {
  it('read where a lesion arises, "X complicating Y", a severe case, a torsion due to a tumour', () => {
    check(bare, [
      ['Myxoma arising from the left atrium', 'Left atrial myxoma'],
      ['Meningioma arising from the olfactory groove', 'Olfactory groove meningioma'],
      ['Schwannoma originating in the vestibular nerve', 'Vestibular schwannoma'],
      ['HELLP syndrome complicating severe pre-eclampsia', 'HELLP syndrome'],
      ['Disseminated intravascular coagulation complicating sepsis', 'Disseminated intravascular coagulation'],
      ['Severe hand, foot and mouth disease with CNS involvement', 'Hand, foot and mouth disease (severe case)'],
      ['Right ovarian cyst torsion due to mature cystic teratoma', 'Right ovarian mature cystic teratoma with torsion'],
      ['Left ovarian torsion due to serous cystadenoma', 'Left ovarian serous cystadenoma'],
      ['Recurrent right inguinal hernia after mesh repair (Lichtenstein)', 'Recurrent right inguinal hernia'],
      ['Recurrent umbilical hernia following laparoscopic repair', 'Recurrent umbilical hernia'],
      ['Acute bronchiolitis (RSV-positive)', 'RSV bronchiolitis'],
      ['Acute gastroenteritis, rotavirus positive', 'Rotavirus gastroenteritis'],
    ], 'en', true);
    check(full, [
      ['Metastatic breast cancer (stage IV) with multiple bone metastases', 'Breast cancer after modified radical mastectomy with multiple bone metastases'],
      ['Siewert type II oesophageal adenocarcinoma', 'Adenocarcinoma of the esophagogastric junction (Siewert II)'],
    ], 'en', true);
  });

  it('keep what the readings must not make one', () => {
    check(bare, [
      ['Myxoma arising from the right atrium', 'Left atrial myxoma'],
      ['Mild hand, foot and mouth disease', 'Hand, foot and mouth disease (severe case)'],
      ['Right ovarian cyst torsion due to mature cystic teratoma', 'Left ovarian mature cystic teratoma with torsion'],
      ['Recurrent right inguinal hernia after mesh repair', 'Recurrent left inguinal hernia'],
      ['Acute bronchiolitis (RSV-positive)', 'Adenovirus bronchiolitis'],
    ], 'en', false);
    check(full, [
      ['Stage II breast cancer', 'Breast cancer after mastectomy with multiple bone metastases'],
      ['Siewert type II oesophageal adenocarcinoma', 'Esophageal squamous cell carcinoma'],
    ], 'en', false);
  });
});
