/**
 * The axes of axes.ts, second part: sites, markers, responses and settings (colon segment, labour, placenta
 * accreta, hydrocele, markers, response to treatment, onset, open / closed, hydrocephalus, direct / indirect hernia,
 * proximal / distal, congenital / acquired, setting, wet / dry, goitre, depth, CML phase), and the values of other
 * slots read in the same way. Pure data.
 */

import { rx, type Axis } from './axis-table.js';
import type { SlotName } from './qualifiers.js';

export const AXES_SITES: Axis[] = [
  {
    // the colon's segments; right-sided is caecum to hepatic flexure, left-sided splenic flexure to sigmoid, the
    // transverse colon belongs to either
    name: 'colon',
    context: /colon|colorectal|cecum|cecal|sigmoid|结肠|盲肠/u,
    values: [
      [rx(`\\bright[- ]?(?:sided |side )?(?:hemi ?)?colon\\b|\\bright hemicolon\\b|右半结肠`), ['right']],
      [rx(`\\bleft[- ]?(?:sided |side )?(?:hemi ?)?colon\\b|\\bleft hemicolon\\b|左半结肠`), ['left']],
      [rx(`\\bcec(?:um|al)\\b|盲肠`), ['cecum']],
      [rx(`\\bascending(?= colon)|升结肠`), ['ascending']],
      [rx(`\\bhepatic flexure\\b|肝曲`), ['hepatic']],
      [rx(`\\btransverse(?= colon)|横结肠`), ['transverse']],
      [rx(`\\bsplenic flexure\\b|脾曲`), ['splenic']],
      [rx(`\\bdescending(?= colon)|降结肠`), ['descending']],
      [rx(`\\brecto ?sigmoid\\b|直肠乙状结肠`), ['rectosigmoid']],
      [rx(`\\bsigmoid\\b|乙状结肠`), ['sigmoid']],
    ],
    agree: [['right', ['cecum', 'ascending', 'hepatic', 'transverse']], ['left', ['transverse', 'splenic', 'descending', 'sigmoid', 'rectosigmoid']], ['sigmoid', ['rectosigmoid']]],
  },
  {
    // a threatened miscarriage or preterm labour is not one under way (inevitable, incomplete, complete, missed, in
    // labour)
    name: 'labour',
    context: /miscarriage|abortion|preterm|premature labou?r|流产|早产/u,
    values: [
      [rx(`\\bthreatened\\b|先兆(?!子痫)`), ['threatened']],
      [rx(`\\binevitable\\b|难免`), ['inevitable']],
      [rx(`\\bincomplete\\b|不完?全`), ['incomplete']],
      [rx(`\\bcomplete\\b|完全`), ['complete']],
      [rx(`\\bmissed\\b|稽留`), ['missed']],
      [rx(`\\bin (?:active )?labou?r\\b|(?<=labou?r )in progress\\b|\\bestablished\\b|临产`), ['labour']],
    ],
    // a preterm labour that can no longer be stopped is one under way
    agree: [['labour', ['inevitable']]],
  },
  {
    name: 'accreta',
    context: /placenta|胎盘/u,
    values: [
      [rx(`\\baccreta spectrum\\b|\\babnormally invasive placenta\\b|胎盘植入(?!性)`), ['spectrum']],
      [rx(`\\bpercreta\\b|穿透性胎盘植入|胎盘穿透`), ['percreta']],
      [rx(`\\bincreta\\b|植入性胎盘`), ['increta']],
      [rx(`\\baccreta\\b|胎盘[粘黏]连`), ['accreta']],
    ],
    agree: [['spectrum', ['accreta', 'increta', 'percreta']]],
  },
  {
    // the sac of a hydrocele: of the testis or of the spermatic cord
    name: 'hydrocele',
    context: /hydrocele|鞘膜积液/u,
    values: [
      [rx(`\\btesticular\\b|\\b(?:of (?:the )?)?testis\\b|睾丸`), ['testis']],
      [rx(`\\b(?:spermatic )?cord\\b|\\bfunicular\\b|精索`), ['cord']],
    ],
  },
  {
    // a marker stated positive or negative, mutated or wild-type (HBeAg, Ph, ANCA, EGFR …; HER2, ER, PR above)
    name: 'marker',
    context: /positive|negative|\bpos\b|\bneg\b|mutat|mutant|wild|阳性|阴性|突变|野生|\(\s*[+-]\s*\)/u,
    values: [
      [rx(`\\b(?:sero ?negative)\\b|血清阴性`), ['sero=neg']],
      [rx(`\\b(?:sero ?positive)\\b|血清阳性`), ['sero=pos']],
      [rx(`\\b([a-z][a-z0-9]{1,7})[- ]?(?:positive|pos)\\b|(?<![a-z0-9])([a-z][a-z0-9]{1,7})\\s*(?:\\(\\s*\\+\\s*\\)|阳性)`), ['=pos']],
      [rx(`\\b([a-z][a-z0-9]{1,7})[- ]?(?:negative|neg)\\b|(?<![a-z0-9])([a-z][a-z0-9]{1,7})\\s*(?:\\(\\s*-\\s*\\)|阴性)`), ['=neg']],
      [rx(`\\b([a-z][a-z0-9]{1,7})[- ]?(?:mutation|mutant|mutated)(?:[- ]positive)?\\b|(?<![a-z0-9])([a-z][a-z0-9]{1,7})\\s*(?:基因)?突变(?:型|阳性)?`), ['=mut']],
      [rx(`\\b([a-z][a-z0-9]{1,7})[- ]?wild[- ]?type\\b|(?<![a-z0-9])([a-z][a-z0-9]{1,7})\\s*(?:基因)?野生型`), ['=wt']],
    ],
    // EGFR-positive of a lung cancer is its mutation; a wild type is negative
    agree: [['pos', ['mut']], ['neg', ['wt']]],
  },
  {
    // the response of a disease to its treatment: steroid-sensitive, -dependent or -resistant nephrotic syndrome,
    // castration-sensitive or -resistant prostate cancer, drug-sensitive or drug-resistant tuberculosis
    name: 'response',
    values: [
      [rx(`\\b(?:steroid|hormone|castration|platinum|drug|glucocorticoid)[- ]?sensitive\\b|(?<![不非无])(?:激素|去势|铂|药物)?敏感型?(?=\\p{Script=Han})`), ['sensitive']],
      [rx(`\\b(?:steroid|hormone|castration|platinum|glucocorticoid)[- ]?dependent\\b|激素依赖型?`), ['dependent']],
      [rx(`\\b(?:steroid|hormone|castration|platinum|drug|multi ?drug|rifampicin|glucocorticoid)[- ]?resistant\\b|\\b(?:mdr|xdr)\\b|(?:激素|去势|铂|耐多|广泛耐)?(?:耐药|抵抗)[性型]?`), ['resistant']],
    ],
  },
  {
    // early- or late-onset (pre-eclampsia, neonatal sepsis, Alzheimer disease)
    name: 'onset',
    values: [
      [rx(`\\bearly[- ]onset\\b|早发型?`), ['early']],
      [rx(`\\blate[- ]onset\\b|晚发型?|迟发型?`), ['late']],
    ],
  },
  {
    name: 'open',
    context: /fracture|骨折|glaucoma|青光眼/u,
    values: [
      [rx(`\\bopen[- ]angle\\b|开角型?`), ['openangle']],
      [rx(`\\b(?:angle[- ]closure|closed[- ]angle)\\b|闭角型?`), ['closedangle']],
      [rx(`\\bopen\\b(?= (?:\\w+ ){0,3}fracture)|\\bcompound\\b(?= (?:\\w+ ){0,3}fracture)|开放性`), ['open']],
      [rx(`\\bclosed\\b(?= (?:\\w+ ){0,3}fracture)|闭合性`), ['closed']],
    ],
  },
  {
    name: 'hydrocephalus',
    context: /hydrocephal|脑积水/u,
    values: [
      [rx(`\\bnon ?communicating\\b|\\bobstructive\\b|非交通性|梗阻性`), ['obstructive']],
      [rx(`\\bcommunicating\\b|交通性`), ['communicating']],
    ],
  },
  {
    // an inguinal hernia direct or indirect (a pantaloon hernia is both)
    name: 'inguinal',
    context: /inguinal|腹股沟|直疝|斜疝/u,
    values: [
      [rx(`\\bindirect\\b|斜疝`), ['indirect']],
      [rx(`\\bdirect\\b|直疝`), ['direct']],
      [rx(`\\bpantaloon\\b|马鞍疝`), ['pantaloon']],
    ],
    agree: [['pantaloon', ['direct', 'indirect']]],
  },
  {
    name: 'proximal',
    values: [
      [rx(`\\bproximal\\b|近端`), ['proximal']],
      [rx(`\\bdistal\\b|远端`), ['distal']],
    ],
  },
  {
    name: 'congenital',
    values: [
      [rx(`\\bcongenital\\b|先天性`), ['congenital']],
      [rx(`(?<!\\b(?:community|hospital|ventilator|healthcare|health care|nosocomial)[- ])\\bacquired\\b|(?<!社区|医院)获得性|后天性`), ['acquired']],
    ],
  },
  {
    // where a pneumonia or infection was acquired; ventilator-associated is hospital-acquired
    name: 'setting',
    values: [
      [rx(`\\bcommunity[- ]acquired\\b|社区获得性`), ['community']],
      [rx(`\\bventilator[- ]associated\\b|呼吸机相关性?`), ['ventilator']],
      [rx(`\\b(?:hospital[- ]acquired|nosocomial)\\b|医院获得性|院内获得性|医院内`), ['hospital']],
    ],
    agree: [['hospital', ['ventilator']]],
  },
  {
    name: 'wet',
    context: /macular|黄斑|gangrene|坏疽|pleurisy|胸膜炎|bronchiectasis|支气管扩张/u,
    values: [
      [rx(`\\b(?:wet|neovascular)\\b|(?<!\\bnon ?)\\bexudative\\b|湿性|(?<![非无])渗出性`), ['wet']],
      [rx(`\\bdry\\b|\\batrophic\\b(?= (?:\\w+ )?macular)|干性|萎缩性(?=\\p{Script=Han}{0,3}黄斑)`), ['dry']],
    ],
  },
  {
    name: 'goiter',
    context: /goiter|goitre|甲状腺肿/u,
    values: [
      [rx(`\\bdiffuse\\b|弥漫性`), ['diffuse']],
      [rx(`\\b(?:multi ?)?nodular\\b|结节性`), ['nodular']],
    ],
  },
  {
    // superficial or deep: a vein thrombosis, a burn, an infection, an abscess, an ulcer
    name: 'depth',
    values: [
      [rx(`\\bsuperficial\\b|浅表?(?=静脉|\\s*2\\s*度|\\p{Script=Han}{0,2}(?:烧伤|感染|脓肿|溃疡|真菌))`), ['superficial']],
      [rx(`\\bdeep\\b|深(?=静脉|\\s*2\\s*度|\\p{Script=Han}{0,2}(?:烧伤|感染|脓肿|溃疡|真菌))`), ['deep']],
    ],
  },
  {
    name: 'typical',
    values: [
      [rx(`\\batypical\\b`), ['atypical']],
      [rx(`\\btypical\\b`), ['typical']],
    ],
  },
  {
    // where in the uterine wall a fibroid lies
    name: 'fibroid',
    context: /fibroid|leiomyoma|myoma|肌瘤/u,
    values: [
      [rx(`\\bsub ?mucosal\\b|黏膜下`), ['submucosal']],
      [rx(`\\bintramural\\b|肌壁间`), ['intramural']],
      [rx(`\\bsub ?serosal\\b|浆膜下`), ['subserosal']],
    ],
  },
  {
    // medial or lateral (a meniscus, an epicondylitis, a malleolus); anterior or posterior in Chinese (the English
    // words are the site slot's)
    name: 'medial',
    values: [
      [rx(`\\bmedial\\b|内侧`), ['medial']],
      [rx(`\\blateral\\b|外侧`), ['lateral']],
    ],
  },
  {
    name: 'anterior',
    values: [
      [rx(`前(?=循环|交叉韧带|葡萄膜|脱位|颅窝|房角)`), ['anterior']],
      [rx(`后(?=循环|交叉韧带|葡萄膜|脱位|颅窝)`), ['posterior']],
    ],
  },
  {
    name: 'effusion',
    context: /effusion|ascites|积液|腹水/u,
    values: [
      [rx(`(?<!\\bnon ?)\\bexudat\\w*|(?<![非无])渗出性?`), ['exudate']],
      [rx(`\\btransudat\\w*|漏出性?`), ['transudate']],
    ],
  },
  {
    // the ejection fraction of a heart failure: reduced, mildly reduced, preserved
    name: 'ef',
    context: /heart failure|hf[mpr]?ref|hfpef|心力衰竭|心衰/u,
    values: [
      [rx(`\\bmildly reduced ejection fraction\\b|\\bmid[- ]?range ejection fraction\\b|\\bhfmref\\b|射血分数轻度降低|射血分数中间值`), ['mildly']],
      [rx(`\\breduced ejection fraction\\b|\\bhfref\\b|\\bsystolic heart failure\\b|射血分数降低|射血分数减低|收缩性心力衰竭`), ['reduced']],
      [rx(`\\bpreserved ejection fraction\\b|\\bhfpef\\b|\\bdiastolic heart failure\\b|射血分数保留|射血分数正常|舒张性心力衰竭`), ['preserved']],
    ],
  },
  {
    // a hearing loss sensorineural, conductive or mixed (both)
    name: 'hearing',
    context: /hearing|deafness|聋|听力/u,
    values: [
      [rx(`\\bsensorineural\\b|感音神经性|感音性`), ['sensorineural']],
      [rx(`\\bconductive\\b|传导性`), ['conductive']],
      [rx(`\\bmixed\\b|混合性`), ['mixed']],
    ],
    agree: [['mixed', ['sensorineural', 'conductive']]],
  },
  {
    // a seizure or epilepsy focal or generalised
    name: 'spread',
    context: /seizure|epilep|convuls|癫痫|发作|惊厥/u,
    values: [
      [rx(`\\b(?:focal|partial)\\b|局灶性?|部分性`), ['focal']],
      [rx(`\\bgenerali[sz]ed\\b|全面性|全身性|全面型`), ['generalized']],
    ],
  },
  {
    // a systemic sclerosis limited or diffuse
    name: 'scleroderma',
    context: /scleros|scleroderma|硬化|硬皮/u,
    values: [
      [rx(`\\blimited\\b|局限性|局限型`), ['limited']],
      [rx(`\\bdiffuse\\b|弥漫性|弥漫型`), ['diffuse']],
    ],
  },
  {
    // inside or outside an organ: intrahepatic vs extrahepatic, intracranial vs extracranial, an intrauterine vs an
    // ectopic pregnancy (宫内 / 宫外)
    name: 'inside',
    values: [
      [rx(`\\bintra ?(hepatic|cranial|capsular|articular|uterine|peritoneal|thoracic|medullary|ocular)\\b|(肝|颅|囊|关节|宫|腹膜|髓)内`), ['=in']],
      [rx(`\\bextra ?(hepatic|cranial|capsular|articular|uterine|peritoneal|thoracic|medullary|ocular)\\b|(肝|颅|囊|关节|宫|腹膜|髓)外`), ['=out']],
    ],
  },
  {
    // where an arrhythmia arises: sinus, atrial, junctional, ventricular (supraventricular covers the first three)
    name: 'chamber',
    context: /tachycardia|bradycardia|premature|ectopic|extrasystole|contraction|beats?\b|rhythm|心动过速|心动过缓|早搏|期前收缩|逸搏|心律/u,
    values: [
      [rx(`\\bsupraventricular\\b|室上性`), ['supraventricular']],
      [rx(`\\bsinus\\b|窦性`), ['sinus']],
      [rx(`\\b(?:atrial|auricular)\\b|(?<![室窦])房性`), ['atrial']],
      [rx(`\\b(?:junctional|nodal)\\b|交界性|交界区`), ['junctional']],
      [rx(`\\bventricular\\b|(?<!上)室性`), ['ventricular']],
    ],
    agree: [['supraventricular', ['sinus', 'atrial', 'junctional']]],
  },
  {
    // the lineage of a lymphoma or lymphoblastic leukaemia: B, T, NK/T
    name: 'lineage',
    context: /lymphom|leuk|lymphoblast|淋巴瘤|白血病|淋巴母/u,
    values: [
      [rx(`\\bnk ?(?:\\/ ?t)?[- ]?cell\\b|\\bnk ?\\/ ?t\\b|nk\\/?t?细胞|nk\\/t`), ['nk']],
      [rx(`(?<![a-z0-9])b[- ]?(?:cell|lymphoblastic|lineage|all)\\b|(?<![a-z0-9])b\\s*(?:细胞|淋巴)`), ['b']],
      [rx(`(?<![a-z0-9/])t[- ]?(?:cell|lymphoblastic|lineage|all)\\b|(?<![a-z0-9/])t\\s*(?:细胞|淋巴)`), ['t']],
    ],
  },
  {
    // an acute kidney injury prerenal, intrinsic (renal) or postrenal
    name: 'aki',
    context: /kidney injury|renal failure|azotemia|肾损伤|肾衰竭|肾功能衰竭|氮质血症/u,
    values: [
      [rx(`\\bpre ?renal\\b|肾前性`), ['prerenal']],
      [rx(`\\bpost ?renal\\b|肾后性`), ['postrenal']],
      [rx(`\\bintrinsic\\b|\\bintra ?renal\\b|肾性(?=急性|肾)`), ['intrinsic']],
    ],
  },
  {
    // which heart valve (a name may state two: one in common agrees)
    name: 'valve',
    some: true,
    values: [
      [rx(`\\bmitral\\b|二尖瓣`), ['mitral']],
      [rx(`\\btricuspid\\b|三尖瓣`), ['tricuspid']],
      [rx(`\\baortic(?= (?:valve|stenosis|regurgitation|insufficiency))|主动脉瓣`), ['aortic']],
      [rx(`\\bpulmonary(?= (?:valve|stenosis|regurgitation|insufficiency))|\\bpulmonic\\b|肺动脉瓣`), ['pulmonary']],
    ],
  },
  {
    // which joint (in Chinese a joint's name differs by one character: 膝关节 / 髋关节; 肩脱位 is 肩关节脱位)
    name: 'joint',
    some: true,
    values: [
      [rx(`\\bshoulder\\b|肩(?=关节|袖|周|半?脱位)`), ['shoulder']],
      [rx(`\\belbow\\b|肘(?=关节|半?脱位)`), ['elbow']],
      [rx(`\\bwrist\\b|腕(?=关节|半?脱位)`), ['wrist']],
      [rx(`\\bhip\\b|髋(?=关节|部|半?脱位)`), ['hip']],
      [rx(`\\bknee\\b|膝(?=关节|部|半?脱位)`), ['knee']],
      [rx(`\\bankle\\b|踝(?=关节|部|半?脱位)`), ['ankle']],
      [rx(`\\btemporomandibular\\b|颞下颌(?=关节)`), ['tmj']],
      [rx(`\\bsacroiliac\\b|骶髂(?=关节)`), ['si']],
    ],
  },
  {
    name: 'trisomy',
    values: [[rx(`\\btrisomy\\s*(\\d{1,2})\\b|(?<![0-9])(\\d{1,2})\\s*[-]?\\s*三体`), []]],
  },
  {
    // the phase of a chronic myeloid leukaemia (its "chronic" is part of the name)
    name: 'cmlphase',
    drop: true,
    context: /chronic myel|chronic granulocytic|\bcml\b|慢性髓|慢性粒|慢粒/u,
    values: [
      [rx(`\\bblast(?:ic)?\\s*(?:phase|crisis|transformation)\\b|急变期?`), ['blast']],
      [rx(`\\baccelerated(?:\\s*phase)?\\b|加速期`), ['accelerated']],
      [rx(`\\bchronic\\b(?!\\s*(?:myel|granulocytic))|慢性期`), ['chronic']],
    ],
  },
];

