/**
 * The named classification scales of the departments, read into the stage slot as `scale=value` (stage.ts applies
 * them before its generic "stage / grade / type N"): one table of each scale's name and the syntax of its values,
 * so that a new scale is one row, not a new rule.
 *
 *  - number scales: a Roman or Arabic numeral with an optional sub-class letter and number ("Gustilo IIIB",
 *    "Todani IVa", "Hinchey Ib", "Bosniak IIF", "BI-RADS 4a", "Forrest IIb"), after the scale's name and an optional
 *    class word (type, grade, stage, class, category, 分型, 分级, 分期 …), with an optional 型 / 级 / 期 / 度 / 类 after;
 *  - letter scales: a letter with an optional number (Frankel A–E, ASIA A–E, Binet A–C, Tile B2, AO A2, Weber B);
 *  - word scales with a table of their own: the Neer parts of a proximal humerus fracture (two- to four-part,
 *    二部分 …), the Lauren type of a gastric cancer (intestinal, diffuse, mixed; 肠型, 弥漫型, 混合型), the FAB
 *    subtype of an acute leukaemia (M0–M7, L1–L3) and the Montreal class of a Crohn disease (A, L, B) or an
 *    ulcerative colitis (E1–E3).
 *
 * A scale's name is taken out with its value, so two names that state different scales (Rai and Binet, ISS and
 * R-ISS) keep no stray word and never conflict; a scale whose name is also an ordinary word, or names another
 * scale elsewhere, is read only in its disease's context. The Nyhus type of a groin hernia also states the
 * direct / indirect axis (NYHUS_REWRITES: IIIa and IVa direct, I, II, IIIb and IVb indirect). Pure data and helpers.
 */

import { MORE_SCALE_RULES } from './named-scales-more.js';

const ROMAN: Record<string, string> = { i: '1', ii: '2', iii: '3', iv: '4', v: '5', vi: '6', vii: '7', viii: '8', ix: '9', x: '10' };
const ZH_NUM: Record<string, string> = { 二: '2', 两: '2', 三: '3', 四: '4', two: '2', three: '3', four: '4' };

/** What stage.ts needs of a rule: the pattern, and the values of one match. */
export interface ScaleRule {
  re: RegExp;
  slot: 'stage';
  values: (caps: string[]) => string[];
  context?: RegExp;
}

type Syntax = 'number' | 'letter';

/** [scale, name pattern, value syntax, disease context, sub-class pattern of a number scale]. Order matters where
 *  one name ends another (R-ISS before ISS). */
