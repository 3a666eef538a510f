/**
 * The built-in baseline model: a deterministic clinical reasoner that needs no weights, no keys and no
 * network. Like any model it receives the rendered prompt and answers in text, so parsing, scoring, caching and
 * reporting are exercised exactly as for an LLM. It reads only what the prompt shows — never a case's gold
 * answers — and reasons over its own knowledge base (data/kb). As a 4-dimension judge it rates with documented
 * heuristics (judge.ts) over the case, reference and answer its prompt shows.
 */
import { DepartmentTaxonomy } from '../../bench/departments.js';
import { guessLanguage } from '../../bench/language.js';
import { estimateTokens } from '../tokens.js';
import type { GenerateRequest, GenerateResult, Model } from '../types.js';
import { chiefAnswer, nurseAnswer, ordersAnswer, pharmacistAnswer } from './agent-roles.js';
import { departmentsAnswer, diagnosisAnswer, impressionAnswer } from './compose.js';
import type { Lang } from './evidence.js';
import { judgeAnswer, vocabularyOf, type Vocabulary } from './judge.js';
import { doctorAnswer, patientAnswer } from './interactive.js';
import { BUILTIN_KB_DIR, loadKnowledgeBase } from './kb.js';
import { associatedFound, indexKnowledge, rankDepartments, rankDiseases, type KnowledgeIndex } from './reason.js';

export interface BaselineOptions {
  kbDir?: string;
  taxonomy?: DepartmentTaxonomy;
}

type Kind = 'department' | 'diagnosis' | 'imaging';

function kindOf(request: GenerateRequest, prompt: string, taxonomy: DepartmentTaxonomy): { kind: Kind; k: number } {
  const hint = request.task?.kind;
  if (hint?.startsWith('department-guide')) return { kind: 'department', k: request.task?.k ?? 1 };
  if (hint === 'clinical-diagnosis' || hint === 'agent-consult' || hint === 'agent-final') return { kind: 'diagnosis', k: 1 };
  if (hint === 'imaging-diagnosis') return { kind: 'imaging', k: 1 };
  const listed = prompt.split('\n').filter((l) => taxonomy.normalise(l) !== undefined).length;
  if (listed >= 10) {
    const k = /exactly\s+(\d+)|恰好(\d+)个|(\d+)\s*departments|(\d+)个科室/i.exec(prompt);
    return { kind: 'department', k: k ? Number(k[1] ?? k[2] ?? k[3] ?? k[4]) : 1 };
  }
  if (/Preliminary Diagnosis|初步诊断/i.test(prompt) && /Treatment Plan|治疗计划/i.test(prompt)) return { kind: 'diagnosis', k: 1 };
  return { kind: 'imaging', k: 1 };
}

/** The patient part of a department-guide prompt: every line that is not a department of the list. */
function triageText(prompt: string, taxonomy: DepartmentTaxonomy): string {
  return prompt
    .split('\n')
    .filter((l) => taxonomy.normalise(l) === undefined)
    .join('\n');
}

const SUMMARY_START = /Patient(?:'s)? Basic Information|Basic Information|Chief Complaint|患者基本信息|主诉/i;

function caseText(prompt: string): string {
  const at = prompt.search(SUMMARY_START);
  return at >= 0 ? prompt.slice(at) : prompt;
}

function findingsText(prompt: string): string {
  const m = /(?:Findings|影像所见)\s*[:：]\s*([\s\S]*?)(?:\n\s*(?:Impression|影像诊断)\s*[:：]|$)/i.exec(prompt);
  return m ? m[1]! : prompt;
}

export async function createBaselineModel(options: BaselineOptions = {}): Promise<Model> {
  const taxonomy = options.taxonomy ?? DepartmentTaxonomy.default();
  const kb = await loadKnowledgeBase(options.kbDir ?? BUILTIN_KB_DIR);
  const index: KnowledgeIndex = indexKnowledge(kb);
  let vocabulary: Vocabulary | undefined; // for the judge's heuristics, built when first needed

  function answer(request: GenerateRequest): string {
    const prompt = request.messages.filter((m) => m.role !== 'assistant').map((m) => m.content).join('\n');
    const lang: Lang = request.task?.language ?? guessLanguage(prompt);
    const role = request.task?.kind;
    if (role === 'agent-chief') return chiefAnswer(prompt);
    if (role === 'agent-nurse') return nurseAnswer(lang);
    if (role === 'agent-pharmacist') return pharmacistAnswer(prompt, lang);
    // the 4-dimension judge: documented heuristics, not a clinical judgement (see judge.ts)
    if (role === 'judge-4d') return judgeAnswer(prompt, (vocabulary ??= vocabularyOf(kb)), lang);
    // interactive ClinicalBench: the doctor's next action, the patient's answer (see interactive.ts)
    if (role === 'interactive-doctor' || role === 'interactive-final') return doctorAnswer(prompt, index, lang, role === 'interactive-final');
    if (role === 'interactive-patient') return patientAnswer(prompt, lang);
    const { kind, k } = kindOf(request, prompt, taxonomy);
    if (kind === 'department') {
      const ranked = rankDepartments(index, triageText(prompt, taxonomy), lang)
        .map((r) => taxonomy.departments.find((d) => d.id === r.department))
        .filter((d) => d !== undefined);
      // fill up with the rest of the list, in order, if the knowledge base knows fewer departments than asked
      const chosen = [...new Set([...ranked, ...taxonomy.departments])].slice(0, Math.max(1, k));
      return departmentsAnswer(chosen, lang);
    }
    if (kind === 'imaging') return impressionAnswer(findingsText(prompt), lang);
    const department = taxonomy.mentions(prompt.slice(0, Math.max(0, prompt.search(SUMMARY_START)) || 300))[0]?.department.id;
    const text = caseText(prompt);
    const ranked = rankDiseases(index, text, lang, department);
    const answer = diagnosisAnswer(ranked, associatedFound(ranked[0]!.disease, text, lang), lang);
    // a consulting clinician (ClinicalAgent) gives the preliminary diagnosis and orders examinations
    if (role === 'agent-consult') return `${answer.split('\n')[0]}\n${ordersAnswer(prompt, lang)}`;
    return answer;
  }

  return {
    id: 'baseline',
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const text = answer(request);
      const input = request.messages.reduce((n, m) => n + estimateTokens(m.content), 0);
      const output = estimateTokens(text);
      const truncated = request.maxTokens !== undefined && output > request.maxTokens;
      return { text, usage: { inputTokens: input, outputTokens: Math.min(output, request.maxTokens ?? output) }, finishReason: truncated ? 'length' : 'stop' };
    },
  };
}