/** Values of other slots, read as an axis is (in the context of their disease). */
export const SLOT_VALUES: [RegExp | undefined, RegExp, SlotName, string][] = [
  // a central hypothyroidism, adrenal insufficiency or hypogonadism is a secondary one
  [/hypothyroid|adrenal insufficiency|hypoadrenal|hypogonad|甲状腺功能减退|甲减|肾上腺皮质功能减退|性腺功能减退/u, /\bcentral\b|中枢性/gu, 'origin', 'secondary'],
  // a functional regurgitation of a valve is a secondary one, an organic one primary
  [/regurgitation|insufficiency|关闭不全|反流/u, /(?<!\bnon )\bfunctional\b|(?<![无非])功能性/gu, 'origin', 'secondary'],
  [/regurgitation|insufficiency|关闭不全|反流/u, /\borganic\b|器质性/gu, 'origin', 'primary'],
  // Mobitz I (Wenckebach) and II are the two types of a second-degree block
  [/block|阻滞/u, /\bmobitz\s*(?:type\s*)?(?:1|i)\b|\bwenckebach\b|文氏/gu, 'type', '1'],
  [/block|阻滞/u, /\bmobitz\s*(?:type\s*)?(?:2|ii)\b/gu, 'type', '2'],
  // an atypical meningioma is of WHO grade 2, an anaplastic (malignant) one of grade 3
  [/meningioma|脑膜瘤/u, /\batypical\b|非典型|不典型/gu, 'stage', 'grade=2'],
  [/meningioma|脑膜瘤/u, /\b(?:anaplastic|malignant)\b|间变性?|恶性/gu, 'stage', 'grade=3'],
  // an anaplastic carcinoma is an undifferentiated one
  [undefined, /\banaplastic(?= (?:\w+ )?(?:carcinoma|cancer))|未分化(?=癌)/gu, 'differentiation', 'undifferentiated'],
  // a rectal mucosal prolapse is a partial one
  [/prolapse|脱垂/u, /\bmucosal(?= (?:rectal )?prolapse)|(?<=直肠)黏膜(?=脱垂)/gu, 'completeness', 'partial'],
];
