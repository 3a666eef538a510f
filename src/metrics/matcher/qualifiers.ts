/**
 * The tables of the matcher's normalisation (normalise.ts): hedges, leading labels, trailing explanations,
 * qualifiers dropped freely, slot qualifiers, rewrites of set phrases, and the Chinese wording variants. Stages,
 * grades, severity and phase are read by stage.ts, negation and causes by negation.ts. Pure data and two helpers.
 */

import { CA_REWRITES } from './ca-reading.js';
import { CAUSE_WORD_REWRITES } from './infection.js';
import { DESCRIPTIVE_REWRITES, ZH_MORE_VARIANTS } from './descriptive.js';
import { DESCRIPTIVE_MORE } from './descriptive-more.js';
import { NYHUS_REWRITES } from './named-scales.js';

export const SLOT_NAMES = ['course', 'side', 'type', 'origin', 'nature', 'level', 'site', 'degree', 'completeness', 'polarity', 'stage', 'severity', 'phase', 'compensation', 'differentiation', 'pattern', 'extent', 'displacement', 'axis'] as const;
export type SlotName = (typeof SLOT_NAMES)[number];
export type Slots = Partial<Record<SlotName, string[]>>;

/** Rule table: a pattern over the normalised text, and the slot value it sets (else the captured value). */
type Rule = [RegExp, string?];

// Hedges: how sure the writer is, not which disease (likely, suspected, 疑似, 可能, 考虑, 待排).
export const HEDGES: RegExp[] = [
  /\b(?:most |highly |very |more )?(?:likely|probable|probably|possible|possibly|presumed|presumptive|provisional|tentative|suspected|suspect|questionable|query|putative)\b/g,
  /\b(?:suspicion of|suspicious (?:of|for)|concerning for|suggestive of|consistent with|compatible with|in keeping with|(?:to )?rule out|r\/o|can ?not (?:be )?(?:excluded|ruled out|exclude|rule out)|not (?:excluded|ruled out)|to be (?:excluded|ruled out)|consider(?:ed|ing)?)\b/g,
  /高度怀疑|怀疑|首先考虑|考虑为|考虑|疑似|疑诊|可疑|可能性大|可能性|可能|倾向于|倾向|待排除|待除外|待排|待查|不除外|不排除|拟诊/gu,
  /\?+/g,
];

// Leading labels and sentence frames ("Primary diagnosis:", "The most likely diagnosis is", "初步诊断：").
const LEADS: RegExp[] = [
  /^(?:(?:the|my|our) )?(?:(?:final|principal|primary|main|preliminary|provisional|working|differential|clinical|leading|top|first|initial) )*(?:diagnos[ie]s|dx|impression)(?: (?:is|are|was|would be|of|includes?))?\s*[:-]?\s*/,
  /^(?:the )?patient (?:has|had|is suffering from|suffers from|presents with)\s+/,
  /^(?:this is|it is|its)\s+/,
  /^(?:初步诊断|主要诊断|最终诊断|出院诊断|临床诊断|诊断|印象|结论)\s*(?:为|是)?\s*:?\s*/u,
];

export const LEAD_GROUPS = LEADS.map((re) => [re]);

// Trailing explanation: after a colon/semicolon, a spaced dash, or a reason word (based on, 依据, 建议 …).
export const EXPLANATION = /\s*[:;]|\s-+\s|,?\s(?:based on|given|because|as evidenced|evidenced by|supported by|according to|recommend\w*|suggest\w*|needs?|requires?|please|further|pending|awaiting|confirmed by|see|which|per)\b|,(?=依据|根据|因|由于|结合|患者|建议|需|请|诊断依据|理由|支持)/u;

/**
 * Set phrases rewritten before a name is split into its parts: the benchmark's descriptive style ("malignant
 * tumour of the stomach" is a gastric carcinoma, 胃恶性肿瘤 is 胃癌; "rupture and bleeding of … varices" is a
 * variceal haemorrhage) and phrases that look like a complication but qualify the name ("with acute
 * exacerbation", "with severe features").
 */
