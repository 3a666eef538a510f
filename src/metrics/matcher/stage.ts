/**
 * Stages, grades, classes, severity, phase and acute exacerbation in a diagnosis name (the matcher's policy,
 * docs/metrics.md "Stages, severity, negation, complications, causes"):
 *
 *  - stage   one value per scale, "scale=value": the generic stage / grade / class of the name ("stage IIIB",
 *            "ⅢB期" → stage=3b; "高血压3级", "grade 3" → grade=3), and the named scales NYHA (and 心功能N级),
 *            Killip, CCS, Child-Pugh, GOLD, Kellgren-Lawrence, Fontaine, Rutherford, WHO grade, FIGO, Meyerding,
 *            Hunt-Hess, CEAP, CKD G-stages and TNM (t, n, m). Distant metastasis ("metastatic breast cancer",
 *            "… with bone metastases", "乳腺癌骨转移", M1) is stage=4. A range ("NYHA III-IV") gives both values.
 *  - severity  1 mild, 2 moderate, 2.5 moderately severe (中重症), 3 severe, 4 very severe / critical; "mild to
 *            moderate" gives 1 and 2.
 *  - phase   active (active, flare, exacerbation, relapse, 活动期, 复发, 急性加重) or remission (remission, stable phase, 缓解期,
 *            稳定期).
 *  - compensation  compensated or decompensated (代偿期, 失代偿期).
 *  - exacerbation  a flag: the name is an acute exacerbation (flare, crisis, 急性加重, 急性发作, 危象) of a disease — a
 *            narrower concept than the disease itself. "Acute" inside "acute exacerbation" is not a course.
 *
 * Stated on both sides and in conflict, these make two different diagnoses (`stageConflict`); stated on one side
 * only they are set aside, as before. Sub-stages are compatible with their stage (3b with 3, 4a with 4) but not
 * with each other (3a vs 3b). Different scales never conflict (NYHA II and Killip II). Pure; no I/O.
 */

import { anyOf } from './qualifiers.js';
import { NAMED_SCALE_RULES } from './named-scales.js';
import { tnmStage } from './tnm.js';

export type StageSlot = 'stage' | 'severity' | 'phase' | 'compensation';
export const STAGE_SLOTS: readonly StageSlot[] = ['stage', 'severity', 'phase', 'compensation'];

export interface StageReading {
  text: string;
  slots: Partial<Record<StageSlot, string[]>>;
  exacerbation: boolean;
  /** The stage words removed, for explanations. */
  dropped: string[];
}

// a stage value after basicNormalise: 3, 3b, 1b1, 4a — and 4s, the special stage of neuroblastoma, which is no sub-stage of 4
const V = '(\\d{1,2}(?:[a-d]?\\d?|s))';
const RANGE = `${V}(?:\\s*(?:-|~|/|to|至|到)\\s*(?:stage\\s*|grade\\s*|class\\s*)?${V})?`;
const LV = '([abc])(?![a-z])';

/** [pattern, scale, slot]: a capture gives the value(s); `fixed` gives it when there is no capture. */
type StageRule = { re: RegExp; scale?: string; slot: StageSlot; fixed?: string[]; map?: Record<string, string>; values?: (caps: string[]) => string[]; context?: RegExp };

/** The ISUP grade group of a Gleason score: ≤6 is 1, 3+4 is 2, 4+3 is 3, 8 is 4, 9–10 is 5; a 7 unsplit is 2 or 3. */
function gradeGroup(caps: string[]): string[] {
  const [a, b, sum] = caps.length >= 2 ? [Number(caps[0]), Number(caps[1]), Number(caps[0]) + Number(caps[1])] : [0, 0, Number(caps[0])];
  const groups = sum <= 6 ? ['1'] : sum === 7 ? (a === 0 ? ['2', '3'] : a < b ? ['2'] : ['3']) : sum === 8 ? ['4'] : ['5'];
  return groups.map((g) => `gradegroup=${g}`);
}

const rx = (source: string): RegExp => new RegExp(source, 'gu');

