/**
 * How deeply a source record nests. JSON.parse reads a list inside a list twenty thousand levels deep, but the
 * rules that turn a record into text walk it recursively and would run out of stack, ending the whole import. No
 * clinical record nests like that; a record that does is reported (by the field it is in) and the others go on.
 */

/** Lists and objects inside one another that a record may have; deeper ones are reported. */
export const MAX_DEPTH = 200;

/**
 * The top-level field of a record (a key, or `[i]` for an item of a list) in which lists and objects nest more
 * than `limit` levels deep, or undefined when none does. Walks without recursion: deep values are what it is for.
 */
export function tooDeep(record: unknown, limit = MAX_DEPTH): string | undefined {
  if (record === null || typeof record !== 'object') return undefined;
  const tops = Array.isArray(record) ? record.map((v, i): [string, unknown] => [`[${i}]`, v]) : Object.entries(record as Record<string, unknown>);
  for (const [field, value] of tops) {
    const stack: [unknown, number][] = [[value, 2]];
    while (stack.length > 0) {
      const [v, depth] = stack.pop()!;
      if (v === null || typeof v !== 'object') continue;
      if (depth > limit) return field;
      for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) {
        if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
      }
    }
  }
  return undefined;
}
