/**
 * English organ words read as one word, whatever the lexicon holds: the noun and the adjective of one organ or
 * part name the same site ("cyst of the kidney" is a renal cyst, "abscess of the mesentery" a mesenteric abscess,
 * "ulcer of the cornea" a corneal ulcer). With the matcher's word-order-free comparison, this is the rule
 * "organ adjective ↔ noun" of docs/metrics.md. Each word maps to the form the bundled lexicon's word table
 * canonicalises to (kidney → renal, but cardiac → heart, osseous → bone), so the two never disagree.
 *
 * Left out on purpose: words whose adjective names another site too (cervical: neck or cervix; labial: lip or
 * labia; biliary: the bile ducts, not the gallbladder; optic, otic nerve names) — and the Latin plurals, which are
 * read by `latinSingular`. Pure.
 */

const ANATOMY: Record<string, string> = {
  kidney: 'renal', nephric: 'renal',
  liver: 'hepatic',
  lung: 'pulmonary',
  cardiac: 'heart',
  stomach: 'gastric',
  brain: 'cerebral', cerebrum: 'cerebral',
  cerebellum: 'cerebellar',
  spleen: 'splenic', lienal: 'splenic',
  pancreas: 'pancreatic',
  esophagus: 'esophageal',
  duodenum: 'duodenal', jejunum: 'jejunal', ileum: 'ileal', cecum: 'cecal', colonic: 'colon', rectum: 'rectal', anus: 'anal',
  appendix: 'appendiceal', bowel: 'intestine', intestinal: 'intestine',
  cholecystic: 'gallbladder',
  vesical: 'bladder',
  ureter: 'ureteral', ureteric: 'ureteral', urethra: 'urethral',
  uterus: 'uterine', womb: 'uterine', ovary: 'ovarian', vagina: 'vaginal', vulva: 'vulvar', placenta: 'placental', fetus: 'fetal',
  testis: 'testicular', testicle: 'testicular', testes: 'testicular', scrotum: 'scrotal', penis: 'penile', prostatic: 'prostate',
  mammary: 'breast',
  thyroidal: 'thyroid', thymus: 'thymic',
  larynx: 'laryngeal', pharynx: 'pharyngeal', trachea: 'tracheal', bronchus: 'bronchial', bronchi: 'bronchial',
  pleura: 'pleural', pericardium: 'pericardial', myocardium: 'myocardial', endocardium: 'endocardial', atrium: 'atrial', ventricle: 'ventricular',
  aorta: 'aortic', venous: 'vein', arterial: 'artery',
  peritoneum: 'peritoneal', mesentery: 'mesenteric', omentum: 'omental', diaphragm: 'diaphragmatic',
  abdomen: 'abdominal', thorax: 'thoracic', chest: 'thoracic', pelvis: 'pelvic', groin: 'inguinal', navel: 'umbilical', umbilicus: 'umbilical', axilla: 'axillary', armpit: 'axillary',
  skin: 'cutaneous', dermal: 'cutaneous',
  eye: 'ocular', eyeball: 'ocular', retina: 'retinal', cornea: 'corneal', conjunctiva: 'conjunctival', sclera: 'scleral', orbit: 'orbital', palpebral: 'eyelid',
  ear: 'aural', nose: 'nasal', tonsil: 'tonsillar', tongue: 'lingual', mouth: 'oral', tooth: 'dental', teeth: 'dental', gum: 'gingival', gingiva: 'gingival',
  thalamus: 'thalamic', hypothalamus: 'hypothalamic', pons: 'pontine', hippocampus: 'hippocampal', cortex: 'cortical',
  skull: 'cranial', cranium: 'cranial', meninges: 'meningeal', meninx: 'meningeal',
  osseous: 'bone', articular: 'joint', muscle: 'muscular',
  spinal: 'spine', vertebra: 'vertebral', sacrum: 'sacral', coccyx: 'coccygeal',
  femur: 'femoral', tibia: 'tibial', fibula: 'fibular', humerus: 'humeral', radius: 'radial', ulna: 'ulnar', patella: 'patellar',
  clavicle: 'clavicular', scapula: 'scapular', sternum: 'sternal', mandible: 'mandibular', maxilla: 'maxillary', calcaneus: 'calcaneal', talus: 'talar',
  mediastinum: 'mediastinal', retroperitoneum: 'retroperitoneal', perineum: 'perineal', epididymis: 'epididymal', endometrium: 'endometrial', myometrium: 'myometrial',
  nasopharynx: 'nasopharyngeal', oropharynx: 'oropharyngeal', hypopharynx: 'hypopharyngeal', epiglottis: 'epiglottic', uvula: 'uvular', palate: 'palatal', cheek: 'buccal',
  cochlea: 'cochlear', tympanum: 'tympanic', alveolus: 'alveolar', hypophysis: 'pituitary', hypophyseal: 'pituitary',
  carpus: 'carpal', tarsus: 'tarsal', metacarpus: 'metacarpal', metatarsus: 'metatarsal', phalanx: 'phalangeal', ilium: 'iliac', pubis: 'pubic', ischium: 'ischial', rib: 'costal', ribs: 'costal',
};

