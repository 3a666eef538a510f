/**
 * A rough token count for planning (before any provider reports real usage): about four characters per token
 * for Latin text and about one token per 1.5 Chinese characters, as common BPE tokenizers give.
 */
export function estimateTokens(text: string): number {
  let han = 0;
  for (const ch of text) if (/\p{Script=Han}/u.test(ch)) han++;
  const other = [...text].length - han;
  return Math.ceil(han / 1.5 + other / 4);
}
