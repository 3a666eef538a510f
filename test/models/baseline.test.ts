/** The baseline's reasoning, step by step, on hand-written mini cases and a small hand-written knowledge base. */
import { beforeAll, describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { affirms, labDirections, patientOf, prepare, rangeDirection } from '../../src/models/baseline/evidence.js';
import { diagnosisAnswer, impressionAnswer } from '../../src/models/baseline/compose.js';
import { createBaselineModel } from '../../src/models/baseline/index.js';
import { loadKnowledgeBase } from '../../src/models/baseline/kb.js';
import { indexKnowledge, rankDepartments, rankDiseases, type KnowledgeIndex, type RankedDisease } from '../../src/models/baseline/reason.js';
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

  it('reads lab directions from a result line’s value against its range when no arrow is printed', () => {
    const panel = '血常规：1  白细胞计数  WBC  14.2    *10^9/L  3.5-9.5  ;2  血红蛋白  HGB  92    g/L  130-175  ;3  血小板计数  PLT  298    *10^9/L  125-350  ;4  C反应蛋白  CRP  56  ↑  mg/L  <10  ;5  铁蛋白  FER  8    ng/mL  >15  ;6  降钙素原  PCT  0.8    ng/mL  <0.5  ;';
    expect([...labDirections(panel, 'WBC')]).toEqual(['high']);
    expect([...labDirections(panel, 'HGB')]).toEqual(['low']);
    expect([...labDirections(panel, 'PLT')]).toEqual([]); // within range
    expect([...labDirections(panel, 'CRP')]).toEqual(['high']); // the arrow
    expect([...labDirections(panel, 'FER')]).toEqual(['low']); // below a ">15" range
    expect([...labDirections(panel, 'PCT')]).toEqual(['high']); // above a "<0.5" range
    expect(rangeDirection('1  White blood cell count  WBC  abc    *10^9/L  3.5-9.5', 30, 'WBC')).toBeUndefined();
  });
});

