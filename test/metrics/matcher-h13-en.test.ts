/**
 * Readings and lexicon entries heldout13's English pairs asked for (issue 16), each general: the ways of writing a
 * cause are one ("secondary to a", "caused by", "resulting from" read as "due to"); a cancer with a stated cause is
 * not thereby a secondary (metastatic) one; a sleep apnoea is a manifestation of its named cause; and the lexicon
 * entries of data/lexicon/concepts/more-h13-en.json. `bare` knows no disease, so only the rules decide; `full` is
 * the bundled lexicon.
 */
import { describe, it } from 'vitest';
import { bare, check, full } from '../support/match-checks.js';

describe('one way of writing a cause', () => {
  it('reads "secondary to a", "caused by", "resulting from" as "due to"', () => {
    check(bare, [
      ['Hypothyroidism secondary to an autoimmune thyroiditis', 'Hypothyroidism due to autoimmune thyroiditis'],
      ['Anaemia caused by chronic blood loss', 'Anemia due to chronic blood loss'],
      ['Hydronephrosis resulting from a pelvic mass', 'Hydronephrosis due to pelvic mass'],
    ], 'en', true, /equal after normalisation/);
    check(full, [
      ["Cushing's syndrome secondary to a right adrenal adenoma", 'Cortisol-producing adrenal adenoma'],
      ['Cushing syndrome due to an adrenal adenoma', 'ACTH-independent Cushing syndrome'],
      ['Hypertension secondary to an aldosterone-producing adenoma', 'Aldosterone-producing adenoma'],
    ], 'en', true);
  });
  it('keeps the cause itself: another cause, or the article taken for a word, is no match', () => {
    check(full, [
      ['Hydronephrosis secondary to a ureteral stone', 'Hydronephrosis due to ureteropelvic junction obstruction'],
      ["Cushing's syndrome secondary to a pituitary adenoma", 'Cortisol-producing adrenal adenoma'],
      ['Cushing syndrome caused by an adrenal adenoma', "Cushing's disease"],
    ], 'en', false);
  });
});

describe('a cancer with a stated cause', () => {
  it('is still a primary cancer (its cause is another disease)', () => {
    check(full, [
      ['Hepatocellular carcinoma with hepatitis B', 'Primary liver cancer'],
      ['Hepatocellular carcinoma, BCLC stage B, with HBV cirrhosis', 'Primary liver cancer (BCLC B)'],
      ['Hepatitis B-related hepatocellular carcinoma', 'Primary hepatocellular carcinoma'],
    ], 'en', true);
  });
  it('does not make a metastasis primary, nor a disease of another kind with a cause primary', () => {
    check(full, [
      ['Metastatic liver cancer', 'Primary liver cancer'],
      ['Hypertension due to renal artery stenosis', 'Primary hypertension'],
      ['Hypothyroidism due to a pituitary macroadenoma', 'Primary hypothyroidism'],
    ], 'en', false);
  });
});

describe('a sleep apnoea names its cause', () => {
  it('reads "sleep apnoea due to Y" as naming Y', () => {
    check(full, [
      ['Central sleep apnea due to heart failure', 'Chronic heart failure'],
      ['Obstructive sleep apnoea in a child due to adenotonsillar hypertrophy', 'Adenoid hypertrophy with tonsillar hypertrophy'],
      ['Obstructive sleep apnea due to enlarged adenoids', 'Adenoid hypertrophy'],
    ], 'en', true);
  });
  it('does not let the apnoea alone or another cause name the gold', () => {
    check(full, [
      ['Obstructive sleep apnoea', 'Adenoid hypertrophy'],
      ['Obstructive sleep apnoea due to adenoid hypertrophy', 'Chronic tonsillitis'],
    ], 'en', false);
  });
});

describe('lexicon entries of more-h13-en.json', () => {
  it('knows LADA as a type 1 diabetes, a parastomal hernia as an incisional one', () => {
    check(full, [
      ['Latent autoimmune diabetes in adults (LADA)', 'Type 1 diabetes mellitus'],
      ['LADA', 'Type 1 diabetes'],
      ['Parastomal hernia', 'Incisional hernia'],
      ['Paracolostomy hernia', 'Abdominal incisional hernia'],
    ], 'en', true);
    check(full, [
      ['Type 1 diabetes mellitus', 'Latent autoimmune diabetes in adults'],
      ['Latent autoimmune diabetes in adults', 'Type 2 diabetes mellitus'],
      ['Incisional hernia', 'Parastomal hernia'],
      ['Parastomal hernia', 'Umbilical hernia'],
    ], 'en', false);
  });
  it('knows hypertensive renal damage, a nodular goitre with hyperthyroidism and a breast abscess of lactation', () => {
    check(full, [
      ['Hypertensive nephropathy (benign nephrosclerosis)', 'Hypertensive renal damage'],
      ['Hypertensive kidney damage', 'Hypertensive nephrosclerosis'],
      ['Toxic multinodular goitre (Plummer disease)', 'Nodular goiter with hyperthyroidism'],
      ['Toxic nodular goiter', 'Nodular goitre with thyrotoxicosis'],
      ['Acute lactational mastitis with breast abscess, left', 'Left breast abscess during lactation'],
      ['Lactational breast abscess', 'Breast abscess'],
    ], 'en', true);
    check(full, [
      ['Diabetic nephropathy', 'Hypertensive renal damage'],
      ['Multinodular goiter', 'Nodular goiter with hyperthyroidism'],
      ["Graves' disease", 'Nodular goiter with hyperthyroidism'],
      ['Acute lactational mastitis', 'Left breast abscess during lactation'],
      ['Granulomatous mastitis with abscess', 'Breast abscess during lactation'],
      ['Multinodular goiter', 'Toxic multinodular goiter'],
    ], 'en', false);
  });
});
