/**
 * The reader, unit by unit: what each kind of answer is read as and the reading it gets (read, partial,
 * ambiguous, unread, refusal, truncated), the rules a careful reader follows that the corpus
 * (answer-corpus.test.ts) exercises in bulk, and linear time on huge answers in every new path (JSON, tables,
 * hedges, notes, headings, brackets).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { splitDiagnoses } from '../../src/bench/lists.js';
import { isNoteLine } from '../../src/tasks/answer-notes.js';
import { diagnosisItems, diseaseName, principalForMatch, principalName } from '../../src/tasks/diagnosis-names.js';
import { findJson } from '../../src/tasks/json-answer.js';
import { splitReasoning } from '../../src/tasks/reasoning.js';
import { readDepartment, readDepartments, readDiagnosis, readImpression } from '../../src/tasks/reading.js';
import { parseSections } from '../../src/tasks/sections.js';
import { gapTexts, readingTexts } from '../support/huge-texts.js';

const tax = DepartmentTaxonomy.default();
const ids = (text: string): (string | null)[] => readDepartments(text, tax).items.map((i) => i.department);

describe('reasoning blocks', () => {
  it('are never the answer: closed, unclosed (reasoning to the end), or only a closing tag', () => {
    expect(splitReasoning('<think>maybe neurosurgery</think>Neurology')).toMatchObject({ answer: 'Neurology', reasoning: 'maybe neurosurgery', unclosed: false });
    expect(splitReasoning('<think>neurology or neurosurgery, hmm')).toMatchObject({ answer: '', unclosed: true });
    expect(splitReasoning('weighing urology…</think>\nUrology').answer.trim()).toBe('Urology');
    expect(readDepartment('<think>the urinary surgical department, or gastroenterology', tax)).toMatchObject({ department: null, reading: 'truncated' });
  });

  it('cut off by the token limit: nothing mentioned while thinking is credited; an answer begun is read as far as it got', () => {
    expect(readDepartment('Colicky pain suggests the urinary surgical department, but let me also consider', tax, { finishReason: 'length' })).toMatchObject({ department: null, reading: 'truncated' });
    expect(readDepartment('Urology\n\nThe colic radiates to the groin and', tax, { finishReason: 'length' })).toMatchObject({ department: 'urology', reading: 'read' });
    expect(readDepartment('', tax, { finishReason: 'length' })).toMatchObject({ department: null, reading: 'truncated', reason: 'cut off by the token limit before naming a department of the list (finish reason length)' });
    const cut = readDiagnosis('Preliminary Diagnosis: Pneumonia\nDiagnostic Basis: fever and crack', { finishReason: 'length' });
    expect(cut).toMatchObject({ reading: 'partial', found: ['preliminary', 'basis'], diagnosis: { preliminary: ['Pneumonia'] } });
    expect(cut.reason).toContain('finish reason length');
  });
});

describe('refusals', () => {
  it('are told apart from answers the reader could not read, and from disclaimers in front of an answer', () => {
    expect(readDepartment("I'm sorry, I can't make a triage decision. Please see a doctor.", tax)).toMatchObject({ department: null, reading: 'refusal' });
    expect(readDepartment('The weather is lovely today.', tax)).toMatchObject({ department: null, reading: 'unread' });
    expect(readDepartment("I'm not a doctor, but the neurology department fits.", tax)).toMatchObject({ department: 'neurology', reading: 'read' });
    expect(readDiagnosis('作为人工智能，我不能做出诊断，请咨询专业医生。')).toMatchObject({ found: [], reading: 'refusal' });
    expect(readImpression('I am unable to interpret imaging. Please ask a radiologist.')).toMatchObject({ impression: '', reading: 'refusal' });
    // an impression that merely ends with advice is an impression
    expect(readImpression('(1) Acute appendicitis. Please correlate clinically and consult a surgeon.')).toMatchObject({ reading: 'read' });
  });
});

describe('department answers', () => {
  it('in JSON: a department field, a list, a list of objects — never the words of a reason', () => {
    expect(readDepartment('{"department": "Neurology", "reason": "neurosurgery only if a bleed is seen"}', tax)).toMatchObject({ department: 'neurology', status: 'exact' });
    expect(readDepartment("```json\n{'科室': '泌尿外科',}\n```", tax).department).toBe('urology');
    expect(ids('{"departments": ["Urology", "Gastroenterology", "Nephrology"]}')).toEqual(['urology', 'gastroenterology', 'nephrology']);
    expect(ids('[{"rank": 1, "department": "ENT"}, {"rank": 2, "department": "Dermatology"}]')).toEqual(['otolaryngology', null]);
  });

  it('in a markdown table: K rows are K names, the header and the rule are not names', () => {
    const table = '| Rank | Department | Why |\n|---|---|---|\n| 1 | Urology | colic |\n| 2 | Gastroenterology | vomiting |\n| 3 | Nephrology | haematuria |';
    expect(readDepartments(table, tax)).toMatchObject({ count: 3, valid: 3, reading: 'read' });
  });

  it('hedged: the department set aside is not the answer; two with equal weight stay ambiguous', () => {
    expect(readDepartment('Although gynecology is possible, gastrointestinal surgery is better suited.', tax)).toMatchObject({ department: 'gastrointestinal-surgery', status: 'concluded', reading: 'read' });
    expect(readDepartment('与其去消化内科，不如先到泌尿外科就诊。', tax).department).toBe('urology');
    expect(readDepartment('神经外科也可能接诊；综上，建议神经内科。', tax).department).toBe('neurology');
    expect(readDepartment('Neurology or neurosurgery.', tax)).toMatchObject({ department: 'neurology', status: 'ambiguous', reading: 'ambiguous' });
    expect(readDepartment('I recommend both neurology and neurosurgery.', tax).reading).toBe('ambiguous');
  });

  it('notes under a list are not departments; names not on the list make the reading partial', () => {
    expect(ids('Neurology\nNeurosurgery\nCardiology\n(listed from most to least likely)')).toEqual(['neurology', 'neurosurgery', 'cardiovascular-medicine']);
    expect(ids('神经内科\n神经外科\n心血管内科\n（以上按优先顺序）')).toEqual(['neurology', 'neurosurgery', 'cardiovascular-medicine']);
    expect(ids('①骨科 ②神经外科 ③疼痛科')).toEqual(['orthopedics', 'neurosurgery', null]);
    expect(readDepartments('Urology\nDermatology\nNephrology', tax)).toMatchObject({ reading: 'partial', reason: 'not a department of the list: "Dermatology"' });
  });
});

describe('six-section answers', () => {
  it('end a section at an unknown heading instead of swallowing it, and keep sub-headings inside it', () => {
    const md = '## Principal Diagnosis\nPneumonia\n## Treatment Plan\n### Medications\n- amoxicillin\n## Prognosis\nGood.';
    expect(parseSections(md).sections.plan).toBe('### Medications\n- amoxicillin');
    const zh = '【主要诊断】肺炎\n【治疗计划】阿莫西林\n【预后】良好';
    expect(parseSections(zh).sections.plan).toBe('阿莫西林');
    const bold = '**5. Therapeutic Principle:** antibiotics\n**6. Treatment Plan:**\n**Medications:** amoxicillin\n**7. Follow-up**\nclinic in a week';
    expect(parseSections(bold).sections.plan).toBe('**Medications:** amoxicillin');
    expect(parseSections('Treatment Plan: amoxicillin\nDisclaimer: not medical advice.').sections.plan).toBe('amoxicillin');
  });

  it('fill two sections from a merged heading, and read other names and bracketed headings without a colon', () => {
    const s = parseSections('考虑诊断：肺炎\n需与以下疾病鉴别：肺结核\n处理原则及方案：抗感染，阿莫西林').sections;
    expect(s).toMatchObject({ preliminary: '肺炎', differential: '肺结核', principle: '抗感染，阿莫西林', plan: '抗感染，阿莫西林' });
    expect(parseSections('〖初步诊断〗\n肺炎\n〖主要诊断〗肺炎').sections).toMatchObject({ preliminary: '肺炎', principal: '肺炎' });
    expect(parseSections('Leading diagnosis: Pneumonia\nDDx: TB\nPlan of care: amoxicillin').found).toEqual(['principal', 'differential', 'plan']);
  });

  it('from JSON, keyed in English, Chinese or snake_case, values as strings or lists, nested or not', () => {
    const r = readDiagnosis('{"assessment": {"初步诊断": ["肺炎", "胸腔积液"], "principal_diagnosis": "肺炎", "treatmentPlan": ["阿莫西林", "复查胸片"]}}');
    expect(r).toMatchObject({ found: ['preliminary', 'principal', 'plan'], diagnosis: { preliminary: ['肺炎', '胸腔积液'], principal: { name: '肺炎' } } });
    expect(r.sections.plan).toBe('1. 阿莫西林\n2. 复查胸片');
  });

  it('name diagnoses without their explanation, hedge or note; "X leading to Y" and "X伴Y" name X with Y as a complication', () => {
    expect(diagnosisItems('The most likely diagnoses are:\n1. Pneumonia (most likely) – fever and crackles\n2. TB?\n(listed from most to least likely)')).toEqual(['Pneumonia', 'TB']);
    expect(principalName('急性胆囊炎。该病为最需处理的疾病')).toEqual({ name: '急性胆囊炎', complications: [] });
    expect(principalName('Ureteral calculus leading to hydronephrosis')).toEqual({ name: 'Ureteral calculus', complications: ['hydronephrosis'] });
    expect(principalName('输尿管结石伴肾积水')).toEqual({ name: '输尿管结石', complications: ['肾积水'] });
    // the matcher gets the name with its complication in the form it reads
    expect(principalForMatch(principalName('Ureteral calculus leading to hydronephrosis'))).toBe('Ureteral calculus with hydronephrosis');
    expect(principalForMatch(principalName('输尿管结石伴肾积水'))).toBe('输尿管结石伴肾积水');
  });

  it('name the items of a list written as the prompt asks exactly as the gold lists are read', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('Pneumonia', 'Type 2 diabetes mellitus', 'Hypertension (grade 1)', '慢性肾脏病5期（糖尿病肾病）', '十二指肠球部溃疡伴出血', 'Hepatitis B cirrhosis, decompensated'), { minLength: 1, maxLength: 5 }), (names) => {
        const text = `${names.map((n, i) => `${i + 1}. ${n}`).join('; ')}.`;
        expect(diagnosisItems(text)).toEqual(splitDiagnoses(text));
      }),
      { numRuns: 300, seed: 20261201 },
    );
  });
});

describe('huge answers', () => {
  // a hang (a backtracking pattern) fails by the test's time limit; how fast they are is perf/huge-inputs.bench.ts
  it('are read without hanging on every path (1 MB: half-finished JSON, fences, tables, hedges, notes, headings, brackets)', () => {
    for (const [name, text] of readingTexts()) {
      expect(typeof readDepartment(text, tax).status, name).toBe('string');
      expect(Array.isArray(readDepartments(text, tax).items), name).toBe(true);
      readDiagnosis(text);
      readImpression(text);
      findJson(text);
    }
  }, 120_000);

  // these took minutes to hours before (a pattern retried a run from each of its characters)
  it('read the diagnosis names across a megabyte of spaces, tabs, question marks or stops', () => {
    const g = gapTexts();
    expect(diseaseName(g.hedgeTail), 'a hedge after a megabyte of spaces').toBe('Pneumonia');
    expect(diseaseName(g.questionMarks), 'question marks inside the name').toBe(g.questionMarks);
    expect(diseaseName(g.stopMarks), 'the explanation after a stop').toBe('Pneumonia');
    expect(principalName(g.connector), 'a connector after the spaces').toEqual({ name: 'Pneumonia', complications: ['sepsis'] });
    expect(principalName(g.complications), 'complications split across the spaces').toEqual({ name: 'Pneumonia', complications: ['sepsis', 'shock'] });
    expect(diagnosisItems(g.tabbedList), 'a hedge mark after a megabyte of tabs').toEqual(['Pneumonia', 'Asthma']);
    expect(isNoteLine(g.stars), 'stars inside a line').toBe(false);
    const read = readDiagnosis(`Preliminary diagnosis: ${g.hedgeTail}\nPrincipal diagnosis: ${g.connector}`);
    expect(read.diagnosis).toEqual({ preliminary: ['Pneumonia'], principal: { name: 'Pneumonia', complications: ['sepsis'] } });
  }, 120_000);
});
