/**
 * Readings heldout12's misses asked for (issue 16), each a general rule: "X following Y" names Y as X's cause,
 * "X causing / compressing / leading to Y" names what X does (a complication), and a Chinese name that states the
 * disease first and its hedged cause after a comma ("反复低血糖发作，考虑胰岛素瘤所致") is read as "Y所致X". The
 * `bare` matcher knows none of the names, so the rule decides; `full` is the bundled lexicon.
 */
import { describe, it } from 'vitest';
import { bare, check, full } from '../support/match-checks.js';

describe('a disease dated by the one that led to it ("following")', () => {
  it('reads "X following Y" as X with the cause Y, so X alone names it', () => {
    check(bare, [
      ['Left ventricular aneurysm following anterior wall myocardial infarction', 'Left ventricular aneurysm'],
      ['Pancreatic pseudocyst following acute pancreatitis', 'Pancreatic pseudocyst'],
      ['Reactive arthritis following urethritis', 'Reactive arthritis'],
      ['Post-infectious glomerulonephritis following streptococcal pharyngitis', 'Post-infectious glomerulonephritis'],
    ], 'en', true, /head/);
  });
  it('does not let the earlier disease stand for the later one, nor the later one for a different disease', () => {
    check(bare, [
      ['Pancreatic pseudocyst following acute pancreatitis', 'Acute pancreatitis'],
      ['Left ventricular aneurysm following anterior wall myocardial infarction', 'Anterior wall myocardial infarction'],
      ['Reactive arthritis following urethritis', 'Septic arthritis'],
    ], 'en', false);
  });
});

describe('what a disease does ("causing", "compressing", "leading to", "resulting in")', () => {
  it('reads the effect as a complication, so the disease alone names the name', () => {
    check(bare, [
      ['Nodular goitre compressing the trachea', 'Nodular goitre'],
      ['Renal cell carcinoma causing haematuria', 'Renal cell carcinoma'],
      ['Colon cancer leading to intestinal obstruction', 'Colon cancer'],
      ['Aortic stenosis resulting in syncope', 'Aortic stenosis'],
    ], 'en', true, /head/);
    check(full, [['Enlarged prostate causing lower urinary tract symptoms', 'Benign prostatic hyperplasia']], 'en', true);
  });
  it('does not read the effect as the diagnosis, nor another disease with the same effect as it', () => {
    check(bare, [
      ['Renal cell carcinoma causing haematuria', 'Bladder carcinoma'],
      ['Nodular goitre compressing the trachea', 'Tracheal stenosis'],
      ['Colon cancer leading to intestinal obstruction', 'Rectal cancer'],
    ], 'en', false);
  });
});

describe('a Chinese disease followed by its hedged cause ("X，考虑Y所致")', () => {
  it('reads the cause of a manifestation as the diagnosis, as "Y所致X" is read', () => {
    check(full, [
      ['反复低血糖发作，考虑胰岛素瘤所致', '胰岛素瘤'],
      ['右肾绞痛，考虑右输尿管结石所致', '右输尿管结石'],
      ['梗阻性黄疸，考虑胰头癌所致', '胰头癌'],
    ], 'zh', true, /cause/);
  });
  it('does not name the cause of a disease that is no manifestation of it, nor another cause', () => {
    check(full, [
      ['贫血，考虑慢性肾脏病所致', '慢性肾脏病'],
      ['反复低血糖发作，考虑胰岛素瘤所致', '胰腺癌'],
      ['梗阻性黄疸，考虑胰头癌所致', '胆总管结石'],
    ], 'zh', false);
  });
});
