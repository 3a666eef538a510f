/**
 * Where the AgentClinic preset files each entry of `Test_Results`: imaging (a modality key of PROTOCOL §3 where
 * the name tells it, with the body site the name gives: `X-Ray_Right_Knee` → `digital_radiography_right_knee`),
 * endoscopies (their modality, or their own name), pathology (biopsies, cytology), electrophysiology (EEG, ECG,
 * EMG: always the laboratory, wherever the record lists it), bedside tests and vital signs (the physical
 * examination), and everything else the laboratory. Containers of several studies ("Imaging", "Lab_Results")
 * are looked inside.
 */
import { addKeyed, snakeKey, type ImportedCase } from './compose.js';
import { flatten, isObj, label, type Obj } from './agentclinic-text.js';
import { toText } from './rules.js';

interface ModalityRule {
  key: string;
  /** Recognises the modality in a name (lower-cased, `_ - /` as spaces); its matches are not part of the body site. */
  match: RegExp;
  /** For CT and MRI: the contrast-enhanced key, when the name says so. */
  contrast?: string;
}

const CONTRAST = /\b(contrast|enhanced|with gadolinium|cect)\b/;

/** In order: the first rule that recognises a name gives its modality. */
const MODALITY_RULES: readonly ModalityRule[] = [
  { key: 'coronary_arteriography', match: /\bcoronary (angiograph|arteriograph)\w*|\bcardiac cath\w*/g },
  { key: 'computed_tomography_angiography', match: /\bcta\b|\b(ct|computed tomography) angiograph\w*/g },
  { key: 'magnetic_resonance_angiography', match: /\bmra\b|\b(mr|magnetic resonance) angiograph\w*/g },
  { key: 'magnetic_resonance_hydrography', match: /\bmrcp\b|\bmr (cholangio|urograph|hydrograph)\w*/g },
  { key: 'plain_magnetic_resonance_imaging_scan', contrast: 'contrast_magnetic_resonance_imaging_scan', match: /\bmri\b|\bmr\b|\bmagnetic resonance( imaging)?/g },
  { key: 'plain_computed_tomography_scan', contrast: 'contrast_computed_tomography_scan', match: /\bct\b|\bcect\b|\bcomputed tomography|\bcat scan/g },
  { key: 'echocardiogram', match: /\bechocardiogra\w*|\becho\b|\btte\b|\btee\b|\btransthoracic\b|\btrans ?o?esophageal\b/g },
  { key: 'mammography', match: /\bmammogra\w*/g },
  { key: 'color_doppler_ultrasound', match: /\b(colou?r )?doppler\b|\bultrasound\b|\bultrasonograph\w*|\bsonogra\w*|\bduplex\b|\bus\b|\bfast\b/g },
  // what was swallowed or given as an enema is kept: it says which part of the tract was shown
  { key: 'gastrointestinal_tract_radiography', match: /\bbarium\b|\bupper gi series\b|\bswallow study\b|\bcontrast enema\b/g },
  { key: 'esophagogastroduodenoscopy', match: /\begd\b|\bo?esophagogastroduodenoscop\w*|\bupper (gi |gastrointestinal )?endoscop\w*|\bgastroscop\w*/g },
  { key: 'nasopharyngoscope', match: /\blaryngoscop\w*|\bnasopharyngoscop\w*|\bnasendoscop\w*/g },
  { key: 'parathyroid_imaging', match: /\bsestamibi\b|\bparathyroid scan/g },
  { key: 'digital_radiography', match: /\bx ?rays?\b|\bradiographs?\b|\bradiography\b|\bcxr\b|\bkub\b/g },
];

/** Imaging without a key in the table, and endoscopies: filed as imaging under their own name. */
const OWN_NAME_IMAGING = /\bpet\b|scintigra|\bbone scan|angiograph|venogra|fluorosco|imaging|\bscan\b|\b(colono|sigmoido|procto|ano|cysto|broncho|hystero|arthro|laparo|thoraco|colpo|uretero|entero|endo)scop/;

/** Words that say how a study was done, not where: dropped from the body site. */
const TECHNIQUE = /\b(with|without|w|wo|of|the|contrast|enhanced|non|plain|gadolinium|scans?|study|studies|imaging|images?|findings|results?|reports?|views?)\b/g;

const spaced = (name: string): string => ` ${name.replace(/[_\-/]+/g, ' ').toLowerCase()} `;

/** Modality keys of PROTOCOL §3 recognised from a test's name; undefined when the name is no imaging study. */
export function modalityFromName(name: string): string | undefined {
  return imagingKeyFromName(name)?.modality;
}

