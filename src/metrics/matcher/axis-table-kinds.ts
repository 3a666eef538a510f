/**
 * The axes of axes.ts, fourth part (issue 16, heldout12): kinds of one disease that make two diagnoses — the phase
 * of an immune thrombocytopenia (newly diagnosed, persistent, chronic), the extent of a Langerhans cell
 * histiocytosis (single-system, multisystem), the protein of an amyloidosis (AL, ATTR, AA), the eponymous type of
 * a distal radius fracture (Colles, Smith, Barton), the form of a 21-hydroxylase deficiency (classic — salt-wasting
 * or simple virilising — vs non-classic), the arteries of a Takayasu arteritis, how many malleoli an ankle fracture
 * breaks, the output of a fistula, the drainage of a TAPVC, the variant of a papillary thyroid carcinoma, Duchenne vs
 * Becker dystrophy, the extent of a leg DVT, the ILAR category of a juvenile idiopathic arthritis, the isotype of a myeloma, a new vs a chronic heart failure, and the grade level of a tumour or neoplasia (low, intermediate, high).
 * Each but the last is read only in a name of its disease (`context`). Pure data.
 */

import { rx, TYPE, type Axis } from './axis-table.js';

export const AXES_KINDS: Axis[] = [
  {
    // the phases of an ITP: under 3 months newly diagnosed, 3–12 months persistent, over 12 months chronic
    name: 'itp',
    context: /immune thrombocytop|\bitp\b|免疫性血小板减少/u,
    values: [
      [rx(`\\bnewly diagnosed\\b|新诊断`), ['new']],
      [rx(`\\bpersistent\\b|持续性`), ['persistent']],
      [rx(`\\bchronic\\b|慢性`), ['chronic']],
    ],
  },
  {
    // a multisystem LCH (also one with risk organs involved) vs a single-system one
    name: 'lch',
    context: /langerhans|\blch\b|朗格汉斯/u,
    drop: true,
    values: [
      [rx(`\\bmulti ?system\\b(?: involvement| disease)?${TYPE}|多系统(?:受累|累及)?型?|\\brisk organ (?:involvement|positive)\\b|危险器官(?:受累|累及|阳性)`), ['multisystem']],
      [rx(`\\bsingle ?system\\b(?: involvement| disease)?${TYPE}|单系统(?:受累|累及)?型?`), ['single']],
    ],
  },
  {
    // the protein of an amyloidosis: immunoglobulin light chain, transthyretin, serum amyloid A
    name: 'amyloid',
    context: /amyloid|淀粉样/u,
    values: [
      [rx(`\\b(?:al|light chain)\\b${TYPE}|(?:免疫球蛋白)?轻链型?|(?<![a-z])al型`), ['al']],
      [rx(`\\b(?:attr(?: ?(?:cm|wt|v|m))?|transthyretin)\\b${TYPE}|转甲状腺素(?:蛋白)?型?|(?<![a-z])attr型`), ['attr']],
      [rx(`\\b(?:aa|serum amyloid a)\\b${TYPE}|(?<![a-z])aa型`), ['aa']],
    ],
  },
  {
    // the eponymous types of a distal radius fracture: Colles (dorsal, extension), Smith (volar, flexion), Barton
    name: 'radius',
    context: /radius|radial|colles|smith|barton|桡骨/u,
    values: [
      // a reverse Colles fracture is a Smith one
      [rx(`\\breversed? colles\\b${TYPE}`), ['smith']],
      [rx(`\\bcolles\\b${TYPE}|伸直型`), ['colles']],
      [rx(`\\bsmith\\b${TYPE}|屈曲型`), ['smith']],
      [rx(`\\bbarton\\b${TYPE}`), ['barton']],
    ],
  },
  {
    // a 21-hydroxylase deficiency is classic (salt-wasting or simple virilising) or non-classic (late-onset)
    name: 'cah',
    context: /hydroxylase|adrenal hyperplasia|\bcah\b|羟化酶|肾上腺皮质增生/u,
    drop: true,
    values: [
      [rx(`\\bnon ?classic(?:al)?\\b${TYPE}|非经典型?`), ['nonclassic']],
      [rx(`\\bsalt ?wasting\\b${TYPE}|(?:经典)?失盐型?`), ['saltwasting']],
      [rx(`\\bsimple virili[sz]ing\\b${TYPE}|(?:经典)?单纯男性化型?`), ['virilising']],
      [rx(`\\bclassic(?:al)?\\b${TYPE}|经典型?`), ['classic']],
    ],
    agree: [['classic', ['saltwasting', 'virilising']]],
  },
  {
    // the arteries a Takayasu arteritis involves (the Chinese clinical types): head and arch, thoracoabdominal aorta,
    // renal arteries, pulmonary arteries, or several (mixed)
    name: 'takayasu',
    context: /takayasu|大动脉炎/u,
    drop: true,
    values: [
      [rx(`\\b(?:head and neck|brachiocephalic|aortic arch)\\b${TYPE}|头臂(?:动脉)?型`), ['arch']],
      [rx(`\\bthoraco ?abdominal\\b${TYPE}|胸腹主动脉型|主肾动脉型`), ['thoracoabdominal']],
      [rx(`\\brenal(?: artery)?\\b${TYPE}|肾动脉型`), ['renal']],
      [rx(`\\bpulmonary(?: artery)?\\b${TYPE}|肺动脉型`), ['pulmonary']],
      [rx(`\\bmixed\\b${TYPE}|\\bextensive\\b${TYPE}|广泛型|混合型`), ['mixed']],
    ],
    agree: [['mixed', ['arch', 'thoracoabdominal', 'renal', 'pulmonary']]],
  },
  {
    // how many malleoli an ankle fracture breaks
    name: 'malleolar',
    context: /malleol|ankle|踝/u,
    values: [
      [rx(`\\btri ?malleolar\\b|三踝`), ['3']],
      [rx(`\\bbi ?malleolar\\b|双踝`), ['2']],
      [rx(`\\buni ?malleolar\\b|\\b(?:isolated )?(?:lateral|medial) malleolus\\b|单踝|(?<![双三])(?:内|外)踝(?=骨折)`), ['1']],
    ],
  },
  {
    // the output of an intestinal fistula (high is above 500 ml a day)
    name: 'fistulaoutput',
    context: /fistula|瘘/u,
    drop: true,
    values: [
      [rx(`\\bhigh[- ]?(?:output|flow)\\b|高流量`), ['high']],
      [rx(`\\b(?:moderate|medium)[- ]?(?:output|flow)\\b|中流量`), ['moderate']],
      [rx(`\\blow[- ]?(?:output|flow)\\b|低流量`), ['low']],
    ],
  },
  {
    // where the pulmonary veins of a TAPVC drain: supracardiac, cardiac, infracardiac, or mixed
    name: 'tapvc',
    context: /anomalous pulmonary venous|\btapv[cr]\b|肺静脉异位引流|肺静脉异位连接/u,
    drop: true,
    values: [
      [rx(`\\bsupra ?cardiac\\b${TYPE}|心上型`), ['supracardiac']],
      [rx(`\\binfra ?cardiac\\b${TYPE}|心下型`), ['infracardiac']],
      [rx(`\\b(?:intra ?)?cardiac\\b${TYPE}|心内型`), ['cardiac']],
      [rx(`\\bmixed\\b${TYPE}|混合型`), ['mixed']],
    ],
  },
  {
    // the variant of a papillary thyroid carcinoma
    name: 'ptcvariant',
    context: /papillary thyroid|thyroid papillary|papillary carcinoma of the thyroid|甲状腺乳头状癌/u,
    drop: true,
    values: [
      [rx(`\\b(?:classic(?:al)?|conventional)\\b${TYPE}|经典型`), ['classic']],
      [rx(`\\btall[- ]cell\\b${TYPE}|高细胞(?:亚)?型`), ['tallcell']],
      [rx(`\\bfollicular\\b${TYPE}|滤泡(?:亚)?型`), ['follicular']],
      [rx(`\\bdiffuse sclerosing\\b${TYPE}|弥漫硬化(?:亚)?型`), ['diffusesclerosing']],
      [rx(`\\bhobnail\\b${TYPE}|鞋钉(?:亚)?型`), ['hobnail']],
      [rx(`\\bcolumnar[- ]cell\\b${TYPE}|柱状细胞(?:亚)?型`), ['columnar']],
    ],
  },
  {
    // a dystrophinopathy is a Duchenne or a Becker muscular dystrophy
    name: 'dystrophin',
    context: /muscular dystrophy|dystrophinopathy|肌营养不良/u,
    values: [
      [rx(`\\bduchenne\\b${TYPE}|杜氏|duchenne型`), ['duchenne']],
      [rx(`\\bbecker\\b${TYPE}|贝氏|becker型`), ['becker']],
    ],
  },
  {
    // the extent of a deep vein thrombosis of the leg (the Chinese types): central (iliofemoral), peripheral (calf), mixed
    name: 'dvt',
    context: /deep vein thromb|deep venous thromb|\bdvt\b|深静脉血栓/u,
    values: [
      [rx(`中央型|\\bcentral\\b${TYPE}`), ['central']],
      [rx(`周围型|\\bperipheral\\b${TYPE}`), ['peripheral']],
      [rx(`混合型|\\bmixed\\b${TYPE}`), ['mixed']],
    ],
  },
  {
    // a heart failure that is new (de novo, 新发) vs a chronic one, also in its acute decompensation
    name: 'hfonset',
    context: /heart failure|cardiac failure|心力衰竭|心衰|心功能不全/u,
    values: [
      [rx(`\\b(?:new[- ]onset|de novo|newly diagnosed)\\b|新发(?:性)?|初发`), ['new']],
      [rx(`\\bchronic\\b|\\bacute on chronic\\b|慢性`), ['chronic']],
    ],
  },
  {
    // the ILAR category of a juvenile idiopathic arthritis (heldout13): systemic, oligo-, polyarticular, psoriatic,
    // enthesitis-related, undifferentiated; a systemic-onset one (Still disease of a child) is the systemic category
    name: 'jia',
    context: /juvenile (?:idiopathic|rheumatoid|chronic) arthritis|\b[sp]?o?jia\b|幼年特发性关节炎|幼年类风湿/u,
    values: [
      [rx(`\\bsystemic(?:[- ]onset)?\\b${TYPE}|\\bsjia\\b|\\bsojia\\b|全身(?:起病)?型`), ['systemic']],
      [rx(`\\boligo ?articular\\b${TYPE}|\\bpauci ?articular\\b|少关节(?:炎)?型`), ['oligo']],
      [rx(`\\bpoly ?articular\\b${TYPE}|多关节(?:炎)?型`), ['poly']],
      [rx(`\\bpsoriatic\\b|银屑病(?:性|关节炎)型?`), ['psoriatic']],
      [rx(`\\benthesitis[- ]related\\b|附着点炎(?:症)?相关(?:性)?(?:关节炎)?型?`), ['enthesitis']],
    ],
  },
  {
    // the heavy chain of a myeloma's M protein (IgG, IgA, IgD, IgM; light-chain only) and its light chain (κ, λ):
    // IgG vs IgA myeloma, κ vs λ are two diagnoses, an isotype on one side only is set aside (heldout13)
    name: 'mmheavy',
    context: /myeloma|骨髓瘤|浆细胞瘤/u,
    drop: true,
    values: [
      [rx(`(?<![a-z])igg(?![a-z])`), ['igg']],
      [rx(`(?<![a-z])iga(?![a-z])`), ['iga']],
      [rx(`(?<![a-z])igd(?![a-z])`), ['igd']],
      [rx(`(?<![a-z])igm(?![a-z])`), ['igm']],
      [rx(`\\blight[- ]chain(?: only)?\\b|轻链型`), ['light']],
    ],
  },
  {
    name: 'mmlight',
    context: /myeloma|骨髓瘤|浆细胞瘤/u,
    drop: true,
    values: [
      [rx(`\\s*-?\\s*(?:κ|\\bkappa\\b)(?:\\s*(?:type|型))?`), ['kappa']],
      [rx(`\\s*-?\\s*(?:λ|\\blambda\\b)(?:\\s*(?:type|型))?`), ['lambda']],
    ],
  },
  {
    // the grade level of a tumour, dysplasia or neoplasia; the words stay in the name (high-grade serous carcinoma)
    name: 'gradelevel',
    values: [
      [rx(`\\blow (?:to|-) ?intermediate[- ]grade\\b|中低级别`), ['low-intermediate']],
      [rx(`\\bintermediate (?:to|-) ?high[- ]grade\\b|中高级别`), ['intermediate-high']],
      [rx(`\\bhigh[- ]grade\\b|高级别`), ['high']],
      [rx(`\\bintermediate[- ]grade\\b|中级别`), ['intermediate']],
      [rx(`\\blow[- ]grade\\b|低级别`), ['low']],
    ],
    agree: [['low-intermediate', ['low', 'intermediate']], ['intermediate-high', ['intermediate', 'high']]],
  },
];
