/**
 * Negated qualifiers and stated causes: two facts about a name that decide whether it is another disease than a
 * name it otherwise resembles (docs/metrics.md, "Stages, severity, negation, complications, causes").
 *
 * Negation. "non-ischaemic cardiomyopathy" negates "ischaemic", "NSCLC" (non-small cell) negates "small",
 * "without nasal polyps" negates "nasal polyps", "HER2-negative" negates "HER2"; 非缺血性 negates 缺血, 无先兆
 * negates 先兆, 不稳定型 negates 稳定 (the negated term runs to the next 性/型, else two characters). A name
 * whose negated term the other name states plainly names another disease (`negationConflict`): non-ischaemic
 * vs ischaemic cardiomyopathy, 非霍奇金 vs 霍奇金淋巴瘤. A negated term the other name does not mention is a
 * qualifier like any other: "non-ischaemic cardiomyopathy" is a cardiomyopathy.
 *
 * Causes. A name may state what caused it: hypertensive, alcoholic, biliary / gallstone, hyperlipidaemic,
 * traumatic, aneurysmal, AVM-related, viral, bacterial, tuberculous, drug-induced, autoimmune, hepatitis B …
 * (and the same in Chinese). Two names that both state a cause and share none name different diseases
 * (`causeConflict`): hypertensive vs AVM-related intracerebral haemorrhage, alcoholic vs hepatitis B cirrhosis.
 * A cause on one side only is set aside. "Spontaneous" only conflicts with "traumatic". Pure; no I/O.
 */

/** zh negators, as in normalise.ts: 非, 无 (not 无菌, 无症状 …), 不 (not 不全, 不良, 不明 …), 未 (not 未分化 …). */
export const NEGATION_ZH_G = /非|无(?!菌|机|痛|症状|力)|不(?!全|良|适|明|规则|典型|齐|宁|孕|育|安)|未(?!分化|成熟|明确)/gu;

export interface ZhNegation {
  /** The negated terms (缺血 of 非缺血性). */
  terms: string[];
  /** The text without the negators and their terms: what it states plainly. */
  plain: string;
}

const ANY_NEGATOR = new RegExp(NEGATION_ZH_G.source, 'u');

/** The negated terms of a Chinese text (see the file comment). */
export function zhNegation(text: string): ZhNegation {
  if (!ANY_NEGATOR.test(text)) return { terms: [], plain: text };
  const terms: string[] = [];
  let plain = '';
  let at = 0;
  for (const m of text.matchAll(NEGATION_ZH_G)) {
    const start = m.index;
    if (start < at) continue;
    const rest = text.slice(start + m[0].length);
    const suffix = /^([^性型,、;\s]{1,6}?)(?=[性型])/u.exec(rest)?.[1];
    let term = suffix !== undefined && suffix.length >= 2 ? suffix : [...rest].slice(0, 2).join('');
    if (suffix !== undefined && suffix.length < 2) term = rest.slice(0, suffix.length + 1); // 非典型 → 典型
    plain += text.slice(at, start);
    at = start + m[0].length + term.length;
    if (term !== '' && !terms.includes(term)) terms.push(term);
  }
  plain += text.slice(at);
  return { terms, plain };
}

/** Negated terms of one side that the other states plainly: a description, or undefined. */
export function negationConflict(a: { negTerms: readonly string[]; plain: string }, b: { negTerms: readonly string[]; plain: string }, mode: 'en' | 'zh'): string | undefined {
  const stated = (term: string, p: string): boolean => (mode === 'en' ? p.includes(` ${term} `) : term.length >= 2 && p.includes(term));
  for (const [x, y] of [[a, b], [b, a]] as const) {
    const t = x.negTerms.find((term) => stated(term, y.plain));
    if (t !== undefined) return `"${t}" is negated on one side only`;
  }
  return undefined;
}

