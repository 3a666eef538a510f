import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { parseDepartmentAnswer, parseMultiDepartmentAnswer } from '../../src/tasks/departments.js';
import { departmentTexts, gapTexts } from '../support/huge-texts.js';

const tax = DepartmentTaxonomy.default();
const ids = (a: { items: { department: { id: string } | null }[] }): (string | null)[] => a.items.map((i) => i.department?.id ?? null);

describe('a department-guide answer', () => {
  it.each([
    ['Gastroenterology', 'gastroenterology', 'exact'],
    ['消化内科', 'gastroenterology', 'exact'],
    ['**gastroenterology department**', 'gastroenterology', 'exact'],
    ['Department: Urology.', 'urology', 'exact'],
    ['科室：泌尿外科', 'urology', 'exact'],
    ['Neurology\nThe sudden weakness suggests a stroke.', 'neurology', 'exact'],
    ['Given the chest pain I would send the patient to cardiology first.', 'cardiovascular-medicine', 'mention'],
    ['Either Neurology or Neurosurgery.', 'neurology', 'ambiguous'],
    ['<think>maybe surgery</think>骨科', 'orthopedics', 'exact'],
  ])('maps %j onto the list', (answer, id, status) => {
    const r = parseDepartmentAnswer(answer, tax);
    expect(r.department?.id).toBe(id);
    expect(r.status).toBe(status);
  });

  it.each(['Dermatology', 'General surgery', '', 'I cannot answer that.'])('calls %j invalid', (answer) => {
    expect(parseDepartmentAnswer(answer, tax)).toMatchObject({ department: null, status: 'invalid' });
  });
});

describe('a K-department answer (DIFR)', () => {
  it('splits one name per line and checks each name', () => {
    const r = parseMultiDepartmentAnswer('Gastroenterology\nHepatobiliary & Pancreatic Surgery\nDermatology', tax);
    expect(r.count).toBe(3);
    expect(r.valid).toBe(2);
    expect(ids(r)).toEqual(['gastroenterology', 'hepatobiliary-pancreatic-surgery', null]);
  });

  it('skips the lead-in line and reads numbered items with explanations', () => {
    const r = parseMultiDepartmentAnswer(
      'Here are the three departments:\n1. Cardiology - chest pain\n2. **Respiratory Medicine** (dyspnoea)\n3. Thoracic Surgery: possible pneumothorax',
      tax,
    );
    expect(ids(r)).toEqual(['cardiovascular-medicine', 'respiratory-medicine', 'thoracic-surgery']);
  });

  it('splits one line on commas and 、 but keeps names that contain "and"', () => {
    expect(ids(parseMultiDepartmentAnswer('消化内科、胃肠外科、肝胆胰外科、肛门结直肠外科、普外科', tax))).toEqual([
      'gastroenterology',
      'gastrointestinal-surgery',
      'hepatobiliary-pancreatic-surgery',
      'anorectal-surgery',
      null,
    ]);
    expect(ids(parseMultiDepartmentAnswer('hepatobiliary and pancreas surgical department, anus and intestine surgical department, urology', tax))).toEqual([
      'hepatobiliary-pancreatic-surgery',
      'anorectal-surgery',
      'urology',
    ]);
    expect(ids(parseMultiDepartmentAnswer('Neurology and Neurosurgery', tax))).toEqual(['neurology', 'neurosurgery']);
  });

  it('never throws on arbitrary text and counts consistently', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.array(fc.constantFrom('骨科', 'ENT', '\n', '1. ', ', ', 'and', '：', 'x')).map((a) => a.join(''))), (text) => {
        const multi = parseMultiDepartmentAnswer(text, tax);
        expect(multi.count).toBe(multi.items.length);
        expect(multi.valid).toBeLessThanOrEqual(multi.count);
        const one = parseDepartmentAnswer(text, tax);
        expect(one.status === 'invalid').toBe(one.department === null);
      }),
      { numRuns: 2000, seed: 20261129 },
    );
  });
  // a hang (a backtracking pattern) fails by the test's time limit; how fast they are is perf/huge-inputs.bench.ts
  it('reads huge answers (1 MB: long runs of spaces, repeated separators, unclosed reasoning) without hanging', () => {
    const t = departmentTexts();
    expect(parseDepartmentAnswer(t.padded, tax).department?.id, 'one name padded with spaces').toBe('neurology');
    expect(parseDepartmentAnswer(t.gap, tax).status, 'text with a long gap').toBe('invalid');
    expect(ids(parseMultiDepartmentAnswer(t.twoOnLine, tax)), 'two names on one line').toEqual(['cardiovascular-medicine', 'neurology']);
    expect(ids(parseMultiDepartmentAnswer(t.numbered, tax)), 'two numbered names').toEqual(['orthopedics', 'orthopedics']);
    expect(parseMultiDepartmentAnswer(t.separators, tax).count, 'separators only').toBe(0);
    expect(parseMultiDepartmentAnswer(t.samePiece, tax).valid, 'the same piece again and again').toBe(200_000);
    expect(parseDepartmentAnswer(t.unclosed, tax).department, 'unclosed reasoning').toBeNull();
  }, 120_000);

  // these took minutes to hours before (a pattern retried a run of white space from each of its characters)
  it('reads both names across a megabyte of spaces, tabs or ideographic spaces, and the conclusion after it', () => {
    const both = ['cardiovascular-medicine', 'neurology'];
    const one = (text: string) => {
      const r = parseDepartmentAnswer(text, tax);
      return [r.department?.id, r.status, r.named.map((d) => d.id)];
    };
    expect(one(departmentTexts().twoOnLine), 'spaces').toEqual(['cardiovascular-medicine', 'ambiguous', both]);
    const g = gapTexts();
    expect(one(g.tabs), 'tabs').toEqual(['cardiovascular-medicine', 'ambiguous', both]);
    expect(one(g.ideographic), 'ideographic spaces').toEqual(['cardiovascular-medicine', 'ambiguous', both]);
    expect(one(g.hedged), 'the conclusion a megabyte later').toEqual(['neurology', 'concluded', both]);
    expect(one(g.lineBreaks), 'the conclusion after half a million line breaks').toEqual(['neurology', 'concluded', both]);
    expect(one(g.manyMentions), '100,000 mentions in one clause').toEqual(['cardiovascular-medicine', 'ambiguous', both]);
  }, 120_000);
});