// The documented mapping of the two scales of a peripheral arterial disease: Fontaine I is Rutherford 0, IIa 1,
// IIb 2–3, III 4, IV 5–6 (a bare Fontaine II is Rutherford 1–3), so a name staged on one is compared on the other.
const FONTAINE_TO_R: Record<string, string[]> = { '1': ['0'], '2a': ['1'], '2b': ['2', '3'], '2': ['1', '2', '3'], '3': ['4'], '4': ['5', '6'] };
const R_TO_FONTAINE: Record<string, string> = { '0': '1', '1': '2a', '2': '2b', '3': '2b', '4': '3', '5': '4', '6': '4' };
function fontaineRutherford(scale: 'fontaine' | 'rutherford', v: string): string[] {
  const x = norm(v);
  if (scale === 'fontaine') return [`fontaine=${x}`, ...(FONTAINE_TO_R[x] ?? []).map((r) => `rutherford=${r}`)];
  return [`rutherford=${x}`, ...(R_TO_FONTAINE[x] ? [`fontaine=${R_TO_FONTAINE[x]}`] : [])];
}

// Named scales first, then the generic ones (order matters: "nyha class 3" before "class 3").
const RULES: StageRule[] = [
  // the named scales of one table (named-scales.ts): Nyhus, Todani, Hinchey, Gustilo, Bosniak, BI-RADS, Frankel …
  ...NAMED_SCALE_RULES,
  { re: rx(`\\bnyha(?:\\s*(?:functional\\s*)?(?:class|grade|分级|心功能))?\\s*${RANGE}(?:\\s*级)?|心功能\\s*${RANGE}\\s*级`), scale: 'nyha', slot: 'stage' },
  { re: rx(`\\bkillip(?:\\s*(?:class|grade|分级))?\\s*${RANGE}(?:\\s*级)?`), scale: 'killip', slot: 'stage' },
  { re: rx(`\\bccs(?:\\s*(?:class|grade|分级))?\\s*${RANGE}(?:\\s*级)?`), scale: 'ccs', slot: 'stage' },
  { re: rx(`\\bchild\\s*(?:pugh|turcotte)?(?:\\s*(?:class|grade|score|分级))?\\s*${LV}(?:\\s*\\d{1,2}\\s*(?:points?|分))?(?:\\s*级)?`), scale: 'childpugh', slot: 'stage' },
  { re: rx(`\\bgold(?:\\s*(?:grade|stage|class|分级))?\\s*([1-4])(?![0-9])(?:\\s*级)?`), scale: 'gold', slot: 'stage' },
  { re: rx(`\\b(?:kellgren\\s*(?:and\\s*)?lawrence|k\\s*l)(?:\\s*(?:grade|分级))?\\s*([0-4]|iv|i{1,3})(?![0-9a-z])(?:\\s*级)?`), scale: 'kl', slot: 'stage', map: { i: '1', ii: '2', iii: '3', iv: '4' } },
  // Fontaine and Rutherford, each also read on the other's scale (fontaineRutherford)
  { re: rx(`\\bfontaine(?:\\s*(?:stage|分期))?\\s*(\\d[ab]?)(?![0-9])(?:\\s*期)?`), slot: 'stage', values: (caps) => fontaineRutherford('fontaine', caps[0]!) },
  { re: rx(`\\brutherford(?:\\s*(?:category|grade|class|分级))?\\s*(\\d)(?![0-9])(?:\\s*级)?`), slot: 'stage', values: (caps) => fontaineRutherford('rutherford', caps[0]!) },
  { re: rx(`\\bhunt\\s*(?:and\\s*)?hess(?:\\s*(?:grade|分级))?\\s*(\\d)(?:\\s*级)?`), scale: 'hunthess', slot: 'stage' },
  { re: rx(`\\bceap\\s*c(\\d)[ab]?\\b`), scale: 'ceap', slot: 'stage' },
  { re: rx(`\\b(?:who|meyerding)(?:\\s*(?:grade|分级))?\\s*${RANGE}(?:\\s*级)?`), scale: 'grade', slot: 'stage' },
  // the edition year of FIGO is no stage ("FIGO 2018 IB3期" is stage 1b3)
  { re: rx(`\\b(?:figo|ann\\s*arbor|lugano)(?:\\s*(?:19|20)\\d{2}\\s*年?)?(?:\\s*(?:stage|分期))?\\s*${RANGE}(?:\\s*期)?`), scale: 'stage', slot: 'stage' },
  // a disease's usual system is its plain stage, another system a scale of its own: Mogensen I–V is the plain stage
  // of a diabetic nephropathy and a CKD G-stage of it another system (so G3a and Mogensen IV never conflict); INSS is
  // the plain stage of a neuroblastoma and INRG L1 / L2 / M / MS another system
  { re: rx(`\\bmogensen(?:\\s*(?:stage|class|分期))?\\s*${RANGE}(?:\\s*期)?`), scale: 'stage', slot: 'stage' },
  { re: rx(`(?<![a-z])(?:ckd\\s*)?g([1-5][ab]?)(?:\\s*a[1-3])?[dt]?(?![a-z0-9])(?:\\s*期)?`), scale: 'ckd', slot: 'stage', context: /diabetic (?:nephropathy|kidney|renal)|糖尿病性?(?:肾病|肾脏病)/u },
  { re: rx(`\\binss(?:\\s*(?:stage|分期))?\\s*${RANGE}(?:\\s*期)?`), scale: 'stage', slot: 'stage' },
  { re: rx(`\\binrg(?:\\s*(?:stage|分期))?\\s*(l[12]|ms|m)(?![a-z0-9])(?:\\s*期)?`), scale: 'inrg', slot: 'stage' },
  // Dukes A–D are the stages I–IV of a colorectal cancer (Dukes C: lymph nodes, stage III; D: distant metastasis)
  { re: rx(`\\bdukes(?:\\s*(?:stage|class|分期))?\\s*([a-d])[12]?(?![a-z0-9])(?:\\s*期)?`), scale: 'stage', slot: 'stage', map: { a: '1', b: '2', c: '3', d: '4' } },
  // an intraepithelial neoplasia's grade, also once CIN is written out
  { re: rx(`(?<=\\b(?:[cv]in|vain|ain|intr(?:a ?)?e?pithelial neoplasia)\\s*)(?:grade\\s*)?([1-3])(?![0-9])(?:\\s*级)?`), scale: 'grade', slot: 'stage' },
  // BCLC 0/A–D of a liver cancer, the Los Angeles grade A–D of a reflux oesophagitis, Garden I–IV (descriptive.ts)
  { re: rx(`\\bbclc(?:\\s*(?:stage|分期))?\\s*([0a-d])(?![a-z0-9])(?:\\s*期)?`), scale: 'bclc', slot: 'stage' },
  { re: rx(`\\b(?:la|los angeles)(?:\\s*(?:grade|class|classification|分级))?\\s*([a-d])(?![a-z0-9])(?:\\s*级)?|洛杉矶(?:分级)?\\s*([a-d])\\s*级?`), scale: 'la', slot: 'stage', context: /esophagitis|食管炎|reflux|反流/u },
  { re: rx(`\\bgarden\\s*([1-4])(?![0-9])`), scale: 'garden', slot: 'stage' },
  // Masaoka(-Koga) is the stage of a thymoma; White's class A1/A2 that of a gestational diabetes
  { re: rx(`\\bmasaoka(?:\\s*koga)?(?:\\s*(?:stage|分期))?\\s*${RANGE}(?:\\s*期)?`), scale: 'stage', slot: 'stage' },
  { re: rx(`(?<![a-z0-9])(?:white\\s*)?(?:class\\s*)?a([12])(?![a-z0-9])(?:\\s*[级型])?`), scale: 'gdm', slot: 'stage', context: /gestational diabetes|\bgdm\b|妊娠期糖尿病|妊娠糖尿病/u },
  // a Gleason score and an ISUP grade group are one scale (gradeGroup)
  { re: rx(`\\bgleason(?:\\s*(?:score|sum|grade|pattern|评分|分级|积分))?\\s*(?:(\\d)\\s*\\+\\s*(\\d)(?:\\s*=\\s*\\d{1,2})?|(\\d{1,2})(?![0-9+]))(?:\\s*分)?`), slot: 'stage', values: gradeGroup },
  { re: rx(`\\b(?:isup|who ?\\/? ?isup)?\\s*grade group\\s*([1-5])(?![0-9])|\\bisup(?:\\s*(?:grade|分级|分组))?\\s*([1-5])(?![0-9])(?:\\s*[级组])?`), scale: 'gradegroup', slot: 'stage', context: /prostat|前列腺/u },
  { re: rx(`(?<![a-z])g([1-5][ab]?)(?:\\s*a[1-3])?[dt]?(?![a-z0-9])(?:\\s*期)?`), scale: 'stage', slot: 'stage' },
  // TNM: the three letters are read by tnm() below
  { re: rx(`\\b(stage|grade|class)\\s*${RANGE}\\b`), slot: 'stage' },
  { re: rx(`${RANGE}\\s*期`), scale: 'stage', slot: 'stage' },
  { re: rx(`${RANGE}\\s*级`), scale: 'grade', slot: 'stage' },
  // distant metastasis is stage 4: "metastatic breast cancer" (not "metastatic liver cancer": tumours in the
  // liver, bone, brain …), "… with bone metastases", "乳腺癌骨转移", "转移性乳腺癌" (not 转移性肝癌 / 肺癌)
  { re: /\bmetastatic\b(?!\s+(?:carcinoma\s+|tumou?r\s+|disease\s+)?(?:of|to|in)\b)(?!\s+(?:liver|hepatic|bone|osseous|brain|cerebral|spine|spinal|adrenal|peritoneal|pleural|lymph|skin|cutaneous)\b)/g, slot: 'stage', fixed: ['stage=4', 'm=1'] },
  { re: /(?:\s(?:with|and|plus)|,)\s*(?:multiple\s+|widespread\s+|diffuse\s+)?(?:(?:liver|hepatic|lung|pulmonary|bone|osseous|skeletal|brain|cerebral|adrenal|peritoneal|pleural|distant|systemic|spinal|vertebral)(?:\s*(?:and|,)\s*)?)+\s*metasta\w*/g, slot: 'stage', fixed: ['stage=4', 'm=1'] },
  { re: /(?<=癌|瘤|cancer|carcinoma)\s*(?:伴|合并|并|,|、)?(?:多发|广泛)?(?:(?:肝|肺|骨|脑|肾上腺|腹膜|胸膜|远处|全身|多处|全身多处)(?:、|和|及)?)+转移(?:瘤|灶)?/gu, slot: 'stage', fixed: ['stage=4', 'm=1'] },
  { re: /转移性(?!肝|骨|脑|脊|肾上腺|腹膜|淋巴|肺|皮肤)/gu, slot: 'stage', fixed: ['stage=4', 'm=1'] },
];

