/**
 * The fuzzy rules of the matcher (matcher.ts), for names the lexicon does not relate: containment (one core
 * inside the other, same head, the shorter still specific) and overlap (Dice of English word sets / Chinese
 * character bigrams). Pure.
 */
import { onlySite } from './anatomy.js';
import type { MatchLang, Stripped } from './normalise.js';

// Words and endings that name a kind of lesion, not a disease: a containment whose shorter side is only these
// ("carcinoma", "squamous cell carcinoma", "肺炎", "腺癌") is too unspecific to count.
const GENERIC_EN = new Set(
  'carcinoma adenocarcinoma adeno tumor mass lesion neoplasm malignancy cyst nodule polyp calculus fracture hernia infarction hemorrhage ulcer abscess stenosis obstruction infection failure insufficiency syndrome injury pneumonia effusion thrombosis embolism inflammation dysfunction cell squamous ductal invasive lobe benign malignant adenoma lymphoma sarcoma metastasis lymph node pain edema dilatation regurgitation prolapse rupture perforation aneurysm dissection anemia'.split(' '),
);
const GENERIC_ZH = ['鳞状细胞癌', '功能不全', '综合征', '腺癌', '鳞癌', '肿瘤', '肿物', '占位', '病变', '骨折', '感染', '出血', '梗阻', '结石', '囊肿', '结节', '息肉', '溃疡', '衰竭', '狭窄', '损伤', '肺炎', '血栓', '栓塞', '脓肿', '积液', '梗死', '血肿', '增生', '腺瘤', '转移', '癌', '瘤', '病', '炎', '疝', '症'];
// what may stand between the parts of the shorter name inside the longer: a qualifier ending in 性/型/叶 … (骨质疏松性), 大/小,
// or a part of the organ (胃窦息肉 is a 胃息肉, 十二指肠球溃疡 a 十二指肠溃疡), as "gastric antral polyp" is a gastric polyp
const GAP_ZH = /^(?:\p{Script=Han}{0,4}[性部型叶段区侧壁]|[大小]|\p{Script=Han}?[窦底体角球])$/u;

export const round = (x: number): number => Math.round(Math.min(1, Math.max(0, x)) * 1e4) / 1e4;

function specific(s: Stripped, units: string[], mode: MatchLang): boolean {
  // a bare site ("renal", "kidney disease") names no disease
  if (mode === 'en') return units.some((u) => u.length >= 3 && !GENERIC_EN.has(u) && !/^\d+$/.test(u)) && !onlySite(units.join(' '));
  let rest = units.join('');
  for (let changed = true; changed && rest !== ''; ) {
    changed = false;
    for (const g of GENERIC_ZH) {
      if (rest.endsWith(g)) {
        rest = rest.slice(0, -g.length);
        changed = true;
      }
    }
  }
  return rest.length > 0 && s.units.length >= 2;
}

// A word that makes another entity of the name it qualifies: a pseudo-obstruction is no obstruction, a 假性囊肿
// no 囊肿, an in-situ carcinoma no invasive one.
// Nor is a lesion around an organ (peri-) one of the organ: periorbital cellulitis is no orbital cellulitis.
const OTHER_ENTITY_EN = new Set(['pseudo', 'situ', 'subclinical', 'peri']);
const OTHER_ENTITY_ZH = /假性|原位|亚临床/u;