const SCALES: [string, string, Syntax, RegExp?, string?][] = [
  ['nyhus', 'nyhus', 'number'],
  ['todani', 'todani', 'number'],
  ['hinchey', '(?:modified\\s*)?hinchey', 'number'],
  ['gustilo', 'gustilo(?:\\s*anderson)?', 'number'],
  ['wagner', 'wagner', 'number'],
  ['wfns', 'wfns', 'number'],
  ['fisher', '(?:modified\\s*|改良\\s*)?fisher', 'number', /subarachnoid|\bsah\b|aneurysm|蛛网膜下|动脉瘤/u],
  ['spetzler', 'spetzler(?:\\s*martin)?', 'number'],
  ['bosniak', 'bosniak', 'number', undefined, '(?:f|[a-d]?\\d?)'],
  ['birads', 'bi\\s*rads', 'number'],
  ['tirads', '(?:acr\\s*|c\\s*|k\\s*|eu\\s*)?ti\\s*rads(?:\\s*tr)?', 'number'],
  ['borrmann', 'borrmann', 'number'],
  ['siewert', 'siewert', 'number'],
  ['bismuth', 'bismuth(?:\\s*corlette)?', 'number'],
  ['shamblin', 'shamblin', 'number'],
  ['schatzker', 'schatzker', 'number'],
  ['salterharris', 'salter(?:\\s*harris)?', 'number'],
  ['pfirrmann', 'pfirrmann', 'number'],
  ['riss', 'r\\s*iss', 'number'],
  ['iss', 'iss', 'number', /myeloma|骨髓瘤/u],
  ['duriesalmon', 'durie\\s*(?:and\\s*)?salmon', 'number'],
  ['rai', 'rai(?=\\s*(?:stage|分期)|\\s*(?:[0-4]|i[v]?|i{2,3})\\s*期)', 'number', /leuk|lymphoma|白血病|淋巴瘤/u],
  ['binet', 'binet', 'letter'],
  ['tile', 'tile', 'letter', /pelvi|acetab|骨盆|髋臼/u],
  ['frankel', 'frankel', 'letter'],
  ['asia', '(?:asia|ais)(?:\\s*impairment\\s*scale)?', 'letter', /spinal|cord|tetrapleg|parapleg|quadripleg|脊髓|截瘫|四肢瘫/u],
  ['balthazar', 'balthazar', 'letter'],
  ['herring', 'herring(?:\\s*lateral\\s*pillar)?', 'letter'],
  ['weber', '(?:danis\\s*)?weber', 'letter', /ankle|malleol|fibula|踝|腓骨/u],
  ['ao', 'ao(?:\\s*\\/?\\s*ota)?(?:\\s*\\d{2}(?:\\.\\d)?)?', 'letter', /fracture|骨折/u],
  ['clavien', 'clavien(?:\\s*dindo)?', 'number'],
  ['westhaven', 'west\\s*haven', 'number'],
  ['housebrackmann', 'house\\s*brackmann', 'number'],
  ['forrest', 'forrest', 'number'],
  ['carpentier', 'carpentier', 'number'],
  ['mayo', 'mayo(?:\\s*endoscopic)?(?=\\s*(?:sub)?score|\\s*\\d\\s*分)', 'number', /colitis|结肠炎/u],
  ['crawford', 'crawford', 'number', /aneurysm|动脉瘤/u],
  ['clark', 'clark(?:\\s*level)?', 'number', /melanoma|黑色素瘤/u],
  ['ficat', 'ficat(?:\\s*(?:and\\s*)?arlet)?', 'number'],
  ['arco', 'arco', 'number'],
  ['steinberg', 'steinberg', 'number'],
  ['crowe', 'crowe', 'number'],
  ['tonnis', 'tonnis', 'number'],
  ['catterall', 'catterall', 'number'],
  ['gartland', 'gartland', 'number'],
  ['mason', 'mason', 'number', /radial|radius|桡骨/u],
  ['sanders', 'sanders', 'number', /calcane|跟骨/u],
  ['hawkins', 'hawkins', 'number', /talus|talar|距骨/u],
  ['pipkin', 'pipkin', 'number'],
  ['popq', 'pop\\s*q', 'number'],
  ['fuhrman', 'fuhrman', 'number'],
  ['papile', 'papile', 'number'],
  ['bell', 'bell(?=\\s*(?:stage|分期)|\\s*(?:[1-3]|i{1,3})[ab]?\\s*期)', 'number', /enterocolitis|\bnec\b|小肠结肠炎/u],
];

const WORD = '(?:\\s*(?:classification|class|type|grade|stage|category|level|score|分型|分级|分期|分类|分度|评分))?\\s*:?\\s*';
const NUM = '(?:\\d{1,2}|i[vx]|v?i{1,3}|[vx])';
const SUFFIX = '(?![a-z0-9])(?:\\s*[型级期度类])?';

/** A number value as the scale reads it: Arabic, lower case ("iiib" → 3b, "ivb" → 4b). */
function numberValue(v: string): string {
  const m = /^(\d{1,2}|i[vx]|v?i{1,3}|[vx])(.*)$/u.exec(v);
  return m ? `${ROMAN[m[1]!] ?? m[1]}${m[2]}` : v;
}

function tableRule([scale, name, syntax, context, sub]: (typeof SCALES)[number]): ScaleRule {
  const value = syntax === 'number' ? `(${NUM}${sub ?? '[a-d]?\\d?'})` : '([a-e]\\d?)';
  const source = `(?<![a-z])(?:${name})${WORD}${value}(?:\\s*(?:-|~|/|to|至)\\s*${value})?${SUFFIX}`;
  return {
    re: new RegExp(source, 'gu'),
    slot: 'stage',
    context,
    values: (caps) => caps.map((c) => `${scale}=${syntax === 'number' ? numberValue(c) : c}`),
  };
}

/** [scale, disease]: in the disease's name a bare "type N" (N型) is a type of this scale ("choledochal cyst, type I"
 *  is Todani type I), so it conflicts with another Todani type. */
const BARE_TYPES: [string, RegExp][] = [
  ['todani', /choledochal|胆总管囊肿|胆管囊肿/u],
  ['siewert', /(?:esophagogastric|gastroesophageal|gastro esophageal) junction|食管胃结合部/u],
  ['bismuth', /hilar cholangio|klatskin|perihilar cholangio|肝门部胆管癌/u],
  ['schatzker', /tibial plateau|胫骨平台/u],
  ['salterharris', /physeal|physis|epiphyseal|growth plate|骨骺/u],
  ['gustilo', /open (?:\w+ ){0,3}fracture|开放性\p{Script=Han}*骨折/u],
];

