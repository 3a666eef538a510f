/** The routing table as terminal text: per department, the ranked models and whether the ranking is its own. */
import type { RoutingTable } from '../agent/routing.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';

export function routingRows(routing: RoutingTable, taxonomy: DepartmentTaxonomy): string[][] {
  const fmt = (s: number | null): string => (s === null ? '' : ` ${s.toFixed(2)}`);
  return taxonomy.departments.map((d) => {
    const e = routing.departments[d.id];
    if (!e) return [d.short, '—', ''];
    return [d.short, e.models.map((m, i) => `${i + 1}. ${m.model}${fmt(m.score)}${m.n ? ` (${m.n})` : ''}`).join('  '), e.fallback ? 'overall (too few cases)' : 'department'];
  });
}
