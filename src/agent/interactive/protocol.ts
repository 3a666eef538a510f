/**
 * Interactive ClinicalBench for one case: the doctor starts from the basic information and the chief complaint
 * and, turn by turn, asks the patient, requests a physical-examination item, orders an exam or gives its final
 * answer, within a budget of questions, exams and turns stated in every prompt. Once the turns are used up the
 * doctor is asked for its final answer. The patient is a model given the history only; the examiner, the
 * laboratory and radiology are not models: they return what the case holds for the request, or "not done".
 * Every model call goes through `call`, which stores it (and replays it on resume); every reply without a model
 * goes through `record`. This module only decides what is asked, and what is revealed.
 */
import type { ClinicalCase } from '../../bench/case.js';
import { getTemplate, renderTemplate, type TemplateName, type TemplateSet } from '../../tasks/templates.js';
import { actionLine, parseAction, type Action } from './actions.js';
import { examinerReply, examReply, guardPatientAnswer, orderableLists, patientHistory, resolveOrder, type Resolved } from './reveal.js';

export interface InteractiveBudget {
  /** Questions to the patient. */
  questions: number;
  /** Lab panels and imaging exams ordered. */
  exams: number;
  /** Turns before the doctor is asked for its final answer (every action, read or not, is a turn). */
  turns: number;
}

export const DEFAULT_BUDGET: InteractiveBudget = { questions: 8, exams: 6, turns: 16 };

export interface InteractiveRoles {
  doctor: string;
  patient: string;
}

/** Who answered a turn, and what of the case it revealed. */
export type Reply =
  | { by: 'patient'; text: string; withheld: number }
  | { by: 'examiner'; text: string; found: boolean }
  | { by: 'laboratory' | 'radiology'; text: string; order: Resolved }
  | { by: 'system'; text: string; reason: 'questions-used' | 'exams-used' | 'unreadable' };

export interface Turn {
  turn: number;
  action: Action;
  reply?: Reply;
}

export interface Transcript {
  turns: Turn[];
  /** The final answer text (six sections), as the doctor gave it. */
  final: string;
  /** True when the turn budget ran out and the doctor was asked for its final answer. */
  forced: boolean;
  questions: number;
  exams: number;
  /** Every exam ordered, resolved (in order; repeats kept). */
  orders: Resolved[];
}

export interface DoctorStep {
  role: 'doctor' | 'patient';
  model: string;
  kind: 'interactive-doctor' | 'interactive-final' | 'interactive-patient';
  /** The turn number; with the role it places the call in the case. */
  turn: number;
  prompt: string;
  templateHash: string;
  parse: (text: string) => unknown;
}

export type TurnCaller = (c: ClinicalCase, step: DoctorStep) => Promise<string>;

export interface RevealStep {
  role: 'examiner' | 'laboratory' | 'radiology' | 'system';
  kind: 'interactive-reveal';
  turn: number;
  prompt: string;
  response: string;
  parsed: unknown;
}

export type RevealRecorder = (c: ClinicalCase, step: RevealStep) => void;

const L = {
  en: { you: 'You', patient: 'Patient', examiner: 'Examiner', laboratory: 'Laboratory', radiology: 'Radiology', note: 'Note', nothing: '(nothing yet: this is your first turn)', turn: 'Turn', questionsUsed: 'You have no questions left; choose another action.', examsUsed: 'You have no exams left; choose another action.', unreadable: 'Your reply could not be read as an action. Reply with one line starting ASK:, EXAMINE:, ORDER: or FINAL:.' },
  zh: { you: '医生', patient: '患者', examiner: '查体结果', laboratory: '检验科', radiology: '影像科', note: '提示', nothing: '（暂无：这是你的第一轮）', turn: '第', questionsUsed: '问诊次数已用完，请选择其他操作。', examsUsed: '检查次数已用完，请选择其他操作。', unreadable: '无法识别你的回复。请只回复一行，以“问诊：”“查体：”“检查：”或“最终诊断：”开头。' },
} as const;

/** The budget line of a prompt: what is used and what is left, for each limit. */
export function budgetText(b: InteractiveBudget, used: { questions: number; exams: number; turns: number }, lang: 'zh' | 'en'): string {
  return lang === 'zh'
    ? `问诊 ${b.questions} 次（已用 ${used.questions}），检查 ${b.exams} 项（已用 ${used.exams}），共 ${b.turns} 轮（已用 ${used.turns}）`
    : `${b.questions} questions (${used.questions} used), ${b.exams} exams (${used.exams} used), ${b.turns} turns in all (${used.turns} used)`;
}

