/**
 * More named scales, read into the stage slot as `scale=value` like those of named-scales.ts (issue 16,
 * heldout12): scales written without their name in the disease they belong to, scales whose values are words or
 * letter codes, and the documented mappings between two scales of one disease. Each value is compared only within
 * its scale; a mapping gives a name the value it states on the other scale too, so the two are compared there.
 *
 *  - the WHO functional class of a pulmonary hypertension (WHO FC III, "functional class II", WHO心功能Ⅲ级) is the
 *    NYHA class adapted to it, read as that class;
 *  - a bare grade of a hepatic encephalopathy is its West Haven grade, a bare type of a Mirizzi syndrome its
 *    Csendes type;
 *  - the WHO-IWGE stage of a cystic echinococcosis (CE1–CE5, CE3a/b, CL), the WHO type of a thymoma (A, AB,
 *    B1–B3, C), the Lenke type of a scoliosis (1–6 with its lumbar modifier A–C), the MGFA class of a myasthenia
 *    gravis (I–V with a/b);
 *  - the CEAP clinical class of a venous disease written without "CEAP" (C2, C4a) in a name of one;
 *  - the traditional degree of a uterine prolapse (I–III度, "third-degree"), mapped to POP-Q: degree I is POP-Q
 *    I–II, degree II POP-Q II–III, degree III (complete procidentia) POP-Q IV;
 *  - the cell of origin of a diffuse large B-cell lymphoma (GCB vs non-GCB / ABC);
 *  - the behaviour of a Crohn disease in words, as its Montreal class (stricturing B2, penetrating or fistulising
 *    B3, non-stricturing non-penetrating B1), and its site (ileal L1, colonic L2, ileocolonic L3);
 *  - the EHS width class of an incisional hernia (W1–W3) and the excess blasts of a myelodysplastic syndrome (EB-1,
 *    EB-2, RAEB-1/2, 原始细胞增多-1/2);
 *  - the Meyerding grade of a spondylolisthesis, named or not (Ⅱ度, grade 2), the CNLC stage of a liver cancer, and
 *    a lymphoma's stage with its A / B group written apart (Ⅲ期A组 is stage IIIA) (heldout13);
 *  - the disease activity of an arthritis (high, moderate, low; 高 / 中 / 低疾病活动度), also from a DAS28 score
 *    (> 5.1 high, > 3.2 moderate, ≥ 2.6 low, below it remission).
 *
 * Pure data and helpers.
 */

import type { ScaleRule } from './named-scales.js';

const ROMAN: Record<string, string> = { i: '1', ii: '2', iii: '3', iv: '4', v: '5', vi: '6' };
const NUM = '(?:\\d|iv|vi|v|i{1,3})';
const num = (v: string): string => {
  const m = /^(\d|iv|vi|v|i{1,3})(.*)$/u.exec(v);
  return m ? `${ROMAN[m[1]!] ?? m[1]}${m[2]}` : v;
};
const rx = (source: string): RegExp => new RegExp(source, 'gu');
const WORD = '(?:\\s*(?:classification|class|type|grade|stage|category|分型|分级|分期|分类|分度))?\\s*:?\\s*';
const END = '(?![a-z0-9])(?:\\s*[型级期度类])?';
const scaled = (scale: string, map: (v: string) => string[] = (v) => [num(v)]) => (caps: string[]): string[] => caps.flatMap((c) => map(c).map((v) => `${scale}=${v}`));

const PH = /pulmonary (?:arterial )?hypertension|\bpah\b|\bcteph\b|肺动脉高压|肺高压/u;
const HE = /hepatic encephalopathy|portosystemic encephalopathy|肝性脑病/u;
const VENOUS = /varicos|varix|varices|venous|vein|静脉曲张|静脉功能不全|静脉性|静脉瓣/u;
const PROLAPSE = /(?:uterine|uterovaginal|uterus|pelvic organ) prolapse|prolapse (?:of )?(?:the )?uter|procidentia|子宫脱垂|盆腔器官脱垂|阴道(?:前|后)?壁脱垂/u;

// the traditional degree of a uterine prolapse, on the POP-Q scale (see the file comment)
const DEGREE_TO_POPQ: Record<string, string[]> = { '1': ['1', '2'], '2': ['2', '3'], '3': ['4'] };
const ORDINAL: Record<string, string> = { first: '1', '1st': '1', second: '2', '2nd': '2', third: '3', '3rd': '3' };