// Cause words → cause categories. English patterns skip a negated cause ("non-alcoholic").
const NOT = '(?<!\\bnon\\s?|\\bnot\\s|非|无)';
const SOURCES: string[] = [];
const c = (source: string): RegExp => (SOURCES.push(source), new RegExp(`${NOT}(?:${source})`, 'u'));
const CAUSES: [RegExp, string][] = [
  [c('\\bhypertensive\\b|\\bhypertension[- ]related\\b|高血压(?:性)?(?=[\\p{Script=Han}])(?!病|症|合并|伴|并|危|急)'), 'hypertension'],
  [c('\\bdiabetic\\b|糖尿病性?(?=[\\p{Script=Han}])(?!合并|伴|并|前期)'), 'diabetes'],
  [c('\\balcohol(?:ic)?\\b|\\bethanol\\b|酒精|乙醇'), 'alcohol'],
  [c('\\bbiliary(?= (?:acute )?pancreatitis)|\\bgallstone(?= (?:acute )?pancreatitis| induced)|胆源性|胆石性|结石性(?=胰)|胆源'), 'gallstone'],
  [c('\\bhyperlipid\\w*|\\bhypertriglycerid\\w*|\\blipid[- ]induced|高脂血症|高甘油三酯|高三酰甘油|高脂性'), 'lipid'],
  [c('\\b(?:post )?traumatic\\b|\\btrauma\\b|外伤|创伤性'), 'trauma'],
  [c('\\bspontaneous\\b|自发性'), 'spontaneous'],
  [c('\\baneurysmal\\b|\\b(?:ruptured |intracranial |cerebral )+aneurysm|\\baneurysm rupture|动脉瘤性|动脉瘤破裂'), 'aneurysm'],
  [c('\\barteriovenous malformation\\b|\\bavm\\b|动静脉畸形'), 'avm'],
  [c('\\bcavernous malformation|\\bcavernoma|海绵状血管瘤'), 'cavernoma'],
  [c('\\bamyloid angiopathy|\\bcaa\\b|淀粉样'), 'amyloid'],
  [c('\\bmoyamoya|烟雾病'), 'moyamoya'],
  [c('\\bviral\\b|\\bvirus\\b|病毒'), 'virus'],
  [c('\\binfluenza\\b|(?<!血)流感|流行性感冒'), 'influenza'],
  [c('\\bcytomegalovirus\\b|\\bcmv\\b|巨细胞病毒'), 'cmv'],
  [c('\\bepstein barr\\b|\\bebv\\b|eb病毒'), 'ebv'],
  [c('\\bbacterial\\b|\\bpyogenic\\b|\\bpurulent\\b|细菌|化脓性'), 'bacteria'],
  [c('\\bpneumococcal\\b|\\bstreptococcus pneumoniae\\b|肺炎链球菌|肺炎球菌'), 'pneumococcus'],
  [c('\\bstaphylococc\\w*|葡萄球菌'), 'staphylococcus'],
  [c('\\b(?:group [abcg] )?streptococc\\w*(?! pneumoniae)|\\bgroup [abcg] strep\\b|(?<!肺炎)链球菌'), 'streptococcus'],
  [c('\\bklebsiella\\b|克雷伯'), 'klebsiella'],
  [c('\\bpseudomonas\\b|假单胞菌'), 'pseudomonas'],
  [c('\\bmycoplasma\\b|支原体'), 'mycoplasma'],
  [c('\\bchlamydia\\w*|衣原体'), 'chlamydia'],
  [c('\\bfungal\\b|\\bmycotic\\b|\\baspergill\\w*|\\bcandid(?:a|al|iasis)\\b|真菌|霉菌|曲霉|念珠菌'), 'fungus'],
  [c('\\bamoebic\\b|\\bamebic\\b|阿米巴'), 'amoeba'],
  [c('\\btuberculous\\b|\\btuberculosis\\b|\\btb\\b|结核'), 'tb'],
  [c('\\bdrug[- ]induced\\b|\\bmedication[- ]induced\\b|药物性|药源性|药物相关|药物诱发'), 'drug'],
  [c('\\bautoimmune\\b|自身免疫'), 'autoimmune'],
  // (a response to steroids — steroid-sensitive, -resistant, 激素敏感型 — is no cause: axes.ts reads it)
  [c('\\b(?:steroid|glucocorticoid|corticosteroid)[- ]induced\\b|\\bsteroid\\b(?![- ]?(?:sensitive|resistant|dependent|responsive|refractory))|激素性|类固醇(?!敏感|耐药|依赖|抵抗)|糖皮质激素(?!敏感|耐药|依赖|抵抗)'), 'steroid'],
  [c('\\bhepatitis b\\b|\\bhbv\\b|乙[型性]肝炎|乙[型性]病毒性肝炎|乙肝'), 'hbv'],
  [c('\\bhepatitis c\\b|\\bhcv\\b|丙[型性]肝炎|丙[型性]病毒性肝炎|丙肝'), 'hcv'],
  [c('\\biron deficiency\\b|缺铁性'), 'iron'],
  [c('\\bfolate\\b|\\bfolic acid\\b|叶酸'), 'folate'],
  [c('\\b(?:vitamin )?b12\\b|\\bcobalamin\\b|\\bpernicious\\b|维生素 ?b12|钴胺|恶性贫血'), 'b12'],
  [c('肾性'), 'renal'],
  [c('\\bperipartum\\b|围产期|围生期'), 'peripartum'],
  [c('\\bradiation[- ]induced\\b|\\bradiation\\b|放射性'), 'radiation'],
  [c('\\buterine atony\\b|子宫收缩乏力|宫缩乏力'), 'atony'],
  [c('\\bretained placenta\\b|\\bretained products\\b|胎盘滞留|胎盘残留|胎盘植入'), 'placenta'],
  [c('\\banticoagula\\w*|\\bwarfarin\\b|抗凝'), 'anticoagulant'],
  [c('\\bpostmenopausal\\b|绝经后'), 'postmenopausal'],
  [c('\\bsenile\\b|老年性'), 'senile'],
  // a valve disease's cause: rheumatic vs degenerative (calcific, 退行性钙化性) — not the rheumatoid (类风湿) arthritis
  [c('\\brheumatic\\b|(?<!类)风湿性'), 'rheumatic'],
  [c('\\bdegenerative\\b|\\bcalcific\\b|退行性|退变性|钙化性'), 'degenerative'],
  // a physiological state has no disease as its cause: physiological jaundice is no haemolytic one
  [c('\\bphysiologic(?:al)?\\b|生理性'), 'physiological'],
  [c('\\bh(?:a)?emolytic\\b|\\bhemolysis\\b|\\babo\\b|\\brh(?:esus)? (?:isoimmuni|incompatib|h(?:a)?emolytic)|溶血'), 'hemolysis'],
  [c('\\bsmok\\w*|吸烟'), 'smoking'],
  [c('\\bcontrast[- ]induced\\b|造影剂'), 'contrast'],
  [c('\\bnsaid\\w*|非甾体'), 'nsaid'],
  [c('\\bhelicobacter\\b|\\bh pylori\\b|幽门螺杆菌'), 'hpylori'],
  // the mechanism, a separate question from the cause: ischaemic (cardioembolic, atherothrombotic) or haemorrhagic
  [c('\\bcardioembolic\\b|\\bcardiac embol\\w*|\\bcardiogenic (?:cerebral )?embol\\w*|心源性(?=脑|栓)'), 'cardioembolic'],
  [c('\\batherothrombotic\\b|\\blarge artery atheroscler\\w*|大动脉粥样硬化'), 'atherothrombotic'],
  [c('\\blacunar\\b|\\bsmall (?:vessel|artery) (?:occlusion|disease)\\b|腔隙性|小动脉闭塞'), 'lacunar'],
  [c('\\bischemic\\b|缺血性'), 'ischemic'],
  [c('\\bhemorrhagic\\b|出血性'), 'hemorrhagic'],
];
/** A cause category that is a kind of another (it agrees with it), and the mechanism categories. */
const PARENT: Record<string, string> = { influenza: 'virus', cmv: 'virus', ebv: 'virus', pneumococcus: 'streptococcus', staphylococcus: 'bacteria', streptococcus: 'bacteria', klebsiella: 'bacteria', pseudomonas: 'bacteria', cardioembolic: 'ischemic', atherothrombotic: 'ischemic', lacunar: 'ischemic' };
const VALVE_CAUSES = new Set(['rheumatic', 'degenerative']);
const MECHANISM = new Set(['ischemic', 'hemorrhagic', 'cardioembolic', 'atherothrombotic', 'lacunar']);

