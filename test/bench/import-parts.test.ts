/** The pieces of the importers: CSV reading, source paths, field rules and the mapping file's checks. */
import { describe, expect, it } from 'vitest';
import { guessDelimiter, readCsv } from '../../src/bench/import/csv.js';
import { imagingKeyFromName, modalityFromName, labKeyFromName } from '../../src/bench/import/agentclinic.js';
import { parseMapping, applyMapping } from '../../src/bench/import/mapping.js';
import { getPath, parsePath } from '../../src/bench/import/paths.js';
import { evaluateRule, RuleSchema } from '../../src/bench/import/rules.js';

describe('reading CSV', () => {
  it('keeps quoted cells whole: delimiters, doubled quotes and line breaks inside quotes, CRLF rows', () => {
    const text = 'id,text,dx\r\n1,"a, b","said ""hi"""\r\n2,"line one\nline two",x\r\n';
    const r = readCsv(text);
    expect(r.columns).toEqual(['id', 'text', 'dx']);
    expect(r.rows.map((x) => x.value)).toEqual([
      { id: '1', text: 'a, b', dx: 'said "hi"' },
      { id: '2', text: 'line one\nline two', dx: 'x' },
    ]);
    expect(r.rows.map((x) => x.line)).toEqual([2, 3]);
  });

  it('guesses the delimiter from the header, outside quotes', () => {
    expect(guessDelimiter('a;b;"c,d,e"\n1;2;3')).toBe(';');
    expect(guessDelimiter('a\tb\tc')).toBe('\t');
    expect(guessDelimiter('a|b')).toBe('|');
    expect(guessDelimiter('only')).toBe(',');
  });

  it('reports rows with the wrong number of cells and a quote that never closes, with their line', () => {
    const r = readCsv('a,b\n1,2,3\n4,5\n6,"open\n7,8\n');
    expect(r.rows[0]).toEqual({ line: 2, error: 'has 3 cells but the header has 2 columns (delimiter ",")' });
    expect(r.rows[1]!.value).toEqual({ a: '4', b: '5' });
    expect(r.rows[2]!.error).toMatch(/quoted cell that is never closed .*line 4/);
  });

  it('skips blank lines and reads a file without a final line break', () => {
    const r = readCsv('\uFEFFa,b\n\n1,2');
    expect(r.rows.map((x) => x.value)).toEqual([{ a: '1', b: '2' }]);
  });
});

describe('source paths', () => {
  const src = { a: { b: [{ c: 'x' }, { c: 'y' }] }, 'Chief complaint': 'cough', Key_With_Case: 1 };
  it('follow keys, positions, every item, quoted keys and loosely spelled column names', () => {
    expect(getPath(src, 'a.b[1].c')).toBe('y');
    expect(getPath(src, 'a.b.0.c')).toBe('x');
    expect(getPath(src, 'a.b[*].c')).toEqual(['x', 'y']);
    expect(getPath(src, '["Chief complaint"]')).toBe('cough');
    expect(getPath(src, 'key with case')).toBe(1);
    expect(getPath(src, 'a.missing.deeper')).toBeUndefined();
  });

  it('say where a path is malformed', () => {
    expect(() => parsePath('a..b')).toThrow(/empty step at character 2/);
    expect(() => parsePath('a[x]')).toThrow(/\[x\]/);
    expect(() => parsePath('a[0')).toThrow(/without "]"/);
  });
});

