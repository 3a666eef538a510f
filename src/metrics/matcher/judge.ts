/**
 * The optional LLM judge for diagnosis matching, decoupled from any provider: a judge is any function from a
 * prompt to a reply. It is consulted only when the deterministic rules find nothing (see matcher.ts).
 *
 * A reply that is neither "yes" nor "no", or a judge that throws, is a judge ERROR (`match: null`), never a "no":
 * an outage must not silently lower a model's score.
 */
import type { MatchLang } from './normalise.js';

export type Judge = (prompt: string) => Promise<string>;

export type JudgeReply = 'yes' | 'no' | 'unparseable';

export interface JudgeOutcome {
  /** true/false from the judge; null when the judge failed or could not be understood. */
  match: boolean | null;
  rule: 'judge' | 'judge-error' | 'empty';
  score: number;
  explanation: string;
  /** The judge's raw reply, when there was one. */
  reply?: string;
}

/** Longest name passed to the judge; longer text is cut (a diagnosis is never that long). */
const MAX_NAME = 300;

function oneLine(text: string): string {
  const flat = String(text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > MAX_NAME ? `${flat.slice(0, MAX_NAME)}…` : flat;
}

/** The question put to the judge, in the case language. It asks for exactly "yes" or "no". */
export function buildJudgePrompt(predicted: string, gold: string, lang: MatchLang): string {
  const p = oneLine(predicted);
  const g = oneLine(gold);
  if (lang === 'zh') {
    return [
      '你在批改一道临床诊断题。请判断"待判诊断"与"标准诊断"是否指同一种疾病。',
      `标准诊断：「${g}」`,
      `待判诊断：「${p}」`,
      '同义词、缩写、不同语序或中英文互译都算同一种疾病；严重程度、分期分级、左右侧别或附带的并发症等补充信息不影响判断；' +
        '相关但不同的疾病（另一分型、相反的功能状态、不同的器官或部位）不算同一种疾病。',
      '只回答一个英文单词：yes 或 no。',
    ].join('\n');
  }
  return [
    'You are marking one answer of a clinical diagnosis exam. Decide whether the candidate diagnosis names the same disease as the reference diagnosis.',
    `Reference diagnosis: "${g}"`,
    `Candidate diagnosis: "${p}"`,
    'Synonyms, abbreviations, another word order or a translation count as the same disease; added detail such as severity, stage or grade, ' +
      'the side, or an attached complication does not change the answer; a related but different disease (another subtype, the opposite ' +
      'function, a different organ or site) is not the same disease.',
    'Answer with exactly one word: yes or no.',
  ].join('\n');
}

/**
 * Read the judge's reply. Accepted: "yes"/"no" as the first word (any case, with markdown, quotes or a final
 * full stop), after a label such as "Answer:", or the Chinese 是/否 (是的, 不是). Anything else is unparseable.
 */
export function parseJudgeReply(text: string): JudgeReply {
  if (typeof text !== 'string') return 'unparseable';
  const t = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[*_`"'“”‘’「」]/g, '')
    .replace(/^\s*(?:final answer|answer|reply|judgement|judgment|答案|回答|答)\s*[:：]?\s*/u, '')
    .trim();
  const first = /^(yes|no)\b/.exec(t)?.[1];
  if (first === 'yes' || first === 'no') {
    // A reply that also says the opposite word ("yes … no") contradicts itself and is not trusted.
    const opposite = first === 'yes' ? /\bno\b/ : /\byes\b/;
    return opposite.test(t.slice(first.length)) ? 'unparseable' : first;
  }
  if (/^(?:是的|是|相同|一致)(?:[。.!！\s]|$)/u.test(t)) return 'yes';
  if (/^(?:不是|否|不同|不一致)(?:[。.!！\s]|$)/u.test(t)) return 'no';
  const tail = /(?:the answer is|answer is)\s*(yes|no)[.!\s]*$/.exec(t)?.[1];
  return tail === 'yes' || tail === 'no' ? tail : 'unparseable';
}

/** Ask the judge once. Empty input is not sent; an error or an unparseable reply gives `match: null`. */
export async function judgeMatch(predicted: string, gold: string, lang: MatchLang, judge: Judge): Promise<JudgeOutcome> {
  if (oneLine(predicted) === '' || oneLine(gold) === '') {
    return { match: false, rule: 'empty', score: 0, explanation: `the ${oneLine(predicted) === '' ? 'prediction' : 'gold name'} is empty; the judge was not asked` };
  }
  let reply: string;
  try {
    reply = await judge(buildJudgePrompt(predicted, gold, lang));
  } catch (err) {
    return { match: null, rule: 'judge-error', score: 0, explanation: `the judge failed: ${err instanceof Error ? err.message : String(err)}` };
  }
  const verdict = parseJudgeReply(reply);
  if (verdict === 'unparseable') {
    return { match: null, rule: 'judge-error', score: 0, explanation: `the judge's reply is neither yes nor no: ${oneLine(String(reply)).slice(0, 80)}`, reply: String(reply) };
  }
  return { match: verdict === 'yes', rule: 'judge', score: verdict === 'yes' ? 1 : 0, explanation: `the judge answered "${verdict}"`, reply };
}