// one test for every cause pattern: most names state no cause
const ANY_CAUSE = new RegExp(SOURCES.map((x) => `(?:${x})`).join('|'), 'u');

/** The cause categories a name states (see the file comment). */
export function causesOf(text: string): string[] {
  if (!ANY_CAUSE.test(text)) return [];
  const out: string[] = [];
  for (const [re, cat] of CAUSES) if (re.test(text) && !out.includes(cat)) out.push(cat);
  return out;
}

/** A cause category and the categories it is a kind of (pneumococcus, streptococcus, bacteria). */
const lineage = (x: string): string[] => (PARENT[x] ? [x, ...lineage(PARENT[x])] : [x]);
const agree = (x: string, y: string): boolean => lineage(x).includes(y) || lineage(y).includes(x) || (x === 'spontaneous' && y !== 'trauma') || (y === 'spontaneous' && x !== 'trauma');

/** A cause kind named on one side is the other's or a kind of it (streptococcal for bacterial, pneumococcal for
 *  bacterial, bacterial for bacterial): every cause of `broad` has one in `narrow` that equals it or is its kind. */
export function causesNarrower(narrow: readonly string[], broad: readonly string[]): boolean {
  return broad.length > 0 && narrow.length > 0 && broad.every((b) => narrow.some((x) => lineage(x).includes(b)));
}