/** Containment (see the file comment); returns the share of the longer core covered, or 0. */
export function containment(p: Stripped, g: Stripped, mode: MatchLang): number {
  if (p.head !== g.head || p.units.length === 0 || g.units.length === 0) return 0;
  if (mode === 'en') {
    const [a, b] = [new Set(p.units), new Set(g.units)];
    const [short, long, s] = a.size <= b.size ? [a, b, p] : [b, a, g];
    if (![...short].every((u) => long.has(u)) || !specific(s, [...short], mode)) return 0;
    if ([...long].some((u) => !short.has(u) && OTHER_ENTITY_EN.has(u))) return 0;
    return short.size / long.size;
  }
  const [short, long, s] = p.units.length <= g.units.length ? [p.units, g.units, p] : [g.units, p.units, g];
  if (!specific(s, short, mode)) return 0;
  if (OTHER_ENTITY_ZH.test(long.join('')) && !OTHER_ENTITY_ZH.test(short.join(''))) return 0;
  const tail = long.slice(long.length - short.length);
  // 假黏液瘤 is no 黏液瘤, 类天疱疮 no 天疱疮: one word in English (pseudomyxoma, pemphigoid, subclinical), another entity
  // 副银屑病 (parapsoriasis) is no 银屑病, 副伤寒 no 伤寒 (para-: one word in English too)
  if (/[假类亚副]$/u.test(long.slice(0, long.length - short.length).join(''))) return 0; // 亚临床甲减 is no 临床甲减
  if (tail.join('') === short.join('')) return short.length / long.length;
  for (let cut = short.length - 1; cut >= 1; cut--) {
    const [pre, suf] = [short.slice(0, cut).join(''), short.slice(cut).join('')];
    const longText = long.join('');
    if (!longText.endsWith(suf)) continue;
    const before = longText.slice(0, longText.length - suf.length);
    const at = before.lastIndexOf(pre);
    const gap = before.slice(at + pre.length);
    // 乙状结肠癌 / 乙状结肠腺癌 as "sigmoid colon carcinoma" / "sigmoid colon adenocarcinoma"
    // 胰头导管腺癌 is a 胰头癌, 膀胱尿路上皮癌 a 膀胱癌, as "bladder urothelial carcinoma" contains "bladder carcinoma"
    const adeno = /^(?:\p{Script=Han}{0,2}腺|尿路上皮|移行细胞|鳞状细胞|鳞状上皮|鳞|透明细胞|乳头状|滤泡状?|髓样|小叶|导管)$/u.test(gap) && suf.startsWith('癌');
    if (at >= 0 && (adeno || (suf.length >= 2 && GAP_ZH.test(gap)))) return short.length / long.length;
  }
  return 0;
}

function shared(p: Stripped, g: Stripped): string[] {
  const out: string[] = [];
  for (const [k, vs] of Object.entries(p.slots)) for (const v of vs ?? []) if (g.slots[k as keyof typeof g.slots]?.includes(v)) out.push(`§${k}:${v}`);
  return out;
}

/** Whether one name only says a word that makes another entity (in situ, pseudo-, 原位, 假性): no fuzzy match then. */
function otherEntityOnOneSide(p: Stripped, g: Stripped, mode: MatchLang): boolean {
  if (mode === 'en') return p.units.some((u) => OTHER_ENTITY_EN.has(u)) !== g.units.some((u) => OTHER_ENTITY_EN.has(u));
  return OTHER_ENTITY_ZH.test(p.units.join('')) !== OTHER_ENTITY_ZH.test(g.units.join(''));
}

/** Dice coefficient: English word sets, Chinese unit bigrams; shared slot values count as common items. */
export function dice(p: Stripped, g: Stripped, mode: MatchLang): number {
  if (otherEntityOnOneSide(p, g, mode)) return 0;
  if (mode === 'zh') {
    // one name is the other after a 假, 类, 亚 or 副: another entity (副银屑病 / 银屑病), as containment says
    const [x, y] = [p.units.join(''), g.units.join('')];
    const [short, long] = x.length <= y.length ? [x, y] : [y, x];
    if (short !== long && long.endsWith(short) && /[假类亚副]$/u.test(long.slice(0, long.length - short.length))) return 0;
    // two names of one length that differ by one substituted run name different things: 乙型 / 丙型肝炎, 肺 / 喉鳞状
    // 细胞癌, 桡骨 / 股骨远端骨折 (the wording variants are made one before, normalise.ts)
    if (substituted(p.units, g.units)) return 0;
  }
  const grams = (s: Stripped): string[] => (mode === 'en' || s.units.length < 2 ? s.units : s.units.slice(1).map((u, i) => s.units[i] + u));
  const both = shared(p, g);
  const a = new Set([...grams(p), ...both]);
  const b = new Set([...grams(g), ...both]);
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const x of a) if (b.has(x)) common++;
  return (2 * common) / (a.size + b.size);
}

