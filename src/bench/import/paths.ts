/**
 * Source paths of the mapping importer: `a.b.c`, array positions `items[0].text` or `items.0.text`, every item
 * `items[*].text`, and keys that contain dots or spaces quoted in brackets: `["Chief complaint"]`. A path that
 * leads nowhere gives `undefined`, never an error: whether a field is required is the mapping's business.
 */

export type PathStep = { key: string } | { index: number } | { all: true };

/** Parse a path; throws with the position of the mistake. */
export function parsePath(path: string): PathStep[] {
  const steps: PathStep[] = [];
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`path "${path}": ${what} at character ${i + 1}`);
  };
  if (path.trim() === '') fail('is empty');
  while (i < path.length) {
    const ch = path[i]!;
    if (ch === '.') {
      if (i === 0 || i === path.length - 1 || path[i + 1] === '.') fail('has an empty step');
      i++;
      continue;
    }
    if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) fail('has "[" without "]"');
      const inner = path.slice(i + 1, close).trim();
      if (inner === '*') steps.push({ all: true });
      else if (/^\d+$/.test(inner)) steps.push({ index: Number(inner) });
      else if (/^(["']).*\1$/s.test(inner)) steps.push({ key: inner.slice(1, -1) });
      else fail(`has "[${inner}]"; use [0], [*] or ["a key"]`);
      i = close + 1;
      continue;
    }
    let j = i;
    while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
    const word = path.slice(i, j);
    steps.push(word === '*' ? { all: true } : /^\d+$/.test(word) ? { index: Number(word) } : { key: word });
    i = j;
  }
  return steps;
}

function step(value: unknown, s: PathStep): unknown {
  if (value == null) return undefined;
  if ('all' in s) {
    if (Array.isArray(value)) return value;
    if (typeof value === 'object') return Object.values(value as Record<string, unknown>);
    return undefined;
  }
  if ('index' in s) {
    if (Array.isArray(value)) return value[s.index];
    if (typeof value === 'object') return (value as Record<string, unknown>)[String(s.index)];
    return undefined;
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    if (s.key in o) return o[s.key];
    // column names in spreadsheets vary in case and spacing; accept an exact match first, then a folded one
    const folded = s.key.toLowerCase().replace(/[\s_]+/g, '');
    const hit = Object.keys(o).find((k) => k.toLowerCase().replace(/[\s_]+/g, '') === folded);
    return hit === undefined ? undefined : o[hit];
  }
  return undefined;
}

/** Follow a parsed path; `[*]` maps the rest of the path over every item and flattens one level. */
export function followPath(value: unknown, steps: readonly PathStep[]): unknown {
  let current: unknown = value;
  for (let n = 0; n < steps.length; n++) {
    const s = steps[n]!;
    if ('all' in s) {
      const items = step(current, s);
      if (!Array.isArray(items)) return undefined;
      const rest = steps.slice(n + 1);
      const out: unknown[] = [];
      for (const item of items) {
        const v = followPath(item, rest);
        if (Array.isArray(v)) out.push(...v);
        else if (v !== undefined) out.push(v);
      }
      return out;
    }
    current = step(current, s);
    if (current === undefined) return undefined;
  }
  return current;
}

/** Parse and follow in one go. */
export function getPath(value: unknown, path: string): unknown {
  return followPath(value, parsePath(path));
}

/**
 * The items of a list, or the entries of an object as items: `{ $key, ...entry }` for an object entry,
 * `{ $key, $value }` for any other. Anything else has no items.
 */
export function listItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) =>
      v && typeof v === 'object' && !Array.isArray(v) ? { $key: k, ...(v as Record<string, unknown>) } : { $key: k, $value: v },
    );
  }
  return [];
}
