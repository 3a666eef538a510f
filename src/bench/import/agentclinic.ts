/**
 * The AgentClinic preset: OSCE records (`{"OSCE_Examination": {...}}`, one per line, as in AgentClinic's MedQA
 * files) as ClinicalBench records. Demographics become the basic information, the primary symptom the chief
 * complaint (the history's first sentence, with a warning, when it is empty), history and the other patient
 * fields the medical history, the examination findings — and the bedside tests among the test results — the
 * physical examination; the other test results go to imaging, pathology or the laboratory (agentclinic-tests.ts);
 * a management or follow-up text is the treatment plan; `Correct_Diagnosis` is the principal diagnosis. The
 * source has no department, preliminary list, basis, differential or principle: those stay empty and their tasks
 * are skipped.
 */
import { flatten, isObj, label, type Obj } from './agentclinic-text.js';
import { sortTests } from './agentclinic-tests.js';
import { uidFrom, type ImportedCase } from './compose.js';
import type { Applied } from './mapping.js';
import { toText } from './rules.js';

export { imagingKeyFromName, labKeyFromName, modalityFromName } from './agentclinic-tests.js';

const PATIENT_KEYS = ['Demographics', 'History', 'Symptoms', 'Past_Medical_History', 'Social_History', 'Review_of_Systems'];

/** Keys of `OSCE_Examination` that hold what was done for the patient: `Management`, `Treatment_Plan`, `Follow_Up` … */
const MANAGEMENT = /\b(management|treatment|therapy|plan|follow ?up)\b/i;

/** Whether a source value is an AgentClinic OSCE record (or the examination object itself). */
export function isOsceRecord(value: unknown): boolean {
  return isObj(value) && (isObj(value.OSCE_Examination) || isObj(value.Patient_Actor) || 'Correct_Diagnosis' in value);
}

/** The first sentence of a text (up to the first full stop, question or exclamation mark). */
function firstSentence(text: string): string {
  const m = /^[\s\S]*?[.!?。！？](?=\s|$)/u.exec(text);
  return (m ? m[0] : text).trim();
}

/** The management / follow-up texts of an examination, and the keys they came from. */
function managementOf(root: Obj): { text: string; keys: string[] } {
  const keys = Object.keys(root).filter((k) => MANAGEMENT.test(k.replace(/[_-]+/g, ' ')) && flatten(root[k]) !== '');
  const text = keys.map((k) => (keys.length > 1 ? `${label(k)}: ${flatten(root[k]).replace(/\n/g, '; ')}` : flatten(root[k]))).join('\n');
  return { text, keys };
}

/** One AgentClinic OSCE record as a ClinicalBench case (English). */
export function fromAgentClinic(source: unknown): Applied {
  const res: Applied = { how: {}, values: {}, errors: [], warnings: [] };
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
  for (const [k, v] of Object.entries(patient)) if (!PATIENT_KEYS.includes(k)) add(label(k), v);

  let complaint = toText(symptoms.Primary_Symptom, ', ');
  let complaintFrom = 'Patient_Actor.Symptoms.Primary_Symptom';
  if (complaint === '') {
    const history = toText(patient.History);
    complaint = firstSentence(history);
    complaintFrom = complaint === '' ? complaintFrom : 'Patient_Actor.History, first sentence (the primary symptom is empty)';
    res.warnings!.push({
      field: 'OSCE_Examination.Patient_Actor.Symptoms.Primary_Symptom',
      message:
        complaint === ''
          ? 'is empty, and so is the history: the chief complaint is left empty (Department Guide and DIFR are skipped for this record)'
          : `is empty: the chief complaint is the history's first sentence ("${complaint.length > 60 ? `${complaint.slice(0, 59)}…` : complaint}")`,
    });
  }

  const tests = sortTests(root.Test_Results);
  const management = managementOf(root);
  const examination = [flatten(root.Physical_Examination_Findings), ...tests.exam].filter((t) => t !== '').join('\n');
  const c: ImportedCase = {
    uid: uidFrom('agentclinic', JSON.stringify(source)),
    language: 'en',
    department: '',
    principalDiagnosis: principal,
    preliminaryDiagnosis: '',
    diagnosticBasis: '',
    differentialDiagnosis: '',
    therapeuticPrinciple: '',
    treatmentPlan: management.text,
    summary: {
      basicInformation: toText(patient.Demographics),
      chiefComplaint: complaint,
      history: historyParts.join('\n'),
      physicalExamination: examination,
    },
    imaging: tests.imaging,
    labs: tests.labs,
    pathology: tests.pathology.join('\n'),
  };
  const note = (field: string, value: string, how: string): void => {
    res.values[field] = value;
    res.how[field] = value === '' ? `${how} (nothing there)` : how;
  };
  const sent = (what: string): string => tests.how.filter((h) => h.includes(`→ ${what}`)).join('; ') || 'none';
  note('clinical_case_uid', c.uid, "made from the record's content");
  note('language', 'en', 'AgentClinic cases are in English');
  note('clinical_department', '', 'not in AgentClinic (give a rule with --map)');
  note('principal_diagnosis', principal, 'OSCE_Examination.Correct_Diagnosis');
  note('summary.basic_information', toText(patient.Demographics), 'Patient_Actor.Demographics');
  note('summary.chief_complaint', complaint, complaintFrom);
  note('summary.medical_history', historyParts.join('\n'), 'Patient_Actor: History, Secondary_Symptoms, Past_Medical_History, Social_History, Review_of_Systems');
  note('summary.physical_examination', examination, `Physical_Examination_Findings (flattened)${tests.exam.length ? `; Test_Results: ${sent('physical examination')}` : ''}`);
  note('imageological_examination', Object.keys(c.imaging).join(', '), `Test_Results: ${sent('imaging')}`);
  note('laboratory_examination', Object.keys(c.labs).join(', '), `Test_Results: ${sent('laboratory')}`);
  note('pathological_examination', c.pathology, `Test_Results: ${sent('pathology')}`);
  note('treatment_plan', management.text, management.keys.length ? `OSCE_Examination: ${management.keys.join(', ')}` : 'a Management, Treatment or Follow_Up key of OSCE_Examination');
  for (const f of ['preliminary_diagnosis', 'diagnostic_basis', 'differential_diagnosis', 'therapeutic_principle']) note(f, '', 'not in AgentClinic');
  if (res.errors.length === 0) res.case = c;
  return res;
}