/** zh: one name is the other with two blocks of at least two characters swapped before the same lesion: a type word
 *  moved from the front to the lesion (滑动性腹股沟疝 / 腹股沟滑动疝, 嵌顿性脐疝 / 脐嵌顿疝), read on the keys without 性. */
export function transposed(p: Stripped, g: Stripped): boolean {
  const [a, b] = [p.loose, g.loose];
  if (a === b || a.length !== b.length || a.length < 5) return false;
  for (let end = a.length - 1; end >= 4; end--) {
    if (a.slice(end) !== b.slice(end) || a.slice(0, end) === b.slice(0, end)) continue;
    for (let start = 0; start + 4 <= end; start++) {
      if (a.slice(0, start) !== b.slice(0, start)) break;
      for (let cut = start + 2; cut <= end - 2; cut++) {
        if (a.slice(start, cut) === b.slice(end - (cut - start), end) && a.slice(cut, end) === b.slice(start, start + end - cut)) return true;
      }
    }
  }
  return false;
}

/** Two unit lists of one length that differ in one contiguous run of at most three units, the rest equal. */
function substituted(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length || a.length < 3) return false;
  let first = 0;
  while (first < a.length && a[first] === b[first]) first++;
  if (first === a.length) return false;
  let last = a.length - 1;
  while (last > first && a[last] === b[last]) last--;
  return last - first < 3;
}

// the histological type of a carcinoma; a name without one is the broader cancer ("lung cancer" for a lung
// adenocarcinoma), which the broader-name policy refuses — the overlap rule must not admit it by its shared words
const HISTOLOGY = /^(?:adeno(?: ?carcinoma)?|squamous|small|large|urothelial|transitional|ductal|lobular|papillary|follicular|medullary|anaplastic|mucinous|serous|clear|signet|neuroendocrine|hepatocellular|cholangiocarcinoma|basal|adenosquamous)$|腺癌|鳞癌|鳞状细胞癌|小细胞|大细胞|尿路上皮|导管|小叶|乳头状|滤泡|髓样|未分化|黏液|浆液|透明细胞|印戒|神经内分泌|肝细胞|胆管细胞/u;

/** The gold states a histological type the prediction does not (the overlap rule then does not count them one). */
export function histologyOnGoldOnly(p: Stripped, g: Stripped): boolean {
  const types = (s: Stripped): string[] => s.units.filter((u) => HISTOLOGY.test(u));
  const organs = [...p.units, ...g.units].join(' ');
  // the usual form of an organ's cancer (the broader-name policy's `usual`) is no refusal: colon cancer for a colon adenocarcinoma
  const usual = (u: string): boolean => USUAL_TYPE.some(([organ, type]) => organ.test(organs) && type.test(u));
  return types(g).some((u) => !p.units.includes(u) && !usual(u)) && types(p).length === 0;
}
const USUAL_TYPE: [RegExp, RegExp][] = [
  [/\b(?:colon|colonic|sigmoid|rectal|rectum|colorectal|gastric|stomach)\b|结肠|直肠|胃/u, /^adeno/u],
  [/\b(?:cervix|cervical)\b|宫颈/u, /^squamous$|鳞/u],
  [/\b(?:bladder|vesical)\b|膀胱/u, /^(?:urothelial|transitional)$|尿路上皮/u],
  [/\b(?:liver|hepatic)\b|肝/u, /^hepatocellular$|肝细胞/u],
  [/食管/u, /鳞/u],
];
