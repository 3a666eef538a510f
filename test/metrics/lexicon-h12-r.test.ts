/**
 * The kinds and names of data/lexicon/concepts/more-h12-r.json (heldout12's misses, issue 16): each kind counts for
 * its broader concept and not the other way round, siblings stay apart, and the new wordings name their concept.
 */
import { describe, it } from 'vitest';
import { check, full } from '../support/match-checks.js';

describe('more-h12-r.json: kinds under their broader concept', () => {
  it('counts the narrower concept for the broader one, in both languages', () => {
    check(full, [
      ['Non-alcoholic steatohepatitis (NASH)', 'Metabolic dysfunction-associated steatotic liver disease'],
      ['Idiopathic pulmonary fibrosis', 'Idiopathic interstitial pneumonia'],
      ['Ankylosing spondylitis', 'Axial spondyloarthritis'],
      ['Type 1 autoimmune pancreatitis', 'IgG4-related disease'],
      ['Bicuspid aortic valve stenosis', 'Bicuspid aortic valve'],
      ['Buschke-Löwenstein tumour of the perianal region', 'Condyloma acuminatum'],
    ], 'en', true);
    check(full, [
      ['非酒精性脂肪性肝炎（NASH）', '非酒精性脂肪性肝病'],
      ['特发性肺纤维化（IPF）', '特发性间质性肺炎'],
      ['强直性脊柱炎', '中轴型脊柱关节炎'],
      ['自身免疫性胰腺炎（1型，IgG4相关）', 'IgG4相关性疾病'],
      ['主动脉瓣二叶畸形伴主动脉瓣重度狭窄', '先天性主动脉瓣二叶式畸形'],
      ['肛瘘（高位复杂性）', '高位肛瘘'],
      ['高位复杂性肛瘘', '复杂性肛瘘'],
    ], 'zh', true);
  });
  it('does not count the broader concept for the narrower one, nor a sibling', () => {
    check(full, [
      ['Non-alcoholic fatty liver disease', 'Non-alcoholic steatohepatitis'],
      ['Idiopathic interstitial pneumonia', 'Idiopathic pulmonary fibrosis'],
      ['Axial spondyloarthritis', 'Ankylosing spondylitis'],
      ['IgG4-related disease', 'Type 1 autoimmune pancreatitis'],
      ['Non-radiographic axial spondyloarthritis', 'Ankylosing spondylitis'],
    ], 'en', false);
    check(full, [['非酒精性脂肪性肝病', '非酒精性脂肪性肝炎'], ['高位肛瘘', '高位复杂性肛瘘'], ['低位肛瘘', '高位复杂性肛瘘'], ['复杂性肛瘘', '高位复杂性肛瘘']], 'zh', false);
  });
});

describe('more-h12-r.json: wordings of known concepts', () => {
  it('names the concept', () => {
    check(full, [
      ['PLA2R-associated membranous nephropathy', 'Idiopathic membranous nephropathy, stage II'],
      ['Secondary lymphoedema of the left upper limb after modified radical mastectomy', 'Left upper limb lymphedema after breast cancer surgery, ISL stage II'],
      ['Neonatal hyperbilirubinaemia secondary to ABO incompatibility', 'ABO hemolytic disease of the newborn'],
      ['Right intertrochanteric hip fracture', 'Right femoral intertrochanteric fracture (Evans-Jensen type III)'],
      ['Pernicious anaemia', 'Vitamin B12 deficiency megaloblastic anemia'],
      ['Full-thickness supraspinatus tear, right shoulder', 'Right shoulder rotator cuff injury'],
      ['Benign mixed tumour of the right parotid gland', 'Right parotid pleomorphic adenoma'],
      ['Incisional hernia after midline laparotomy (EHS W2)', 'Abdominal wall incisional hernia'],
    ], 'en', true);
    check(full, [
      ['PLA2R相关膜性肾病', '特发性膜性肾病'],
      ['急性炎性脱髓鞘性多发性神经根神经病（AIDP）', '吉兰-巴雷综合征'],
      ['胃食管结合部腺癌（Siewert Ⅱ型）', '贲门癌'],
      ['腋窝副乳腺（左侧）', '左侧腋下副乳'],
      ['乳头湿疹样癌（Paget病）', '右乳Paget病'],
      ['乳腺增生症（乳腺囊性增生病）', '双侧乳腺纤维囊性病'],
    ], 'zh', true);
  });
  it('keeps what the wordings do not say apart', () => {
    check(full, [
      ['PLA2R-associated membranous nephropathy', 'Secondary membranous nephropathy'],
      ['Neonatal hyperbilirubinaemia secondary to ABO incompatibility', 'Rh hemolytic disease of the newborn'],
      ['Right intertrochanteric hip fracture', 'Right femoral neck fracture'],
      ['Secondary lymphoedema of the left upper limb after modified radical mastectomy', 'Right upper limb lymphedema after breast cancer surgery'],
    ], 'en', false);
    check(full, [['急性炎性脱髓鞘性多发性神经根神经病', '慢性炎性脱髓鞘性多发性神经根神经病'], ['胃食管结合部腺癌（Siewert Ⅱ型）', '胃食管结合部腺癌（Siewert Ⅲ型）'], ['PLA2R相关膜性肾病', '狼疮性肾炎（V型）']], 'zh', false);
  });
});
