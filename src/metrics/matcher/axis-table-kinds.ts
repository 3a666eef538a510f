/**
 * The axes of axes.ts, fourth part (issue 16, heldout12): kinds of one disease that make two diagnoses — the phase
 * of an immune thrombocytopenia (newly diagnosed, persistent, chronic), the extent of a Langerhans cell
 * histiocytosis (single-system, multisystem), the protein of an amyloidosis (AL, ATTR, AA), the eponymous type of
 * a distal radius fracture (Colles, Smith, Barton), the form of a 21-hydroxylase deficiency (classic — salt-wasting
 * or simple virilising — vs non-classic), and the grade level of a tumour or neoplasia (low, intermediate, high).
 * Each but the last is read only in a name of its disease (`context`). Pure data.
 */

import { rx, TYPE, type Axis } from './axis-table.js';

export const AXES_KINDS: Axis[] = [
  {
    // the phases of an ITP: under 3 months newly diagnosed, 3–12 months persistent, over 12 months chronic
    name: 'itp',
    context: /immune thrombocytop|\bitp\b|免疫性血小板减少/u,
    values: [
      [rx(`\\bnewly diagnosed\\b|新诊断`), ['new']],
      [rx(`\\bpersistent\\b|持续性`), ['persistent']],
      [rx(`\\bchronic\\b|慢性`), ['chronic']],
    ],
  },
  {
    // a multisystem LCH (also one with risk organs involved) vs a single-system one
    name: 'lch',
    context: /langerhans|\blch\b|朗格汉斯/u,
    drop: true,
    values: [
      [rx(`\\bmulti ?system\\b(?: involvement| disease)?${TYPE}|多系统(?:受累|累及)?型?|\\brisk organ (?:involvement|positive)\\b|危险器官(?:受累|累及|阳性)`), ['multisystem']],
      [rx(`\\bsingle ?system\\b(?: involvement| disease)?${TYPE}|单系统(?:受累|累及)?型?`), ['single']],
    ],
  },
  {
    // the protein of an amyloidosis: immunoglobulin light chain, transthyretin, serum amyloid A
    name: 'amyloid',
    context: /amyloid|淀粉样/u,
    values: [
      [rx(`\\b(?:al|light chain)\\b${TYPE}|(?:免疫球蛋白)?轻链型?|(?<![a-z])al型`), ['al']],
      [rx(`\\b(?:attr(?: ?(?:cm|wt|v|m))?|transthyretin)\\b${TYPE}|转甲状腺素(?:蛋白)?型?|(?<![a-z])attr型`), ['attr']],
      [rx(`\\b(?:aa|serum amyloid a)\\b${TYPE}|(?<![a-z])aa型`), ['aa']],
    ],
  },
  {
    // the eponymous types of a distal radius fracture: Colles (dorsal, extension), Smith (volar, flexion), Barton
    name: 'radius',
    context: /radius|radial|colles|smith|barton|桡骨/u,
    values: [
      // a reverse Colles fracture is a Smith one
      [rx(`\\breversed? colles\\b${TYPE}`), ['smith']],
      [rx(`\\bcolles\\b${TYPE}|伸直型`), ['colles']],
      [rx(`\\bsmith\\b${TYPE}|屈曲型`), ['smith']],
      [rx(`\\bbarton\\b${TYPE}`), ['barton']],
    ],
  },
  {
    // a 21-hydroxylase deficiency is classic (salt-wasting or simple virilising) or non-classic (late-onset)
    name: 'cah',
    context: /hydroxylase|adrenal hyperplasia|\bcah\b|羟化酶|肾上腺皮质增生/u,
    drop: true,
    values: [
      [rx(`\\bnon ?classic(?:al)?\\b${TYPE}|非经典型?`), ['nonclassic']],
      [rx(`\\bsalt ?wasting\\b${TYPE}|(?:经典)?失盐型?`), ['saltwasting']],
      [rx(`\\bsimple virili[sz]ing\\b${TYPE}|(?:经典)?单纯男性化型?`), ['virilising']],
      [rx(`\\bclassic(?:al)?\\b${TYPE}|经典型?`), ['classic']],
    ],
    agree: [['classic', ['saltwasting', 'virilising']]],
  },
  {
    // the grade level of a tumour, dysplasia or neoplasia; the words stay in the name (high-grade serous carcinoma)
    name: 'gradelevel',
    values: [
      [rx(`\\blow (?:to|-) ?intermediate[- ]grade\\b|中低级别`), ['low-intermediate']],
      [rx(`\\bintermediate (?:to|-) ?high[- ]grade\\b|中高级别`), ['intermediate-high']],
      [rx(`\\bhigh[- ]grade\\b|高级别`), ['high']],
      [rx(`\\bintermediate[- ]grade\\b|中级别`), ['intermediate']],
      [rx(`\\blow[- ]grade\\b|低级别`), ['low']],
    ],
    agree: [['low-intermediate', ['low', 'intermediate']], ['intermediate-high', ['intermediate', 'high']]],
  },
];
