/**
 * The parts of the matcher's explanations that say how a pair was read (matcher.ts): which reading of a name
 * decided, the qualifiers dropped and the organ words read as one. Pure.
 */
import type { Prepared, Read } from './matcher.js';

export function describe(r: Read, who: string): string {
  return r.r.kind === 'main' ? '' : `${who} read via its ${r.r.kind} "${r.r.source}"`;
}

export function droppedNote(p: Read, g: Read, P: Prepared, G: Prepared): string {
  const parts = [
    ...P.a.removed.map((x) => `${x} (prediction)`),
    ...p.r.s.dropped.map((x) => `${x} (prediction)`),
    ...G.a.removed.map((x) => `${x} (gold)`),
    ...g.r.s.dropped.map((x) => `${x} (gold)`),
  ];
  const renamed = [...p.r.s.renamed.map((x) => `${x} (prediction)`), ...g.r.s.renamed.map((x) => `${x} (gold)`)];
  const readings = [describe(p, 'prediction'), describe(g, 'gold')].filter((x) => x !== '');
  return [parts.length > 0 ? `dropped: ${[...new Set(parts)].join(', ')}` : '', renamed.length > 0 ? `organ words read as one: ${renamed.join(', ')}` : '', ...readings].filter((x) => x !== '').join('; ');
}

