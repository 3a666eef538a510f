/**
 * The axes of axes.ts, third part: stated types of one disease that make two diagnoses (issue 16, heldout11) — the
 * grade of a phyllodes tumour, the clinical type of an IgA vasculitis (Henoch-Schönlein purpura), where the meatus
 * of a hypospadias lies, which ducts an IPMN involves, the variant of a Guillain-Barré syndrome, whether membranes
 * ruptured before or at term, how many coronary vessels are diseased, the degree of a hearing loss, and a first
 * versus a recurrent hernia. Each is read only in a name of its disease (`context`). Pure data.
 */

import { rx, TYPE, type Axis } from './axis-table.js';
import type { SlotName } from './qualifiers.js';

// "X, cutaneous type" is read as "cutaneous X" before the axes are (the type put in front)
const HSP_TYPE = '(?:\\s*(?:type|form)\\b|(?= (?:henoch|schonlein|purpura|iga)))';

export const AXES_TYPES: Axis[] = [
  {
    // a phyllodes tumour is graded benign, borderline or malignant; the grade decides the operation
    name: 'phyllodes',
    context: /phyllodes|叶状/u,
    values: [
      [rx(`\\bbenign\\b|良性`), ['benign']],
      [rx(`\\bborderline\\b|交界性?`), ['borderline']],
      [rx(`\\bmalignant\\b|恶性`), ['malignant']],
    ],
  },
  {
    // the clinical types of an IgA vasculitis: skin only (simple), abdominal, articular, renal, or mixed (several)
    name: 'hsp',
    context: /henoch|sch[oö]nlein|iga vasculitis|(?:anaphylactoid|allergic|vascular) purpura|过敏性紫癜|紫癜性肾炎|iga血管炎/u,
    drop: true,
    values: [
      [rx(`\\b(?:cutaneous|skin|simple|purpura simplex)${HSP_TYPE}|单纯[型性]|皮肤[型性]`), ['cutaneous']],
      [rx(`\\b(?:abdominal|gastrointestinal)${HSP_TYPE}|腹[型性]`), ['abdominal']],
      [rx(`\\b(?:articular|joint)${HSP_TYPE}|关节[型性]`), ['articular']],
      [rx(`\\b(?:renal|kidney)${HSP_TYPE}|肾[型性]`), ['renal']],
      // its nephritis is the renal type (the word stays in the name: HSP nephritis is a disease of its own)
      [rx(`\\bnephritis\\b|(?<=紫癜性)肾炎`), ['renal'], 'keep'],
      [rx(`\\bmixed${HSP_TYPE}|混合[型性]`), ['mixed']],
    ],
    agree: [['mixed', ['abdominal', 'articular', 'renal']]],
  },
  {
    // where the urethral meatus opens: glanular, coronal, penile (shaft), penoscrotal, scrotal, perineal (distal and
    // proximal are read by the proximal / distal axis of axis-table-more.ts)
    name: 'hypospadias',
    context: /hypospadias|尿道下裂/u,
    drop: true,
    values: [
      [rx(`\\bpeno ?scrotal\\b${TYPE}|阴茎阴囊型`), ['penoscrotal']],
      [rx(`\\b(?:glanular|glandular|balanic)\\b${TYPE}|阴茎头型|龟头型`), ['glanular']],
      [rx(`\\b(?:sub ?)?coronal\\b${TYPE}|冠状沟型`), ['coronal']],
      [rx(`\\b(?:mid ?shaft|penile shaft|penile)\\b${TYPE}|阴茎体型|阴茎型`), ['penile']],
      [rx(`\\bscrotal\\b${TYPE}|阴囊型`), ['scrotal']],
      [rx(`\\bperineal\\b${TYPE}|会阴型`), ['perineal']],
    ],
  },
  {
    // the ducts an intraductal papillary mucinous neoplasm involves; a mixed one involves both
    name: 'ipmn',
    context: /ipmn|intraductal papillary mucinous|导管内乳头状黏液/u,
    drop: true,
    values: [
      [rx(`\\bmain[- ]?(?:pancreatic )?duct\\b${TYPE}|主胰管型|主导管型|主胰管`), ['main']],
      [rx(`\\bbranch[- ]?duct\\b${TYPE}|\\bside[- ]?branch\\b${TYPE}|分支胰管型|分支型|分支胰管`), ['branch']],
      [rx(`\\bmixed[- ]?(?:duct\\b)?${TYPE}|混合型`), ['mixed']],
    ],
    agree: [['mixed', ['main', 'branch']]],
  },
  {
    // the variants of a Guillain-Barré syndrome: demyelinating (AIDP), axonal (AMAN, AMSAN), Miller Fisher
    name: 'gbs',
    context: /guillain|barre|\bgbs\b|\baidp\b|\baman\b|\bamsan\b|miller fisher|fisher syndrome|吉兰|格林|巴利|费希尔|脱髓鞘性多发性神经|轴索性神经/u,
    values: [
      [rx(`\\bamsan\\b|\\bacute motor (?:and )?sensory axonal\\b|急性运动感觉轴索`), ['amsan']],
      [rx(`\\baman\\b|\\bacute motor axonal\\b|急性运动轴索`), ['aman']],
      [rx(`\\baidp\\b|\\bacute inflammatory demyelinating\\b|\\bdemyelinating type\\b|急性炎[症性]*脱髓鞘`), ['aidp']],
      // (not the Fisher grade of a subarachnoid haemorrhage)
      [rx(`\\bmiller fisher\\b|\\bfisher(?= (?:syndrome|variant|type))|\\bmfs\\b|米勒.?费希尔|费希尔(?=综合征|型)`), ['mfs']],
    ],
  },
  {
    // membranes that rupture before 37 weeks (preterm, PPROM) are not ones that rupture at term
    name: 'gestation',
    context: /rupture of (?:the )?(?:fetal )?membranes|\bp?prom\b|胎膜早破/u,
    drop: true,
    values: [
      [rx(`\\bpreterm\\b|\\bpprom\\b|未足月`), ['preterm']],
      [rx(`\\b(?:at )?term\\b|(?<!未)足月`), ['term']],
    ],
  },
  {
    // how many coronary vessels are diseased, and the left main stem; a name may state both (some)
    name: 'vessels',
    context: /coronary|冠心病|冠状动脉/u,
    some: true,
    values: [
      [rx(`\\bleft main\\b(?: (?:stem|trunk|coronary artery))?|左主干`), ['leftmain']],
      [rx(`\\b(?:single|one|1)[- ]vessel\\b|单支`), ['one']],
      [rx(`\\b(?:two|double|2)[- ]vessel\\b|双支|两支`), ['two']],
      [rx(`\\b(?:three|triple|3)[- ]vessel\\b|三支`), ['three']],
      [rx(`\\bmulti[- ]?vessel\\b|多支`), ['multi']],
    ],
  },
  {
    // the degree of a hearing loss (mild, moderate, moderately severe, severe, profound); read beside the severity
    name: 'hearingdegree',
    context: /hearing loss|deafness|\bsnhl\b|聋|听力/u,
    values: [
      [rx(`\\bprofound\\b|\\btotal(?= (?:\\w+ )*?(?:hearing loss|deafness))|极重度|全聋`), ['profound']],
      [rx(`\\bmoderately severe\\b|中重度`), ['modsevere']],
      [rx(`\\bsevere\\b|重度`), ['severe']],
      [rx(`\\bmoderate\\b|中度`), ['moderate']],
      [rx(`\\bmild\\b|轻度`), ['mild']],
    ],
  },
  {
    // a hernia that comes back after its repair is not a first (primary) one
    name: 'occurrence',
    context: /hernia|疝/u,
    values: [
      [rx(`\\bprimary\\b|初发|原发`), ['primary']],
      [rx(`\\brecurrent\\b|\\brecurrence\\b|复发`), ['recurrent']],
    ],
  },
];