/** The text without its cause words (for comparing two names whose causes agree by kind). */
export function withoutCauses(text: string): string {
  return text.replace(CAUSE_WORDS, ' ').replace(/\s+/g, ' ').trim();
}
const CAUSE_WORDS = new RegExp(SOURCES.map((x) => `(?:${x})`).join('|'), 'gu');

/** Both names state a cause (or a mechanism) and none agrees (see the file comment): a description, or undefined. */
export function causeConflict(a: readonly string[], b: readonly string[]): string | undefined {
  for (const mechanism of [false, true]) {
    const [x, y] = [a.filter((k) => MECHANISM.has(k) === mechanism), b.filter((k) => MECHANISM.has(k) === mechanism)];
    if (x.length > 0 && y.length > 0 && !x.some((u) => y.some((w) => agree(u, w)))) return `${mechanism ? 'mechanism' : 'cause'}: ${x.join('+')} vs ${y.join('+')}`;
  }
  // of a valve disease "ischaemic" is the cause (ischaemic mitral regurgitation), against a rheumatic or degenerative one
  for (const [x, y] of [[a, b], [b, a]] as const) {
    const valve = y.filter((k) => VALVE_CAUSES.has(k));
    if (x.includes('ischemic') && !x.some((k) => VALVE_CAUSES.has(k)) && valve.length > 0 && !y.includes('ischemic')) return `cause: ischemic vs ${valve.join('+')}`;
  }
  return undefined;
}

// "X without Y" / X（不伴Y） states that Y is absent: a name on the other side that has Y ("X with Y", X伴Y) is
// another diagnosis (chronic rhinosinusitis without vs with nasal polyps). "Without complications" is qualifiers.ts's.
const WITHOUT = /\bwithout\s+((?:[a-z]+\s?){1,4}?)(?=\s*(?:$|[,;()]|\band\b|\bor\b))|(?:不伴(?:有)?|未伴(?:有)?|不合并|未合并|无合并)(\p{Script=Han}{2,8}?)(?=$|[，,;；()（）、]|\s)/gu;

/** A term stated absent in one name and present in the other: a description, or undefined. */
export function negatedWithConflict(a: string, b: string): string | undefined {
  const absent = (t: string): string[] => [...t.matchAll(WITHOUT)].map((m) => (m[1] ?? m[2] ?? '').trim()).filter((x) => x !== '' && !/^(?:any )?complications?$|^并发症$/u.test(x));
  for (const [x, y] of [[a, b], [b, a]] as const) {
    const yAbsent = absent(y);
    const term = absent(x).find((w) => y.includes(w) && !yAbsent.some((v) => v.includes(w)));
    if (term !== undefined) return `"${term}" is stated absent on one side and present on the other`;
  }
  return undefined;
}
