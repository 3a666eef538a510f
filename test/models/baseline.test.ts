/** The baseline's reasoning, step by step, on hand-written mini cases and a small hand-written knowledge base. */
import { beforeAll, describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { affirms, labDirections, patientOf, prepare } from '../../src/models/baseline/evidence.js';
import { impressionAnswer } from '../../src/models/baseline/compose.js';
import { createBaselineModel } from '../../src/models/baseline/index.js';
import { loadKnowledgeBase } from '../../src/models/baseline/kb.js';
import { indexKnowledge, rankDepartments, rankDiseases, type KnowledgeIndex } from '../../src/models/baseline/reason.js';
import type { Model } from '../../src/models/types.js';
import { parseMultiDepartmentAnswer, parseDepartmentAnswer } from '../../src/tasks/departments.js';
import { parseSections } from '../../src/tasks/sections.js';
import { fixture } from '../helpers.js';

let index: KnowledgeIndex;
let model: Model;
const taxonomy = DepartmentTaxonomy.default();
const ask = (content: string, task?: { kind: string; language: 'zh' | 'en'; k?: number }) =>
  model.generate({ messages: [{ role: 'user', content }], ...(task ? { task } : {}) });

beforeAll(async () => {
  index = indexKnowledge(await loadKnowledgeBase(fixture('mini-kb')));
  model = await createBaselineModel({ kbDir: fixture('mini-kb') });
});

describe('evidence in case text', () => {
  it('finds terms with words in between, and not when they are negated', () => {
    const en = prepare('Pain began around the umbilicus and migrated to the right lower quadrant. No fever. Denies vomiting.', 'en');
    expect(affirms(en, 'migratory right lower quadrant pain')).toBe(false); // words too far apart and re-ordered
    expect(affirms(en, 'right lower quadrant')).toBe(true);
    expect(affirms(en, 'fever')).toBe(false);
    expect(affirms(en, 'vomiting')).toBe(false);
    const zh = prepare('转移性右下腹痛16小时，无发热，麦氏点压痛阳性，Murphy征阴性。', 'zh');
    expect(affirms(zh, '转移性右下腹痛')).toBe(true);
    expect(affirms(zh, '发热')).toBe(false);
    expect(affirms(zh, 'Murphy征')).toBe(false);
    expect(affirms(prepare('无痛性肉眼血尿2周，无明显诱因出现右下腹痛。', 'zh'), '肉眼血尿')).toBe(true);
    expect(affirms(prepare('无痛性肉眼血尿2周，无明显诱因出现右下腹痛。', 'zh'), '右下腹痛')).toBe(true);
  });

  it('reads age, sex and pregnancy', () => {
    expect(patientOf('Female, 24 years old, 34 weeks of gestation')).toEqual({ sex: 'female', age: 24, pregnant: true });
    expect(patientOf('男，2岁3个月')).toMatchObject({ sex: 'male', age: 2, pregnant: false });
    expect(patientOf('Boy, 9 months old').age).toBeCloseTo(0.75);
  });

  it('reads lab directions from arrows and words in both languages', () => {
    expect([...labDirections('1. White blood cell count (WBC) 14.2*10^9/L ↑; 2. HGB 128 g/L', 'WBC')]).toEqual(['high']);
    expect([...labDirections('血钾(K) 2.9mmol/L ↓', 'K')]).toEqual(['low']);
    expect([...labDirections('elevated cTnI and normal CK', 'cTnI')]).toEqual(['high']);
    expect([...labDirections('尿蛋白(PRO) +++ ↑', 'PRO')]).toEqual(expect.arrayContaining(['positive', 'high']));
    expect(labDirections('HGB 128 g/L', 'WBC').size).toBe(0);
  });
});

describe('department guide', () => {
  it('follows the chief complaint', () => {
    expect(rankDepartments(index, 'Male, 58 years old. Crushing chest pain for 2 hours.', 'en')[0]!.department).toBe('cardiovascular-medicine');
    expect(rankDepartments(index, '男，30岁。右下腹痛伴呕吐1天。', 'zh')[0]!.department).toBe('gastrointestinal-surgery');
  });

  it('sends a pregnant woman with headache and blurred vision to obstetrics, and never a man there', () => {
    const misleading = 'Female, 24 years old, 34 weeks pregnant. Headache and blurred vision for 1 day.';
    expect(rankDepartments(index, misleading, 'en')[0]!.department).toBe('obstetrics');
    const man = rankDepartments(index, 'Male, 40 years old. Vaginal bleeding?', 'en');
    expect(man.find((r) => r.department === 'obstetrics')!.score).toBe(-1);
  });

  it('answers with exactly K names from the list, in the prompt’s language', async () => {
    const list = taxonomy.names('en').join('\n');
    const one = await ask(`Patient: Male, 58 years old.\nChief complaint: Chest pain for 2 hours.\nDepartments:\n${list}\nAnswer with one department.`, { kind: 'department-guide', language: 'en' });
    expect(parseDepartmentAnswer(one.text, taxonomy)).toMatchObject({ status: 'exact', department: { id: 'cardiovascular-medicine' } });
    const three = await ask(`患者基本信息：男，30岁。\n主诉：右下腹痛1天。\n${taxonomy.names('zh').join('\n')}`, { kind: 'department-guide-3', language: 'zh', k: 3 });
    const parsed = parseMultiDepartmentAnswer(three.text, taxonomy);
    expect(parsed.count).toBe(3);
    expect(parsed.valid).toBe(3);
    expect(parsed.items[0]!.department!.id).toBe('gastrointestinal-surgery');
  });
});

describe('clinical diagnosis', () => {
  const appendicitis =
    'Patient Basic Information: Female, 24 years old.\nChief Complaint: Abdominal pain for 16 hours.\nMedical History: Periumbilical pain then migratory right lower quadrant pain, with nausea. No diarrhoea.\nPhysical Examination: McBurney point tenderness with rebound tenderness.\nAuxiliary Examination: CT: thickened appendix with an appendicolith. WBC 14.2*10^9/L ↑.';

  it('ranks the disease the findings point to first, with the evidence it used', () => {
    const ranked = rankDiseases(index, appendicitis, 'en');
    expect(ranked[0]!.disease.id).toBe('acute-appendicitis');
    expect(ranked[0]!.evidence.signs).toEqual(['McBurney point tenderness', 'rebound tenderness']);
    expect(ranked[0]!.evidence.labs).toEqual(['White blood cell count (WBC) raised']);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it('writes six sections that the parser reads back, in both languages', async () => {
    const en = await ask(`You are an experienced clinician working in Gastrointestinal Surgery.\n${appendicitis}`, { kind: 'clinical-diagnosis', language: 'en' });
    const s = parseSections(en.text);
    expect(s.found).toHaveLength(6);
    expect(s.sections.principal).toBe('Acute appendicitis');
    expect(s.sections.preliminary).toMatch(/^1\. Acute appendicitis/);
    expect(s.sections.differential).toContain('Right ureteral calculus: Colicky flank pain');
    expect(s.sections.plan).toBe('1. Nil by mouth and IV fluids\n2. Laparoscopic appendicectomy\n3. Cefuroxime and metronidazole');
    const zh = await ask(
      '你是胃肠外科的一名资深临床医生。\n患者基本信息：男，72岁。\n主诉：腹胀、呕吐2天。\n病史：阵发性腹痛，停止排气排便1天，既往阑尾切除术后。\n体格检查：腹部手术瘢痕，肠鸣音亢进。\n辅助检查：腹部立位片见多个气液平面，小肠扩张。血钾(K) 3.1mmol/L ↓，低钾。',
      { kind: 'clinical-diagnosis', language: 'zh' },
    );
    const z = parseSections(zh.text);
    expect(z.found).toHaveLength(6);
    expect(z.sections.principal).toBe('粘连性小肠梗阻');
    expect(z.sections.preliminary).toContain('低钾血症');
    expect(z.sections.basis).toContain('气液平面');
  });

  it('gives the same answer to the same prompt (deterministic)', async () => {
    const a = await ask(appendicitis, { kind: 'clinical-diagnosis', language: 'en' });
    const b = await ask(appendicitis, { kind: 'clinical-diagnosis', language: 'en' });
    expect(a.text).toBe(b.text);
  });
});

describe('imaging impression', () => {
  it('keeps the abnormal statements, numbered, and leaves out the normal ones', () => {
    const en = impressionAnswer('The appendix is thickened to 10 mm with an appendicolith. The liver is normal. No free air. Small amount of pelvic fluid.', 'en');
    expect(en).toBe('(1) The appendix is thickened to 10 mm with an appendicolith. (2) Small amount of pelvic fluid.');
    expect(impressionAnswer('肝脏大小形态正常。胆囊内见多发结石。未见胰管扩张。', 'zh')).toBe('(1) 胆囊内见多发结石。');
    expect(impressionAnswer('Both lungs are clear. No effusion.', 'en')).toBe('(1) No significant abnormality.');
  });
});
