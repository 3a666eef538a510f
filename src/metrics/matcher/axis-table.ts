/**
 * The axes of axes.ts, first part: the pattern table of the subtypes and states of obstetric, surgical and
 * oncological names (placenta previa, hernia state and type, appendicitis pathology, chorionicity, invasion,
 * simple / complex, central / peripheral, functional / organic, myasthenia type, saphenous vein, risk, receptor
 * status, rupture). Order matters: an earlier pattern takes its words from the later ones. Pure data.
 */

/** A pattern, the values it states (none: its captures), and `keep` — its words stay in the name although the axis
 *  drops its words (食管旁 of 食管旁疝 is the name itself). */
export type Value = [RegExp, string[], 'keep'?];
export interface Axis {
  name: string;
  /** The words are qualifiers only and are taken out of the name, so a value on one side only is set aside
   *  ("marginal placenta previa" is a placenta previa); otherwise they stay (乙状结肠癌 is no 癌). */
  drop?: boolean;
  /** The axis is read only when the whole name matches (a placenta previa, a hernia …). */
  context?: RegExp;
  values: Value[];
  /** Pairs of values that agree (besides equal values): a value and one it contains. */
  agree?: [string, string[]][];
  /** Names may state several values that are all true (two valves, two joints): one value in common agrees. */
  some?: boolean;
}

export const rx = (s: string): RegExp => new RegExp(s, 'gu');
export const TYPE = '(?:\\s*(?:type|form|variant|型))?';

const RISK_SCHEME = '(?:(?:(?:modified|改良)\\s*)?nih|j(?:o|oe)?ensuu|afip)?\\s*(?:risk\\s*)?(?:classification\\s*|分级\\s*)?:?\\s*';

