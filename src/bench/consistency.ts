/**
 * Consistency checks a program can make on a case (for anyone writing cases, and for the bundled open set):
 * lab arrows agree with the values and ranges, the abnormal summary lists exactly the flagged items, modality
 * keys are known, the principal diagnosis is in the preliminary list, and the case has imaging and labs; and,
 * across the records of one case, that its languages agree on department, imaging exams and lab panels.
 * These are findings about content, not load errors: a case that fails them still loads.
 */
import type { ClinicalCase } from './case.js';
import { rangeSide } from './labs.js';
import { splitNumbered } from './lists.js';
import { foldKey, toHalfWidth } from './text.js';

export interface ConsistencyFinding {
  uid: string;
  language: string;
  field: string;
  message: string;
}

/** Phrases that mean "nothing abnormal" in an `abnormal` field. */
const NOTHING_ABNORMAL = /^(?:all items (?:are )?within (?:the )?reference ranges?|no abnormal(?:ities| items)?|各项均在参考范围内|未见异常|无异常(?:项目)?)[.。]?$/iu;

export function checkConsistency(c: ClinicalCase): ConsistencyFinding[] {
  const out: ConsistencyFinding[] = [];
  const add = (field: string, message: string): void => {
    out.push({ uid: c.uid, language: c.language, field, message });
  };

  if (c.imaging.length === 0) add('imageological_examination', 'has no imaging exam');
  if (c.labs.length === 0) add('laboratory_examination', 'has no lab test');
  for (const e of c.imaging) {
    if (!e.known) add(`imageological_examination.${e.key}`, 'is not a modality key of the table');
    if (e.impression === '') add(`imageological_examination.${e.key}.impression`, 'is empty');
  }

  for (const lab of c.labs) {
    const field = `laboratory_examination.${lab.key}`;
    const flagged = lab.items.filter((i) => i.flag !== '');
    for (const item of lab.items) {
      const side = rangeSide(item.value, item.range);
      const label = `${item.abbr || item.name} ${item.value} (range ${item.range || '?'})`;
      if (side === undefined) continue;
      if (side !== 'in' && item.flag === '') add(`${field}.result`, `${label} is outside its range but has no ↑/↓`);
      if (side === 'in' && item.flag !== '') add(`${field}.result`, `${label} is flagged ${item.flag} but lies inside its range`);
      if ((side === 'high' && item.flag === '↓') || (side === 'low' && item.flag === '↑')) add(`${field}.result`, `${label} has the wrong arrow ${item.flag}`);
    }
    const abnormal = lab.abnormal.trim();
    const listed = abnormal === '' || NOTHING_ABNORMAL.test(abnormal) ? [] : splitNumbered(abnormal);
    const listedKeys = listed.map(foldKey);
    const listedRaw = listed.map((l) => toHalfWidth(l).replace(/\s+/gu, ''));
    for (const item of flagged) {
      const key = foldKey(item.abbr || item.name);
      if (key === '') continue;
      // the entry that names the item as "(ABBR)"; failing that, one that mentions it at all
      const tagged = listedRaw.findIndex((l) => item.abbr !== '' && l.includes(`(${toHalfWidth(item.abbr).replace(/\s+/gu, '')})`));
      const entry = tagged >= 0 ? listedKeys[tagged] : listedKeys.find((l) => l.includes(key));
      const value = foldKey(item.value);
      if (entry === undefined) add(`${field}.abnormal`, `does not list the flagged item ${item.abbr || item.name}`);
      else if (value !== '' && !entry.includes(value)) add(`${field}.abnormal`, `lists ${item.abbr || item.name} without its value ${item.value}`);
    }
    if (lab.items.length > 0 && listed.length !== flagged.length) {
      add(`${field}.abnormal`, `lists ${listed.length} item${listed.length === 1 ? '' : 's'} but the result flags ${flagged.length}`);
    }
  }

  const principal = foldKey(c.gold.principalDiagnosis);
  // a partial dataset may have no preliminary list at all: then there is nothing to check the principal against
  if (principal !== '' && c.gold.preliminaryDiagnosis.length > 0 && !c.gold.preliminaryDiagnosis.some((d) => foldKey(d).includes(principal) || principal.includes(foldKey(d)))) {
    add('principal_diagnosis', `"${c.gold.principalDiagnosis}" is not among the preliminary diagnoses`);
  }
  if (c.summary.auxiliaryExamination === '') add('clinical_case_summary', 'has no auxiliary examination section');
  return out;
}

/** The records of one case (one uid, usually zh and en) must agree on department, imaging exams and lab panels. */
export function checkAcrossRecords(cases: readonly ClinicalCase[]): ConsistencyFinding[] {
  const byUid = new Map<string, ClinicalCase[]>();
  for (const c of cases) byUid.set(c.uid, [...(byUid.get(c.uid) ?? []), c]);
  const out: ConsistencyFinding[] = [];
  for (const [uid, group] of byUid) {
    const [first, ...rest] = group;
    if (!first) continue;
    for (const other of rest) {
      const add = (field: string, message: string): void => {
        out.push({ uid, language: `${first.language}+${other.language}`, field, message });
      };
      const depA = first.gold.department?.id ?? null;
      const depB = other.gold.department?.id ?? null;
      if (depA !== depB) add('clinical_department', `is "${first.gold.departmentText}" in ${first.language} but "${other.gold.departmentText}" in ${other.language}`);
      const keys: [string, string[], string[]][] = [
        ['imageological_examination', first.imaging.map((e) => e.key), other.imaging.map((e) => e.key)],
        ['laboratory_examination', first.labs.map((l) => l.key), other.labs.map((l) => l.key)],
      ];
      for (const [field, a, b] of keys) {
        const onlyA = a.filter((k) => !b.includes(k));
        const onlyB = b.filter((k) => !a.includes(k));
        if (onlyA.length > 0) add(field, `has ${onlyA.join(', ')} in ${first.language} but not in ${other.language}`);
        if (onlyB.length > 0) add(field, `has ${onlyB.join(', ')} in ${other.language} but not in ${first.language}`);
      }
    }
  }
  return out;
}