export const ITIS: Record<string, string> = { breast: 'mastitis', appendix: 'appendicitis', gallbladder: 'cholecystitis', pancreas: 'pancreatitis', stomach: 'gastritis', colon: 'colitis', bladder: 'cystitis', tonsil: 'tonsillitis', tonsils: 'tonsillitis', pericardium: 'pericarditis', myocardium: 'myocarditis', esophagus: 'esophagitis', prostate: 'prostatitis', epididymis: 'epididymitis', meninges: 'meningitis', brain: 'encephalitis' };

type Rewrite = [RegExp, string | ((m: string, ...groups: string[]) => string)];

const ZH_SEGMENT: Record<string, string> = { 腰: 'l', 骶: 's', 颈: 'c', 胸: 't' };

export const REWRITES: Rewrite[] = [
  ...CA_REWRITES,
  ...CAUSE_WORD_REWRITES,
  ...DESCRIPTIVE_REWRITES,
  ...DESCRIPTIVE_MORE,
  // the Nyhus type of a groin hernia states whether it is direct or indirect (named-scales.ts)
  ...NYHUS_REWRITES,
  [/\bmalignant (?:tumou?r|neoplasm)s?\b/g, 'carcinoma'],
  // DeBakey I and II are Stanford A, DeBakey III is Stanford B
  [/\bdebakey\s*(?:type\s*)?([123])[ab]?(?![0-9])/g, (_m: string, n: string) => (n === '3' ? 'stanford b' : 'stanford a')],
  [/\b(?:rupture(?:d)?|breakage) (?:and|with) (?:bleeding|hemorrhage)\b/g, 'hemorrhage'],
  // a disease due to diabetes or hypertension is the diabetic or hypertensive one (周围神经病变 due to 糖尿病)
  [/\b((?:[a-z]+ ){0,3}[a-z]+) (?:due to|secondary to|caused by|from) (?:type [12] )?diabetes(?: mellitus)?\b/g, 'diabetic $1'],
  [/\b((?:[a-z]+ ){0,3}[a-z]+) (?:due to|secondary to|caused by) (?:essential |primary )?hypertension\b/g, 'hypertensive $1'],
  [/(?<!\p{Script=Han})((?:[12]型)?糖尿病|高血压病?)(?:所致的?|引起的?|导致的?|相关性?)(?=\p{Script=Han})/gu, '$1'],
  // bleeding from a named source is that source with bleeding: "upper GI bleed from duodenal ulcer", 十二指肠溃疡所致上消化道出血
  [/\b(?:(?:upper|lower) )?(?:gi |gastrointestinal )?(?:bleed|bleeding|hemorrhage) (?:from|due to|secondary to) (?:an? |the )?((?:\w+ ){0,3}(?:ulcer|varices|varix|diverticul\w*|polyp|tumou?r|carcinoma|cancer|angiodysplasia))\b/g, '$1 with hemorrhage'],
  [/(\p{Script=Han}{2,8}?(?:溃疡|静脉曲张|憩室|息肉|癌|肿瘤))(?:所致|引起的?|导致的?)(?:[上下]消化道)?(?:大)?出血/gu, '$1伴出血'],
  // "breast carcinoma, invasive ductal type": the type in front
  [/^\s*([a-z][^,]*?), ((?:[a-z]+ ){0,3}[a-z]+) (?:type|variant|subtype)\s*$/g, ' $2 $1 '],
  // ruptured varices are bleeding varices (破裂 of 静脉曲张 likewise); "rupture of", "strangulation of" … are the
  // state words of the name they qualify
  [/\b(?<!gastric )fundal (?=varic)/g, 'gastric fundal '],
  [/\bruptured ((?:\w+ ){0,2})varic\w*/g, '$1variceal hemorrhage'],
  [/(?<=曲张)破裂(?!出血)/gu, '破裂出血'],
  [/\b(rupture|strangulation|incarceration|torsion|perforation) of (?:an? |the )?(?=(?:\w+ ){0,3}(?:pregnancy|hernia|cyst|spleen|diverticul\w*|ulcer|appendi\w*|ovary|testis|gallbladder))/g, (_m: string, w: string) => `${{ rupture: 'ruptured', strangulation: 'strangulated', incarceration: 'incarcerated', torsion: 'torsion', perforation: 'perforated' }[w] ?? w} `],
  [/\bperforation of (?:an? |the )?(?=(?:\w+ ){0,3}(?:ulcer|appendi|diverticul))/g, 'perforated '],
  [/\s(?:with|in)\s+(?:an?\s+)?(?=acute exacerbation\b)/g, ' '],
  [/\s(?:with|in)\s+(?:an?\s+)?(?=exacerbation\b)/g, ' '],
  [/\swith severe features\b/g, ' severe'],
  [/\binflammation of (?:the )?(breast|appendix|gallbladder|pancreas|stomach|colon|bladder|tonsils?|pericardium|myocardium|esophagus|prostate|epididymis|meninges|brain)\b/g, (_m: string, organ: string) => ITIS[organ] ?? _m],
  [/\b(breast|appendix|gallbladder|pancreas|stomach|colon|bladder|tonsils?|pericardium|myocardium|esophagus|prostate|epididymis|meninges|brain) inflammation\b/g, (_m: string, organ: string) => ITIS[organ] ?? _m],
  // a past infarction is an old one; an incisional hernia is postoperative by definition
  [/\b(?:prior|previous|history of|remote)\s+(?=(?:myocardial |cerebral )?infarction\b|mi\b)/g, 'old '],
  [/\bpost ?operative\s+(?=(?:ventral |abdominal )?incisional hernia)/g, ''],
  [/\bpost ?operative (?:ventral|abdominal wall|abdominal) hernia\b/g, 'incisional hernia'],
  [/(?:腹部)?手术后(?=切口疝)/gu, ''],
  // a state word with "stage" or "phase" says the state only: "cirrhosis, decompensated stage", "uraemic stage"
  // (stable and active phases are read as phases, stage.ts; "end stage" is a name)
  [/\b(uremic|early|late|advanced|terminal|acute|chronic|subacute|recovery|convalescent|decompensated|compensated)\s+(?:stage|phase|period)\b(?!\s*(?:\d|[ivx]+\b|[a-d]\b))/g, '$1'],
  // "around the tonsil" is peritonsillar (read peri + tonsillar, normalise.ts)
  [/\baround (?:the |an? )?(?=[a-z])/g, 'peri '],
  // "liver metastases from colon cancer" is a colon cancer with liver metastases
  [/^\s*((?:[a-z]+ ){0,2}[a-z]+) metastas[ie]s (?:from|of) (?:an? |the )?(?:primary )?((?:[a-z]+ ){0,3}(?:carcinoma|cancer|adeno carcinoma|adenocarcinoma|melanoma|sarcoma|tumou?r))\s*$/g, ' $2 with $1 metastasis '],
  // a spinal level names its segment: "L4-L5 disc herniation" is a lumbar one, "C5/6" cervical, "T12" thoracic (the
  // level stays, read by axes.ts: L4/5 and L5/S1 are two levels)
  [/\b([lct])(\d{1,2})(?:\s*(?:-|\/|to|\s)\s*[lcts]?\d{1,2})?\s+(?=(?:[a-z]+ ){0,2}(?:disc|disk|vertebra\w*|spondylolisthesis|compression fracture|burst fracture|fracture)\b)/g, (m: string, seg: string, n: string) => {
    const k = Number(n);
    if (seg === 'l' && k >= 1 && k <= 5) return `lumbar ${m.trim()} `;
    if (seg === 'c' && k >= 1 && k <= 7) return `cervical ${m.trim()} `;
    if (seg === 't' && k >= 1 && k <= 12) return `thoracic ${m.trim()} `;
    return m;
  }],
  // and in Chinese: L4/5椎间盘突出 is 腰椎间盘突出, C5-6颈椎病 a 颈椎病
  [/(?<![a-z0-9])([lct])(\d{1,2})(?:\s*(?:-|\/|~|、)\s*[lcts]?\d{1,2})?\s*(?=[腰颈胸]?椎)/gu, (m: string, seg: string, n: string, ...rest: unknown[]) => {
    const [off, all] = [rest[rest.length - 2] as number, rest[rest.length - 1] as string];
    const k = Number(n);
    const zh = seg === 'l' && k >= 1 && k <= 5 ? '腰' : seg === 'c' && k >= 1 && k <= 7 ? '颈' : seg === 't' && k >= 1 && k <= 12 ? '胸' : undefined;
    if (!zh) return m;
    return /[腰颈胸]/u.test(all[off + m.length] ?? '') ? ` ${m.trim()} ` : `${zh} ${m.trim()} `;
  }],
  [/恶性肿瘤/gu, '癌'],
  // a complication written onto its disease: 十二指肠溃疡出血 is 十二指肠溃疡伴出血
  [/(?<=溃疡|静脉曲张|息肉|憩室)(?=出血|穿孔|梗阻|狭窄)/gu, '伴'],
  // a vertebral level in Chinese: 腰4/5椎间盘突出 is 腰椎间盘突出 at the level L4/5 (腰5骶1 is L5/S1)
  [/(?<=[腰颈胸])\s*\d{1,2}(?:\s*(?:[-/~、]\s*[腰骶颈胸]?|[腰骶颈胸])\s*\d{1,2})?(?=\s*椎)/gu, (m: string, ...rest: unknown[]) => ` ${ZH_SEGMENT[(rest[1] as string)[(rest[0] as number) - 1] ?? ''] ?? ''}${m.trim().replace(/[腰骶颈胸]/gu, (c) => `/${ZH_SEGMENT[c] ?? ''}`)} `],
  [/(?:伴|合并|并)(?=急性加重|急性发作)/gu, ''],
];