export const AXES_STATES: Axis[] = [
  {
    name: 'previa',
    drop: true,
    context: /previa|前置胎盘|胎盘前置|低置胎盘|low lying placenta/u,
    values: [
      [rx(`\\b(?:complete|total|central)\\b${TYPE}|完全性|完全型|中央性|中央型`), ['complete']],
      [rx(`\\bpartial\\b${TYPE}|部分性|部分型`), ['partial']],
      [rx(`\\bmarginal\\b${TYPE}|边缘性|边缘型`), ['marginal']],
      [rx(`\\blow[- ]?lying\\b|低置性?`), ['lowlying']],
    ],
  },
  {
    // the state of a hernia, and of a bowel obstruction (simple vs strangulated)
    name: 'hernia',
    drop: true,
    context: /hernia|疝|obstruction|梗阻/u,
    values: [
      // an English "irreducible" hernia is any that cannot be reduced (incarcerated, strangulated too); 难复性 is the
      // Chinese class of one that cannot be fully reduced without being incarcerated
      [rx(`\\b(?:ir|non ?)reducible\\b`), ['not-reducible']],
      [rx(`难复性?`), ['irreducible']],
      [rx(`\\breducible\\b|(?<![难不])可复性?|易复性?`), ['reducible']],
      [rx(`\\bincarcerat\\w*|嵌顿性?`), ['incarcerated']],
      [rx(`\\bstrangulat\\w*|绞窄性?`), ['strangulated']],
      [rx(`\\bsimple\\b(?=(?: \\w+){0,2} obstruction)|单纯性(?=\\p{Script=Han}{0,3}梗阻)`), ['simple']],
    ],
    agree: [['not-reducible', ['irreducible', 'incarcerated', 'strangulated']]],
  },
  {
    // a hiatal hernia: I sliding, II paraoesophageal, III mixed, IV with other organs (paraoesophageal in the broad
    // sense is II–IV)
    name: 'hiatal',
    drop: true,
    context: /hiatal|hiatus|食管裂孔|食管旁疝|para? ?o?esophageal/u,
    values: [
      [rx(`\\bsliding\\b${TYPE}|滑动[性型]?`), ['1']],
      [rx(`\\bmixed\\b${TYPE}|混合[性型]`), ['3']],
      [rx(`\\bpara? ?o?esophageal\\b|食管旁`), ['para'], 'keep'],
      [rx(`\\btype\\s*([1-4])\\b|(?<![0-9])([1-4])\\s*型`), []],
    ],
    agree: [['para', ['2', '3', '4']]],
  },
  {
    // a sliding hernia other than a hiatal one (滑疝: part of its sac is an organ) is a hernia of its site
    name: 'sliding',
    drop: true,
    context: /hernia|疝/u,
    values: [[rx(`\\bsliding\\b${TYPE}|滑动[性型]?|(?<=\\p{Script=Han})滑(?=疝)`), ['sliding']]],
  },
  {
    // the pathology of an appendicitis or cholecystitis: simple, suppurative, gangrenous (perforated goes with the
    // last two)
    name: 'pathology',
    drop: true,
    context: /appendicitis|cholecystitis|阑尾炎|胆囊炎/u,
    values: [
      [rx(`\\b(?:simple|catarrhal)\\b|单纯性`), ['simple']],
      [rx(`\\b(?:suppurative|phlegmonous|purulent)\\b|化脓性`), ['suppurative']],
      [rx(`\\bgangrenous\\b|坏疽性`), ['gangrenous']],
      [rx(`\\bperforat(?:ed|ing)\\b|\\bwith perforation\\b|穿孔性|(?<=阑尾炎|胆囊炎)(?:并|伴)?穿孔`), ['perforated']],
    ],
    agree: [['perforated', ['gangrenous', 'suppurative']]],
  },
  {
    name: 'chorion',
    drop: true,
    context: /twin|triplet|双胎|三胎|多胎|pregnan|妊娠|dcda|mcda|mcma/u,
    values: [
      [rx(`\\bmcma\\b|\\bmonochorionic[ ,]+monoamniotic\\b|单绒毛膜单羊膜囊?|单绒单羊`), ['mcma']],
      [rx(`\\bmcda\\b|\\bmonochorionic[ ,]+diamniotic\\b|单绒毛膜双羊膜囊?|单绒双羊`), ['mcda']],
      [rx(`\\bdcda\\b|\\bdichorionic(?:[ ,]+diamniotic)?\\b|双绒毛膜(?:双羊膜囊?)?|双绒双羊`), ['dcda']],
      [rx(`\\bmonochorionic\\b|单绒毛膜`), ['mc']],
    ],
    agree: [['mc', ['mcda', 'mcma']]],
  },
  {
    // a minimally invasive adenocarcinoma is neither an in-situ nor an invasive one
    name: 'invasion',
    values: [
      [rx(`\\b(?:minimally invasive|micro ?invasive)\\b|微浸润性?|微小浸润`), ['minimal']],
      [rx(`\\bin situ\\b|原位`), ['insitu']],
      [rx(`(?<!\\bnon |\\bnot )\\binvasive\\b|(?<![微非无])浸润性`), ['invasive']],
    ],
  },
  {
    name: 'complexity',
    values: [
      [rx(`\\bsimple\\b|单纯[性型](?!疱疹)`), ['simple']],
      [rx(`\\bcomplex\\b(?= [a-z])(?! regional)|复杂[性型](?!区域)`), ['complex']],
    ],
  },
  {
    // central or peripheral (vertigo, facial palsy, precocious puberty, lung cancer), central or nephrogenic diabetes
    // insipidus; not the central nervous system
    name: 'locus',
    values: [
      [rx(`\\bcentral\\b(?! nervous| venous| line)|中枢性|中枢型|中央型`), ['central']],
      [rx(`\\bperipheral\\b|外周性|外周型|(?<!肛)周围?[性型]`), ['peripheral']],
      [rx(`\\bnephrogenic\\b|肾性(?=尿崩)`), ['nephrogenic']],
    ],
  },
  {
    name: 'function',
    values: [
      [rx(`(?<!\\bnon |\\bnon|\\bnot )\\bfunctional\\b|(?<![无非])功能性`), ['functional']],
      [rx(`\\borganic\\b|器质性`), ['organic']],
    ],
  },
  {
    name: 'myasthenia',
    drop: true,
    context: /myastheni|肌无力/u,
    values: [
      [rx(`\\bocular\\b${TYPE}|眼肌?型`), ['ocular']],
      [rx(`\\bgenerali[sz]ed\\b${TYPE}|全身型`), ['generalized']],
    ],
  },
  {
    name: 'saphenous',
    context: /saphenous|隐静脉/u,
    values: [
      [rx(`\\b(?:great(?:er)?|long)\\b(?= saphenous)|大隐`), ['great']],
      [rx(`\\b(?:small|short|lesser)\\b(?= saphenous)|小隐`), ['small']],
    ],
  },
  {
    name: 'risk',
    drop: true,
    // a risk scheme's name goes with its category (NIH高危, "modified NIH high risk", Joensuu, AFIP)
    values: [
      [rx(`${RISK_SCHEME}(?:\\b(?:very high|extremely high)[- ]risk\\b|很高危|极高危)`), ['veryhigh']],
      [rx(`${RISK_SCHEME}(?:\\bintermediate[- ]high[- ]risk\\b|中高危)`), ['intermediate-high']],
      [rx(`${RISK_SCHEME}(?:\\bintermediate[- ]low[- ]risk\\b|中低危)`), ['intermediate-low']],
      [rx(`${RISK_SCHEME}(?:\\bhigh[- ]risk\\b|高危)`), ['high']],
      [rx(`${RISK_SCHEME}(?:\\b(?:intermediate|moderate)[- ]risk\\b|中危)`), ['intermediate']],
      // a standard-risk (childhood leukaemia) group is the low-risk one
      [rx(`${RISK_SCHEME}(?:\\b(?:low|standard)[- ]risk\\b|低危|标危)`), ['low']],
    ],
    // very high risk is the top of the high-risk stratum
    agree: [['intermediate', ['intermediate-high', 'intermediate-low']], ['high', ['veryhigh']]],
  },
  {
    // receptor status of a breast cancer: triple negative is all three negative, luminal A ER+/HER2−
    name: 'receptor',
    context: /her ?2|\b(?:er|pr|hr)\b|receptor|受体|luminal|triple|三阴/u,
    drop: true,
    values: [
      [rx(`\\btriple[- ]?negative\\b|三阴性?`), ['er=neg', 'pr=neg', 'her2=neg']],
      [rx(`\\bher ?2[- ]?(?:positive|pos|\\+|enriched|overexpress\\w*|amplified)|\\bher ?2\\s*(?:\\(\\s*\\+\\s*\\)|3\\+)|her ?2\\s*(?:阳性|过表达|扩增|\\(\\+\\))`), ['her2=pos']],
      [rx(`\\bher ?2[- ]?(?:negative|neg|-(?![a-z]))|\\bher ?2\\s*(?:\\(\\s*-\\s*\\)|0\\b|1\\+)|her ?2\\s*(?:阴性|\\(-\\))|her ?2\\s*低表达`), ['her2=neg']],
      [rx(`\\b(?:hormone receptor|hr|er)[- ]?(?:positive|pos|\\+)|(?:激素受体|雌激素受体|er)\\s*阳性`), ['er=pos']],
      [rx(`\\b(?:hormone receptor|hr|er)[- ]?(?:negative|neg)|(?:激素受体|雌激素受体|er)\\s*阴性`), ['er=neg']],
      [rx(`\\b(?:pr|progesterone receptor)[- ]?(?:positive|pos|\\+)|(?:孕激素受体|pr)\\s*阳性`), ['pr=pos']],
      [rx(`\\b(?:pr|progesterone receptor)[- ]?(?:negative|neg)|(?:孕激素受体|pr)\\s*阴性`), ['pr=neg']],
      [rx(`\\bluminal\\s*a\\b|luminal\\s*a型`), ['er=pos', 'her2=neg', 'luminal=a']],
      [rx(`\\bluminal\\s*b\\b|luminal\\s*b型`), ['er=pos', 'luminal=b']],
    ],
  },
  {
    name: 'rupture',
    values: [
      [rx(`\\b(?:un|non ?)ruptured\\b|\\bintact\\b(?= (?:\\w+ )?(?:aneurysm|cyst|ectopic))|未破裂`), ['unruptured']],
      [rx(`\\bruptured\\b|(?<!未)破裂`), ['ruptured']],
    ],
  },
];
