/**
 * The doctor's actions in interactive ClinicalBench, and reading them from whatever a model wrote. One action per
 * turn: ask the patient, request a physical-examination item, order an exam (a laboratory panel or an imaging
 * modality), or give the final answer in the six sections. Models write actions loosely, so the reader accepts a
 * tool call (which the provider hands back as JSON), JSON in or out of a code fence, a labelled line in English
 * or Chinese ("ASK: …", "**Order**：…", "问诊：…", "Action: order / Exam: CT"), a call written out
 * (`ask("…")`), and a bare six-section answer (taken as the final answer). Reasoning blocks are never read.
 * Never throws.
 */
import type { ToolDefinition } from '../../models/types.js';
import { SECTION_IDS, type SectionId } from '../../tasks/definitions.js';
import { findJson } from '../../tasks/json-answer.js';
import { stripReasoning } from '../../tasks/reasoning.js';
import { formatSections, parseSections } from '../../tasks/sections.js';

export type Action =
  | { type: 'ask'; question: string }
  | { type: 'examine'; item: string }
  | { type: 'order'; exam: string }
  | { type: 'final'; answer: string }
  | { type: 'unreadable'; reason: string };

export type ActionType = Exclude<Action['type'], 'unreadable'>;

/** Names models give each action (lower case, spaces and separators folded to one space). */
const NAMES: Record<ActionType, readonly string[]> = {
  ask: ['ask', 'ask patient', 'ask the patient', 'ask_patient', 'question', 'inquire', 'history', 'take history', 'interview', '问', '问诊', '提问', '询问', '询问患者', '问患者', '病史询问'],
  examine: ['examine', 'examination', 'physical exam', 'physical examination', 'physical_exam', 'exam patient', 'pe', 'check', '查体', '体格检查', '体检', '检查患者'],
  order: ['order', 'order exam', 'order test', 'order_exam', 'order_test', 'test', 'lab', 'labs', 'imaging', 'investigation', 'request test', '开检查', '检查', '化验', '申请检查', '开具检查', '辅助检查', '开单', '检验'],
  final: ['final', 'final answer', 'final_answer', 'diagnose', 'diagnosis', 'final diagnosis', 'answer', 'conclude', '最终诊断', '最终答案', '诊断', '作出诊断', '给出诊断', '最终回答'],
};

const fold = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, ' ').trim();

function actionNamed(name: string): ActionType | undefined {
  const n = fold(name);
  for (const [type, names] of Object.entries(NAMES) as [ActionType, readonly string[]][]) if (names.includes(n)) return type;
  return undefined;
}

/** The tools a doctor is offered where the provider supports tool calling. */
export const DOCTOR_TOOLS: ToolDefinition[] = [
  { name: 'ask_patient', description: 'Ask the patient one question about their symptoms or history.', parameters: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'], additionalProperties: false } },
  { name: 'physical_exam', description: 'Request one item of the physical examination (e.g. "abdomen", "neurological examination", "blood pressure").', parameters: { type: 'object', properties: { item: { type: 'string' } }, required: ['item'], additionalProperties: false } },
  { name: 'order_exam', description: 'Order one laboratory panel or one imaging examination, named as in the list of the prompt.', parameters: { type: 'object', properties: { exam: { type: 'string' } }, required: ['exam'], additionalProperties: false } },
  {
    name: 'final_answer',
    description: 'Give the final assessment in six parts.',
    parameters: {
      type: 'object',
      properties: Object.fromEntries(SECTION_KEYS().map((k) => [k, { type: 'string' }])),
      required: SECTION_KEYS(),
      additionalProperties: false,
    },
  },
];

function SECTION_KEYS(): string[] {
  return ['preliminary_diagnosis', 'diagnostic_basis', 'differential_diagnosis', 'principal_diagnosis', 'therapeutic_principle', 'treatment_plan'];
}

const ARG_KEYS = ['question', 'item', 'exam', 'test', 'examination', 'name', 'query', 'text', 'content', 'value', 'input', 'request', 'answer', 'diagnosis', '问题', '内容', '项目', '检查'];

function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) {
    const parts = v.map(textOf).filter((x): x is string => !!x);
    return parts.length ? parts.join('\n') : undefined;
  }
  return undefined;
}