// Severity (after the stages: "moderately severe" before "severe"). Protected names: severe acute respiratory
// syndrome, severe combined immunodeficiency, severe fever with thrombocytopenia, mild cognitive impairment,
// critical limb ischaemia, 重症肌无力, 中型血管炎 (medium-vessel vasculitis).
const SEVERITY: [RegExp, string[]][] = [
  [/\bwith severe features\b/gu, ['3']],
  [/\bmoderately severe\b|中度重症|中重症/gu, ['2.5']],
  [/\bmild(?:ly)?\s*(?:to|-)\s*moderate(?:ly)?\b|轻中度|轻-中度/gu, ['1', '2']],
  [/\bmoderate(?:ly)?\s*(?:to|-)\s*severe(?:ly)?\b|中重度|中-重度/gu, ['2', '3']],
  [/\bnon ?severe\b|非重型|非重度|非重症/gu, ['1', '2']],
  // the ordinary (common) type of an infection graded by type (hand, foot and mouth disease, COVID-19) is not severe
  [/\bordinary\b(?: type| form| case)?|\bcommon (?:type|form)\b|普通型|普通病例/gu, ['1', '2']],
  [/\b(?:very severe|extremely severe|critically ill|critical(?! limb))\b|极重度|极重型|极重症|危重型?|危重症/gu, ['4']],
  [/\bsevere(?:ly)?\b(?! acute respiratory syndrome| combined immuno| fever with)|重度|重型|重症(?!肌无力)/gu, ['3']],
  [/\bmoderate(?:ly)?\b(?![- ]risk)|中度|中型(?!血管)/gu, ['2']],
  [/\bmild(?:ly)?\b(?! cognitive)|轻度|轻型|轻症/gu, ['1']],
];

