/**
 * More set phrases read before a name is split (qualifiers.ts applies them first, in both languages): lay-style
 * descriptions of a lesion ("collection of pus" is an abscess, "benign tumour of the smooth muscle" a leiomyoma,
 * "blood collection between skull and dura" an epidural haematoma, "dilatation of the abdominal aorta" an aortic
 * aneurysm), neonatal names written "of the newborn", "complicated by" as "with", classifications that name an entity
 * (Garden III–IV is a displaced femoral neck fracture, HIV at WHO stage 4 / CDC stage 3 is AIDS, heart failure stage D
 * is end-stage heart failure, lupus nephritis class IV-G is class IV); and the Chinese transliteration variants of
 * eponyms (卡波西 / 卡波济, 格雷夫斯 / 格瑞夫斯, 艾迪生 / 爱迪生). Pure data and one helper.
 */

type Rewrite = [RegExp, string | ((m: string, ...groups: string[]) => string)];

/** The benign tumour of a tissue: "benign tumour of the uterine smooth muscle" is a uterine leiomyoma. */
const OMA: Record<string, string> = { 'smooth muscle': 'leiomyoma', fat: 'lipoma', 'fatty tissue': 'lipoma', 'adipose tissue': 'lipoma', 'blood vessel': 'hemangioma', 'blood vessels': 'hemangioma', 'fibrous tissue': 'fibroma', 'glandular tissue': 'adenoma', 'nerve sheath': 'schwannoma', cartilage: 'chondroma', bone: 'osteoma' };

const last = (groups: unknown[]): string => String(groups[groups.length - 1] ?? '');
const GARDEN_DISPLACED = new Set(['3', '4', 'iii', 'iv']);
const ROMAN: Record<string, string> = { i: '1', ii: '2', iii: '3', iv: '4' };

