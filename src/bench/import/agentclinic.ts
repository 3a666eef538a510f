/**
 * The AgentClinic preset: OSCE records (`{"OSCE_Examination": {...}}`, one per line, as in AgentClinic's MedQA
 * files) as ClinicalBench records. Demographics become the basic information, the primary symptom the chief
 * complaint, history and the other patient fields the medical history, the examination findings the physical
 * examination; each test result goes to imaging (with a modality key where the name tells it), pathology
 * (biopsies, cytology) or the laboratory; `Correct_Diagnosis` is the principal diagnosis. The source has no
 * department, preliminary list, basis, differential or treatment: those stay empty and their tasks are skipped.
 */
import { addKeyed, snakeKey, uidFrom, type ImportedCase } from './compose.js';
import type { Applied } from './mapping.js';
import { toText } from './rules.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `Review_of_Systems` → `Review of systems`; words in capitals (CT, WBC, HbA1c's "HBA1C") stay as they are. */
function label(key: string): string {
  const words = key.replace(/_/g, ' ').replace(/\s+/g, ' ').trim().split(' ');
  return words
    .map((w, i) => {
      if (w.length > 1 && w === w.toUpperCase()) return w;
      const lower = w.toLowerCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/** Nested findings as readable lines: `Vital signs: Temperature 36.6°C; Heart rate 72 bpm`. */
function flatten(value: unknown, depth = 0): string {
  if (!isObj(value)) return toText(value);
  const lines: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (isObj(v)) {
      const leaves = Object.values(v).every((x) => !isObj(x));
      const inner = leaves
        ? Object.entries(v)
            .map(([kk, vv]) => `${label(kk)} ${toText(vv)}`.trim())
            .filter((s) => s !== '')
            .join('; ')
        : flatten(v, depth + 1);
      if (inner !== '') lines.push(`${label(k)}: ${inner}`);
    } else {
      const t = toText(v);
      if (t !== '') lines.push(`${label(k)}: ${t}`);
    }
  }
  return lines.join(depth === 0 ? '\n' : '; ');
}

/** Modality keys of PROTOCOL §3 recognised from a test's name; undefined when the name is no imaging study. */
export function modalityFromName(name: string): string | undefined {
  const n = ` ${name.replace(/[_\-/]+/g, ' ').toLowerCase()} `;
  const has = (re: RegExp): boolean => re.test(n);
  const contrast = has(/contrast|enhanced|with gadolinium|\bcect\b/);
  if (has(/coronary (angiograph|arteriograph)|cardiac cath/)) return 'coronary_arteriography';
  if (has(/\bcta\b|ct angiograph|computed tomography angiograph/)) return 'computed_tomography_angiography';
  if (has(/\bmra\b|mr angiograph|magnetic resonance angiograph/)) return 'magnetic_resonance_angiography';
  if (has(/\bmrcp\b|mr (cholangio|urograph|hydrograph)/)) return 'magnetic_resonance_hydrography';
  if (has(/\bmri\b|\bmr\b|magnetic resonance/)) return contrast ? 'contrast_magnetic_resonance_imaging_scan' : 'plain_magnetic_resonance_imaging_scan';
  if (has(/\bct\b|computed tomography|\bcat scan/)) return contrast ? 'contrast_computed_tomography_scan' : 'plain_computed_tomography_scan';
  if (has(/echocardiogra|\becho\b|\btte\b|\btee\b/)) return 'echocardiogram';
  if (has(/mammogra/)) return 'mammography';
  if (has(/ultrasound|sonograph|doppler|\bus\b|\bfast\b/)) return 'color_doppler_ultrasound';
  if (has(/barium|upper gi series|swallow study|contrast enema/)) return 'gastrointestinal_tract_radiography';
  if (has(/\begd\b|esophagogastroduodenoscop|upper endoscop|gastroscop/)) return 'esophagogastroduodenoscopy';
  if (has(/laryngoscop|nasopharyngoscop|nasendoscop/)) return 'nasopharyngoscope';
  if (has(/sestamibi|parathyroid scan/)) return 'parathyroid_imaging';
  if (has(/x ?ray|radiograph|\bcxr\b|\bkub\b/)) return 'digital_radiography';
  if (has(/\bpet\b|scintigra|bone scan|angiograph|venogra|fluorosco|colonoscop|endoscop|imaging|\bscan\b/)) return snakeKey(name);
  return undefined;
}

const PATHOLOGY = /biops|histolog|cytolog|patholog|smear|aspirat|frozen section|immunohisto/i;
const IMPRESSION_KEYS = /^(impression|conclusion|interpretation|diagnosis)$/i;

interface Sorted {
  imaging: ImportedCase['imaging'];
  labs: ImportedCase['labs'];
  pathology: string[];
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

function labResult(value: unknown): string {
  if (!isObj(value)) return toText(value);
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

/** Lab panel keys of the loader's table recognised from a panel's name; otherwise the name itself. */
export function labKeyFromName(name: string): string {
  const n = ` ${name.replace(/[_\-/]+/g, ' ').toLowerCase()} `;
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

/** A name that holds several studies rather than being one ("Imaging", "Laboratory_Tests", "Other tests"). */
const CONTAINER = /\b(tests?|results?|studies|investigations|work ?up|imaging|radiology|labs?|laboratory)\b/i;
const IMAGING_GROUP = /imaging|radiolog/i;

/** Sort the test results into imaging, laboratory and pathology. */
function sortTests(tests: unknown): Sorted {
  const out: Sorted = { imaging: {}, labs: {}, pathology: [], how: [] };
  if (!isObj(tests)) {
    const t = toText(tests);
    if (t !== '') out.labs.test_results = { result: t, abnormal: '' };
    return out;
  }
  const visit = (name: string, value: unknown, group?: string): void => {
    if (flatten(value) === '') {
      out.how.push(`${group ? `${group}.` : ''}${name} → empty, left out`);
      return;
    }
    const spaced = name.replace(/_/g, ' ');
    // a container of several studies ("Imaging": {"Chest_CT": {...}}, "Laboratory_Tests": {"CBC": {...}}): look inside
    if (CONTAINER.test(spaced) && isObj(value)) {
      const children = Object.entries(value);
      const holdsStudies = children.some(([k, v]) => isObj(v) || modalityFromName(k) !== undefined || PATHOLOGY.test(k));
      if (holdsStudies && !children.every(([k]) => /^(findings?|impression|comments?|results?)$/i.test(k))) {
        for (const [k, v] of children) visit(k, v, name);
        return;
      }
    }
    const where = group ? `${group}.${name}` : name;
    if (PATHOLOGY.test(name)) {
      const t = flatten(isObj(value) ? value : { [name]: value });
      out.pathology.push(isObj(value) ? `${label(name)}: ${t.replace(/\n/g, '; ')}` : t);
      out.how.push(`${where} → pathology`);
      return;
    }
    const modality = modalityFromName(name) ?? (group && IMAGING_GROUP.test(group) ? snakeKey(name) : undefined);
    if (modality) {
      const key = addKeyed(out.imaging, modality, imagingEntry(value));
      out.how.push(`${where} → imaging ${key}`);
      return;
    }
    const key = addKeyed(out.labs, labKeyFromName(name), { result: labResult(value), abnormal: '' });
    out.how.push(`${where} → laboratory ${key}`);
  };
  for (const [k, v] of Object.entries(tests)) visit(k, v);
  return out;
}

/** One AgentClinic OSCE record as a ClinicalBench case (English). */
export function fromAgentClinic(source: unknown): Applied {
  const res: Applied = { how: {}, values: {}, errors: [] };
  const root = isObj(source) ? (isObj(source.OSCE_Examination) ? source.OSCE_Examination : source) : undefined;
  if (!root) {
    res.errors.push({ field: 'OSCE_Examination', message: 'is missing: not an AgentClinic OSCE record' });
    return res;
  }
  const patient = isObj(root.Patient_Actor) ? root.Patient_Actor : {};
  const symptoms = isObj(patient.Symptoms) ? patient.Symptoms : {};
  const principal = toText(root.Correct_Diagnosis);
  if (principal === '') res.errors.push({ field: 'OSCE_Examination.Correct_Diagnosis', message: 'is missing or empty' });

  const historyParts: string[] = [];
  const add = (title: string, v: unknown): void => {
    const t = toText(v, ', ');
    if (t !== '') historyParts.push(title ? `${title}: ${t}` : t);
  };
  add('', patient.History);
  add('Other symptoms', symptoms.Secondary_Symptoms);
  add('Past medical history', patient.Past_Medical_History);
  add('Social history', patient.Social_History);
  add('Review of systems', patient.Review_of_Systems);
  for (const [k, v] of Object.entries(patient)) {
    if (!['Demographics', 'History', 'Symptoms', 'Past_Medical_History', 'Social_History', 'Review_of_Systems'].includes(k)) add(label(k), v);
  }

  const tests = sortTests(root.Test_Results);
  const c: ImportedCase = {
    uid: uidFrom('agentclinic', JSON.stringify(source)),
    language: 'en',
    department: '',
    principalDiagnosis: principal,
    preliminaryDiagnosis: '',
    diagnosticBasis: '',
    differentialDiagnosis: '',
    therapeuticPrinciple: '',
    treatmentPlan: '',
    summary: {
      basicInformation: toText(patient.Demographics),
      chiefComplaint: toText(symptoms.Primary_Symptom, ', '),
      history: historyParts.join('\n'),
      physicalExamination: flatten(root.Physical_Examination_Findings),
    },
    imaging: tests.imaging,
    labs: tests.labs,
    pathology: tests.pathology.join('\n'),
  };
  const s = c.summary as Exclude<ImportedCase['summary'], string>;
  const note = (field: string, value: string, how: string): void => {
    res.values[field] = value;
    res.how[field] = value === '' ? `${how} (nothing there)` : how;
  };
  note('clinical_case_uid', c.uid, 'made from the record\'s content');
  note('language', 'en', 'AgentClinic cases are in English');
  note('clinical_department', '', 'not in AgentClinic (give a rule with --map)');
  note('principal_diagnosis', principal, 'OSCE_Examination.Correct_Diagnosis');
  note('summary.basic_information', s.basicInformation, 'Patient_Actor.Demographics');
  note('summary.chief_complaint', s.chiefComplaint, 'Patient_Actor.Symptoms.Primary_Symptom');
  note('summary.medical_history', s.history, 'Patient_Actor: History, Secondary_Symptoms, Past_Medical_History, Social_History, Review_of_Systems');
  note('summary.physical_examination', s.physicalExamination, 'Physical_Examination_Findings (flattened)');
  note('imageological_examination', Object.keys(c.imaging).join(', '), `Test_Results: ${tests.how.filter((h) => h.includes('→ imaging')).join('; ') || 'none'}`);
  note('laboratory_examination', Object.keys(c.labs).join(', '), `Test_Results: ${tests.how.filter((h) => h.includes('→ laboratory')).join('; ') || 'none'}`);
  note('pathological_examination', c.pathology, `Test_Results: ${tests.how.filter((h) => h.includes('→ pathology')).join('; ') || 'none'}`);
  for (const f of ['preliminary_diagnosis', 'diagnostic_basis', 'differential_diagnosis', 'therapeutic_principle', 'treatment_plan']) note(f, '', 'not in AgentClinic');
  if (res.errors.length === 0) res.case = c;
  return res;
}