// a crisis of a disease is its acute exacerbation, in both languages (myasthenic crisis, 重症肌无力危象)
const EXACERBATION = /\b(?:with |in )?(?:an? )?(?:acute |severe )?(?:exacerbation|flare(?: up)?|flaring|exacerbated)(?: of| phase)?\b|(?<=[a-z] )(?<!blast |blastic )crisis\b|\bacute(?:ly)? decompensation(?: of)?\b|急性加重期?|急性发作期?|(?<=衰竭|心衰)急性失代偿期?|(?<=\p{Script=Han})(?:加重期|发作期|危象)/gu;
const PHASES: [RegExp, string][] = [
  // the chronic persistent phase of an asthma (慢性持续期) is neither an exacerbation nor a remission
  [/\bchronic persistent (?:phase|stage|period)\b|慢性持续期/gu, 'persistent'],
  [/\b(?:in (?:clinical )?remission|remission|quiescent|inactive|stable (?:phase|stage|period))\b|\bintercritical\b|(?:临床)?缓解期|稳定期|静止期|非活动期|间歇期/gu, 'remission'],
  // a relapse is the active phase ("relapsed AML", 多发性硬化复发); relapsing, recurrent and 复发性 are not phases
  [/\bactive(?: phase| stage)?\b|\brelapsed?\b|(?<!反复)复发(?!性)|活动期|活动性(?=[溃克结狼类强银])/gu, 'active'],
];
const COMPENSATION: [RegExp, string][] = [
  [/\bdecompensated\b|失代偿期?/gu, 'decompensated'],
  [/\bcompensated\b|(?<!失)代偿期?/gu, 'compensated'],
];