/**
 * The imaging key for a test's name: the modality and the body site the name gives (`X-Ray_Right_Knee` →
 * `digital_radiography_right_knee`, `CT_Abdomen_with_Contrast` → `contrast_computed_tomography_scan_abdomen`),
 * or the name itself for imaging without a key in the table; undefined when the name is no imaging study.
 */
export function imagingKeyFromName(name: string): { modality: string; key: string } | undefined {
  const n = spaced(name);
  for (const rule of MODALITY_RULES) {
    if (!new RegExp(rule.match.source).test(n)) continue;
    const modality = rule.contrast && CONTRAST.test(n) ? rule.contrast : rule.key;
    const site = n
      .replace(rule.match, ' ')
      .replace(TECHNIQUE, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^(and|or)\b\s*|\s*\b(and|or)$/g, '');
    // a name with two modalities ("Head_CT_or_MRI") is no one modality: it keeps its own name
    if (MODALITY_RULES.some((other) => other !== rule && new RegExp(other.match.source).test(` ${site} `))) return { modality: snakeKey(name), key: snakeKey(name) };
    return { modality, key: site === '' ? modality : `${modality}_${snakeKey(site)}` };
  }
  if (OWN_NAME_IMAGING.test(n)) return { modality: snakeKey(name), key: snakeKey(name) };
  return undefined;
}

/** Lab panel keys of the loader's table recognised from a panel's name; otherwise the name itself. */
export function labKeyFromName(name: string): string {
  const n = spaced(name);
  const table: [RegExp, string][] = [
    [/complete blood count|\bcbc\b|blood count|hematolog|haematolog/, 'routine_blood_test'],
    [/urinalysis|urine analysis|urine tests?\b|urine routine/, 'urinalysis'],
    [/liver function|\blfts?\b/, 'liver_function'],
    [/renal function|kidney function/, 'renal_function'],
    [/electrolyte/, 'electrolytes'],
    [/thyroid function|thyroid panel/, 'thyroid_function'],
    [/coagulation/, 'coagulation_function_test'],
    [/blood gas/, 'arterial_blood_gas'],
    [/iron stud/, 'iron_studies'],
    [/cerebrospinal|\bcsf\b|lumbar puncture/, 'cerebrospinal_fluid'],
    [/stool/, 'stool_routine'],
    [/tumou?r marker/, 'tumor_marker_test'],
    [/chemistry|chemistries|metabolic panel|biochem/, 'blood_biochemistry_test'],
  ];
  return table.find(([re]) => re.test(n))?.[1] ?? snakeKey(name);
}

/** Electrophysiology: recordings, not images; filed in the laboratory under one key each, in every record. */
function electrophysiologyKey(name: string): string | undefined {
  const n = spaced(name);
  if (/\beeg\b|\belectroencephalogra/.test(n)) return 'electroencephalogram';
  if (/\becg\b|\bekg\b|\belectrocardiogra/.test(n)) return 'electrocardiogram';
  if (/\bemg\b|\belectromyogra|\bnerve conduction|\bevoked potential|\bpolysomnogra|\bholter\b|nystagmogra/.test(n)) return snakeKey(name);
  return undefined;
}

/** Tests done at the bedside with the hands, eyes and a cuff: part of the physical examination. */
const BEDSIDE =
  /\bvital signs?\b|\bvitals\b|\bblood pressure\b|\bheart rate\b|\bpulse oximetry\b|\boxygen saturation\b|\borthostatic\b|\bdix hallpike\b|\bromberg\b|\bmanoeuvres?\b|\bmaneuvers?\b|\bsigns?\b|\bbedside\b|\b(fundo|ophthalmo|oto|dermo)scop|\bglasgow\b|\bgcs\b|\bcapillary refill\b|\b(lachman|mcmurray|phalen|tinel|trendelenburg|rinne|weber|thompson|anterior drawer|straight leg raise|finkelstein|kernig|brudzinski|murphy|rovsing|spurling|schober|ortolani|barlow)\b/;

const PATHOLOGY = /biops|histolog|cytolog|patholog|smear|aspirat|frozen section|immunohisto/i;
const IMPRESSION_KEYS = /^(impression|conclusion|interpretation|diagnosis)$/i;
const FINDINGS_KEYS = /^(findings?|results?|comments?|impression|interpretation|conclusion)$/i;

export interface SortedTests {
  imaging: ImportedCase['imaging'];
  labs: ImportedCase['labs'];
  pathology: string[];
  /** Bedside tests and vital signs, as lines for the physical examination. */
  exam: string[];
  /** Where each entry went, for --explain: `Imaging.Chest_CT → imaging plain_computed_tomography_scan_chest`. */
  how: string[];
}

