/**
 * The parts of an answer that talk about the answer rather than give it: a note under a list ("(listed from
 * most to least likely)", "（以上按优先顺序）"), a line that introduces a list ("The most likely diagnoses
 * are:"), and the sign-off after the last section ("I hope this helps", "以上仅供参考"). Readers leave them out of
 * the items and sections they read. Every pattern here is anchored at the start and bounded, so linear time.
 */

const NOTE_START =
  /^(?:notes?\b|n\.?b\.?\b|注[:：意]|备注|说明[:：]|以上|上述|these\b|this\b|they\b|all\b|listed\b|ranked\b|sorted\b|ordered\b|in (?:order|descending|decreasing)\b|from most\b|按|排序|依次|顺序|(?:the )?order\b)/iu;

/** A note about a list, on a line of its own: wrapped whole in brackets, or opening with "Note", "以上", "listed" … */
export function isNoteLine(line: string): boolean {
  // the trailing run of stars tried from its first star only: from inside a long run it rescans it (quadratic)
  const t = line.trim().replace(/^\*+|(?<!\*)\*+$/gu, '').trim();
  if (t === '') return false;
  // wrapped whole in one pair of brackets: the first closing bracket ends the line
  if ('(（[【'.includes(t[0]!)) {
    const close = t.search(/[)）\]】]/u);
    if (close >= t.length - 2 && close === t.length - 1 - (/[.。]$/u.test(t) ? 1 : 0)) return true;
  }
  return NOTE_START.test(t);
}

/** A line that only introduces what follows ("The most likely diagnoses are:", "考虑以下诊断："). */
export function isLeadIn(line: string): boolean {
  return /[:：]\s*\**\s*$/u.test(line.trim());
}

const SIGN_OFF =
  /^(?:i hope\b|hope (?:this|that)\b|let me know\b|feel free\b|please (?:note|remember|keep in mind|consult|seek|see|ask|contact|confirm|verify|be aware)\b|remember,|of course,|(?:important )?disclaimer\b|note:|this (?:is|assessment|answer|analysis|information|response)\b.{0,40}\b(?:not|for|only|intended|educational)\b|(?:the )?final (?:decision|diagnosis and treatment|management)\b.{0,40}\b(?:rests?|should|must|lies)\b|always consult\b|if you (?:have|need|would)\b|(?:i am|i'm) (?:not a doctor|an ai)\b|as an ai\b|希望|以上(?:内容|分析|建议|信息|意见)?(?:仅供参考|仅作参考)|仅供参考|如(?:有|需)(?:其他|任何|进一步|疑问|问题)|请(?:咨询|及时|以|结合|在医生|遵医嘱|随时)|温馨提示|免责|当然，|最终(?:诊疗|治疗|方案|诊断)?.{0,12}(?:决定|为准|确定))/iu;

/** True for a sign-off sentence: thanks, offers of more help, reminders to see a doctor, disclaimers. */
export function isSignOff(line: string): boolean {
  return SIGN_OFF.test(line.trim().replace(/^[*_>\s]+/u, ''));
}

/**
 * A section without the sign-off after it: trailing lines that are sign-offs are dropped, and so are sign-off
 * sentences run on at the end of the last line (the text before them stays). A section that is nothing but a
 * sign-off is left as it is.
 */
export function dropSignOff(text: string): string {
  const lines = text.split('\n');
  let end = lines.length;
  while (end > 1 && (lines[end - 1]!.trim() === '' || isSignOff(lines[end - 1]!))) end--;
  if (end === 1 && isSignOff(lines[0]!)) return text;
  const last = lines[end - 1]!;
  const starts = [0];
  for (const m of last.matchAll(/[.!?。！？]+[ \t]*/gu)) if (m.index + m[0].length < last.length) starts.push(m.index + m[0].length);
  let cut = last.length;
  for (let i = starts.length - 1; i >= 1 && isSignOff(last.slice(starts[i], cut)); i--) cut = starts[i]!;
  lines[end - 1] = last.slice(0, cut).trimEnd();
  return lines.slice(0, end).join('\n').trimEnd();
}