export const DESCRIPTIVE_REWRITES: Rewrite[] = [
  // a cause written in parentheses is the name's cause: 肾绞痛（右输尿管结石所致） is 右输尿管结石所致肾绞痛, "liver
  // cirrhosis (hepatitis B related)" a hepatitis B related liver cirrhosis, "ileus (due to adhesions)" an ileus due to
  // adhesions — read then as every named cause is (structure.ts)
  [/^(.*?\p{Script=Han}.*?)\s*\(\s*(?:继发于|由于)?\s*([^()]+?)\s*(?:所致|引起|导致|诱发|相关)的?\s*\)(.*)$/u, '$2所致$1$3'],
  [/^(.*?\p{Script=Han}.*?)\s*\(\s*继发于\s*([^()]+?)\s*\)(.*)$/u, '$2所致$1$3'],
  [/^([^()]*?[a-z][^()]*?)\s*\(\s*(?:due to|secondary to|caused by|induced by|resulting from)\s+([^()]+?)\s*\)(.*)$/, '$1$3 due to $2'],
  [/^([^()]*?[a-z][^()]*?)\s*\(\s*([^()]+?)[- ](?:related|associated|induced)\s*\)(.*)$/, '$2 related $1$3'],
  // the scar of a caesarean section is what a scarred uterus is: its "after previous caesarean" is its name, not a
  // history (剖宫产术后瘢痕子宫 is 瘢痕子宫)
  [/\b(scarred uterus|uterine scar|scar uterus)\s*,?\s*\(?(?:after|from|following|due to|post)\s+(?:a\s+|one\s+|two\s+|previous\s+|prior\s+)*(?:ca?esarean|c)\s*(?:sections?|deliver(?:y|ies))?\)?/g, '$1'],
  [/\b(?:previous|prior|post)\s+(?:ca?esarean|c)\s*(?:sections?|deliver(?:y|ies))?\s+(scarred uterus|uterine scar)\b/g, '$1'],
  [/(?:既往)?(?:子宫下段)?剖宫产(?:术)?(?:后|史)?的?(?=瘢痕子宫)/gu, ''],
  [/(?<=瘢痕子宫(?:(?:再次|再|二次)妊娠)?)\s*\(\s*(?:既往|前次|上次)?(?:[1-9一二两]次)?剖宫产(?:术)?(?:后|史)?\s*\)/gu, ''],
  // 瘢痕子宫再次妊娠 is a pregnancy with a scarred uterus (structure.ts reads 妊娠合并X as X)
  [/^\s*(\p{Script=Han}{2,}?)(?:再次|再|二次)妊娠\s*$/u, ' 妊娠合并$1 '],
  // a recurrence is the recurrent tumour, wherever it recurred: "breast cancer after mastectomy with chest wall
  // recurrence" and "locally recurrent breast cancer of the chest wall" are a recurrent breast cancer
  [/\b((?:[a-z]+ ){0,4}?(?:carcinoma|cancer|sarcoma|melanoma|lymphoma|tumou?r))\s*,?\s*(?:after|post|following)\s+(?:[a-z]+ ){0,3}?(?:[a-z]*ectomy|resection|surgery|excision)\s+with\s+(?:(?:left|right|bilateral|local|locoregional|regional|[a-z]+) ){0,5}?recurrence\b/g, 'recurrent $1'],
  [/\b(?:locally |locoregionally |regionally )?recurrent ((?:[a-z]+ ){0,4}?(?:carcinoma|cancer|sarcoma|melanoma|lymphoma|tumou?r))\s+(?:of|in|at|involving) (?:the )?(?:(?:left|right|bilateral|[a-z]+) ){0,3}?(?:chest wall|nodes?|lymph nodes?|wall|bed|scar|stump)\b/g, 'recurrent $1'],
  // 乳腺癌术后局部复发, 左乳癌改良根治术后胸壁复发: the recurrent tumour too, the operation and the site of recurrence left out
  [/(\p{Script=Han}{1,8}?(?:癌|肉瘤|黑色素瘤|淋巴瘤))(?:\p{Script=Han}{0,6}?(?:根治|切除|手术|保乳))?术后(?:[左右双]侧?)?(?:局部|区域|原位|\p{Script=Han}{0,4}?(?:胸壁|切口|瘢痕|残端|吻合口|术区|瘤床))?复发/gu, '$1复发'],
  // a prosthetic valve that fails from thrombus is a prosthetic valve thrombosis
  [/\b((?:prosthetic|mechanical|bioprosthetic) (?:[a-z]+ )?valve) (?:dysfunction|obstruction|failure) (?:due to|from|caused by|secondary to) (?:valve |valvular )?thromb(?:osis|us)\b/g, '$1 thrombosis'],
  // the C6 class of chronic venous disease is an active venous ulcer (a healed one, C5, is not)
  [/\bchronic venous (?:insufficiency|disease)(?: of (?:the )?(?:(?:left|right|bilateral) )?(?:lower )?(?:limbs?|legs?|extremit(?:y|ies)))? with (?:an? )?(?:active |open )?venous (?:leg |limb )?ulcer(?:ation)?(?:\s*\(\s*c6\s*\)|\s*,?\s*c6\b)?/g, 'venous leg ulcer'],
  // a rupture bleeds: 输卵管妊娠破裂出血 is the ruptured tubal pregnancy, "angiomyolipoma with rupture and haemorrhage"
  // the ruptured one (varices stay bleeding ones: qualifiers.ts)
  [/(?<!曲张)破裂(?:并|伴)?出血/gu, '破裂'],
  [/^\s*(?!.*varic)([a-z][^,;()]*?),? with rupture(?: (?:and|with) (?:ha?emorrhage|bleeding))?(?=\s*$|\s*[,;(]| with\b)/, ' ruptured $1 '],
  [/\brupture (?:and|with) (?:ha?emorrhage|bleeding)\b(?! of)/g, 'rupture'],
  // "伴X形成" states that X formed: the complication X (哺乳期急性乳腺炎伴乳房脓肿形成)
  [/(伴有?|合并|并发)(\p{Script=Han}{2,}?)形成(?=$|[\s,;(）)]|伴|合并)/gu, '$1$2'],
  // a blood clot in the deep veins of a limb is its deep vein thrombosis; "beside", "next to", "adjacent to" an organ
  // are "around" it (an abscess beside the anus is a perianal abscess)
  [/\b(?:an? )?(?:blood )?clots? in (?:the )?(deep |superficial )?veins? of (?:the )?((?:left |right |bilateral )?(?:lower |upper )?[a-z]+)\b/g, '$2 $1vein thrombosis'],
  [/\b(?:beside|next to|adjacent to|alongside) (?=the )/g, 'around '],
  // the thirds of the oesophagus are its thoracic segments: the middle third is the middle thoracic oesophagus
  // (胸中段食管 is 食管中段)
  [/\b(upper|middle|lower) third of (?:the )?(o?esophag(?:us|eal))\b/g, '$1 thoracic $2'],
  [/胸([上中下])段食管/gu, '食管$1段'],
  // a prognostic index (IPI, R-IPI, NCCN-IPI, FLIPI, MIPI) scores the outlook, not the diagnosis: set aside
  [/\s*,?\s*\b(?:r-?|nccn-?|aa-?)?(?:fl|m)?ipi(?: score)?\s*(?:评分|score)?\s*[:：=]?\s*\d(?:\s*分|\s*points?)?(?!\d)/g, ' '],
  [/\bmalignant (?:lesion|growth|mass)(?:es|s)?\b/g, 'carcinoma'],
  [/\bcomplicated by\b/g, 'with'],
  // a named virus says "viral" already: "influenza A complicated by viral pneumonia" is an influenza pneumonia
  [/\b(influenza|cytomegalovirus|cmv|rsv|adenovirus|varicella|measles|covid 19)(?: [ab](?= ))?\b((?: [a-z]+){0,4}?) viral (?=pneumonia|encephalitis|meningitis|myocarditis)/g, '$1$2 '],
  [/\b((?:[a-z]+ ){0,2}[a-z]+) (?:of|in) (?:the )?(?:newborns?|neonates?)\b/g, 'neonatal $1'],
  [/\b(?:collection|accumulation|pocket) of pus\b|\bpus collection\b/g, 'abscess'],
  [/\b(?:blood collection|collection of blood|bleeding|hemorrhage|hematoma|blood clot) between (?:the )?(?:skull|bone) and (?:the )?dura(?: mater)?\b/g, 'epidural hematoma'],
  [/\b(?:blood collection|collection of blood|bleeding|hemorrhage|hematoma|blood clot) between (?:the )?dura(?: mater)? and (?:the )?(?:arachnoid|brain)\b/g, 'subdural hematoma'],
  [/\b(?:tear|split|crack|fissure) in (?:the )?(?:lining|skin|mucosa) of (?:the )?((?:[a-z]+ ){0,1}[a-z]+?)(?: canal)?\b/g, '$1 fissure'],
  [/\bbenign (?:tumou?r|neoplasm|growth) of (?:the )?((?:[a-z]+ ){0,2}?)(smooth muscle|fatty tissue|adipose tissue|fat|blood vessels?|fibrous tissue|glandular tissue|nerve sheath|cartilage|bone)\b/g, (_m: string, organ: string, tissue: string) => `${organ}${OMA[tissue] ?? tissue}`],
  [/\b(?:aneurysmal )?(?:dilatation|dilation|ballooning|enlargement) of (?:the )?((?:[a-z]+ ){0,2})aorta\b/g, '$1aortic aneurysm'],
  [/\s*,?\s*below (?:the level of )?the renal arter(?:y|ies)\b/g, ' infrarenal'],
  // a treatment the stage implies: "CKD G5D on haemodialysis" is CKD stage 5 (G5D: on dialysis)
  [/\s*,?\s*on (?:maintenance |regular )?(?:hemo|peritoneal )?dialysis\b/g, ' '],
  // classifications that name an entity
  [/\bhiv(?: infection| disease)?\s*,?\s*(?:(?:who )?(?:clinical )?stage 4|cdc stage 3)\b/g, 'aids'],
  [/hiv感染\s*[(（]?\s*(?:who)?\s*临床\s*4\s*期\s*[)）]?/gu, '艾滋病'],
  [/\b(?:acc ?aha )?stage d (heart failure)\b|\b(heart failure),? (?:acc ?aha )?stage d\b/g, 'end stage heart failure'],
  [/(?:心力衰竭|心衰)\s*[(（]?\s*d\s*期\s*[)）]?|d\s*期心力衰竭/gu, '终末期心力衰竭'],
  // Garden I–II is an undisplaced, III–IV a displaced femoral neck fracture (in Chinese the state goes in front); the
  // number stays, a class of its own (stage.ts: Garden III and IV are both displaced, yet two classes)
  [/^(\s*\p{Script=Han}[^a-z]*?)\s*garden\s*(?:分型\s*)?(iv|i{1,3}|[1-4])(?![a-z0-9])\s*型?/u, (_m: string, before: string, n: string) => ` ${GARDEN_DISPLACED.has(n) ? '移位性' : '无移位性'}${before.trim()} garden ${ROMAN[n] ?? n} `],
  [/\bgarden\s*(?:type\s*|grade\s*|stage\s*)?(iv|i{1,3}|[1-4])(?![a-z0-9])/g, (_m: string, n: string) => ` ${GARDEN_DISPLACED.has(n) ? 'displaced' : 'nondisplaced'} garden ${ROMAN[n] ?? n} `],
  [/\bisn ?\/? ?rps\b/g, ' '],
  // lupus nephritis class IV-G / IV-S (global, segmental) is class IV
  [/(?<![a-z0-9])(iv|iii|[34])\s*-?\s*[gs](?![a-z0-9])/gu, (m: string, n: string, ...rest: unknown[]) => (/lupus|狼疮/u.test(last(rest)) ? ` ${ROMAN[n] ?? n}` : m)],
  // a lymphoma's Ann Arbor stage written straight after the name: "Hodgkin lymphoma IIIA" is its stage IIIA
  [/(?<=lymphoma )(iv|i{1,3})([abes])?(?![a-z0-9])/g, (_m: string, n: string, x?: string) => `stage ${ROMAN[n] ?? n}${x ?? ''}`],
  // Chinese: 瘤样扩张 is the aneurysm, 肾动脉以下 infrarenal, 胃经食管裂孔疝入胸腔 a 食管裂孔疝, 结肠癌性肠梗阻 a colon
  // cancer with obstruction
  [/瘤样扩张/gu, '瘤'],
  [/肾动脉(?:水平)?以下的?|肾下型/gu, '肾下'],
  [/\p{Script=Han}{1,4}经(\p{Script=Han}{2,6}?)疝入\p{Script=Han}{0,4}?(?:胸腔|腹腔|阴囊|纵隔)/gu, '$1疝'],
  [/(?<=\p{Script=Han}{1,6}癌)性(?=\p{Script=Han}{0,4}(?:梗阻|积液|腹水|出血|穿孔|狭窄))/gu, '伴'],
];

/** Chinese wording variants of this round: 十字韧带 / 交叉韧带, 韧带撕裂 / 断裂, 急变期 / 急变, X原性 / X源性, the word
 *  orders of a tubulovillous adenoma (绒毛管状 / 管状绒毛状腺瘤). */
export const ZH_MORE_VARIANTS: Rewrite[] = [
  [/十字韧带/gu, '交叉韧带'],
  [/(?<=韧带|肌腱|半月板|肩袖)撕裂/gu, '断裂'],
  [/急变期/gu, '急变'],
  [/(?<!抗)原性/gu, '源性'],
  [/\p{Script=Han}{3,}/gu, (m: string) => transliterated(m)],
  // a tubulovillous adenoma is written 管状绒毛状, 绒毛管状, 绒毛状管状 or 管状绒毛 before 腺瘤: one name
  [/(?:绒毛状?管状|管状绒毛(?!状))(?=腺瘤)/gu, '管状绒毛状'],
];

// Characters that write the same sound in transliterated eponyms, each class read as its first member. A class is
// applied only inside a run of at least three characters that are all transliteration characters (卡波济, 格瑞夫斯,
// 爱迪生), so ordinary words are not touched.
const CLASSES = ['西希济锡', '雷瑞蕾', '艾爱', '斯丝司', '尔儿', '德得', '伊依', '里利丽', '纳娜那', '罗洛', '维威韦', '迪狄蒂', '克科柯', '莱赖', '卢鲁'];
const CANON = new Map<string, string>(CLASSES.flatMap((c) => [...c].map((ch) => [ch, c[0]!] as [string, string])));
const TRANSLIT = new Set([...CLASSES.join(''), ...'阿埃安奥巴贝本比彼波伯布达杜多厄恩法菲费夫弗福盖戈格古哈海汉赫亨霍吉加贾杰金卡凯坎康库奎拉兰劳勒林琳留路伦马麦曼梅门蒙米密缪莫默姆穆内尼宁纽诺欧帕潘佩彭皮珀普奇齐乔切琼萨塞桑瑟森沙舍什施舒苏索塔泰坦汤唐特提汀图托瓦万旺温沃乌夏谢辛休雅亚扬耶尤约泽扎詹兹佐生']);

function transliterated(run: string): string {
  const chars = [...run];
  let out = '';
  let i = 0;
  while (i < chars.length) {
    let j = i;
    while (j < chars.length && TRANSLIT.has(chars[j]!)) j++;
    if (j - i >= 3) {
      out += chars.slice(i, j).map((ch) => CANON.get(ch) ?? ch).join('');
      i = j;
    } else {
      out += chars[i];
      i++;
    }
  }
  return out;
}

/** Read before the hedges are taken off (normalise.ts): a hedged alternative after the name is another reading of it,
 *  as a parenthesis is — 乳腺囊肿（右侧），考虑积乳囊肿 also names 积乳囊肿, "breast cyst, likely galactocele" a galactocele. */
export const ALTERNATIVES: Rewrite[] = [
  [/^(.+?\S)\s*[,;]\s*(?:考虑|疑为|疑似|可能为|可能是|倾向于?)\s*(\p{Script=Han}[^,;()]*?)\s*$/u, '$1 ($2) '],
  [/^(.+?\S)\s*[,;]\s*(?:(?:most |highly |very |more )?(?:likely|probably)|possibly|consider|suspect(?:ed)?|query|favou?ring|in keeping with|consistent with)\s+([a-z][^,;()]*?)\s*$/, '$1 ($2) '],
];
