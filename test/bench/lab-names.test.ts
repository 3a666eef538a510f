/**
 * Lab tests whose names hold numbers — CA125, CA19-9 / CA 19-9, HbA1c, T3, FT4, 25-OH vitamin D, β2-microglobulin,
 * D-dimer — in the authors' two line shapes: single spaces with the abbreviation in brackets (their English file:
 * `3 Cancer Antigen 125 (CA125) 9.4 U/mL ≤35.0`) and two-space fields (their Chinese file), there sometimes with
 * the unit before the value. A number inside a name is never taken for the value: `validate --consistency`
 * finds nothing in a coherent case and still finds real arrow mistakes, and `cases --show` prints each value.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLabResult } from '../../src/bench/labs.js';
import { fixture, runCli as cli, tempDir } from '../helpers.js';

const EN = fixture('lab-names-en.json');
const ZH = fixture('lab-names-zh.json');
const UID = '9c2e4a7b1d3f4e6a8b0c2d4e6f8a1b3c';

/** A copy of a fixture with some text replaced (each replacement must apply). */
function edited(file: string, changes: [string, string][]): string {
  let text = readFileSync(file, 'utf8');
  for (const [from, to] of changes) {
    expect(text).toContain(from);
    text = text.replace(from, to);
  }
  const out = join(tempDir(), file.split('/').pop()!);
  writeFileSync(out, text);
  return out;
}