/** Arguments may be nested (`{"name":"ask","arguments":{"question":…}}`) or a JSON string of their own. */
function argumentsOf(o: Record<string, unknown>): Record<string, unknown> {
  for (const k of ['arguments', 'parameters', 'args', 'input', 'params']) {
    const v = o[k];
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return { ...o, ...(v as Record<string, unknown>) };
    if (typeof v === 'string' && v.trim().startsWith('{')) {
      try {
        return { ...o, ...(JSON.parse(v) as Record<string, unknown>) };
      } catch {
        // not JSON after all: read as a plain argument
      }
    }
  }
  return o;
}

function finalFromObject(o: Record<string, unknown>, lang: 'zh' | 'en'): string | undefined {
  const given = textOf(o.answer) ?? textOf(o.final) ?? textOf(o.content) ?? textOf(o.text);
  if (typeof o.answer === 'object' && o.answer !== null && !Array.isArray(o.answer)) return finalFromObject(o.answer as Record<string, unknown>, lang);
  const parsed = parseSections(JSON.stringify(o));
  if (parsed.found.length >= 2) return formatSections(parsed.sections, lang);
  return given;
}

function fromJson(value: Record<string, unknown>, lang: 'zh' | 'en'): Action | undefined {
  const o = argumentsOf(value.function && typeof value.function === 'object' ? (value.function as Record<string, unknown>) : value);
  const name = [o.action, o.type, o.tool, o.name, o.act, o['动作'], o['操作']].find((v): v is string => typeof v === 'string' && actionNamed(v) !== undefined);
  let type = name ? actionNamed(name) : undefined;
  if (!type) {
    // keyed by the action itself: {"ask": "…"}, {"order": "CT"}
    for (const [k, v] of Object.entries(o)) {
      const t = actionNamed(k);
      if (t && (t === 'final' || textOf(v))) {
        type = t;
        if (t !== 'final') return build(t, textOf(v)!, lang);
      }
    }
  }
  if (!type && parseSections(JSON.stringify(o)).found.length >= 3) type = 'final';
  if (!type) return undefined;
  if (type === 'final') {
    const answer = finalFromObject(o, lang);
    return answer ? { type, answer } : { type: 'unreadable', reason: 'a final answer without its sections' };
  }
  const arg = ARG_KEYS.map((k) => textOf(o[k])).find((v) => v !== undefined && v !== '' && actionNamed(v) !== type);
  return arg ? build(type, arg, lang) : { type: 'unreadable', reason: `"${type}" without what to ${type}` };
}