describe('field rules', () => {
  const src = { dx: 'Final diagnosis: Acute appendicitis', ward: 'GI', qa: [{ q: 'Which ward?', a: 'GI' }, { q: 'What is the diagnosis?', a: 'Appendicitis' }], age: 30, sex: 'M', list: ['a', 'b'] };
  const ev = (rule: unknown) => evaluateRule(RuleSchema.parse(rule), src);

  it('extract with a regular expression, look names up, fill templates and pick one QA pair', () => {
    expect(ev({ path: 'dx', regex: 'diagnosis:\\s*(.+)' })).toMatchObject({ value: 'Acute appendicitis' });
    expect(ev({ path: 'ward', lookup: { gi: 'gastroenterology department' } })).toEqual({ value: 'gastroenterology department', how: 'path ward, lookup "GI" → "gastroenterology department"' });
    expect(ev({ path: 'ward', lookup: { xx: 'y' }, otherwise: '' }).value).toBe('');
    expect(ev({ template: '{sex}, {age} years' }).value).toBe('M, 30 years');
    expect(ev({ pick: { from: 'qa', where: 'q', matches: 'diagnosis', value: 'a' } })).toMatchObject({ value: 'Appendicitis', how: expect.stringContaining('qa[1].a') });
    expect(ev({ path: 'list', join: ' / ' }).value).toBe('a / b');
    expect(ev({ path: 'nothing', default: 'none' })).toMatchObject({ value: 'none' });
    expect(ev('ward').value).toBe('GI');
  });

  it('fall back across rules, clean text with replace steps, and render every item of a list', () => {
    const rec = { final: '', initial: '1. 急性胃肠炎', dx: '①高血压 ②糖尿病', sx: [['发热', true], ['咳嗽', false], ['乏力', 'unknown']], flags: { rash: 'yes', itch: 'no' } };
    const at = (rule: unknown) => evaluateRule(RuleSchema.parse(rule), rec);
    expect(at({ first: ['final', { path: 'initial', replace: { pattern: '^\\d+\\.\\s*' } }] })).toEqual({ value: '急性胃肠炎', how: 'first: rule 2 of 2 (path initial, replace /^\\d+\\.\\s*/ → "" (1×))' });
    expect(at({ first: ['final', 'missing'] })).toEqual({ value: '', how: 'first: none of the 2 rules gave text' });
    expect(at({ path: 'dx', replace: [{ pattern: '\\s*[①-⑳]\\s*', with: '；' }, { pattern: '^；' }] }).value).toBe('高血压；糖尿病');
    // an item whose flag is neither yes nor no is written as present, and the explanation says so
    expect(at({ each: 'sx', item: '{0}', present: '1', absent: '无{0}', join: '，' })).toEqual({ value: '发热，无咳嗽，乏力', how: 'each of sx (3 items, 1 absent, 1 with an unclear 1 written as present)' });
    expect(at({ each: 'flags', item: '{$key}', present: '$value', absent: 'no {$key}' }).value).toBe('rash; no itch');
    expect(at({ each: 'nothing', item: '{0}' })).toEqual({ value: '', how: 'each of nothing (nothing there)' });
  });

  it('refuse a rule with no source or two sources, and a bad regular expression', () => {
    expect(RuleSchema.safeParse({ regex: 'x' }).success).toBe(false);
    expect(RuleSchema.safeParse({ path: 'a', const: 'b' }).success).toBe(false);
    expect(RuleSchema.safeParse({ path: 'a', regex: '(' }).success).toBe(false);
  });
});

