/**
 * Stated subtypes, states and sites of one disease (docs/metrics.md "Stages, severity, negation, complications and
 * causes: the policy", "Subtypes, states and sites"): the values a name may state on one *axis* of its disease —
 * the part of a placenta previa that is covered, the state of a hernia, the pathology of an appendicitis, the
 * chorionicity of twins, central or peripheral, functional or organic, a risk category, a receptor status, ruptured
 * or not, the segment of the colon, the level of the spine, in situ / minimally invasive / invasive.
 *
 * The rule is the policy's: a value stated on one side only is set aside; values of one axis stated on both sides
 * that do not agree make two diagnoses (`axisConflict`). Values agree when they are equal or one contains the other
 * (right-sided colon contains the caecum, a paraoesophageal hernia types II–IV, monochorionic both MCDA and MCMA).
 *
 * Reading an axis only records its value (`axis=value`, or a value of another slot: "central hypothyroidism" is a
 * secondary one, "Mobitz II" is type 2); the words stay in the name, so the axes add refusals and never make two
 * names alike. The words are taken out only for `bare` — what is left of a parenthesised part once its axis words
 * are gone decides whether the part is nothing but qualifiers ("(unruptured)", "（HER2阴性）"). Some axes are read
 * only when the name is of the disease they belong to (`context`). Pure; no I/O.
 */

import type { SlotName } from './qualifiers.js';
import { LEVEL, SPINE_CONTEXT, spinalLevel } from './spine.js';

/** A pattern, the values it states (none: its captures), and `keep` — its words stay in the name although the axis
 *  drops its words (食管旁 of 食管旁疝 is the name itself). */
type Value = [RegExp, string[], 'keep'?];
interface Axis {
  name: string;
  /** The words are qualifiers only and are taken out of the name, so a value on one side only is set aside
   *  ("marginal placenta previa" is a placenta previa); otherwise they stay (乙状结肠癌 is no 癌). */
  drop?: boolean;
  /** The axis is read only when the whole name matches (a placenta previa, a hernia …). */
  context?: RegExp;
  values: Value[];
  /** Pairs of values that agree (besides equal values): a value and one it contains. */
  agree?: [string, string[]][];
}

const rx = (s: string): RegExp => new RegExp(s, 'gu');
const TYPE = '(?:\\s*(?:type|form|variant|型))?';

