/**
 * Two readings of infection names and of "X-related" names (docs/metrics.md, "Stages, severity, negation,
 * complications and causes: the policy", "Organism and setting"):
 *
 * - **Organism and setting are two axes of an infection.** The organism (Klebsiella pneumoniae, E. coli, 肺炎链球菌,
 *   a virus, a fungus) says what causes it; the setting (community-acquired, hospital-acquired, ventilator- or
 *   catheter-associated, 社区获得性, 医院获得性, 呼吸机相关, 导管相关) says where it was acquired. A gold that states
 *   only the setting is matched by a prediction that states only the organism when the two agree without the
 *   setting: the setting is a qualifier stated on one side only, and the organism makes the prediction the more
 *   specific diagnosis ("Klebsiella pneumoniae pneumonia" for "community-acquired pneumonia"). The other way round
 *   the prediction is broader on the organism axis and does not count (the broader-name policy decides as usual).
 *   `settingOnlyGold` tells when the first case applies and gives the gold without its setting.
 * - **Words that are no cause.** "X-related Y", "X-associated Y", X相关Y read X as Y's cause (structure.ts) — but
 *   not when X is a tissue (mucosa-associated lymphoid tissue, 黏膜相关), a device or a place of care (ventilator,
 *   catheter, line, hospital, 呼吸机, 导管, 医院), an age (age-related) or an antibody (IgG4, ANCA, MOG, PLA2R): those
 *   words are part of the disease's name, and cutting them off would leave a broader disease as its head.
 *   `noCause` tells them. A cause word with an adjective of its own is that adjective before 相关性: 酒精相关性肝硬化
 *   is 酒精性肝硬化, 药物相关性肝损伤 药物性肝损伤 (`CAUSE_WORD_REWRITES`, applied with qualifiers.ts REWRITES). Pure.
 */
import { causesOf } from './negation.js';

// where an infection was acquired (the `setting` axis of axis-table-more.ts, with the device-associated ones)
const SETTING_SRC = [
  '\\b(?:community|hospital)[- ]acquired\\b',
  '\\bnosocomial\\b',
  '\\bhealth ?care[- ](?:associated|acquired)\\b',
  '\\b(?:ventilator|catheter|central line|line|device)[- ](?:associated|related)\\b',
  '社区获得性?',
  '(?:医院|院内)获得性?',
  '医院内',
  '医疗(?:保健)?相关性?',
  '(?:呼吸机|(?:中心静脉)?导管)相关性?',
].join('|');
const SETTING = new RegExp(SETTING_SRC, 'u');
const SETTING_G = new RegExp(SETTING_SRC, 'gu');

// the organism categories negation.ts reads, and more organisms by name
const PATHOGEN_CAUSES = new Set(['virus', 'influenza', 'cmv', 'ebv', 'bacteria', 'pneumococcus', 'staphylococcus', 'streptococcus', 'klebsiella', 'pseudomonas', 'mycoplasma', 'chlamydia', 'fungus', 'amoeba', 'tb', 'hpylori']);
const ORGANISM = new RegExp(
  [
    '\\b(?:escherichia|e\\.?) coli\\b',
    '\\b(?:acinetobacter|enterococc\\w*|enterobacter\\w*|proteus|serratia|h(?:a)?emophilus|legionella|moraxella|neisseria|meningococc\\w*|gonococc\\w*|listeria|salmonella|shigella|clostridi\\w*|bacteroides|nocardia|actinomyc\\w*|cryptococc\\w*|pneumocystis|mucor\\w*|brucell\\w*|stenotrophomonas|burkholderia|citrobacter|gram[- ](?:negative|positive))\\b',
    '\\b(?:mrsa|mssa|vre|esbl|rsv|hsv|vzv|covid 19|sars cov 2)\\b',
    '\\b(?:adeno|rhino|corona|entero|metapneumo|parainfluenza)virus\\b',
    '(?<!无)(?<=\\p{Script=Han})菌(?=性?\\p{Script=Han})',
    '耐甲氧西林|革兰[阴阳]性|合胞病毒|腺病毒|冠状病毒|新冠|疱疹病毒|肺孢子',
  ].join('|'),
  'u',
);

/** Whether a name states an organism (see the file comment). */
export function statesOrganism(text: string): boolean {
  return ORGANISM.test(text) || causesOf(text).some((c) => PATHOGEN_CAUSES.has(c));
}

/** Whether a name states where its infection was acquired. */
export function statesSetting(text: string): boolean {
  return SETTING.test(text);
}

/** The gold without its setting, when the gold states a setting and no organism and the prediction an organism
 *  and no setting (see the file comment); else undefined. `what` names the two for the explanation. */
export function settingOnlyGold(predicted: string, gold: string): { gold: string; what: string } | undefined {
  if (!statesSetting(gold) || statesOrganism(gold) || statesSetting(predicted) || !statesOrganism(predicted)) return undefined;
  const setting = gold.match(SETTING)?.[0] ?? '';
  const rest = gold.replace(SETTING_G, ' ').replace(/\s+/g, ' ').trim();
  return rest === '' ? undefined : { gold: rest, what: `the gold states only where the infection was acquired ("${setting.trim()}"), the prediction its organism` };
}

// words before "related", "associated", 相关 that are part of the disease's name, not its cause
const NO_CAUSE_EN = /(?:^|\s)(?:mucosa|mucosal|lymphoid tissue|tissue|ventilator|catheter|central line|line|device|implant|hospital|health ?care|community|dialysis|age|igg4|anca|mog|aqp4|pla2r|thsd7a|antibody|antibodies)$/;
const NO_CAUSE_ZH = /(?:黏膜|粘膜|组织|呼吸机|导管|置管|器械|植入物|医院|医疗保健|医疗|社区|透析|年龄|igg4|anca|mog|aqp4|pla2r|thsd7a|抗体)$/u;

/** Whether the words before "related" / 相关 are part of the name rather than its cause (see the file comment). */
export function noCause(before: string, mode: 'en' | 'zh'): boolean {
  return (mode === 'en' ? NO_CAUSE_EN : NO_CAUSE_ZH).test(before.trim());
}

/** 酒精相关性X is 酒精性X (see the file comment): the cause words whose adjective is X性. */
export const CAUSE_WORD_REWRITES: [RegExp, string][] = [[/(酒精|乙醇|药物|放射|病毒)相关性?(?=\p{Script=Han})/gu, '$1性']];
