import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEPARTMENTS, DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadDepartmentFile, parseDepartmentList } from '../../src/bench/department-file.js';
import { tempDir } from '../helpers.js';

const tax = DepartmentTaxonomy.default();

describe('the department taxonomy', () => {
  it('has the 23 departments of PROTOCOL §2 with distinct names', () => {
    expect(tax.size).toBe(23);
    expect(new Set(DEFAULT_DEPARTMENTS.map((d) => d.zh)).size).toBe(23);
    expect(tax.names('zh')).toContain('耳鼻咽喉头颈外科');
    expect(tax.names('en')).toContain('hepatobiliary and pancreas surgical department');
  });

  it.each([
    ['Gastroenterology', 'gastroenterology'],
    ['gastroenterology department', 'gastroenterology'],
    ['消化内科', 'gastroenterology'],
    ['Dept. of Gastroenterology', 'gastroenterology'],
    ['Department of Cardiology', 'cardiovascular-medicine'],
    ['心内科', 'cardiovascular-medicine'],
    ['**Neurosurgery**', 'neurosurgery'],
    ['神经外科。', 'neurosurgery'],
    ['ENT', 'otolaryngology'],
    ['Otolaryngology–Head & Neck Surgery', 'otolaryngology'],
    ['otolaryngology head and neck surgical department', 'otolaryngology'],
    ['Hepatobiliary & Pancreatic Surgery', 'hepatobiliary-pancreatic-surgery'],
    ['ＵＲＯＬＯＧＹ', 'urology'],
    ['  orthopaedics  ', 'orthopedics'],
    ['肛肠科', 'anorectal-surgery'],
    ['1. 呼吸内科', 'respiratory-medicine'],
  ])('normalises %s', (name, id) => {
    expect(tax.normalise(name)?.id).toBe(id);
  });

  it.each(['Surgery', '外科', 'Dermatology', '皮肤科', '', 'department'])('does not guess for %j', (name) => {
    expect(tax.normalise(name)).toBeUndefined();
  });

  it('finds departments named inside free text, longest name first, in order', () => {
    const found = tax.mentions('建议先到神经外科就诊，必要时转神经内科。');
    expect(found.map((m) => m.department.id)).toEqual(['neurosurgery', 'neurology']);
    expect(tax.mentions('I would send her to Cardiology, then Cardiac Surgery.').map((m) => m.department.id)).toEqual([
      'cardiovascular-medicine',
      'cardiac-surgery',
    ]);
    expect(tax.mentions('this patient is urgent')).toEqual([]);
  });

  it('refuses a list in which one name means two departments', () => {
    expect(() => new DepartmentTaxonomy([...DEFAULT_DEPARTMENTS, { id: 'digestive', zh: '消化科', en: 'digestive', short: 'Digestive', aliases: [] }])).toThrow(
      /would mean both "gastroenterology" and "digestive"/,
    );
  });
});

describe('a hospital’s own department list', () => {
  it('adds a 24th department from a JSON file', async () => {
    const dir = tempDir();
    const file = join(dir, 'departments.json');
    writeFileSync(file, JSON.stringify({ departments: [...DEFAULT_DEPARTMENTS, { id: 'dermatology', zh: '皮肤科', en: 'dermatology department', aliases: ['skin clinic'] }] }));
    const t = await loadDepartmentFile(file);
    expect(t.size).toBe(24);
    expect(t.normalise('Skin Clinic')?.id).toBe('dermatology');
    expect(t.normalise('Dermatology')?.id).toBe('dermatology');
  });

  it('names the file, the entry and the field of a mistake', () => {
    expect(() => parseDepartmentList(JSON.stringify([{ id: 'a', zh: '甲', en: 'a' }, { id: 'B C', zh: '乙', en: 'b' }]), 'deps.json')).toThrow(
      'deps.json: department 2 `id`: should be a lower-case slug such as "gastroenterology"',
    );
    expect(() => parseDepartmentList('{"departments": [', 'deps.json')).toThrow(/^deps\.json: not valid JSON/);
  });
});