/** The activity a DAS28 score states (see the file comment). */
function das28(caps: string[]): string[] {
  const x = Number(caps[0]);
  return [`activity=${x > 5.1 ? 'high' : x > 3.2 ? 'moderate' : x >= 2.6 ? 'low' : 'remission'}`];
}

export const MORE_SCALE_RULES: ScaleRule[] = [
  // WHO functional class of a pulmonary hypertension = its NYHA class (not the NYHA rule's own "nyha functional class")
  { re: rx(`(?<![a-z])(?:who\\s*(?:functional\\s*class|fc|功能分级|心功能(?:分级)?)|(?<!nyha\\s*)functional\\s*class)\\s*:?\\s*(${NUM})(?:\\s*(?:-|~|/|to|至)\\s*(${NUM}))?${END}`), slot: 'stage', values: scaled('nyha') },
  { re: rx(`(?<![a-z])fc\\s*(${NUM})(?![a-z0-9])`), slot: 'stage', context: PH, values: scaled('nyha') },
  // a bare grade of a hepatic encephalopathy is its West Haven grade
  { re: rx(`(?<![a-z])grade\\s*(${NUM})(?![a-z0-9])|(?<![a-z0-9])(${NUM})\\s*级`), slot: 'stage', context: HE, values: scaled('westhaven') },
  // Csendes, and a bare type of a Mirizzi syndrome
  { re: rx(`(?<![a-z])csendes${WORD}(${NUM}[ab]?)${END}`), slot: 'stage', values: scaled('csendes') },
  { re: rx(`(?<![a-z])type\\s*(${NUM}[ab]?)(?![a-z0-9])|(?<![a-z0-9])(${NUM}[ab]?)\\s*型`), slot: 'stage', context: /mirizzi/u, values: scaled('csendes') },
  // WHO-IWGE stage of a cystic echinococcosis
  { re: rx(`(?<![a-z])(?:who\\s*(?:iwge\\s*)?)?(?:stage\\s*|分期\\s*|分型\\s*)?(?:ce\\s*([1-5][ab]?)|(cl))(?![a-z0-9])(?:\\s*[型期])?`), slot: 'stage', context: /echinococc|hydatid|包虫|棘球/u, values: scaled('ce', (v) => [v]) },
  // WHO type of a thymoma
  { re: rx(`(?<![a-z])(?:who\\s*(?:type|classification|分型)?|type|分型)\\s*:?\\s*(ab|a|b[1-3]|c)(?![a-z0-9])(?:\\s*型)?|(?<![a-z0-9])(ab|a|b[1-3])\\s*型`), slot: 'stage', context: /thymoma|胸腺瘤/u, values: scaled('thymoma', (v) => [v]) },
  // Lenke type of an adolescent idiopathic scoliosis, with its lumbar modifier
  { re: rx(`(?<![a-z])lenke${WORD}([1-6][a-c]?)${END}`), slot: 'stage', values: scaled('lenke', (v) => [v]) },
  // MGFA class of a myasthenia gravis
  { re: rx(`(?<![a-z])mgfa${WORD}(${NUM}[ab]?)${END}`), slot: 'stage', values: scaled('mgfa') },
  // CEAP clinical class without "CEAP", in a name of a venous disease
  { re: rx(`(?<![a-z0-9])(?:ceap\\s*)?c([0-6])(?:[ab]|\\s*[as](?![a-z]))?(?![a-z0-9])`), slot: 'stage', context: VENOUS, values: scaled('ceap', (v) => [v]) },
  // the traditional degree of a uterine prolapse, on the POP-Q scale; complete procidentia is POP-Q IV
  { re: rx(`(?<![a-z])(first|second|third|1st|2nd|3rd)[- ]?degree\\b|\\bdegree\\s*(${NUM})(?![a-z0-9])|(?<![a-z0-9])(${NUM})\\s*度(?:\\s*[轻重]型)?`), slot: 'stage', context: PROLAPSE, values: scaled('popq', (v) => DEGREE_TO_POPQ[ORDINAL[v] ?? num(v)] ?? [num(v)]) },
  { re: rx(`\\b(?:complete|total)(?=\\s*(?:uterine\\s*)?procidentia\\b)`), slot: 'stage', values: () => ['popq=4'] },
  // the Meyerding grade of a spondylolisthesis, named or not, in 度 or 级 (heldout13)
  { re: rx(`(?<![a-z])meyerding${WORD}(${NUM})${END}|(?<![a-z])grade\\s*(${NUM})(?![a-z0-9])|(?<![a-z0-9])(${NUM})\\s*[度级]`), slot: 'stage', context: /spondylolisthesis|listhesis|滑脱/u, values: scaled('meyerding') },
  // the CNLC stage of a liver cancer (China liver cancer staging, Ia–IIIb, IV), the plain stage of one in Chinese use
  { re: rx(`(?<![a-z])cnlc${WORD}(${NUM}[ab]?)${END}`), slot: 'stage', values: scaled('stage') },
  // a lymphoma's stage with its A / B group written apart (Ⅲ期A组 is stage IIIA)
  { re: rx(`(?<![a-z0-9])(${NUM})\\s*期\\s*([ab])\\s*组`), slot: 'stage', context: /lymphoma|淋巴瘤/u, values: (caps) => [`stage=${num(caps[0]!)}${caps[1]}`] },
  // the cell of origin of a diffuse large B-cell lymphoma
  { re: rx(`(?<![a-z])(?:non\\s*gcb|abc|activated\\s*b\\s*cell(?:\\s*like)?)(?:\\s*(?:type|subtype))?(?![a-z])|非生发中心(?:b细胞)?(?:来源)?型?`), slot: 'stage', context: /diffuse large b|dlbcl|弥漫(?:性)?大b/u, values: () => ['coo=nongcb'] },
  { re: rx(`(?<![a-z])(?:gcb|germinal\\s*cent(?:er|re)(?:\\s*b\\s*cell)?(?:\\s*like)?)(?:\\s*(?:type|subtype))?(?![a-z])|生发中心(?:b细胞)?(?:来源)?型?`), slot: 'stage', context: /diffuse large b|dlbcl|弥漫(?:性)?大b/u, values: () => ['coo=gcb'] },
  // the behaviour and site of a Crohn disease in words, as its Montreal class
  { re: rx(`\\bnon\\s*stricturing\\s*(?:and\\s*)?non\\s*penetrating\\b|\\binflammatory\\s*(?:type|behaviou?r|phenotype)\\b|非狭窄非穿透型?|炎症型`), slot: 'stage', context: /crohn|克罗恩|克隆病/u, values: () => ['montreal-b=1'] },
  { re: rx(`\\b(?:stricturing|stenosing|fibrostenotic)\\b|狭窄型`), slot: 'stage', context: /crohn|克罗恩|克隆病/u, values: () => ['montreal-b=2'] },
  { re: rx(`\\b(?:penetrating|fistuli[sz]ing)\\b|穿透型`), slot: 'stage', context: /crohn|克罗恩|克隆病/u, values: () => ['montreal-b=3'] },
  { re: rx(`\\bileo\\s*colonic\\b|回结肠型`), slot: 'stage', context: /crohn|克罗恩|克隆病/u, values: () => ['montreal-l=3'] },
  // the EHS width class of an incisional hernia (W1 < 4 cm, W2 4–10 cm, W3 > 10 cm)
  { re: rx(`(?<![a-z0-9])(?:ehs\\s*)?w([1-3])(?![a-z0-9])`), slot: 'stage', context: /incisional|ventral hernia|切口疝|腹壁疝/u, values: scaled('ehsw', (v) => [v]) },
  // the excess blasts of a myelodysplastic syndrome: EB-1 (RAEB-1) vs EB-2 (RAEB-2)
  { re: rx(`(?<![a-z])(?:mds\\s*)?(?:ra?)?eb\\s*-?\\s*([12])(?![0-9])|\\bexcess (?:of )?blasts\\s*-?\\s*([12])(?![0-9])|原始细胞(?:增多|过多)\\s*-?\\s*([12])\\s*型?`), slot: 'stage', context: /myelodysplastic|\bmds\b|骨髓增生异常/u, values: scaled('mdseb', (v) => [v]) },
  // the disease activity of an arthritis, in words or from a DAS28 score
  { re: rx(`\\bhigh\\s*disease\\s*activity\\b|高(?:疾?病)?活动度|(?:疾?病)高度活动`), slot: 'stage', values: () => ['activity=high'] },
  { re: rx(`\\bmoderate\\s*disease\\s*activity\\b|中(?:等)?(?:疾?病)?活动度|(?:疾?病)中度活动`), slot: 'stage', values: () => ['activity=moderate'] },
  { re: rx(`\\blow\\s*disease\\s*activity\\b|低(?:疾?病)?活动度|(?:疾?病)低度活动`), slot: 'stage', values: () => ['activity=low'] },
  { re: rx(`\\bdas\\s*28(?:\\s*(?:esr|crp))?\\s*(?:score\\s*)?[:=]?\\s*(\\d(?:\\.\\d+)?)(?:\\s*分)?`), slot: 'stage', values: das28 },
];
