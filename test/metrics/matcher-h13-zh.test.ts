/**
 * Issue 16, heldout13's Chinese round: a lone T category of a cancer, the Meyerding grade of a spondylolisthesis in
 * 度, CNLC stages and a lymphoma's "Ⅲ期A组" (stage.ts, named-scales-more.ts); a side inside a parenthesised name
 * (paren-qualifiers.ts); the ILAR category of a JIA and the isotype of a myeloma (axis-table-kinds.ts); the
 * ischaemic cause of a valve disease (negation.ts); White's class of a gestational diabetes read as a scale, and the
 * names of more-h13-zh.json. `bare` knows no disease, so only the rules decide; `full` is the bundled lexicon.
 * Every rule has pairs that agree (or state a value on one side only) and pairs in conflict.
 */
import { describe, it } from 'vitest';
import { bare, check, full } from '../support/match-checks.js';

describe('a T category written alone', () => {
  it('is set aside against a name without one, in both languages', () => {
    check(bare, [
      ['左肾嫌色细胞癌', '左肾嫌色细胞癌 pT1b'],
      ['声门上型喉癌', '声门上型喉癌 T2'],
      ['膀胱乳头状尿路上皮癌', '膀胱乳头状尿路上皮癌 pTa'],
      ['右肺鳞状细胞癌 T1c', '右肺鳞状细胞癌'],
    ], 'zh', true);
    check(bare, [['Papillary renal cell carcinoma of the right kidney', 'Papillary renal cell carcinoma of the right kidney pT1a'], ['Supraglottic laryngeal carcinoma T3', 'Supraglottic laryngeal carcinoma']], 'en', true);
  });
  it('conflicts with another T category, and a vertebra is no T category', () => {
    check(bare, [
      ['左肾嫌色细胞癌 pT1a', '左肾嫌色细胞癌 pT2'],
      ['膀胱乳头状尿路上皮癌 pTa', '膀胱乳头状尿路上皮癌 T1'],
      ['声门上型喉癌 T1', '声门上型喉癌 T3'],
    ], 'zh', false, /stage: t/);
    check(bare, [['Papillary renal cell carcinoma pT1a', 'Papillary renal cell carcinoma pT1b']], 'en', false, /stage: t/);
    check(bare, [['T12椎体转移瘤', 'L1椎体转移瘤']], 'zh', false, /vertebra/);
  });
});

describe('more scales of heldout13', () => {
  it('read the Meyerding grade named or not, in 度 or 级 and in English', () => {
    check(bare, [
      ['L4椎体滑脱 Meyerding Ⅲ度', 'L4椎体滑脱 Ⅱ度'],
      ['腰5椎体峡部裂伴滑脱 Ⅰ度', '腰5椎体峡部裂伴滑脱（Meyerding Ⅱ级）'],
    ], 'zh', false, /meyerding/);
    check(bare, [['L5 spondylolisthesis, grade 2', 'L5 spondylolisthesis, Meyerding grade III']], 'en', false, /meyerding/);
    check(bare, [['L4椎体滑脱 Meyerding Ⅱ度', 'L4椎体滑脱 Ⅱ级'], ['L4椎体滑脱', 'L4椎体滑脱（Meyerding Ⅰ度）']], 'zh', true);
  });
  it('read a CNLC stage as the plain stage of a liver cancer', () => {
    check(full, [['肝内胆管细胞癌 CNLC Ⅰa期', '肝内胆管细胞癌 Ⅰa期'], ['原发性肝癌(肝细胞癌, CNLC Ⅱb期)', '肝细胞癌 CNLC Ⅱb期'], ['肝细胞癌', '肝细胞癌 CNLC Ⅲa期']], 'zh', true);
    check(full, [['肝细胞癌 CNLC Ⅰa期', '肝细胞癌 CNLC Ⅱa期'], ['晚期肝细胞癌', '肝细胞癌 CNLC Ⅰb期'], ['肝细胞癌 Ⅳ期', '肝细胞癌 CNLC Ⅰa期']], 'zh', false, /stage/);
  });
  it('read a lymphoma stage with its A / B group written apart', () => {
    check(bare, [['霍奇金淋巴瘤 ⅡA期', '霍奇金淋巴瘤 Ⅱ期A组'], ['滤泡性淋巴瘤', '滤泡性淋巴瘤 Ⅳ期B组']], 'zh', true);
    check(bare, [['霍奇金淋巴瘤 Ⅱ期B组', '霍奇金淋巴瘤 ⅡA期'], ['滤泡性淋巴瘤 Ⅲ期A组', '滤泡性淋巴瘤 Ⅳ期A组']], 'zh', false, /stage/);
  });
});

describe('a side inside a parenthesised name', () => {
  it('is the name side: left for right conflicts', () => {
    check(full, [
      ['甲状腺髓样癌(左叶)', '甲状腺髓样癌（右叶）'],
      ['异位妊娠(右侧输卵管壶腹部)', '左侧输卵管妊娠'],
      ['腹股沟疝(左侧)', '右侧腹股沟斜疝'],
      ['卵巢畸胎瘤(右侧卵巢)', '左侧卵巢成熟性畸胎瘤'],
    ], 'zh', false, /side/);
  });
  it('agrees with the same side or with a name silent on it', () => {
    check(full, [
      ['甲状腺髓样癌(右叶)', '右侧甲状腺髓样癌'],
      ['异位妊娠(左侧输卵管)', '左侧输卵管妊娠'],
      ['卵巢畸胎瘤(右侧卵巢)', '卵巢成熟性畸胎瘤'],
    ], 'zh', true);
  });
});