function imagingEntry(value: unknown): { findings: string; impression: string } {
  if (!isObj(value)) return { findings: toText(value), impression: '' };
  const findings: string[] = [];
  const impression: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const t = isObj(v) ? flatten(v) : toText(v);
    if (t === '') continue;
    if (IMPRESSION_KEYS.test(k)) impression.push(t);
    else findings.push(/^findings?$/i.test(k) ? t : `${label(k)}: ${t}`);
  }
  return { findings: findings.join('\n'), impression: impression.join('\n') };
}

/** A panel's items as the loader's result lines; a report with only findings stays one text. */
function labResult(value: unknown): string {
  if (!isObj(value)) return toText(value);
  if (Object.keys(value).every((k) => FINDINGS_KEYS.test(k))) return Object.values(value).map((v) => flatten(v)).filter((t) => t !== '').join('\n');
  const items: string[] = [];
  const walk = (v: Obj, prefix: string): void => {
    for (const [k, x] of Object.entries(v)) {
      const name = prefix ? `${prefix} — ${label(k)}` : label(k);
      if (isObj(x)) walk(x, name);
      else {
        const t = toText(x);
        if (t !== '') items.push(`${items.length + 1}  ${name}  ${t}  ;`);
      }
    }
  };
  walk(value, '');
  return items.join('\n');
}

/** A bedside test as one line of the physical examination: `Dix-Hallpike manoeuvre: positive …`. */
function examLine(name: string, value: unknown): string {
  if (isObj(value) && Object.keys(value).every((k) => FINDINGS_KEYS.test(k))) return `${label(name)}: ${Object.values(value).map((v) => flatten(v)).join('; ')}`;
  return isObj(value) ? `${label(name)} — ${flatten(value, 1)}` : `${label(name)}: ${toText(value)}`;
}

/** A name that holds several studies rather than being one ("Imaging", "Laboratory_Tests", "Other tests"). */
const CONTAINER = /\b(tests?|results?|studies|investigations|work ?up|imaging|radiology|labs?|laboratory)\b/i;
const IMAGING_GROUP = /imaging|radiolog/i;

/** Sort the test results into imaging, laboratory, pathology and the physical examination. */
export function sortTests(tests: unknown): SortedTests {
  const out: SortedTests = { imaging: {}, labs: {}, pathology: [], exam: [], how: [] };
  if (!isObj(tests)) {
    const t = toText(tests);
    if (t !== '') out.labs.test_results = { result: t, abnormal: '' };
    return out;
  }
  const lab = (where: string, key: string, value: unknown): void => {
    out.how.push(`${where} → laboratory ${addKeyed(out.labs, key, { result: labResult(value), abnormal: '' })}`);
  };
  const visit = (name: string, value: unknown, group?: string): void => {
    const where = group ? `${group}.${name}` : name;
    if (flatten(value) === '') {
      out.how.push(`${where} → empty, left out`);
      return;
    }
    const electro = electrophysiologyKey(name);
    if (electro) return lab(where, electro, value);
    if (BEDSIDE.test(spaced(name))) {
      out.exam.push(examLine(name, value));
      out.how.push(`${where} → physical examination`);
      return;
    }
    // a container of several studies ("Imaging": {"Chest_CT": {...}}, "Laboratory_Tests": {"CBC": {...}}): look inside
    if (CONTAINER.test(name.replace(/_/g, ' ')) && isObj(value)) {
      const children = Object.entries(value);
      const holdsStudies = children.some(([k, v]) => isObj(v) || imagingKeyFromName(k) !== undefined || PATHOLOGY.test(k) || electrophysiologyKey(k) !== undefined);
      if (holdsStudies && !children.every(([k]) => FINDINGS_KEYS.test(k))) {
        for (const [k, v] of children) visit(k, v, name);
        return;
      }
    }
    if (PATHOLOGY.test(name)) {
      out.pathology.push(examLine(name, value).replace(/\n/g, '; '));
      out.how.push(`${where} → pathology`);
      return;
    }
    const imaging = imagingKeyFromName(name)?.key ?? (group && IMAGING_GROUP.test(group) ? snakeKey(name) : undefined);
    if (imaging) {
      out.how.push(`${where} → imaging ${addKeyed(out.imaging, imaging, imagingEntry(value))}`);
      return;
    }
    lab(where, labKeyFromName(name), value);
  };
  for (const [k, v] of Object.entries(tests)) visit(k, v);
  return out;
}
