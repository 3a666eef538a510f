/**
 * "CA" beside an organ is a carcinoma (docs/metrics.md, "Before the rules"). Clinicians write "lung CA", "CA breast",
 * "Ca cervix", "ca of the stomach", 胃CA, 右肺上叶Ca for the organ's carcinoma, while the lexicon knows "CA" alone as
 * condyloma acuminatum (尖锐湿疣, the dermatology and STI usage), which is what a bare "CA" and "CA" beside an
 * anogenital skin site (肛周CA, 外阴CA, "perianal CA") stay. Context decides: an organ or a histological word
 * before or after the letters makes them "carcinoma" / 癌 before any rule reads the name; a tumour marker ("CA
 * 19-9", CA125) is never read so. A rewrite table (qualifiers.ts REWRITES applies it); pure data.
 */

type Rewrite = [RegExp, string | ((m: string, ...groups: string[]) => string)];

// organs and histological words a carcinoma is named by (not the anogenital skin sites of a condyloma: anal,
// perianal, vulvar, penile, genital — "CA" there stays the lexicon's condyloma)
const ORGAN_EN = [
  'lung', 'pulmonary', 'bronch\\w*', 'breast', 'mammary', 'stomach', 'gastric', 'cardia', 'gastro ?esophageal', 'esophag\\w*',
  'colon', 'colonic', 'colorectal', 'rectal', 'rectum', 'sigmoid', 'cecal', 'cecum', 'liver', 'hepatic', 'hepatocellular',
  'head of (?:the )?pancrea\\w*', 'pancrea\\w*', 'gall ?bladder', 'urinary bladder', 'bile duct', 'biliary', 'cholangio\\w*', 'ampullary', 'periampullary', 'duodenal',
  'kidney', 'renal', 'bladder', 'urothelial', 'prostat\\w*', 'ovar\\w*', 'uter\\w*', 'endometri\\w*', 'cervix', 'cervical',
  'thyroid', 'nasopharyn\\w*', 'laryn\\w*', 'pharyn\\w*', 'oropharyn\\w*', 'hypopharyn\\w*', 'tongue', 'oral', 'buccal',
  'parotid', 'salivary', 'skin', 'testicular', 'testis', 'thymic', 'adrenal', 'tonsil\\w*', 'head and neck',
  'cell', 'ductal', 'lobular', 'papillary', 'follicular', 'medullary', 'mucinous', 'squamous', 'adeno', 'signet ring',
  'metastatic', 'invasive', 'anaplastic', 'undifferentiated',
].join('|');

const ORGAN_ZH = [
  '肺', '支气管', '胃', '胃窦', '贲门', '食管', '肝', '胆囊', '胆管', '胰腺?', '胰头', '胰体', '胰尾', '壶腹', '十二指肠', '小肠',
  '结肠', '直肠', '结直肠', '大肠', '盲肠', '阑尾', '乳腺?', '宫颈', '子宫颈', '子宫内膜', '子宫', '内膜', '卵巢', '输卵管', '膀胱',
  '肾', '肾盂', '输尿管', '前列腺', '甲状腺', '鼻咽', '喉', '下咽', '口咽', '舌', '口腔', '牙龈', '腮腺', '皮肤', '睾丸', '胸腺',
  '肾上腺', '扁桃体', '腺', '鳞', '细胞',
].join('|');

const NOT_A_MARKER = '(?![- ]?\\d)';

export const CA_REWRITES: Rewrite[] = [
  // "lung CA", "breast ca", "squamous cell CA", "renal cell ca"
  [new RegExp(`\\b(${ORGAN_EN}) ca\\b${NOT_A_MARKER}`, 'g'), '$1 carcinoma'],
  // "CA breast", "Ca cervix", "ca of the stomach", "CA in situ"
  [new RegExp(`\\bca\\.?${NOT_A_MARKER} (?:of (?:the )?)?(${ORGAN_EN})\\b`, 'g'), (_m: string, organ: string) => `carcinoma of the ${organ.replace(/^gall bladder$/, 'gallbladder')}`],
  [/\bca in situ\b/g, 'carcinoma in situ'],
  // 胃CA, 右肺上叶Ca, 胃窦部CA, 乳腺 CA
  [new RegExp(`(${ORGAN_ZH})((?:[上中下]叶|[上中下]段|部|区|体|底)?)\\s*ca(?![a-z0-9])`, 'gu'), '$1$2癌'],
];

/** What the rewrites read in a name, for explanations ("CA → carcinoma"), listed with the expanded abbreviations. */
export function caReadings(text: string): string[] {
  return CA_REWRITES.some(([re]) => text.search(re) >= 0) ? [/\p{Script=Han}\s*ca/iu.test(text) ? 'CA → 癌' : 'CA → carcinoma'] : [];
}
