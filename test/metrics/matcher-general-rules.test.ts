/**
 * General rules of issue 16 that need no lexicon entry for the names they meet: organ nouns and adjectives read as
 * one ("cyst of the mesentery" is a mesenteric cyst), Latin and Greek plurals, one compound written as one word,
 * two words or with a hyphen, British and American spelling, peri- and intra-, spinal levels, metastases written
 * from their primary (the Chinese and other wording rules are in matcher-wording-rules.test.ts). The
 * `bare` matcher knows no name of the pairs it is given, so the rule decides; `full` is the bundled lexicon, for
 * rules that work with its names. Each explanation says which rule decided.
 */
import { describe, expect, it } from 'vitest';
import { basicNormalise } from '../../src/metrics/matcher/index.js';
import { bare, check, full } from '../support/match-checks.js';
import { anatomyWord, latinSingular, splitOrganPrefix } from '../../src/metrics/matcher/anatomy.js';

describe('organ adjective and noun are one word, in any word order', () => {
  const pairs: [string, string][] = [
    ['Abscess of the mesentery', 'Mesenteric abscess'],
    ['Cyst of the kidney', 'Renal cyst'],
    ['Kidney abscess', 'Renal abscess'],
    ['Abscess of the liver', 'Hepatic abscess'],
    ['Nodule of the lung', 'Pulmonary nodule'],
    ['Polyp of the stomach', 'Gastric polyp'],
    ['Brain abscess', 'Cerebral abscess'],
    ['Infarction of the spleen', 'Splenic infarction'],
    ['Pseudocyst of the pancreas', 'Pancreatic pseudocyst'],
    ['Stricture of the oesophagus', 'Oesophageal stricture'],
    ['Papilloma of the larynx', 'Laryngeal papilloma'],
    ['Stenosis of the trachea', 'Tracheal stenosis'],
    ['Adenoma of the bronchus', 'Bronchial adenoma'],
    ['Diverticulum of the duodenum', 'Duodenal diverticulum'],
    ['Stricture of the urethra', 'Urethral stricture'],
    ['Prolapse of the uterus', 'Uterine prolapse'],
    ['Torsion of the testis', 'Testicular torsion'],
    ['Torsion of the ovary', 'Ovarian torsion'],
    ['Effusion in the pericardium', 'Pericardial effusion'],
    ['Abscess of the peritoneum', 'Peritoneal abscess'],
    ['Ulcer of the cornea', 'Corneal ulcer'],
    ['Detachment of the retina', 'Retinal detachment'],
    ['Polyp of the nose', 'Nasal polyp'],
    ['Fracture of the orbit', 'Orbital fracture'],
    ['Fracture of the mandible', 'Mandibular fracture'],
    ['Fracture of the calcaneus', 'Calcaneal fracture'],
    ['Fracture of the sternum', 'Sternal fracture'],
    ['Fracture of the clavicle', 'Clavicular fracture'],
    ['Skin abscess', 'Cutaneous abscess'],
    ['Dermal cyst', 'Skin cyst'],
    ['Eye trauma', 'Ocular trauma'],
    ['Ear polyp', 'Aural polyp'],
    ['Gum abscess', 'Gingival abscess'],
    ['Bone metastasis', 'Osseous metastasis'],
    ['Myxoma of the heart', 'Cardiac myxoma'],
    ['Bowel obstruction', 'Intestinal obstruction'],
    ['Bladder diverticulum', 'Vesical diverticulum'],
    ['Abscess of the tonsil', 'Tonsillar abscess'],
    ['Hernia of the diaphragm', 'Diaphragmatic hernia'],
    ['Cyst of the omentum', 'Omental cyst'],
  ];
  it('matches the noun form for the adjective form and says so', () => {
    check(bare, pairs, 'en', true, /organ words read as one/);
  });
  it('still tells organs and lesions apart', () => {
    check(bare, [
      ['Cyst of the kidney', 'Hepatic cyst'],
      ['Abscess of the lung', 'Cerebral abscess'],
      ['Fracture of the tibia', 'Femoral fracture'],
      ['Torsion of the testis', 'Ovarian torsion'],
      ['Polyp of the stomach', 'Gastric carcinoma'],
      ['Ulcer of the cornea', 'Corneal dystrophy'],
      ['Skin abscess', 'Skin cyst'],
      ['Eye trauma', 'Ear trauma'],
    ], 'en', false);
  });
  it('leaves out the adjectives that name two sites', () => {
    expect(anatomyWord('cervix')).toBe('cervix'); // cervical: the neck or the cervix
    expect(anatomyWord('lip')).toBe('lip'); // labial: the lip or the labia
    expect(anatomyWord('gallbladder')).toBe('gallbladder'); // biliary: the bile ducts
    expect(anatomyWord('kidney')).toBe('renal');
  });
  it('agrees with the bundled lexicon, which canonicalises some organs the other way', () => {
    // the lexicon reads cardiac as heart and osseous as bone: the rule reads them so too
    check(full, [['Cardiac myxoma', 'Myxoma of the heart'], ['Osseous metastasis', 'Metastasis to bone'], ['Mesenteric cyst', 'Cyst of the mesentery'], ['Orbital fracture', 'Fracture of the orbit'], ['Gingival abscess', 'Gum abscess']], 'en', true);
  });
});