function build(type: ActionType, text: string, lang: 'zh' | 'en'): Action {
  const t = text.replace(/^["'“”‘’「」]+|["'“”‘’「」]+$/gu, '').trim();
  if (t === '') return { type: 'unreadable', reason: `"${type}" without what to ${type}` };
  switch (type) {
    case 'ask':
      return { type, question: t };
    case 'examine':
      return { type, item: t };
    case 'order':
      return { type, exam: t };
    case 'final': {
      const parsed = parseSections(t);
      return { type, answer: parsed.found.length > 0 ? t : formatSections({ principal: t, preliminary: t }, lang) };
    }
  }
}

const LABEL_NAMES = [...new Set(Object.values(NAMES).flat())].sort((a, b) => b.length - a.length);
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[ _]/g, '[\\s_-]*');
/** A labelled line: optional markdown and numbering, the action's name, a colon (or a dash), the argument. */
const LABELLED = new RegExp(`^[\\s>#*\\-•\\d.)]*(?:\\*\\*|__)?\\[?\\s*(${LABEL_NAMES.map(escape).join('|')})\\s*\\]?(?:\\*\\*|__)?\\s*(?:[:：]|\\s-\\s|—)\\s*(?:\\*\\*|__)?([\\s\\S]*)$`, 'iu');
/** `Action: ask` with the argument on the same line after a separator or on the following lines. */
const ACTION_LINE = /^[\s>#*-]*(?:\*\*)?(?:action|next action|动作|操作|行动)(?:\*\*)?\s*[:：]\s*(?:\*\*)?([^\n:：(（]+?)(?:\*\*)?\s*(?:[:：(（]\s*([^\n]*?)[)）]?)?\s*$/iu;
/** `ask("…")`, `ORDER[CT]` */
const CALL = new RegExp(`^[\\s>*\`-]*(${LABEL_NAMES.filter((n) => /^[a-z_ ]+$/.test(n)).map(escape).join('|')})\\s*[([]\\s*([\\s\\S]*?)\\s*[)\\]]\`?\\s*$`, 'iu');

/** A heading that is only the action's name (`### Order`, `**ASK**`): the argument follows on the next lines. */
const HEADING = new RegExp(`^\\s*(?:#+\\s*|\\*\\*|__)(${LABEL_NAMES.map(escape).join('|')})(?:\\*\\*|__)?\\s*$`, 'iu');

function fromLines(text: string, lang: 'zh' | 'en'): Action | undefined {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const rest = (): string => lines.slice(i + 1).join('\n').trim();
    const a = ACTION_LINE.exec(line);
    if (a) {
      const type = actionNamed(a[1]!.trim());
      if (type) {
        const after = rest().replace(/^[^\n:：]{0,24}[:：]\s*/u, ''); // "Question: …" on the next line
        return build(type, type === 'final' ? (a[2]?.trim() ? `${a[2]}\n${rest()}` : rest()) : a[2]?.trim() || after.split('\n')[0] || '', lang);
      }
    }
    const h = HEADING.exec(line);
    if (h) {
      const type = actionNamed(h[1]!);
      if (type) return build(type, type === 'final' ? rest() : (rest().split('\n').find((l) => l.trim() !== '') ?? ''), lang);
    }
    const c = CALL.exec(line);
    if (c) {
      const type = actionNamed(c[1]!);
      if (type) return build(type, c[2]!, lang);
    }
    const m = LABELLED.exec(line);
    if (m) {
      const type = actionNamed(m[1]!);
      if (!type) continue;
      const arg = m[2]!.replace(/(?:\*\*|__)\s*$/u, '').trim();
      if (type === 'final') return build(type, [arg, rest()].filter((x) => x !== '').join('\n'), lang);
      // a label alone on its line: the argument is the next non-empty line
      return build(type, arg || (rest().split('\n').find((l) => l.trim() !== '') ?? ''), lang);
    }
  }
  return undefined;
}

/** Read one action from a doctor's answer. */
export function parseAction(raw: string, lang: 'zh' | 'en' = 'en'): Action {
  const text = stripReasoning(raw).trim();
  if (text === '') return { type: 'unreadable', reason: 'an empty answer' };
  const json = findJson(text);
  if (json && !Array.isArray(json.value)) {
    const a = fromJson(json.value, lang);
    if (a) return a;
  }
  if (json && Array.isArray(json.value) && typeof json.value[0] === 'object' && json.value[0] !== null) {
    const a = fromJson(json.value[0] as Record<string, unknown>, lang);
    if (a) return a;
  }
  // a six-section answer with no action label is the final answer
  const sections = parseSections(text);
  const lined = fromLines(text, lang);
  if (sections.found.length >= 3 && (!lined || lined.type === 'final')) return { type: 'final', answer: lined?.type === 'final' ? lined.answer : text };
  if (lined) return lined;
  return { type: 'unreadable', reason: 'no action found (expected ASK:, EXAMINE:, ORDER: or FINAL:)' };
}

/** An action as one line of the transcript the doctor is shown (the canonical plain-text form). */
export function actionLine(a: Action, lang: 'zh' | 'en'): string {
  const L = lang === 'zh' ? { ask: '问诊', examine: '查体', order: '检查', final: '最终诊断' } : { ask: 'ASK', examine: 'EXAMINE', order: 'ORDER', final: 'FINAL' };
  const colon = lang === 'zh' ? '：' : ': ';
  switch (a.type) {
    case 'ask':
      return `${L.ask}${colon}${a.question}`;
    case 'examine':
      return `${L.examine}${colon}${a.item}`;
    case 'order':
      return `${L.order}${colon}${a.exam}`;
    case 'final':
      return `${L.final}${colon}\n${a.answer}`;
    case 'unreadable':
      return lang === 'zh' ? '（无法识别的操作）' : '(an action that could not be read)';
  }
}

export const SECTION_ORDER: readonly SectionId[] = SECTION_IDS;