/** Values of other slots read like those of axis-table-more.ts `SLOT_VALUES`: [context, pattern, slot, value]. */
export const SLOT_VALUES_TYPES: [RegExp | undefined, RegExp, SlotName, string][] = [
  // the parathyroids failing after a neck operation (thyroidectomy) are a secondary (acquired) hypoparathyroidism,
  // never a primary one (policy: a disease named by a cause outside its organ is a secondary one; an operation on
  // the failing gland itself — hypothyroidism after thyroidectomy, adrenal insufficiency after adrenalectomy — is
  // not read here)
  [/hypoparathyroid|甲状旁腺功能减退|甲旁减/u, /\bpost[- ]?(?:operative|surgical|thyroidectomy|parathyroidectomy)\b|\b(?:after|following) (?:an? |the )?(?:total |subtotal |bilateral )?(?:thyroidectomy|neck surgery|thyroid surgery|surgery|operation)\b|甲状腺(?:切除)?术后|(?<!\p{Script=Han})术后/gu, 'origin', 'secondary'],
  // an end-stage heart failure (ACC/AHA stage D: symptoms at rest despite treatment) is of NYHA class IV
  [/heart failure|心力衰竭|心衰|心功能不全/u, /\bend[- ]stage\b|终末期/gu, 'stage', 'nyha=4'],
  // a (papillary thyroid) microcarcinoma is at most 1 cm: T1a, so it conflicts with a stated T1b or more
  [/micro ?carcinoma|微小乳头状癌|乳头状微小癌|微小癌/u, /\bmicro ?carcinoma\b|微小(?=乳头状癌)|(?<=乳头状)微小(?=癌)/gu, 'stage', 't=1a'],
];