describe('mapping files', () => {
  it('name the file and the field of a mistake', () => {
    expect(() => parseMapping('fields:\n  diagnosis: dx\n', 'm.yaml')).toThrow(/^m\.yaml: `fields\.diagnosis`/);
    expect(() => parseMapping('fields:\n  principal_diagnosis: { path: dx, const: x }\n', 'm.yaml')).toThrow(/m\.yaml: `fields\.principal_diagnosis` has path and const; give only one source/);
    expect(() => parseMapping('fields: [\n', 'm.yaml')).toThrow(/m\.yaml: is not valid YAML/);
    expect(() => parseMapping('colour: red\n', 'm.yaml')).toThrow(/m\.yaml: `colour` is not a key of a mapping file; the choices here are format, delimiter/);
    // an unknown key inside a rule is named with the rule's own settings, not the mapping's top-level keys
    expect(() => parseMapping('fields:\n  principal_diagnosis: { path: dx, colour: red }\n', 'm.yaml')).toThrow(/`fields\.principal_diagnosis\.colour` is not a setting of a rule; the choices here are path, paths, const/);
    expect(() => parseMapping('summary:\n  chief_complaint: { pick: { from: a, where: b, matches: c, value: d, extra: 1 } }\n', 'm.yaml')).toThrow(/`summary\.chief_complaint\.pick\.extra` is not a key of `pick`; the choices here are from, where, matches, value/);
    expect(() => parseMapping('imaging:\n  - modality: x\n    colour: y\n', 'm.yaml')).toThrow(/`imaging\.0\.colour` is not a key of an imaging entry; the choices here are each, modality, findings, impression/);
  });

  it('say which required field came out empty', () => {
    const m = parseMapping('language: en\nfields:\n  principal_diagnosis: { path: dx, required: true }\n', 'm.yaml');
    const r = applyMapping(m, { other: 1 });
    expect(r.case).toBeUndefined();
    expect(r.errors).toEqual([{ field: 'principal_diagnosis', message: 'is required by the mapping but came out empty (path dx (nothing there))' }]);
  });

  it('take the language per dataset, per record, or guess it from the text', () => {
    const per = parseMapping('language: { path: l, lookup: { Chinese: zh } }\nfields: { principal_diagnosis: dx }\n', 'm.yaml');
    expect(applyMapping(per, { l: 'Chinese', dx: 'x' }).case?.language).toBe('zh');
    expect(applyMapping(per, { l: 'Klingon', dx: 'x' }).errors[0]).toMatchObject({ field: 'language' });
    const guessed = parseMapping('fields: { principal_diagnosis: dx }\nsummary: { chief_complaint: cc }\n', 'm.yaml');
    expect(applyMapping(guessed, { dx: '急性阑尾炎', cc: '转移性右下腹痛1天' }).case?.language).toBe('zh');
    expect(applyMapping(guessed, { dx: 'Appendicitis', cc: 'Right lower quadrant pain' }).case?.language).toBe('en');
  });
});

describe('recognising studies by name', () => {
  it('gives imaging modality keys where the name tells it, and lab panel keys of the table', () => {
    expect(modalityFromName('Chest_CT')).toBe('plain_computed_tomography_scan');
    expect(modalityFromName('CT_Abdomen_with_contrast')).toBe('contrast_computed_tomography_scan');
    expect(modalityFromName('MRI_Brain')).toBe('plain_magnetic_resonance_imaging_scan');
    expect(modalityFromName('Abdominal_X-ray')).toBe('digital_radiography');
    expect(modalityFromName('Barium_Enema')).toBe('gastrointestinal_tract_radiography');
    expect(modalityFromName('Transthoracic_Echocardiogram')).toBe('echocardiogram');
    expect(modalityFromName('Pelvic_Ultrasound')).toBe('color_doppler_ultrasound');
    expect(modalityFromName('CT_Angiography')).toBe('computed_tomography_angiography');
    expect(modalityFromName('Complete_Blood_Count')).toBeUndefined();
    expect(modalityFromName('Electromyography')).toBeUndefined();
    expect(labKeyFromName('Complete_Blood_Count')).toBe('routine_blood_test');
    expect(labKeyFromName('Serum_Chemistry')).toBe('blood_biochemistry_test');
    expect(labKeyFromName('Acetylcholine_Receptor_Antibodies')).toBe('acetylcholine_receptor_antibodies');
  });

  it('keep the body site and what the name adds to the modality in the exam key', () => {
    const key = (name: string) => imagingKeyFromName(name)?.key;
    expect(key('X-Ray_Right_Knee')).toBe('digital_radiography_right_knee');
    expect(key('X-ray_of_the_Right_Hand')).toBe('digital_radiography_right_hand');
    expect(key('CT_Scan_Chest')).toBe('plain_computed_tomography_scan_chest');
    expect(key('Hip_and_Knee_X_Rays')).toBe('digital_radiography_hip_and_knee');
    expect(key('Barium_Swallow')).toBe('gastrointestinal_tract_radiography_swallow');
    expect(key('Barium_Enema')).toBe('gastrointestinal_tract_radiography_enema');
    expect(key('Upper_GI_Endoscopy')).toBe('esophagogastroduodenoscopy');
    expect(key('Transthoracic_Echocardiogram')).toBe('echocardiogram');
    expect(key('Flexible_Sigmoidoscopy')).toBe('flexible_sigmoidoscopy');
    expect(key('Head_CT_or_MRI')).toBe('head_ct_or_mri'); // two modalities: no one key of the table
    expect(key('Urine_Microscopy')).toBeUndefined();
  });
});