/** T, N and M of a TNM formula; M1 is also stage 4. */
const TNM = /\b[cpy]?t([0-4x]|is)([a-d]?)\s*n([0-3x])([a-c]?)\s*m([01x])([a-c]?)\b/g;
/** T and N without M, and N alone ("N1b" of a cancer; not the N of H1N1), read as their letters only. */
const TN = /\b[cpy]?t([0-4x]|is)([a-d]?)\s*n([0-3x])([a-c]?)\b/g;
const N_ALONE = /(?<![a-z0-9])[cpy]?n([0-3])([a-c]?)(?![a-z0-9])/g;
/** T alone ("pT1b", "T1a", "pTa" of a cancer, heldout13), read as its letter only; not a vertebra (T12) or T2DM. */
const T_ALONE = /(?<![a-z0-9])[cpy]?t([0-4x]|is|a)([a-d]?)(?![a-z0-9])/g;
const CANCER = /carcinoma|cancer|tumou?r|melanoma|sarcoma|癌|瘤/u;

// one test for every pattern above: most names state no stage at all, and are returned as they are. A pattern read
// only in a disease's context (a named scale of one disease) is tested only when a context is there: the union of
// every pattern grew slow to test on every reading of every name
const FREE = anyOf([...RULES.filter((r) => !r.context).map((r) => r.re), ...SEVERITY.map(([re]) => re), EXACERBATION, ...PHASES.map(([re]) => re), ...COMPENSATION.map(([re]) => re), TNM, TN, N_ALONE, T_ALONE]);
const IN_CONTEXT = RULES.filter((r) => r.context).map((r) => ({ context: r.context!, test: new RegExp(r.re.source, r.re.flags.replace('g', '')) }));
const CONTEXTS = anyOf(IN_CONTEXT.map((r) => r.context));
const stagesStated = (input: string, context: string): boolean =>
  FREE(input) || (CONTEXTS(context) && IN_CONTEXT.some((r) => r.context.test(context) && r.test.test(input)));

/** A stage value as read: lower case, Roman numerals already Arabic (basicNormalise). */
const norm = (v: string): string => v.toLowerCase().replace(/\s+/g, '');

