/**
 * Readings and lexicon entries heldout13's English pairs asked for (issue 16), each general: an article after a
 * cause word says nothing ("secondary to a" is "secondary to"); a cancer with a stated cause is
 * not thereby a secondary (metastatic) one; a cause written before a name stays with it when a complication follows
 * ("hepatitis B-related cirrhosis with …" is a hepatitis B cirrhosis); a sleep apnoea is a manifestation of its named cause; and the lexicon
 * entries of data/lexicon/concepts/more-h13-en.json. `bare` knows no disease, so only the rules decide; `full` is
 * the bundled lexicon.
 */
import { describe, it } from 'vitest';
import { bare, check, full } from '../support/match-checks.js';

describe('an article after a cause word', () => {
  it('says nothing: "secondary to an X" is "secondary to X"', () => {
    check(bare, [
      ['Hypothyroidism secondary to an autoimmune thyroiditis', 'Hypothyroidism secondary to autoimmune thyroiditis'],
      ['Anaemia caused by a chronic blood loss', 'Anemia caused by chronic blood loss'],
      ['Hydronephrosis due to the pelvic mass', 'Hydronephrosis due to pelvic mass'],
    ], 'en', true, /equal after normalisation/);
    check(full, [
      ["Cushing's syndrome secondary to a right adrenal adenoma", 'Cortisol-producing adrenal adenoma'],
      ['Cushing syndrome due to an adrenal adenoma', 'ACTH-independent Cushing syndrome'],
      ['Hypokalaemic periodic paralysis secondary to thyrotoxicosis', 'Thyrotoxic periodic paralysis'],
    ], 'en', true);
  });
  it('keeps the cause itself: another cause is no match', () => {
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

describe('a cause written before a name that a complication follows', () => {
  it('stays with the name: the disease is the cause-specific one', () => {
    check(full, [
      ['Hepatitis B cirrhosis', 'Hepatitis B-related cirrhosis, decompensated, with esophagogastric variceal bleeding'],
      ['Alcohol-related liver cirrhosis', 'Alcohol-related cirrhosis with hepatic encephalopathy'],
      ['Drug-induced hepatitis', 'Drug-induced hepatitis with jaundice'],
    ], 'en', true);
  });
  it('so the disease without its cause is the broader name where the lexicon lists the cause-specific one, and another cause conflicts', () => {
    check(full, [
      ['Liver cirrhosis', 'Hepatitis B-related cirrhosis, decompensated, with esophagogastric variceal bleeding'],
      ['Acute pancreatitis', 'Alcohol-induced acute pancreatitis with pseudocyst'],
      ['Alcoholic cirrhosis', 'Hepatitis B-related cirrhosis with ascites'],
      ['Hepatitis C cirrhosis', 'Hepatitis B-related cirrhosis with ascites'],
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
  it('knows LADA as a type 1 diabetes (and as no type 2 one)', () => {
    check(full, [
      ['Latent autoimmune diabetes in adults (LADA)', 'Type 1 diabetes mellitus'],
      ['LADA', 'Type 1 diabetes'],
    ], 'en', true);
    check(full, [
      ['Type 1 diabetes mellitus', 'Latent autoimmune diabetes in adults'],
      ['Latent autoimmune diabetes in adults', 'Type 2 diabetes mellitus'],
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
  it('knows lupus nephritis as the renal form of systemic lupus erythematosus', () => {
    check(full, [
      ['Lupus nephritis class IV (ISN/RPS)', 'Systemic lupus erythematosus with lupus nephritis (class IV)'],
      ['Lupus nephritis', 'Systemic lupus erythematosus'],
      ['Class V lupus nephritis', 'SLE with renal involvement'],
    ], 'en', true);
    check(full, [
      ['Systemic lupus erythematosus', 'Lupus nephritis'],
      ['Lupus nephritis class III', 'Systemic lupus erythematosus with lupus nephritis (class IV)'],
      ['IgA nephropathy', 'Systemic lupus erythematosus with lupus nephritis'],
      ['Lupus nephritis', 'Discoid lupus erythematosus'],
    ], 'en', false);
  });
});
