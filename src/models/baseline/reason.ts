/**
 * The baseline's reasoning: score departments from the chief complaint, and score every knowledge-base disease
 * against the whole case — weighted findings, each weighted by how specific it is across the knowledge base
 * (an inverse document frequency), abnormal labs in the right direction, fit with age and sex, and a prior
 * for the department the clinician works in. Deterministic; ties break by knowledge-base order.
 */
import { affirms, labDirections, patientOf, prepare, type Lang, type Patient, type PreparedText } from './evidence.js';
import type { DepartmentKb, Disease } from './kb.js';

export interface Evidence {
  symptoms: string[];
  signs: string[];
  imaging: string[];
  labs: string[];
}

export interface RankedDisease {
  disease: Disease;
  department: string;
  score: number;
  evidence: Evidence;
}

export interface KnowledgeIndex {
  kb: DepartmentKb[];
  diseases: { disease: Disease; department: string }[];
  /** Term (lower-case, per language) → inverse document frequency over diseases. */
  idf: Map<string, number>;
}

const termKey = (lang: Lang, term: string): string => `${lang}:${term.normalize('NFKC').toLowerCase()}`;

export function indexKnowledge(kb: DepartmentKb[]): KnowledgeIndex {
  const diseases = kb.flatMap((d) => d.diseases.map((disease) => ({ disease, department: d.department })));
  const df = new Map<string, number>();
  for (const { disease } of diseases) {
    const seen = new Set<string>();
    for (const lang of ['en', 'zh'] as const) {
      for (const [term] of [...disease.symptoms[lang], ...disease.signs[lang], ...disease.imaging[lang]]) seen.add(termKey(lang, term));
    }
    for (const l of disease.labs) seen.add(`lab:${l.abbr}:${l.direction}`);
    for (const k of seen) df.set(k, (df.get(k) ?? 0) + 1);
  }
  const n = diseases.length;
  const idf = new Map<string, number>();
  for (const [k, f] of df) idf.set(k, Math.log(1 + n / f));
  return { kb, diseases, idf };
}

function fits(patient: Patient, sex: 'any' | 'female' | 'male', ages?: { min: number; max: number }): boolean {
  if (sex !== 'any' && patient.sex && patient.sex !== sex) return false;
  if (ages && patient.age !== undefined && (patient.age < ages.min || patient.age > ages.max)) return false;
  return true;
}

/** Score departments for triage from basic information + chief complaint. Highest first. */
export function rankDepartments(index: KnowledgeIndex, text: string, lang: Lang): { department: string; score: number }[] {
  const prepared = prepare(text, lang);
  const patient = patientOf(text);
  const scored = index.kb.map((d, order) => {
    if (!fits(patient, d.triage.sex, d.triage.ages)) return { department: d.department, score: -1, order };
    let score = 0;
    for (const [term, w] of d.triage[lang]) if (affirms(prepared, term)) score += w;
    // the department's diseases' presenting symptoms count half
    for (const disease of d.diseases) {
      if (!fits(patient, disease.sex, disease.ages)) continue;
      for (const [term, w] of disease.symptoms[lang]) if (affirms(prepared, term)) score += w * 0.25;
    }
    // a department restricted to a group (children, pregnancy) is the usual first stop for that group
    if (d.triage.ages && patient.age !== undefined && patient.age <= d.triage.ages.max) score = score * 1.5 + 6;
    if (d.triage.sex === 'female' && patient.pregnant && d.department === 'obstetrics') score = score * 1.5 + 6;
    return { department: d.department, score, order };
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).map(({ department, score }) => ({ department, score }));
}

function matchTerms(prepared: PreparedText, terms: readonly (readonly [string, number])[], lang: Lang, index: KnowledgeIndex, hits: string[]): number {
  let s = 0;
  for (const [term, w] of terms) {
    if (affirms(prepared, term)) {
      s += w * (index.idf.get(termKey(lang, term)) ?? 1);
      hits.push(term);
    }
  }
  return s;
}

/** Rank every disease against the case text. `department` (the clinician's own) adds a prior. */
export function rankDiseases(index: KnowledgeIndex, text: string, lang: Lang, department?: string): RankedDisease[] {
  const prepared = prepare(text, lang);
  const patient = patientOf(text);
  const ranked = index.diseases.map(({ disease, department: dep }, order) => {
    const evidence: Evidence = { symptoms: [], signs: [], imaging: [], labs: [] };
    let score = 0;
    score += matchTerms(prepared, disease.symptoms[lang], lang, index, evidence.symptoms);
    score += matchTerms(prepared, disease.signs[lang], lang, index, evidence.signs);
    score += 1.2 * matchTerms(prepared, disease.imaging[lang], lang, index, evidence.imaging);
    for (const lab of disease.labs) {
      if (labDirections(prepared, lab.abbr).has(lab.direction)) {
        score += 1.5 * lab.weight * (index.idf.get(`lab:${lab.abbr}:${lab.direction}`) ?? 1);
        evidence.labs.push(`${lab.names[lang][0] ?? lab.abbr} (${lab.abbr}) ${arrow(lab.direction, lang)}`);
      }
    }
    for (const name of disease.names[lang]) {
      if (affirms(prepared, name)) score += 4; // the case names it (e.g. in the history or a report)
    }
    if (!fits(patient, disease.sex, disease.ages)) score *= 0.2;
    if (department && dep === department) score *= 1.6;
    return { disease, department: dep, score, evidence, order };
  });
  return ranked.sort((a, b) => b.score - a.score || a.order - b.order).map(({ order: _o, ...r }) => r);
}

function arrow(direction: string, lang: Lang): string {
  if (direction === 'high') return lang === 'zh' ? '升高' : 'raised';
  if (direction === 'low') return lang === 'zh' ? '降低' : 'low';
  if (direction === 'positive') return lang === 'zh' ? '阳性' : 'positive';
  return lang === 'zh' ? '阴性' : 'negative';
}

/** Conditions associated with the top disease that the text affirms. */
export function associatedFound(disease: Disease, text: string, lang: Lang): string[] {
  const prepared = prepare(text, lang);
  return disease.associated.filter((a) => a.when[lang].some((w) => affirms(prepared, w))).map((a) => a.name[lang]);
}