describe('kinds of heldout13 (axis-table-kinds.ts)', () => {
  it('two ILAR categories of a JIA are two diagnoses; one on one side only is set aside', () => {
    check(bare, [
      ['幼年特发性关节炎（少关节型）', '幼年特发性关节炎(全身型)'],
      ['多关节型幼年特发性关节炎', '幼年特发性关节炎（附着点炎相关型）'],
    ], 'zh', false, /jia/);
    check(bare, [['Systemic juvenile idiopathic arthritis', 'Oligoarticular juvenile idiopathic arthritis'], ['Polyarticular JIA', 'Juvenile idiopathic arthritis, enthesitis-related']], 'en', false, /jia/);
    check(bare, [['幼年特发性关节炎', '幼年特发性关节炎（多关节型）'], ['全身型幼年特发性关节炎', '幼年特发性关节炎(全身型)']], 'zh', true);
    check(bare, [['Juvenile idiopathic arthritis', 'Psoriatic juvenile idiopathic arthritis']], 'en', true);
  });
  it("a myeloma's heavy and light chain are two axes", () => {
    check(bare, [['多发性骨髓瘤 IgA λ型', '多发性骨髓瘤 IgG λ型'], ['多发性骨髓瘤(IgG-κ型)', '多发性骨髓瘤 IgG λ型']], 'zh', false, /mm(heavy|light)/);
    check(bare, [['IgA kappa multiple myeloma', 'Multiple myeloma, IgG kappa']], 'en', false, /mmheavy/);
    check(bare, [['多发性骨髓瘤', '多发性骨髓瘤 IgA κ型'], ['多发性骨髓瘤(IgG型)', '多发性骨髓瘤 IgG κ型'], ['多发性骨髓瘤 IgD-λ型', '多发性骨髓瘤 IgD λ型']], 'zh', true);
    check(bare, [['Multiple myeloma', 'Multiple myeloma, IgA lambda']], 'en', true);
  });
});

describe('an ischaemic valve disease', () => {
  it('conflicts with a rheumatic or degenerative one, in both languages', () => {
    check(full, [['三尖瓣关闭不全(缺血性)', '三尖瓣关闭不全（风湿性）'], ['缺血性二尖瓣反流', '退行性二尖瓣关闭不全']], 'zh', false, /cause: ischemic/);
    check(full, [['Ischaemic mitral regurgitation', 'Rheumatic mitral regurgitation']], 'en', false, /cause: ischemic/);
  });
  it('is set aside against a valve disease that states no cause', () => {
    check(full, [['缺血性二尖瓣关闭不全', '二尖瓣中度关闭不全'], ['二尖瓣关闭不全', '二尖瓣关闭不全（缺血性）']], 'zh', true);
    check(full, [['Mitral regurgitation', 'Ischaemic mitral regurgitation']], 'en', true);
  });
});

describe("White's class of a gestational diabetes is a scale", () => {
  it('is set aside on one side only and conflicts with the other class', () => {
    check(full, [['妊娠期糖尿病', '妊娠期糖尿病A1级'], ['妊娠期糖尿病(GDM)', '妊娠期糖尿病 A2级']], 'zh', true);
    check(full, [['Gestational diabetes', 'Gestational diabetes mellitus class A2']], 'en', true);
    check(full, [['妊娠期糖尿病A1级', '妊娠期糖尿病 A2级'], ['需药物治疗的妊娠期糖尿病', '妊娠期糖尿病A1级']], 'zh', false, /gdm/);
    check(full, [['Insulin-requiring gestational diabetes', 'GDM A1']], 'en', false, /gdm/);
  });
});

describe('names of more-h13-zh.json', () => {
  it('name their concepts in the wordings heldout13 used and others', () => {
    check(full, [
      ['宫颈原位癌', '宫颈高级别鳞状上皮内病变（CIN Ⅲ）'],
      ['子宫颈原位癌', '高级别鳞状上皮内病变'],
      ['二尖瓣脱垂伴二尖瓣关闭不全', '二尖瓣重度关闭不全'],
      ['二叶式主动脉瓣伴主动脉瓣狭窄', '主动脉瓣二叶畸形伴中度狭窄'],
      ['主动脉窦瘤破入右心房', '无冠窦瘤破裂'],
      ['骶尾部藏毛囊肿感染', '藏毛窦'],
      ['肛乳头肥大', '肥大性肛乳头'],
      ['透析用动静脉内瘘狭窄', '右前臂自体动静脉内瘘狭窄'],
      ['叶内型肺隔离症', '右下肺叶内型肺隔离症'],
    ], 'zh', true);
  });
  it('keep their neighbours apart', () => {
    check(full, [
      ['宫颈高级别鳞状上皮内病变', '宫颈原位癌'],
      ['宫颈原位癌', '宫颈鳞状细胞癌'],
      ['二尖瓣脱垂伴反流', '二尖瓣狭窄'],
      ['主动脉窦瘤破入右心室', '室间隔缺损'],
      ['藏毛窦感染', '肛周脓肿'],
      ['血透用动静脉内瘘狭窄', '锁骨下静脉狭窄'],
    ], 'zh', false);
  });
});