function bareTypeRule([scale, disease]: (typeof BARE_TYPES)[number]): ScaleRule {
  const value = `(${NUM}[a-d]?\\d?)`;
  return { re: new RegExp(`(?<![a-z])type\\s*${value}(?![a-z0-9])|(?<![a-z0-9])${value}\\s*型`, 'gu'), slot: 'stage', context: disease, values: (caps) => caps.map((c) => `${scale}=${numberValue(c)}`) };
}

const rx = (source: string): RegExp => new RegExp(source, 'gu');
const one = (scale: string, map: Record<string, string> = {}) => (caps: string[]): string[] => caps.map((c) => `${scale}=${map[c] ?? c}`);

const LAUREN: Record<string, string> = { intestinal: 'intestinal', 肠型: 'intestinal', diffuse: 'diffuse', 弥漫型: 'diffuse', mixed: 'mixed', 混合型: 'mixed' };

// Early vs late (advanced) forms: a course axis of its own, "timing" (early vs late dumping syndrome, 早期 / 晚期梅毒,
// 妊娠早期 / 晚期). Of a cancer they are also its extent: an early gastric or oesophageal cancer is a T1 one and an
// advanced one (进展期) T2–T4; of another cancer early is stage 0–II (of a breast cancer, the operable one, 0–IIIA) and advanced (晚期, 中晚期) stage III–IV — a locally advanced one (局部晚期) stage III without distant spread — so
// 晚期肺癌 conflicts with 肺腺癌IA期 and agrees with IV期. Onset (早发型, late-onset) is an axis of axes.ts.
const EARLY = '\\bearly(?:\\s*stage)?\\b(?!\\s*onset)|早中?期';
const LATE = '\\b(?:(?:locally\\s*)?advanced|late)(?:\\s*stage)?\\b(?!\\s*onset)|中?晚期|进展期';
const TIMING_RE = `(${EARLY})|(${LATE})`;
const DIGESTIVE_CANCER = /(?:gastric|stomach|esophag\w*|胃|食管)[^,;]*(?:cancer|carcinoma|癌)|(?:cancer|carcinoma) of the (?:stomach|esophagus)/u;
const OTHER_CANCER = /^(?!.*(?:gastric|stomach|esophag|胃|食管)).*(?:cancer|carcinoma|melanoma|sarcoma|lymphoma|癌|瘤)/u;
const LOCALLY_ADVANCED = /^(?!.*(?:gastric|stomach|esophag|胃|食管)).*(?:locally\s*advanced|局部?晚期)/u;
const timing = (early: string[], late: string[]) => (caps: string[]): string[] => (/^(?:early|早)/u.test(caps[0] ?? '') ? ['timing=early', ...early] : ['timing=late', ...late]);