describe('Latin and Greek plurals are their singular', () => {
  it('reads -i, -a, -ae, -ses and -ices plurals', () => {
    const pairs: [string, string][] = [
      ['Renal calculi', 'Renal calculus'],
      ['Brain metastases', 'Brain metastasis'],
      ['Multiple liver metastases', 'Liver metastasis'],
      ['Bronchiectases', 'Bronchiectasis'],
      ['Colonic diverticula', 'Colonic diverticulum'],
      ['Pulmonary emboli', 'Pulmonary embolus'],
      ['Melanocytic naevi', 'Melanocytic nevus'],
      ['Carotid stenoses', 'Carotid stenosis'],
      ['Oesophageal varices', 'Esophageal varix'],
      ['Lung bullae', 'Lung bulla'],
      ['Anal fistulae', 'Anal fistula'],
      ['Fractures of the lumbar vertebrae', 'Lumbar vertebral fracture'],
    ];
    check(bare, pairs, 'en', true);
  });
  it('leaves ordinary plurals and words that only look Latin alone', () => {
    expect(latinSingular('diseases')).toBeUndefined();
    expect(latinSingular('phases')).toBeUndefined();
    expect(latinSingular('devices')).toBeUndefined();
    expect(latinSingular('abscesses')).toBeUndefined();
    expect(latinSingular('metastases')).toBe('metastasis');
    expect(latinSingular('thromboses')).toBe('thrombosis');
    expect(latinSingular('appendices')).toBe('appendix');
    check(bare, [['Brain metastases', 'Brain abscesses'], ['Renal calculi', 'Renal cysts']], 'en', false);
  });
});