/** Chinese wording variants written one way before a name is read: 粘/黏, 综合症/综合征, 返流/反流, 机能/功能,
 *  食道/食管, a transliteration's 氏, 周围/周 (肛门周围脓肿 is 肛周脓肿), 疾病/疾患/病, 脓疡/脓肿, 阻塞性/梗阻性,
 *  硬膜下/硬脑膜下 (血肿, 出血, 积液), 中风/卒中, 胸膜腔/胸腔, 占位/肿块/肿物, 交界处/连接部, 肩关节脱位/肩脱位, 无功能性/无功能, 瘘管/瘘, 左室/左心室, 胸腔出口/胸廓出口, 膝关节化脓性关节炎/化脓性膝关节炎, an organ's 脏 (肾脏病 is 肾病),
 *  瓣膜/瓣, 变应性/过敏性, 肥大/增生 (腺样体, 前列腺, 扁桃体), 乳房/乳腺, 鼻旁窦/鼻窦, 心包腔积液/心包积液. 型 and 性 after a character (稳定型/稳定性心绞痛) are made one later, once the type slot is read. */
export const ZH_VARIANTS: Rewrite[] = [
  ...ZH_MORE_VARIANTS,
  [/粘/gu, '黏'],
  [/综合症/gu, '综合征'],
  [/返流/gu, '反流'],
  [/机能/gu, '功能'],
  [/食道/gu, '食管'],
  [/(?<=\p{Script=Han})氏(?=\p{Script=Han})/gu, ''],
  [/肛门周围?(?=脓肿|炎|瘘|湿疹|皮炎|血肿|感染)/gu, '肛周'],
  [/肩关节周围?炎/gu, '肩周炎'],
  [/周围(?!型|神经|血管|血)/gu, '周'],
  [/疾病|疾患/gu, '病'],
  [/(?<=[无非])功能性/gu, '功能'],
  [/中风/gu, '卒中'],
  [/(?<=\p{Script=Han})瘘管/gu, '瘘'],
  [/(?<![心])(?<=[左右])(?=[室房](?!间|性|早|颤|扑|速))/gu, '心'],
  [/胸腔出口/gu, '胸廓出口'],
  [/(\p{Script=Han}{1,2}关节)(\p{Script=Han}{1,4}性)关节炎/gu, '$2$1炎'],
  [/交界处|交界部|连接处/gu, '连接部'],
  [/(?<=[肩肘髋膝踝腕])关节(?=半?脱位)/gu, ''],
  [/胸膜腔/gu, '胸腔'],
  [/占位性?病变|占位|肿块/gu, '肿物'],
  [/脓疡/gu, '脓肿'],
  [/阻塞性/gu, '梗阻性'],
  [/(?<![脑脊])硬膜(?=[下外](?:血肿|出血|积液|积脓|脓肿))/gu, '硬脑膜'],
  [/(?<=[心肝脾肺肾胰])脏(?!器)/gu, ''],
  [/瓣膜|瓣口/gu, '瓣'],
  [/蒂扭转/gu, '扭转'],
  [/耳聋/gu, '聋'],
  [/疼/gu, '痛'],
  [/肠道(?=梗阻|感染|出血|肿瘤|息肉|狭窄|穿孔)/gu, '肠'],
  // 部 after a part of the body says nothing more: 胰头部癌 is 胰头癌, 鼻咽部 is 鼻咽 (not 部分, 部位)
  [/(?<=\p{Script=Han})部(?![分位])(?=\p{Script=Han})/gu, ''],
  [/变态反应性|变应性/gu, '过敏性'],
  [/(?<!乳房|乳腺)肥大/gu, '增生'],
  [/乳房/gu, '乳腺'],
  [/鼻旁窦|副鼻窦/gu, '鼻窦'],
  [/(?<=\p{Script=Han})[腔隙](?=积液|积血|积气|积脓|出血)|间隙(?=脓肿|感染)/gu, ''],
  // an electrolyte or metabolite written either way: 低血钾 / 低钾血症, 高血尿酸 / 高尿酸血症 (not before 性: 低血钾性周期性麻痹)
  [/([高低])血(钾|钠|钙|镁|磷|氯|尿酸)(?:血?症)?(?!性|血症)/gu, '$1$2血症'],
  // an organ's failure with or without 功能: 呼吸功能衰竭 / 呼吸衰竭, 肾功能衰竭 / 肾衰竭 (心功能衰竭 is the lexicon's)
  [/(?<=\p{Script=Han})(?<!心)功能衰竭/gu, '衰竭'],
  [/缺氧缺血/gu, '缺血缺氧'],
  // a disorder named X症 or X障碍 (焦虑症 / 焦虑障碍, 强迫症 / 强迫障碍) — not a function, faculty or process that is
  // impaired (功能障碍, 认知障碍, 意识障碍, 吞咽障碍 … are no X症)
  [/(?<=\p{Script=Han}{2})(?<!功能|认知|意识|语言|言语|吞咽|运动|排尿|排便|发育|凝血|代谢|传导|循环|睡眠|精神|行为|心理)障碍(?=$|[,\s(])/gu, '症'],
];

// Freely droppable qualifiers (see the file comment of normalise.ts). Protected names: multiple myeloma/sclerosis,
// small bowel, 重症肌无力 (myasthenia gravis) are not touched because the patterns do not match them.
/** A name that states it has no complication ("type 2 diabetes without complications", 2型糖尿病不伴并发症). */
export const NO_COMPLICATION = /\bwithout (?:mention of )?(?:any )?complications?\b|\bwith no complications?\b|(?:不伴|无)(?:任何)?并发症/u;

export const DROP: RegExp[] = [
  /\b(?:extensive(?! (?:stage|disease)\b)|massive|significant|marked|(?:un)?complicated|recurrent(?! (?:spontaneous )?(?:miscarriage|abortion|pregnancy loss))|relapsed|relapsing|refractory|initial|first episode|episode|new onset|newly diagnosed|early|advanced|late|progressive|intermittent|perforated|ruptured(?= (?:\w+ ){0,2}(?:ectopic|tubal|pregnancy|cyst|varic\w*|corpus|membranes?|abscess|plaque))|incarcerated|strangulated|(?:ir)?reducible|obstructed|(?:poorly|well|suboptimally|inadequately|un)? ?controlled|confirmed|proven|biopsy proven|clinical(?:ly)?|simple|solitary|single|multifocal|generalized|localized|diffuse(?! large))\b|(?<=\b(?:ulcer|appendicitis|diverticulitis) )perforation\b/g,
  // what ICD titles and notes say of a name that states nothing more: "hypertension NOS", "pneumonia,
  // unspecified", "type 2 diabetes without complications", 未特指, 不伴并发症
  /\b(?:nos|not otherwise specified|unspecified|not specified|without (?:mention of )?(?:any )?complications?|with no complications?)\b|未特指的?|(?:不伴|无)(?:任何)?并发症/gu,
  /\bmultiple(?= (?:uterine|fibroid|leiomyom|myom|nodule|cyst|calcul|stone|polyp|fracture|lesion|metasta|adenoma|hemangioma))/g,
  /\b(?:pediatric|paediatric|childhood)(?= \w)|\bin (?:children|infants)\b|小儿|儿童(?!期)/gu,
  /\b(?:very high|high|intermediate high|intermediate low|intermediate|moderate|low)[- ]risk\b/g,
  /\b(?:phase|score|tier|group)\s*\d{1,2}[a-d]?(?:\s*-\s*\d{1,2}[a-d]?)?\b/g,
  /\b(?:bi|ti|li|pi|c ?ti|acr ?ti|o) ?rads\s*\d[a-c]?\b/g,
  /\bl\d(?:\s*[-/]\s*|\s+)(?:l?\d|s\d)\b|\b(?:[ctl]\d{1,2}|s[1-5])\b|\b(?:lee|gleason|isup|fuhrman)\s*(?:grade\s*|score\s*)?\d{1,2}\b/g,
  /急性期|慢性期|恢复期|早期|晚期|进展期|中晚期|初发型?|复发性?(?!流产)|难治性|反复发作|首次发作|新发|首发|单发|巨大|广泛(?!前壁|期)|单纯性(?!疱疹)|可复性?|难复性?|嵌顿性?|绞窄性?|(?<=曲张|妊娠|囊肿|黄体)(?:未破裂|破裂)|(?<=溃疡|阑尾炎|阑尾|憩室炎|憩室)(?:并|伴)?穿孔|穿孔性(?=阑尾炎)|(?:血糖)?控制(?:欠佳|不佳|不良|良好|差)/gu,
  /多发性?(?=子宫|肌瘤|结节|结石|囊肿|息肉|骨折|腺瘤|血管瘤|病灶|转移)/gu,
  /全身型|眼肌型|慢性复发型|慢性持续型|暴发型|左半结肠型|广泛结肠型|全结肠型|直肠型|腹型|关节型|肾型|皮肤型|混合型(?=高脂|高血脂|血脂)|周围型|中央型/gu,
  /(?:很高危|极高危|中高危|中低危|高危|中危|低危)组?/gu,
  /[a-z-]*\s*分[级期]|(?:bi|c ?ti|acr ?ti|ti) ?rads\s*\d[a-c]?\s*类?|\d{1,2}[a-d]?\s*类|孕\d+产\d+|孕\d+\+\d+周/gu,
];

// Slots (see the file comment of normalise.ts). Order matters inside a slot: "subacute" before "acute", 不完全
// before 完全.
const SLOTS: [SlotName, Rule[]][] = [
  ['course', [[/\bsub ?acute\b|亚急性/gu, 'subacute'], [/\b(?:hyper)?acute\b|超?急性/gu, 'acute'], [/\bchronic\b|慢性/gu, 'chronic'], [/\bold\b|陈旧性?/gu, 'old']]],
  ['side', [[/\b(?:bilateral(?:ly)?|both)\b|双侧|两侧|双(?=[肺肾膝乳眼耳髋踝足手下上侧])/gu, 'both'], [/\b(?:left|lt)(?: sided)?\b|左侧?/gu, 'left'], [/\b(?:right|rt)(?: sided)?\b|右侧?/gu, 'right']]],
  ['type', [[/\bstanford\s+(?:type\s*)?([ab])\b(?:\s*型)?|\btype\s*(\d{1,2}|[a-d])\b|(?:stanford\s*)?(?<![a-z])(\d{1,2}|[a-d])\s*型/gu]]],
  // a metastatic tumour of the liver, bone, brain … (转移性肝癌, "metastatic liver cancer") is a secondary tumour
  ['origin', [[/\b(?:primary|essential)\b|\bidiopathic\b(?! (?:hyper)?aldosteronism)|原发性?(?!孔)|特发性(?!醛固酮)/gu, 'primary'], [/\bsecondary\b|继发性?(?!孔)|\bmetastatic(?= (?:liver|hepatic|bone|osseous|brain|cerebral|spine|spinal|adrenal|peritoneal|pleural|lymph|skin|cutaneous|lung|pulmonary)\b)|转移性(?=肝|骨|脑|脊|肾上腺|腹膜|淋巴|肺|皮肤)/gu, 'secondary']]],
  ['nature', [[/\bbenign\b|良性/gu, 'benign'], [/\bmalignant\b|恶性/gu, 'malignant']]],
  ['level', [[/\b(?:mid(?:dle)? (?:to|and) low(?:er)?)(?= rect)|中低位/gu, 'middle+lower'], [/\b(?:upper|high(?= rect))\b|高位|上(?=消化道|肢|叶|段|呼吸道|尿路|极|腹)/gu, 'upper'], [/\b(?:lower|low(?= rect))\b|低位|下(?=消化道|肢|叶|段|呼吸道|尿路|极|腹)/gu, 'lower'], [/\b(?:middle|mid)\b|中(?=叶|段)/gu, 'middle']]],
  ['site', [[/\banteroseptal\b|前间壁/gu, 'anteroseptal'], [/\banterolateral\b|前侧壁/gu, 'anterolateral'], [/\binferoposterior\b|下后壁/gu, 'inferoposterior'], [/\banterior(?: wall)?\b|广泛前壁|前壁/gu, 'anterior'], [/\binferior(?: wall)?\b|下壁/gu, 'inferior'], [/\bposterior(?: wall)?\b|正?后壁/gu, 'posterior'], [/\b(?:infero|postero)?lateral(?: wall)?\b|高?侧壁/gu, 'lateral']]],
  ['degree', [[/\b(?:(first|1st)|(second|2nd)|(third|3rd)|(fourth|4th))[- ]degree\b|\bdegree\s*(\d)\b|(\d)\s*度/gu]]],
  // histological differentiation, a grade: well vs poorly differentiated adenocarcinoma conflict (未分化癌 is an entity)
  ['differentiation', [[/\bwell to moderately differentiated\b|高-?中分化/gu, 'well+moderate'], [/\bmoderately to poorly differentiated\b|中-?低分化/gu, 'moderate+poor'], [/\b(?:well|highly) differentiated\b|高分化/gu, 'well'], [/\bmoderately differentiated\b|中分化/gu, 'moderate'], [/\bpoorly differentiated\b|低分化/gu, 'poor']]],
  // the temporal pattern of an arrhythmia (paroxysmal, persistent, long-standing persistent, permanent AF are four
  // diagnoses; "long-standing persistent" is a persistent one) and the extent of a small cell lung cancer
  ['pattern', [[/\blong(?:standing| standing| lasting)? persistent\b|长程持续性?(?=心房|房颤|心房扑动|房扑)/gu, 'persistent+longstanding'], [/\bparoxysmal\b|阵发性?(?=心房|房颤|心房扑动|房扑|室上|心动过速)/gu, 'paroxysmal'], [/\bpersistent\b|持续性(?=心房|房颤|心房扑动|房扑)/gu, 'persistent'], [/\bpermanent\b|永久性(?=心房|房颤|心房扑动|房扑)/gu, 'permanent'], [/\blong standing\b/gu, 'longstanding']]],
  ['extent', [[/\bextensive (?:stage|disease)\b|广泛期/gu, 'extensive'], [/\blimited (?:stage|disease)\b|局限期/gu, 'limited']]],
  // a fracture displaced or not (Garden III–IV or I–II, descriptive.ts)
  ['displacement', [[/\b(?:non ?|un)displaced\b|(?:无|非|不伴?)移位[性型]?/gu, 'undisplaced'], [/\bdisplaced\b|移位[性型]?(?=\p{Script=Han}*骨折|\s*$)/gu, 'displaced']]],
  ['completeness', [[/\b(?:incomplete|partial)\b|不完全性?|部分性?|不全性?(?=流产|肠梗阻|骨折|脱位|性)/gu, 'partial'], [/\b(?:complete|total)\b|完全性?/gu, 'complete']]],
];

/**
 * One test that is true whenever any of the patterns would match (their union, without the global flag): when it
 * fails, none of them matches and a whole group of replacements can be skipped — they would leave the text as it is.
 */
export function anyOf(patterns: RegExp[]): (t: string) => boolean {
  const groups = [patterns.filter((re) => re.unicode), patterns.filter((re) => !re.unicode)].filter((g) => g.length > 0);
  // the same pattern twice (one rule per disease context) is tested once
  const tests = groups.map((g) => new RegExp([...new Set(g.map((re) => `(?:${re.source})`))].join('|'), g[0]!.unicode ? 'u' : ''));
  return (t) => tests.some((re) => re.test(t));
}

export const SLOT_RULES = SLOTS.map(([name, rules]) => [name, rules, anyOf(rules.map(([re]) => re))] as const);

const PREFILTER = new Map<RegExp[], (t: string) => boolean>();

/** Remove every match of the patterns, recording what was removed. */
export function removeAll(t: string, patterns: RegExp[], into: string[]): string {
  let any = PREFILTER.get(patterns);
  if (!any) PREFILTER.set(patterns, (any = anyOf(patterns)));
  if (!any(t)) return t;
  let out = t;
  for (const re of patterns) {
    out = out.replace(re, (m) => {
      if (m.trim()) into.push(m.trim());
      return ' ';
    });
  }
  return out;
}

const REWRITE_FILTER = new Map<Rewrite[], (t: string) => boolean>();

/** Apply rewrites (no record kept: they change the wording, not the disease). */
export function rewrite(t: string, table: Rewrite[]): string {
  let any = REWRITE_FILTER.get(table);
  if (!any) REWRITE_FILTER.set(table, (any = anyOf(table.map(([re]) => re))));
  if (!any(t)) return t;
  let out = t;
  for (const [re, to] of table) out = typeof to === 'string' ? out.replace(re, to) : out.replace(re, to as (m: string, ...g: string[]) => string);
  return out;
}