/** The rules stage.ts reads before its generic ones. */
export const NAMED_SCALE_RULES: ScaleRule[] = [
  { re: rx(TIMING_RE), slot: 'stage', context: DIGESTIVE_CANCER, values: timing(['t=1'], ['t=2', 't=3', 't=4']) },
  // a locally advanced cancer (局部晚期) is one without distant spread: stage III, M0
  // (read in the name's context: the axes take 局部 first)
  { re: rx(`(?:\\blocally\\s*)?(?:${LATE})`), slot: 'stage', context: LOCALLY_ADVANCED, values: () => ['timing=late', 'stage=3', 'm=0'] },
  // an early breast cancer is an operable one, up to stage IIIA
  { re: rx(TIMING_RE), slot: 'stage', context: /^(?!.*(?:gastric|stomach|esophag|胃|食管|locally\s*advanced|局部?晚期)).*(?:breast|乳腺|乳癌)/u, values: timing(['stage=0', 'stage=1', 'stage=2', 'stage=3a'], ['stage=3', 'stage=4']) },
  { re: rx(TIMING_RE), slot: 'stage', context: OTHER_CANCER, values: timing(['stage=0', 'stage=1', 'stage=2'], ['stage=3', 'stage=4']) },
  { re: rx(TIMING_RE), slot: 'stage', values: timing([], []) },
  // Neer two- to four-part (also without Neer's name, in a fracture of the humerus)
  { re: rx(`(?<![a-z])(?:neer${WORD})?(two|three|four|[234]|[二两三四])\\s*(?:part|部分)(?![a-z])`), slot: 'stage', context: /humer|shoulder|肱骨|肩/u, values: one('neer', ZH_NUM) },
  // the Lauren type of a gastric cancer; without Lauren's name the English type needs the word "type"
  { re: rx(`lauren${WORD}(intestinal|diffuse|mixed|肠型|弥漫型|混合型)(?:\\s*(?:type|subtype))?|(?<![a-z])(intestinal|diffuse|mixed)\\s*(?:type|subtype)\\b|(肠型|弥漫型|混合型)`), slot: 'stage', context: /gastr|stomach|胃/u, values: one('lauren', LAUREN) },
  // the FAB subtype of an acute leukaemia: M0–M7 of a myeloid one (M4Eo is an M4, M5a an M5), L1–L3 of a lymphoblastic one
  { re: rx(`(?:fab${WORD})?(?<![a-z0-9])m([0-7])(?:\\s*eo)?([ab]?)(?![a-z0-9])(?:\\s*型)?`), slot: 'stage', context: /myel|myelo|monocyt|promyelo|\baml\b|leuk|髓|粒|单核|白血病/u, values: (caps) => [`fab=${caps.join('')}`] },
  { re: rx(`(?:fab${WORD})?(?<![a-z0-9])l([1-3])(?![a-z0-9])(?:\\s*型)?`), slot: 'stage', context: /lymphoblastic|\ball\b|急性淋巴细胞白血病|急淋/u, values: (caps) => [`fab-all=${caps[0]}`] },
  // the Montreal class of a Crohn disease (age A1–A3, site L1–L4, behaviour B1–B3, p perianal) or of an ulcerative
  // colitis's extent (E1–E3), also written together (A2L3B2)
  { re: rx(`(?:montreal${WORD})?(?<![a-z])([alb])([1-4])p?(?![0-9])`), slot: 'stage', context: /crohn|克罗恩|克隆病/u, values: (caps) => [`montreal-${caps[0]}=${caps[1]}`] },
  { re: rx(`(?:montreal${WORD})?(?<![a-z])e([1-3])(?![a-z0-9])`), slot: 'stage', context: /ulcerative colitis|溃疡性结肠炎/u, values: (caps) => [`montreal-e=${caps[0]}`] },
  ...SCALES.map(tableRule),
  ...BARE_TYPES.map(bareTypeRule),
  // more scales, bare scales of one disease and mappings between two scales (named-scales-more.ts)
  ...MORE_SCALE_RULES,
];

const STICKY = NAMED_SCALE_RULES.map((r) => new RegExp(r.re.source, 'uy'));

/** A named scale with its value begins at `at` of `text` (its name is then no abbreviation to expand: ISS, AO). */
export function namedScaleAt(text: string, at: number): boolean {
  return STICKY.some((re) => {
    re.lastIndex = at;
    return re.test(text);
  });
}

/** The direct or indirect groin hernia a Nyhus type states (see the file comment). */
const NYHUS_SIDE = (n: string): string | undefined => ({ '3a': 'direct', iiia: 'direct', '4a': 'direct', iva: 'direct', '1': 'indirect', i: 'indirect', '2': 'indirect', ii: 'indirect', '3b': 'indirect', iiib: 'indirect', '4b': 'indirect', ivb: 'indirect' })[n];
const NYHUS_VALUE = '(3a|iiia|4a|iva|3b|iiib|4b|ivb|[12]|ii?)(?![a-z0-9])';

type Rewrite = [RegExp, (m: string, ...groups: string[]) => string];

export const NYHUS_REWRITES: Rewrite[] = [
  [rx(`腹股沟(?:区)?疝\\s*\\(?\\s*nyhus\\s*(?:分型\\s*)?(?:type\\s*)?${NYHUS_VALUE}\\s*型?\\s*\\)?`), (m, n) => {
    const side = NYHUS_SIDE(n);
    return side ? ` 腹股沟${side === 'direct' ? '直' : '斜'}疝 nyhus ${n}型 ` : m;
  }],
  [rx(`nyhus\\s*(?:分型\\s*)?${NYHUS_VALUE}\\s*型?\\s*(?:的)?腹股沟(?:区)?疝`), (m, n) => {
    const side = NYHUS_SIDE(n);
    return side ? ` 腹股沟${side === 'direct' ? '直' : '斜'}疝 nyhus ${n}型 ` : m;
  }],
  // in an English name only (a Chinese one states the side in its own words, above)
  [/(?<!\p{Script=Han}.*)\bnyhus\s*(?:type\s*|classification\s*)?(3a|iiia|4a|iva|3b|iiib|4b|ivb|[12]|ii?)(?![a-z0-9])(?!.*\p{Script=Han})/gu, (m, n) => {
    const side = NYHUS_SIDE(n);
    return side ? ` ${side} nyhus ${n} ` : m;
  }],
];