describe('spelling, spacing, hyphens and apostrophes', () => {
  it('reads British and American spelling and ligatures alike', () => {
    check(bare, [
      ['Haemorrhagic cystitis', 'Hemorrhagic cystitis'],
      ['Oesophageal diverticulum', 'Esophageal diverticulum'],
      ['Parotid tumour', 'Parotid tumor'],
      ['Sickle cell anaemia', 'Sickle cell anemia'],
      ['Paediatric migraine', 'Pediatric migraine'],
      ['Ischaemic colitis', 'Ischemic colitis'],
      ['Foetal distress', 'Fetal distress'],
      ['Gynaecomastia', 'Gynecomastia'],
      ['Hypokalaemia', 'Hypokalemia'],
      ['Encephalocoele', 'Encephalocele'],
      ['Œsophagitis', 'Esophagitis'],
      ['Hæmothorax', 'Hemothorax'],
      ['Lymphoedema of the leg', 'Lymphedema of the leg'],
    ], 'en', true);
  });
  it('keeps the o of a prefix before an e-word ("angio-oedema" is angioedema, not "angiedema")', () => {
    expect(basicNormalise('angioedema')).toBe('angioedema');
    expect(basicNormalise('oedema')).toBe('edema');
    expect(basicNormalise('myxoedema')).toBe('myxedema');
  });
  it('joins a combining form in -o to its word, so the lexicon finds the hyphenated name too', () => {
    expect(basicNormalise('Angio-oedema')).toBe('angioedema');
    expect(basicNormalise('Gastro-oesophageal reflux disease')).toBe('gastroesophageal reflux disease');
    expect(basicNormalise('Hepato-renal syndrome')).toBe('hepatorenal syndrome');
    // pseudo- makes another entity and stays a word of its own; eponyms are not combining forms
    expect(basicNormalise('Intestinal pseudo-obstruction')).toBe('intestinal pseudo obstruction');
    expect(basicNormalise('Osgood-Schlatter disease')).toBe('osgood schlatter disease');
    check(full, [['Quincke oedema', 'Angio-oedema'], ['Gastro-oesophageal reflux disease', 'GERD'], ['Broncho-pneumonia', 'Bronchopneumonia']], 'en', true);
    check(full, [['Intestinal pseudo-obstruction', 'Intestinal obstruction']], 'en', false);
  });
  it('reads one compound written as one word, two words or with a hyphen', () => {
    check(bare, [
      ['Angio-oedema', 'Angioedema'],
      ['DeQuervain tenosynovitis', "De Quervain's tenosynovitis"],
      ['Guillain Barre syndrome', 'Guillain-Barré syndrome'],
      ['Osteo-arthritis of the knee', 'Osteoarthritis of the knee'],
      ['Broncho-pneumonia', 'Bronchopneumonia'],
      ['Pyelo-nephritis', 'Pyelonephritis'],
    ], 'en', true, /spacing and hyphens ignored|equal after normalisation/);
    check(bare, [['Osteo-arthritis', 'Osteomyelitis'], ['Broncho-pneumonia', 'Bronchitis']], 'en', false);
  });
  it("reads an eponym with 's, s', a bare name, diacritics or hyphens alike", () => {
    check(bare, [
      ["Crohn's disease", 'Crohn disease'],
      ['Crohns disease', "Crohn's disease"],
      ["Wilms' tumour", 'Wilms tumor'],
      ["Sjögren's syndrome", 'Sjogren syndrome'],
      ["Ménière's disease", 'Meniere disease'],
      ['Wolff Parkinson White syndrome', 'Wolff-Parkinson-White syndrome'],
      ['Stevens–Johnson syndrome', 'Stevens Johnson syndrome'],
      ["Osgood-Schlatter's disease", 'Osgood Schlatter disease'],
      ["Kienböck's disease", 'Kienbock disease'],
      ["Zenker's diverticulum", 'Zenker diverticulum'],
    ], 'en', true);
    check(full, [['Crohn', "Crohn's disease"], ["Addison's", 'Addison disease']], 'en', true);
  });
});

