/**
 * Reading a raw answer into the structure its task needs, stored beside the raw text: the department chosen,
 * the departments named, the six sections, or the impression. Scores are computed later from these, so a
 * parser or metric can change without calling a model again.
 */
import type { DepartmentTaxonomy } from '../bench/departments.js';
import { parseDepartmentAnswer, parseMultiDepartmentAnswer } from '../tasks/departments.js';
import type { GenerationKind } from '../tasks/definitions.js';
import { parseSections, stripReasoning } from '../tasks/sections.js';

/** Agent and judge steps are read by their own code; here they keep their text only. */
export function parseAnswer(kind: GenerationKind | `agent-${string}` | `judge-${string}`, text: string, taxonomy: DepartmentTaxonomy): unknown {
  switch (kind) {
    case 'department-guide': {
      const a = parseDepartmentAnswer(text, taxonomy);
      return { department: a.department?.id ?? null, status: a.status, named: a.named.map((d) => d.id) };
    }
    case 'department-guide-3':
    case 'department-guide-5': {
      const a = parseMultiDepartmentAnswer(text, taxonomy);
      return { count: a.count, valid: a.valid, items: a.items.map((i) => ({ text: i.text, department: i.department?.id ?? null })) };
    }
    case 'clinical-diagnosis': {
      const a = parseSections(text);
      return { sections: a.sections, found: a.found };
    }
    case 'imaging-diagnosis':
      return { impression: stripReasoning(text).trim() };
    default:
      return { text: stripReasoning(text).trim() };
  }
}