/** Read the stage words of one reading (see the file comment). */
export function readStages(input: string, context = input): StageReading {
  const slots: Partial<Record<StageSlot, string[]>> = {};
  const dropped: string[] = [];
  const add = (slot: StageSlot, values: string[]): void => {
    const list = (slots[slot] ??= []);
    for (const v of values) if (!list.includes(v)) list.push(v);
  };
  if (!stagesStated(input, context)) return { text: input, slots, exacerbation: false, dropped };
  let t = input;
  let exacerbation = false;
  t = t.replace(EXACERBATION, (m) => {
    exacerbation = true;
    dropped.push(m.trim());
    add('phase', ['active']);
    return ' ';
  });
  t = t.replace(TNM, (m, tv: string, ts: string, nv: string, ns: string, mv: string, ms: string) => {
    dropped.push(m.trim());
    const out = [`t=${tv}${ts}`, `n=${nv}${ns}`, `m=${mv}`].filter((x) => !x.endsWith('=x'));
    if (mv === '1') out.push('stage=4');
    // the stage group of the formula, where one table gives it (tnm.ts)
    const group = tnmStage(context, { t: `${tv}${ts}`, n: `${nv}${ns}`, m: `${mv}${ms}` });
    if (group !== undefined) out.push(`stage=${group}`);
    add('stage', out);
    return ' ';
  });
  if (CANCER.test(context)) {
    t = t.replace(TN, (m, tv: string, ts: string, nv: string, ns: string) => {
      dropped.push(m.trim());
      add('stage', [`t=${tv}${ts}`, `n=${nv}${ns}`].filter((x) => !x.endsWith('=x')));
      return ' ';
    });
    t = t.replace(N_ALONE, (m, nv: string, ns: string) => {
      dropped.push(m.trim());
      add('stage', [`n=${nv}${ns}`]);
      return ' ';
    });
    t = t.replace(T_ALONE, (m, tv: string, ts: string) => {
      dropped.push(m.trim());
      if (tv !== 'x') add('stage', [`t=${tv}${ts}`]);
      return ' ';
    });
  }
  for (const rule of RULES) {
    if (rule.context && !rule.context.test(context)) continue;
    t = t.replace(rule.re, (m: string, ...groups: unknown[]) => {
      const caps = groups.slice(0, -2).filter((g): g is string => typeof g === 'string' && g !== '');
      if (rule.values) {
        dropped.push(m.trim());
        add(rule.slot, rule.values(caps));
        return ' ';
      }
      let scale = rule.scale;
      let values = caps;
      if (scale === undefined && !rule.fixed) {
        // the generic English rule: the first capture is the scale word
        scale = caps[0];
        values = caps.slice(1);
      }
      const out = rule.fixed ?? values.map((v) => `${scale}=${rule.map?.[norm(v)] ?? norm(v)}`);
      if (out.length === 0) return m;
      dropped.push(m.trim());
      add(rule.slot, out);
      return ' ';
    });
  }
  for (const [re, values] of SEVERITY) {
    t = t.replace(re, (m) => {
      dropped.push(m.trim());
      add('severity', values);
      return ' ';
    });
  }
  for (const [list, slot] of [[PHASES, 'phase'], [COMPENSATION, 'compensation']] as const) {
    for (const [re, value] of list) {
      t = t.replace(re, (m) => {
        dropped.push(m.trim());
        add(slot, [value]);
        return ' ';
      });
    }
  }
  // stage IVA of a cancer of the cervix, vulva, vagina or the head and neck is locoregional spread (distant
  // metastasis is IVB or IVC there): it conflicts with "metastatic" although both are stage 4
  if (slots.stage?.includes('stage=4a') && LOCOREGIONAL_4A.test(input)) add('stage', ['m=0']);
  return { text: t, slots, exacerbation, dropped };
}

const LOCOREGIONAL_4A = /\bcervi(?:x|cal)\b|\bvulv\w*|\bvagin\w*|\bnasophar\w*|\boropharyn\w*|\bhypopharyn\w*|\blaryn\w*|\boral\b|\btongue\b|\bhead and neck\b|宫颈|外阴|阴道|鼻咽|口咽|下咽|喉|口腔|舌|头颈/u;

/** Two stage values of one scale agree: equal, or one is the other with a sub-stage (3 and 3b; 1b and 1b1; b and b2). */
function compatible(a: string, b: string): boolean {
  // a number with its sub-class (3 and 3b; 1b and 1b1), or a letter class with its number (Tile B and B2, AO A and A2)
  const sub = (x: string, y: string): boolean => x.startsWith(y) && ((/^\d/.test(y) && /^[a-d0-9]/.test(x.slice(y.length))) || (/^[a-e]$/.test(y) && /^\d/.test(x.slice(1))));
  return a === b || sub(a, b) || sub(b, a);
}

/** The stage slots of two names in conflict: a description, or undefined when they agree (see the file comment). */
export function stageConflict(a: readonly string[] | undefined, b: readonly string[] | undefined): string | undefined {
  if (!a || !b || a.length === 0 || b.length === 0) return undefined;
  const byScale = (vs: readonly string[]): Map<string, string[]> => {
    const m = new Map<string, string[]>();
    for (const v of vs) {
      const [scale, value] = v.split('=') as [string, string];
      m.set(scale, [...(m.get(scale) ?? []), value]);
    }
    return m;
  };
  const [x, y] = [byScale(a), byScale(b)];
  for (const [scale, xs] of x) {
    const ys = y.get(scale);
    if (ys && !xs.some((u) => ys.some((w) => compatible(u, w)))) return `${scale} ${xs.join('/')} vs ${ys.join('/')}`;
  }
  return undefined;
}