describe('peri- and intra- before an organ word, and the phrases they stand for', () => {
  it('reads "around the X" as peri-X and "in(to) the X" as intra-X', () => {
    check(bare, [
      ['Peritonsillar abscess', 'Abscess around the tonsil'],
      ['Perianal abscess', 'Abscess around the anus'],
      ['Perirenal haematoma', 'Haematoma around the kidney'],
      ['Peri-appendiceal abscess', 'Abscess around the appendix'],
      ['Intraventricular haemorrhage', 'Haemorrhage into the ventricles'],
      ['Intra-abdominal abscess', 'Abscess within the abdomen'],
      ['Intrahepatic cholestasis', 'Cholestasis in the liver'],
      ['Thalamic haemorrhage', 'Haemorrhage in the thalamus'],
      ['Pontine haemorrhage', 'Haemorrhage of the pons'],
    ], 'en', true);
  });
  it('does not count a lesion around an organ for the lesion of the organ', () => {
    check(bare, [
      ['Periorbital cellulitis', 'Orbital cellulitis'],
      ['Orbital cellulitis', 'Periorbital cellulitis'],
      ['Perirenal abscess', 'Renal abscess of the upper pole'],
      ['Perianal abscess', 'Anal fissure'],
    ], 'en', false);
  });
  it('leaves words whose rest is no organ word whole (pericarditis, perineal, peritoneal)', () => {
    expect(splitOrganPrefix('pericarditis')).toBeUndefined();
    expect(splitOrganPrefix('perineal')).toBeUndefined();
    expect(splitOrganPrefix('peritoneal')).toBeUndefined();
    expect(splitOrganPrefix('periodontal')).toBeUndefined();
    expect(splitOrganPrefix('perianal')).toEqual(['peri', 'anal']);
  });
});

describe('a spinal level names its segment', () => {
  it('reads L1–L5 as lumbar, C1–C7 as cervical, T1–T12 as thoracic, in both languages', () => {
    check(full, [
      ['L4-L5 disc herniation', 'Lumbar disc herniation'],
      ['L5/S1 disc prolapse', 'Lumbar intervertebral disc herniation'],
      ['C5-C6 disc herniation', 'Cervical disc herniation'],
      ['T12 compression fracture', 'Thoracic vertebral compression fracture'],
      ['L1 vertebral compression fracture', 'Lumbar compression fracture'],
    ], 'en', true);
    check(full, [
      ['L4/5椎间盘突出症', '腰椎间盘突出症'],
      ['L5/S1椎间盘突出', '腰椎间盘突出症'],
      ['L4-5腰椎间盘突出症', '腰椎间盘突出症'],
      ['C5-6椎间盘突出', '颈椎间盘突出症'],
      ['T12椎体压缩性骨折', '胸椎压缩性骨折'],
    ], 'zh', true);
  });
  it('keeps the segments apart', () => {
    check(full, [['C5-C6 disc herniation', 'Lumbar disc herniation'], ['L1 compression fracture', 'Thoracic compression fracture']], 'en', false);
    check(full, [['C5-6椎间盘突出', '腰椎间盘突出症'], ['L1椎体压缩骨折', '胸椎压缩性骨折']], 'zh', false);
  });
});

describe('metastases written from their primary', () => {
  it('reads "liver metastases from colon cancer" as a colon cancer with liver metastases (stage IV)', () => {
    check(full, [
      ['Liver metastases from colon cancer', 'Colon cancer with liver metastasis'],
      ['Bone metastases from breast cancer', 'Breast cancer with bone metastases'],
      ['Brain metastases from lung adenocarcinoma', 'Lung adenocarcinoma, stage IV'],
    ], 'en', true);
    check(full, [['Liver metastases from colon cancer', 'Colon cancer, stage II'], ['Bone metastases from breast cancer', 'Prostate cancer with bone metastases']], 'en', false);
  });
});

describe('a qualifier that leaves only a site is part of the name', () => {
  it('keeps "solitary kidney" apart from any kidney disease, and a bare site from any disease of it', () => {
    check(full, [
      ['Kidney disease', 'Solitary kidney'],
      ['Acute on chronic kidney disease', 'Acute kidney injury'],
      ['Renal disease', 'Solitary kidney'],
      ['Liver disease', 'Fatty liver'],
    ], 'en', false);
    check(bare, [['Disease of the kidney', 'Solitary kidney'], ['Kidney', 'Solitary left kidney']], 'en', false);
    check(full, [['Solitary kidney', 'Renal agenesis'], ['Solitary kidney', 'Solitary kidney (congenital)']], 'en', true);
  });
});
