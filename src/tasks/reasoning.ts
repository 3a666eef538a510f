/**
 * Reasoning that models write around their answer: `<think>…</think>` blocks (also `<thinking>` and
 * `<reasoning>`), a block opened and never closed because the answer was cut off inside it, or only a closing
 * tag (the opening one was part of the chat template). None of it is ever read as the answer. Linear time:
 * every tag is looked for once, from where the last one ended.
 */

export interface SplitAnswer {
  /** The text outside every reasoning block: what is read as the answer. */
  answer: string;
  /** The reasoning, blocks joined by blank lines. */
  reasoning: string;
  /** A block was opened and never closed: everything after its opening tag is reasoning. */
  unclosed: boolean;
}

const OPEN = /<(think|thinking|reasoning)>/giu;
const CLOSE = /<\/(?:think|thinking|reasoning)>/giu;

/** Split an answer into what it answers and what it reasoned. */
export function splitReasoning(text: string): SplitAnswer {
  const src = String(text ?? '');
  const reasoning: string[] = [];
  let out = '';
  let pos = 0;
  let unclosed = false;
  for (;;) {
    OPEN.lastIndex = pos;
    const o = OPEN.exec(src);
    if (!o) break;
    CLOSE.lastIndex = o.index + o[0].length;
    const c = CLOSE.exec(src);
    out += src.slice(pos, o.index);
    if (!c) {
      reasoning.push(src.slice(o.index + o[0].length));
      pos = src.length;
      unclosed = true;
      break;
    }
    reasoning.push(src.slice(o.index + o[0].length, c.index));
    pos = c.index + c[0].length;
  }
  out += src.slice(pos);
  // an answer that begins inside its reasoning (the opening tag was in the prompt): the reasoning ends at the first closing tag
  CLOSE.lastIndex = 0;
  const lone = CLOSE.exec(out);
  if (lone) {
    reasoning.unshift(out.slice(0, lone.index));
    out = out.slice(lone.index + lone[0].length);
  }
  return { answer: out, reasoning: reasoning.map((r) => r.trim()).filter((r) => r !== '').join('\n\n'), unclosed };
}

/** The answer without its reasoning. */
export function stripReasoning(text: string): string {
  return splitReasoning(text).answer;
}