describe('department guide', () => {
  it('follows the chief complaint', () => {
    expect(rankDepartments(index, 'Male, 58 years old. Crushing chest pain for 2 hours.', 'en')[0]!.department).toBe('cardiovascular-medicine');
    expect(rankDepartments(index, '男，30岁。右下腹痛伴呕吐1天。', 'zh')[0]!.department).toBe('gastrointestinal-surgery');
  });

  it('is not misled by a chief complaint that points elsewhere: pregnancy sends headache and blurred vision to obstetrics (zh, en)', () => {
    // in the mini knowledge base neurology claims headache and blurred vision outright: without the pregnancy it wins
    for (const [pregnant, plain, lang] of [
      ['Female, 24 years old, 34 weeks pregnant. Headache and blurred vision for 1 day.', 'Female, 24 years old. Headache and blurred vision for 1 day.', 'en'],
      ['女，24岁，孕34周。头痛、视物模糊1天。', '女，24岁。头痛、视物模糊1天。', 'zh'],
    ] as const) {
      const without = rankDepartments(index, plain, lang);
      expect(without[0]!.department, plain).toBe('neurology');
      expect(without.find((r) => r.department === 'obstetrics')!.score).toBeLessThan(without[0]!.score / 2);
      const withPregnancy = rankDepartments(index, pregnant, lang);
      expect(withPregnancy[0]!.department, pregnant).toBe('obstetrics');
      expect(withPregnancy[1]!.department).toBe('neurology');
    }
    const man = rankDepartments(index, 'Male, 40 years old. Vaginal bleeding?', 'en');
    expect(man.find((r) => r.department === 'obstetrics')!.score).toBe(-1);
  });

  it('does the same with the real knowledge base, where neurosurgery and neurology compete (zh, en)', async () => {
    const real = indexKnowledge(await loadKnowledgeBase());
    for (const [pregnant, plain, lang] of [
      ['Female, 29 years old, 34 weeks pregnant. Headache and blurred vision for 1 day.', 'Female, 29 years old. Headache and blurred vision for 1 day.', 'en'],
      ['女，29岁，孕34周。头痛、视物模糊1天。', '女，29岁。头痛、视物模糊1天。', 'zh'],
    ] as const) {
      const without = rankDepartments(real, plain, lang).slice(0, 2).map((r) => r.department);
      expect(without.sort()).toEqual(['neurology', 'neurosurgery']);
      expect(rankDepartments(real, pregnant, lang)[0]!.department).toBe('obstetrics');
    }
    // and a child with fever and rash goes to pediatrics, an adult with the same complaint does not
    expect(rankDepartments(real, '男，6岁。发热、皮疹5天。', 'zh')[0]!.department).toBe('pediatrics');
    expect(rankDepartments(real, 'Male, 36 years old. Fever and rash for 5 days.', 'en')[0]!.department).not.toBe('pediatrics');
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

  it('names exactly five departments for guide-5: its ranking first, then the rest of the list (zh, en)', async () => {
    for (const [content, lang, first] of [
      [`Patient: Female, 24 years old.\nChief complaint: Headache and blurred vision for 1 day.\n${taxonomy.names('en').join('\n')}`, 'en', 'neurology'],
      [`患者基本信息：男，58岁。\n主诉：压榨性胸痛2小时。\n${taxonomy.names('zh').join('\n')}`, 'zh', 'cardiovascular-medicine'],
    ] as const) {
      const r = await ask(content, { kind: 'department-guide-5', language: lang, k: 5 });
      const parsed = parseMultiDepartmentAnswer(r.text, taxonomy);
      expect(parsed).toMatchObject({ count: 5, valid: 5 });
      const ids = parsed.items.map((i) => i.department!.id);
      expect(ids[0]).toBe(first);
      expect(new Set(ids).size).toBe(5);
      // written in the prompt's language
      expect(r.text.split('\n')[0]).toBe(taxonomy.departments.find((d) => d.id === first)![lang === 'zh' ? 'zh' : 'en']);
    }
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

  it('ranks diseases from Chinese text too, with the Chinese evidence it used', () => {
    const zh = '患者基本信息：女，24岁。\n主诉：腹痛16小时。\n病史：脐周痛后转移性右下腹痛，伴恶心，无腹泻。\n体格检查：麦氏点压痛，反跳痛。\n辅助检查：CT示阑尾增粗，见阑尾粪石。白细胞计数(WBC) 14.2*10^9/L ↑。';
    const ranked = rankDiseases(index, zh, 'zh');
    expect(ranked[0]!.disease.id).toBe('acute-appendicitis');
    expect(ranked[0]!.evidence).toEqual({ symptoms: ['转移性右下腹痛', '脐周痛', '恶心'], signs: ['麦氏点压痛', '反跳痛'], imaging: ['阑尾增粗', '阑尾粪石'], labs: ['白细胞计数 (WBC) 升高'] });
    expect(ranked[0]!.score).toBeGreaterThan(2 * ranked[1]!.score);
    // a negated finding is no evidence: without the migratory pain and the signs, the ranking weakens
    const weaker = rankDiseases(index, '女，24岁。腹痛，无转移性右下腹痛，无麦氏点压痛。', 'zh');
    expect(weaker[0]!.evidence.symptoms).not.toContain('转移性右下腹痛');
    expect(weaker[0]!.evidence.signs).toEqual([]);
  });

  it('reads an abnormal lab value from its reference range when the line has no arrow', () => {
    const plain = 'Patient Basic Information: Female, 24 years old.\nAuxiliary Examination: routine blood test: 1  White blood cell count  WBC  14.2    *10^9/L  3.5-9.5  ;2  Haemoglobin  HGB  131    g/L  115-150  ;';
    const ranked = rankDiseases(index, plain, 'en');
    const appendicitis = ranked.find((r) => r.disease.id === 'acute-appendicitis')!;
    expect(appendicitis.evidence.labs).toEqual(['White blood cell count (WBC) raised']);
    const normal = rankDiseases(index, plain.replace('14.2', '6.1'), 'en').find((r) => r.disease.id === 'acute-appendicitis')!;
    expect(normal.evidence.labs).toEqual([]);
    expect(appendicitis.score).toBeGreaterThan(normal.score);
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

describe('writing the diagnosis', () => {
  // rankings built by hand from the mini knowledge base's diseases, so each rule of the answer can be checked
  const disease = (id: string): { disease: RankedDisease['disease']; department: string } => index.diseases.find((d) => d.disease.id === id)!;
  const ranked = (scores: [string, number][], lang: 'zh' | 'en' = 'en'): RankedDisease[] =>
    scores.map(([id, score]) => ({ ...disease(id), score, evidence: { symptoms: id === 'adhesive-small-bowel-obstruction' ? [lang === 'zh' ? '呕吐' : 'vomiting'] : [], signs: [], imaging: [], labs: [] } }));
  const section = (text: string, label: string): string => parseSections(text).sections[label as 'preliminary'];

  it('lists runners-up in the preliminary diagnosis only within the margin (70% of the top score) and the top’s department', () => {
    const within = diagnosisAnswer(ranked([['acute-appendicitis', 10], ['adhesive-small-bowel-obstruction', 7]]), [], 'en');
    expect(section(within, 'preliminary')).toBe('1. Acute appendicitis; 2. Adhesive small bowel obstruction.');
    const below = diagnosisAnswer(ranked([['acute-appendicitis', 10], ['adhesive-small-bowel-obstruction', 6.9]]), [], 'en');
    expect(section(below, 'preliminary')).toBe('1. Acute appendicitis.');
    // close in score but another department: not listed
    const elsewhere = diagnosisAnswer(ranked([['acute-appendicitis', 10], ['preeclampsia', 9.5]]), [], 'zh');
    expect(section(elsewhere, 'preliminary')).toBe('1. 急性阑尾炎。');
    // associated conditions the case shows follow the diseases
    expect(section(diagnosisAnswer(ranked([['acute-appendicitis', 10]]), ['低钾血症'], 'zh'), 'preliminary')).toBe('1. 急性阑尾炎；2. 低钾血症。');
  });

  it('states for a runner-up what would fit and the feature that is missing (zh, en)', () => {
    const r = ranked([['acute-appendicitis', 10], ['adhesive-small-bowel-obstruction', 3]]);
    const en = section(diagnosisAnswer(r, [], 'en'), 'differential').split('\n');
    // the knowledge base's two differentials with their separating feature, then the runner-up
    expect(en[0]).toBe('1. Right ureteral calculus: Colicky flank pain with haematuria; no stone on CT.');
    expect(en[2]).toBe('3. Adhesive small bowel obstruction: vomiting would fit, but there is no air-fluid levels; excluded.');
    const zh = section(diagnosisAnswer(ranked([['acute-appendicitis', 10], ['adhesive-small-bowel-obstruction', 3]], 'zh'), [], 'zh'), 'differential').split('\n');
    expect(zh[0]).toBe('1. 右输尿管结石：多为绞痛伴血尿，CT未见结石。');
    expect(zh[2]).toBe('3. 粘连性小肠梗阻：呕吐与其相符，但缺乏气液平面等特征，可排除。');
  });

  it('gives the therapeutic principle and the plan of the top disease, in the answer’s language', () => {
    for (const lang of ['zh', 'en'] as const) {
      const text = diagnosisAnswer(ranked([['adhesive-small-bowel-obstruction', 10], ['acute-appendicitis', 2]]), [], lang);
      const d = disease('adhesive-small-bowel-obstruction').disease;
      expect(section(text, 'principle')).toBe(d.principle[lang]);
      expect(section(text, 'plan')).toBe(d.plan[lang].map((p, i) => `${i + 1}. ${p}`).join('\n'));
      expect(section(text, 'principal')).toBe(d.names[lang][0]);
    }
  });
});