const AXES: Axis[] = [
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
    values: [
      [rx(`\\b(?:very high|extremely high)[- ]risk\\b|很高危|极高危`), ['veryhigh']],
      [rx(`\\bintermediate[- ]high[- ]risk\\b|中高危`), ['intermediate-high']],
      [rx(`\\bintermediate[- ]low[- ]risk\\b|中低危`), ['intermediate-low']],
      [rx(`\\bhigh[- ]risk\\b|高危`), ['high']],
      [rx(`\\b(?:intermediate|moderate)[- ]risk\\b|中危`), ['intermediate']],
      [rx(`\\blow[- ]risk\\b|低危`), ['low']],
    ],
    // very high risk is the top of the high-risk stratum
    agree: [['intermediate', ['intermediate-high', 'intermediate-low']], ['high', ['veryhigh']]],
  },
  {
    // receptor status of a breast cancer: triple negative is all three negative, luminal A ER+/HER2−
    name: 'receptor',
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
      [rx(`\\bin (?:active )?labou?r\\b|临产`), ['labour']],
    ],
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
const SLOT_VALUES: [RegExp | undefined, RegExp, SlotName, string][] = [
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

export interface AxisReading {
  /** The values read: `axis=value` under `axis`, values of other slots under their names. */
  slots: Partial<Record<SlotName, string[]>>;
  /** The text without the words of the axes that drop them (see `Axis.drop`). */
  text: string;
  /** The text without any word read, for telling a part that is only qualifiers ("(unruptured)"). */
  bare: string;
  /** The words read, and those taken out of `text` (for explanations). */
  read: string[];
  removed: string[];
}

/** Read the axes of a text; `context` is the whole name (a parenthesised part is read in the context of its name). */
export function readAxes(text: string, context = text): AxisReading {
  const slots: Partial<Record<SlotName, string[]>> = {};
  const read: string[] = [];
  const removed: string[] = [];
  const add = (slot: SlotName, v: string): void => {
    const list = (slots[slot] ??= []);
    if (!list.includes(v)) list.push(v);
  };
  if (!ANY(text, context)) return { slots, text, bare: text, read, removed };
  // `bare` loses every word read; `out` only those of the dropping axes (the same replacements, in step)
  let [bare, out] = [text, text];
  for (const [ctx, re, slot, v] of SLOT_VALUES) {
    if (ctx && !ctx.test(context)) continue;
    bare = bare.replace(re, (m) => (read.push(m.trim()), add(slot, v), ' '));
  }
  for (const axis of AXES) {
    if (axis.context && !axis.context.test(context)) continue;
    for (const [re, values, keep] of axis.values) {
      const drop = axis.drop === true && keep !== 'keep';
      const one = (m: string, ...groups: unknown[]): string => {
        const caps = groups.slice(0, -2).filter((g): g is string => typeof g === 'string' && g !== '');
        if (values.length === 0 && caps.length === 0) return m;
        removed.push(m.trim());
        return ' ';
      };
      if (drop) out = out.replace(re, one);
      bare = bare.replace(re, (m: string, ...groups: unknown[]) => {
        const caps = groups.slice(0, -2).filter((g): g is string => typeof g === 'string' && g !== '');
        const vs = values.length > 0 ? values : caps;
        if (vs.length === 0) return m;
        read.push(m.trim());
        for (const v of vs) add('axis', `${axis.name}${v.includes('=') ? '.' : '='}${v}`);
        return ' ';
      });
    }
  }
  if (SPINE_CONTEXT.test(context)) {
    const level = (m: string, seg: string, n: string, seg2?: string, n2?: string): string => {
      const vs = spinalLevel(seg, n, seg2, n2);
      if (!vs) return m;
      read.push(m.trim());
      for (const v of vs) add('axis', v);
      return ' ';
    };
    bare = bare.replace(LEVEL, level);
    out = out.replace(LEVEL, (m: string, seg: string, n: string, seg2?: string, n2?: string) => (spinalLevel(seg, n, seg2, n2) ? (removed.push(m.trim()), ' ') : m));
  }
  return { slots, text: out, bare, read, removed };
}

// one test for every context and the axes without one: most names state none of these
const hit = (re: RegExp, t: string): boolean => ((re.lastIndex = 0), re.test(t));
const ANY = (t: string, context: string): boolean => SPINE_CONTEXT.test(context) || AXES.some((a) => (a.context ? a.context.test(context) : a.values.some(([re]) => hit(re, t)))) || SLOT_VALUES.some(([, re]) => hit(re, t));

const AGREE = new Map<string, Map<string, Set<string>>>();
for (const axis of AXES) {
  const m = new Map<string, Set<string>>();
  for (const [group, members] of axis.agree ?? []) for (const x of members) for (const [a, b] of [[group, x], [x, group]] as const) (m.get(a) ?? m.set(a, new Set()).get(a)!).add(b);
  AGREE.set(axis.name, m);
}

/** Split `name=value` or `name.sub=value` into the axis (with its sub-axis: receptor.her2) and the value. */
function parts(v: string): [string, string] {
  const i = v.lastIndexOf('=');
  return [v.slice(0, i), v.slice(i + 1)];
}

/** The axes of two names in conflict (see the file comment): a description, or undefined when they agree. Each
 *  value stated on one side must agree with a value of the same axis on the other. */
export function axisConflict(a: readonly string[], b: readonly string[]): string | undefined {
  const byAxis = (vs: readonly string[]): Map<string, string[]> => {
    const m = new Map<string, string[]>();
    for (const v of vs) {
      const [k, x] = parts(v);
      m.set(k, [...(m.get(k) ?? []), x]);
    }
    return m;
  };
  const [x, y] = [byAxis(a), byAxis(b)];
  for (const [k, xs] of x) {
    const ys = y.get(k);
    if (!ys) continue;
    const agree = AGREE.get(k.split('.')[0]!);
    const ok = (u: string, w: string): boolean => u === w || agree?.get(u)?.has(w) === true;
    if (k.startsWith('spine.')) {
      if (!xs.some((u) => ys.includes(u))) return `${k}: ${xs.join('+')} vs ${ys.join('+')}`;
      continue;
    }
    if (!xs.every((u) => ys.some((w) => ok(u, w))) || !ys.every((w) => xs.some((u) => ok(u, w)))) return `${k}: ${xs.join('+')} vs ${ys.join('+')}`;
  }
  return undefined;
}
