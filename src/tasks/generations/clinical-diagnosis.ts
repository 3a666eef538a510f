/**
 * The clinical diagnosis (tasks 2–7): the whole case summary, in the role of a clinician of the gold department,
 * answered in six labelled sections (clinical-sections.ts); the preliminary and principal diagnoses are also read
 * as names, which is what PD and FD are scored on.
 */
import type { PrincipalName } from '../diagnosis-names.js';
import { readDiagnosis } from '../reading.js';
import { SECTION_IDS, type SectionId } from './clinical-sections.js';
import { generation, type AnswerFields } from './types.js';

/** The role given when a dataset names no department (imported data often has none). */
export const GENERAL_ROLE = { en: 'general medicine', zh: '全科医学科' } as const;

// the reader names the diagnoses of two sections, under the sections' keys (the list one and the single name)
const [LIST_SECTION, , , NAME_SECTION] = SECTION_IDS;
const principal = (f: AnswerFields): PrincipalName => ({ name: f.string('name'), complications: f.strings('complications') });

/** The six-section answer as stored; `diagnosis` is missing in answers stored before the reader named them. */
export interface StoredDiagnosis {
  sections: Partial<Record<SectionId, string>>;
  found: string[];
  diagnosis?: { preliminary: string[]; principal: PrincipalName };
}

export const clinicalDiagnosis = generation({
  kind: 'clinical-diagnosis',
  label: 'diagnosis',
  title: { en: 'Six-section answer', zh: '六段式回答' },
  template: { name: 'clinical-diagnosis', variables: ['department', 'case_summary'] },
  perExam: false,
  prompts: (c) => {
    const dep = c.gold.department;
    return [{ values: { department: dep ? (c.language === 'zh' ? dep.zh : dep.short) : GENERAL_ROLE[c.language], case_summary: c.summary.raw.trim() } }];
  },
  read: (text, _taxonomy, ctx) => readDiagnosis(text, ctx),
  decode: (f): StoredDiagnosis => {
    const s = f.object('sections');
    const sections: Partial<Record<SectionId, string>> = {};
    for (const id of SECTION_IDS) if (s.has(id)) sections[id] = s.string(id);
    const d = f.has('diagnosis') ? f.object('diagnosis') : undefined;
    return { sections, found: f.strings('found'), ...(d ? { diagnosis: { preliminary: d.strings(LIST_SECTION), principal: principal(d.object(NAME_SECTION)) } } : {}) };
  },
  text: (answer, section) => (section ? (answer.sections[section as SectionId] ?? '') : ''),
});