/** The conversation so far, as the doctor is shown it. */
export function transcriptText(turns: readonly Turn[], lang: 'zh' | 'en'): string {
  const l = L[lang];
  if (turns.length === 0) return l.nothing;
  const colon = lang === 'zh' ? '：' : ': ';
  return turns
    .map((t) => {
      const head = lang === 'zh' ? `${l.turn}${t.turn}轮 ${l.you}${colon}${actionLine(t.action, lang)}` : `${l.turn} ${t.turn}. ${l.you}: ${actionLine(t.action, lang)}`;
      if (!t.reply) return head;
      const who = t.reply.by === 'system' ? l.note : l[t.reply.by];
      return `${head}\n${who}${colon}${t.reply.text}`;
    })
    .join('\n\n');
}

function render(templates: TemplateSet, c: ClinicalCase, name: TemplateName, values: Record<string, string>): { prompt: string; templateHash: string } {
  const t = getTemplate(templates, c.language, name);
  return { prompt: renderTemplate(t, values), templateHash: t.hash };
}

export interface InteractiveContext {
  templates: TemplateSet;
  call: TurnCaller;
  record: RevealRecorder;
}

export async function runInteractiveCase(c: ClinicalCase, roles: InteractiveRoles, budget: InteractiveBudget, ctx: InteractiveContext): Promise<Transcript> {
  const { templates, call, record } = ctx;
  const lang = c.language;
  const l = L[lang];
  const lists = orderableLists(lang);
  const turns: Turn[] = [];
  const orders: Resolved[] = [];
  let questions = 0;
  let exams = 0;
  const base = { basic_information: c.summary.basicInformation, chief_complaint: c.summary.chiefComplaint };
  const used = (): { questions: number; exams: number; turns: number } => ({ questions, exams, turns: turns.length });

  for (let n = 1; n <= budget.turns; n++) {
    const p = render(templates, c, 'interactive-doctor', { ...base, ...lists_(lists), budget: budgetText(budget, used(), lang), transcript: transcriptText(turns, lang) });
    const text = await call(c, { role: 'doctor', model: roles.doctor, kind: 'interactive-doctor', turn: n, ...p, parse: (t) => ({ role: 'doctor', turn: n, action: parseAction(t, lang) }) });
    const action = parseAction(text, lang);
    const turn: Turn = { turn: n, action };
    turns.push(turn);
    if (action.type === 'final') return { turns, final: action.answer, forced: false, questions, exams, orders };
    const note = (reason: Extract<Reply, { by: 'system' }>['reason'], msg: string): void => {
      turn.reply = { by: 'system', text: msg, reason };
      record(c, { role: 'system', kind: 'interactive-reveal', turn: n, prompt: actionLine(action, lang), response: msg, parsed: { role: 'system', turn: n, reason } });
    };
    if (action.type === 'unreadable') note('unreadable', l.unreadable);
    else if (action.type === 'ask') {
      if (questions >= budget.questions) {
        note('questions-used', l.questionsUsed);
        continue;
      }
      questions++;
      const q = render(templates, c, 'interactive-patient', { patient_history: patientHistory(c), question: action.question });
      const said = await call(c, { role: 'patient', model: roles.patient, kind: 'interactive-patient', turn: n, ...q, parse: (t) => ({ role: 'patient', turn: n, question: action.question, ...guardPatientAnswer(t.trim(), c) }) });
      turn.reply = { by: 'patient', ...guardPatientAnswer(said.trim(), c) };
    } else if (action.type === 'examine') {
      const r = examinerReply(action.item, c);
      turn.reply = { by: 'examiner', ...r };
      record(c, { role: 'examiner', kind: 'interactive-reveal', turn: n, prompt: actionLine(action, lang), response: r.text, parsed: { role: 'examiner', turn: n, item: action.item, found: r.found } });
    } else {
      if (exams >= budget.exams) {
        note('exams-used', l.examsUsed);
        continue;
      }
      exams++;
      const order = resolveOrder(action.exam, c);
      orders.push(order);
      const by = order.kind === 'imaging' ? 'radiology' : 'laboratory';
      const reply = examReply(order, c);
      turn.reply = { by, text: reply, order };
      record(c, { role: by, kind: 'interactive-reveal', turn: n, prompt: actionLine(action, lang), response: reply, parsed: { role: by, turn: n, request: action.exam, order } });
    }
  }
  // the turns are used up: the final answer is asked for, and whatever comes back is read as one
  const n = budget.turns + 1;
  const p = render(templates, c, 'interactive-final', { ...base, budget: budgetText(budget, used(), lang), transcript: transcriptText(turns, lang) });
  const text = await call(c, { role: 'doctor', model: roles.doctor, kind: 'interactive-final', turn: n, ...p, parse: (t) => ({ role: 'doctor', turn: n, forced: true, action: parseAction(t, lang) }) });
  const action = parseAction(text, lang);
  return { turns, final: action.type === 'final' ? action.answer : text, forced: true, questions, exams, orders };
}

function lists_(lists: { labs: string; imaging: string }): { lab_panels: string; imaging_exams: string } {
  return { lab_panels: lists.labs, imaging_exams: lists.imaging };
}