describe('lab lines with numbers in the test names', () => {
  it('read the value after the name and abbreviation, in both line shapes', () => {
    const read = (line: string) => parseLabResult(line).map((i) => [i.name, i.abbr, i.value, i.flag, i.unit, i.range]);
    expect(read('3 Cancer Antigen 125 (CA125) 9.4 U/mL ≤35.0; 4 Cancer Antigen 19-9 (CA19-9) 69.9 ↑ U/mL ≤25.0; 5 Cancer Antigen 72-4 (CA72-4) <2 U/mL <10.0')).toEqual([
      ['Cancer Antigen 125', 'CA125', '9.4', '', 'U/mL', '≤35.0'],
      ['Cancer Antigen 19-9', 'CA19-9', '69.9', '↑', 'U/mL', '≤25.0'],
      ['Cancer Antigen 72-4', 'CA72-4', '<2', '', 'U/mL', '<10.0'],
    ]);
    expect(read('1 Carbohydrate antigen 19-9 (CA 19-9) 41.0 ↑ U/mL <37; 2 25-OH vitamin D 25(OH)D 18.2 ↓ ng/mL 30-100; 3 Glycated hemoglobin HbA1c 6.9 ↑ % 4.0-6.0; 4 Cancer antigen 125 9.4 U/mL <35')).toEqual([
      ['Carbohydrate antigen 19-9', 'CA 19-9', '41.0', '↑', 'U/mL', '<37'],
      ['25-OH vitamin D', '25(OH)D', '18.2', '↓', 'ng/mL', '30-100'],
      ['Glycated hemoglobin', 'HbA1c', '6.9', '↑', '%', '4.0-6.0'],
      ['Cancer antigen 125', '', '9.4', '', 'U/mL', '<35'],
    ]);
    expect(read('1  癌胚抗原  CEA  5.2  ↑  ng/mL  0-5  ;2  糖类抗原125  CA125  U/mL  41.2  ↑  0-35  ;3  糖化血红蛋白  HbA1c  6.9%  ↑  4.0-6.0  ;4  β2-微球蛋白  β2-MG  2.1    mg/L  1.0-3.0  ;5  血糖  5.2  mmol/L  3.9-6.1  ;')).toEqual([
      ['癌胚抗原', 'CEA', '5.2', '↑', 'ng/mL', '0-5'],
      ['糖类抗原125', 'CA125', '41.2', '↑', 'U/mL', '0-35'],
      ['糖化血红蛋白', 'HbA1c', '6.9', '↑', '%', '4.0-6.0'],
      ['β2-微球蛋白', 'β2-MG', '2.1', '', 'mg/L', '1.0-3.0'],
      ['血糖', '', '5.2', '', 'mmol/L', '3.9-6.1'],
    ]);
    // the unit or the arrow glued to the value
    expect(read('1 White Blood Cells WBC 13.2↑ *10^9/L 3.5-9.5; 2 Glycated hemoglobin HbA1c 6.9%↑ 4.0-6.0')).toEqual([
      ['White Blood Cells', 'WBC', '13.2', '↑', '*10^9/L', '3.5-9.5'],
      ['Glycated hemoglobin', 'HbA1c', '6.9', '↑', '%', '4.0-6.0'],
    ]);
  });

  it('give validate --consistency nothing to report in a coherent case, in either language', async () => {
    const r = await cli('validate', '--consistency', EN, ZH);
    expect(r.err).toBe('');
    expect(r.out).toContain('Consistency: 0 findings in 2 records');
    expect(r.code).toBe(0);
  });

  it('still let validate --consistency find a missing or wrong arrow, the unit before the value or not', async () => {
    const en = edited(EN, [
      ['(CA125) 9.4 U/mL', '(CA125) 94.0 U/mL'],
      ['25(OH)D 14.8 ↓', '25(OH)D 14.8 ↑'],
    ]);
    const zh = edited(ZH, [
      ['FT4  pmol/L  15.1', 'FT4  pmol/L  25.3'],
      ['CA 19-9  41.6  ↑', 'CA 19-9  41.6  ↓'],
    ]);
    const r = await cli('validate', '--consistency', '--json', en, zh);
    expect(r.code).toBe(1);
    const { consistency } = JSON.parse(r.out) as { consistency: { uid: string; language: string; field: string; message: string }[] };
    expect(consistency.map((f) => `${f.language} ${f.field}: ${f.message}`)).toEqual([
      'en laboratory_examination.tumor_marker_test.result: CA125 94.0 (range ≤35.0) is outside its range but has no ↑/↓',
      'en laboratory_examination.blood_biochemistry_test.result: 25(OH)D 14.8 (range 30.0-100.0) has the wrong arrow ↑',
      'zh laboratory_examination.thyroid_function.result: FT4 25.3 (range 12.0-22.0) is outside its range but has no ↑/↓',
      'zh laboratory_examination.tumor_marker_test.result: CA 19-9 41.6 (range ≤37.0) has the wrong arrow ↓',
    ]);
  });

  it('are shown by cases --show with their values, the unit after the value', async () => {
    const en = await cli('cases', EN, '--show', UID);
    expect(en.code).toBe(0);
    for (const line of [
      '1  Glycated Hemoglobin A1c  HbA1c  8.4  ↑  %  4.0-6.0',
      '1  Triiodothyronine  T3  1.6  nmol/L  1.3-3.1',
      '4  Free Thyroxine  FT4  15.1  pmol/L  12.0-22.0',
      '2  Cancer Antigen 125  CA125  9.4  U/mL  ≤35.0',
      '3  Cancer Antigen 19-9  CA19-9  41.6  ↑  U/mL  ≤37.0',
      '4  Cancer Antigen 72-4  CA72-4  <2  U/mL  <6.9',
      '5  Cancer Antigen 15-3  CA 15-3  11.2  U/mL  ≤25.0',
      '2  25-OH Vitamin D  25(OH)D  14.8  ↓  ng/mL  30.0-100.0',
      '3  Beta-2 Microglobulin  β2-MG  2.4  mg/L  1.0-3.0',
      '1  D-Dimer  D-D  0.31  mg/L  <0.55',
    ]) {
      expect(en.out).toContain(`    ${line}\n`);
    }
    const zh = await cli('cases', ZH, '--show', UID);
    expect(zh.code).toBe(0);
    for (const line of [
      '1  糖化血红蛋白  HbA1c  8.4  ↑  %  4.0-6.0',
      '1  三碘甲状腺原氨酸  T3  1.6  nmol/L  1.3-3.1',
      '3  游离三碘甲状腺原氨酸  FT3  4.8  pmol/L  3.1-6.8',
      '4  游离甲状腺素  FT4  15.1  pmol/L  12.0-22.0',
      '2  糖类抗原125  CA125  9.4  U/mL  ≤35.0',
      '3  糖类抗原19-9  CA 19-9  41.6  ↑  U/mL  ≤37.0',
      '5  糖类抗原15-3  CA15-3  11.2  U/mL  ≤25.0',
      '2  25-羟基维生素D  25-OH-VD  14.8  ↓  ng/mL  30.0-100.0',
      '3  β2-微球蛋白  β2-MG  2.4  mg/L  1.0-3.0',
      '1  D-二聚体  D-D  0.31  mg/L  <0.55',
    ]) {
      expect(zh.out).toContain(`    ${line}\n`);
    }
  });
});
