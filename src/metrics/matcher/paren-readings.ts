/**
 * The parenthesised parts of a name (normalise.ts `analyse`): they are taken out of the name, split into their
 * parts, and a short modifier among them is also read back into the name ("haemorrhoids (mixed)" is also read
 * "mixed haemorrhoids", "甲状腺癌（乳头状癌）" also "甲状腺乳头状癌"). What each part states for the name is
 * paren-qualifiers.ts's job. Pure; no I/O.
 */

import type { MatchLang } from './normalise.js';

export interface Parentheses {
  /** The name without its parentheses. */
  name: string;
  /** Each parenthesis's text, as written. */
  aliases: string[];
  /** Their parts (split at commas, semicolons and 、), tidied. */
  parts: string[];
  /** The modifiers read back into the name. */
  joined: ['joined', string][];
  /** Joined readings made with the name's last word only → the modifier they were made of. */
  headWordJoined: Map<string, string>;
}

/** Spaces collapsed, list punctuation trimmed from both ends (normalise.ts reads the name's parts with it too). */
export const tidy = (t: string): string => t.replace(/\s+/g, ' ').replace(/^[\s,.;:、。/-]+|[\s,.;:、。/-]+$/gu, '');

export function readParentheses(text: string, mode: MatchLang): Parentheses {
  let t = text;
  const aliases: string[] = [];
  for (let guard = 0; guard < 20 && /\([^()]*\)/.test(t); guard++) {
    t = t.replace(/\(([^()]*)\)/g, (_m, inner: string) => (aliases.push(inner), ' '));
  }
  const open = t.indexOf('(');
  if (open >= 0) {
    aliases.push(t.slice(open + 1));
    t = t.slice(0, open);
  }
  t = tidy(t.replace(/[()]/g, ' '));
  const parts = aliases.flatMap((a) => a.split(/[,;、]/u)).map(tidy).filter((a) => a !== '');
  if (t === '' && parts.length > 0) t = parts.shift()!;
  const joined: ['joined', string][] = [];
  // a short modifier in parentheses put back in front of the name (word order does not matter in en)
  // (en also with only the head word: "hip fracture (femoral neck)" → "femoral neck fracture"; zh also in place of
  // a shared last character: "甲状腺癌（乳头状癌）" → "甲状腺乳头状癌")
  // the head-word reading drops the rest of the name: right for a modifier that names a part ("hip fracture (femoral
  // neck)"), wrong for one that only qualifies ("iron deficiency anaemia (moderate)" is no "moderate anaemia"), so
  // the caller drops it when the modifier turns out to be only qualifiers
  const headWordJoined = new Map<string, string>();
  const short = parts.filter((a) => (mode === 'en' ? a.split(' ').length <= 2 : [...a].length <= 5));
  // several short modifiers in one parenthesis, read back in front: "inguinal hernia (indirect, right)"
  if (short.length >= 2 && short.length === parts.length && aliases.length === 1 && t !== '') joined.push(['joined', mode === 'en' ? `${short.join(' ')} ${t}` : `${short.join('')}${t}`]);
  // and each short one alone beside longer parts: "肛瘘（高位复杂性，Parks分型经括约肌型）" is also 高位复杂性肛瘘
  if (parts.length >= 2 && aliases.length === 1 && t !== '') for (const a of short) joined.push(['joined', mode === 'en' ? `${a} ${t}` : `${a}${t}`]);
  if (short.length === 1 && parts.length === 1 && t !== '') {
    const a = short[0]!;
    if (mode === 'en') {
      joined.push(['joined', `${a} ${t}`], ['joined', `${a} ${t.split(' ').pop()!}`]);
      headWordJoined.set(`${a} ${t.split(' ').pop()!}`, a);
      // "(AL type)", "(tall cell variant)": the subtype's word joined without "type" (AL renal amyloidosis)
      const word = a.replace(/\s+(?:type|variant|subtype|form)$/u, '');
      if (word !== a) joined.push(['joined', `${word} ${t}`]);
    } else {
      joined.push(['joined', `${a}${t}`], ['joined', `${t}${a}`]);
      if (a.length >= 2 && t.length >= 2 && a.slice(-1) === t.slice(-1)) joined.push(['joined', `${t.slice(0, -1)}${a}`]);
    }
  }
  return { name: t, aliases, parts, joined, headWordJoined };
}