/** The one form of an organ word ("kidney" → "renal"), or the word itself. */
export function anatomyWord(w: string): string {
  return Object.prototype.hasOwnProperty.call(ANATOMY, w) ? ANATOMY[w]! : w;
}

const FORMS = new Set(Object.values(ANATOMY));
const SITE_FILLER = new Set(['of', 'the', 'a', 'left', 'right', 'bilateral', 'both', 'sided']);

/** Whether an English text names only a site (organ and part words, a side): "kidney", "the left kidney". A
 *  qualifier that would leave only a site is part of the name — "solitary kidney" is no "kidney disease". */
export function onlySite(text: string): boolean {
  const words = text.match(/[a-z]+/g) ?? [];
  return words.length > 0 && words.every((w) => SITE_FILLER.has(w) || FORMS.has(anatomyWord(w)));
}

/** A word made of peri- or intra- and an organ word, split: "perianal" → ["peri", "anal"] (as "around the anus"
 *  is read), "intraventricular" → ["intra", "ventricular"] ("haemorrhage into the ventricles"); else undefined.
 *  Words whose rest is no organ word stay whole (pericarditis, perineal, peritoneal). */
export function splitOrganPrefix(w: string): [string, string] | undefined {
  const m = /^(peri|intra)([a-z]{3,})$/.exec(w);
  return m && FORMS.has(anatomyWord(m[2]!)) ? [m[1]!, m[2]!] : undefined;
}

// Latin and Greek plurals of words diagnoses are written with (after the British → American spelling of layer 1,
// so "vertebrae" arrives as "vertebre"): calculi, emboli, thrombi, naevi; metastases, stenoses, bronchiectases;
// varices, appendices; diverticula; bullae, fistulae.
const I_PLURAL = new Set(['calculi', 'emboli', 'thrombi', 'nevi', 'fungi', 'bacilli', 'bronchi', 'nuclei', 'polypi', 'glomeruli', 'alveoli', 'villi', 'foci']);
const UM_PLURAL = new Set(['diverticula', 'septa', 'atria', 'ova', 'hila', 'ostia', 'labra', 'crania', 'sterna']);
const A_PLURAL = new Set(['vertebr', 'bull', 'fistul', 'burs', 'pleur', 'conjunctiv', 'scler', 'lamin', 'fibul', 'tibi', 'uln', 'scapul', 'patell', 'papill', 'ampull', 'foss', 'plic', 'cornea', 'retin', 'vagin', 'lacun', 'mamm']);

/** The singular of a Latin or Greek plural ("metastases" → "metastasis"), or undefined when it is none. */
export function latinSingular(w: string): string | undefined {
  if (I_PLURAL.has(w)) return `${w.slice(0, -1)}us`;
  if (UM_PLURAL.has(w)) return `${w.slice(0, -1)}um`;
  if (w.endsWith('e') && A_PLURAL.has(w.slice(0, -1))) return `${w.slice(0, -1)}a`;
  // -ses of -sis: metastases, stenoses, thromboses, bronchiectases, paralyses, prostheses (not "diseases", "cases")
  if (/(?:[^e]as|os|[^a]es|ys)es$/.test(w) && w.length >= 7 && !/(?:eases|^doses|^hoses|^noses|^poses|^roses|closes|phases)$/.test(w)) return `${w.slice(0, -2)}is`;
  if (w.length >= 7 && w.endsWith('ices') && !/(?:devices|prices|slices|offices|services|practices|notices)$/.test(w)) return `${w.slice(0, -4)}ix`;
  return undefined;
}
