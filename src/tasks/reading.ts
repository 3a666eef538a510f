/**
 * How well an answer could be read, stored with every parsed answer so that a user can audit the reader:
 *
 *   read       the answer was read whole
 *   partial    read, but part of what was asked is missing (sections not found, names that are not departments)
 *   ambiguous  several departments named with equal weight: the first is taken, as the scorer always has
 *   unread     nothing the task asks for could be found in it
 *   refusal    the model declined to answer: nothing to score, counted apart from answers the reader missed
 *   truncated  cut off (by the token limit, or inside a reasoning block) before the answer proper: nothing it
 *              mentioned while thinking is credited
 *
 * Each reading but `read` carries a reason in words. Pure functions of the answer text and its finish reason.
 */
import type { DepartmentTaxonomy } from '../bench/departments.js';
import { parseDepartmentAnswer, parseMultiDepartmentAnswer } from './departments.js';
import { diagnosisItems, diseaseName, principalName, type PrincipalName } from './diagnosis-names.js';
import { SECTION_IDS } from './generations/clinical-sections.js';
import { findJson, jsonText } from './json-answer.js';
import { splitReasoning } from './reasoning.js';
import { declines, onlyRefusal } from './refusal.js';
import { parseSections, SECTION_LABELS, type Sections } from './sections.js';

export const READINGS = ['read', 'partial', 'ambiguous', 'unread', 'refusal', 'truncated'] as const;
export type AnswerReading = (typeof READINGS)[number];

export interface ReadContext {
  /** The finish reason the provider reported (`length`: cut off by the token limit). */
  finishReason?: string | null;
  /** How long the separate reasoning field was (reasoning models), when the provider sent one. */
  reasoningChars?: number;
}

export interface ReadVerdict {
  reading: AnswerReading;
  /** Why the reading is not `read`. */
  reason?: string;
}

export interface DepartmentRead extends ReadVerdict {
  department: string | null;
  status: string;
  named: string[];
}

export interface MultiDepartmentRead extends ReadVerdict {
  count: number;
  valid: number;
  items: { text: string; department: string | null }[];
}

export interface DiagnosisRead extends ReadVerdict {
  sections: Sections;
  found: string[];
  /** The diagnoses as named: what PD and FD are scored on. */
  diagnosis: { preliminary: string[]; principal: PrincipalName };
}

export interface ImpressionRead extends ReadVerdict {
  impression: string;
}

const cut = (ctx: ReadContext): boolean => ctx.finishReason === 'length';

/** Why nothing was found: cut off (`before` what), declined, or not there (`none`). */
function nothing(text: string, ctx: ReadContext, before: string, none: string): ReadVerdict {
  const split = splitReasoning(text);
  const answer = split.answer.trim();
  if (split.unclosed && answer === '') return { reading: 'truncated', reason: `cut off inside its reasoning before ${before}${cut(ctx) ? ' (finish reason length)' : ''}` };
  if (cut(ctx) && answer === '' && ctx.reasoningChars) return { reading: 'truncated', reason: `cut off by the token limit while reasoning (${ctx.reasoningChars} characters in its separate reasoning field, none read) before ${before} (finish reason length)` };
  if (cut(ctx)) return { reading: 'truncated', reason: `cut off by the token limit before ${before} (finish reason length)` };
  if (declines(answer)) return { reading: 'refusal', reason: 'the model declined to answer' };
  if (answer === '') return { reading: 'unread', reason: split.reasoning ? 'nothing after its reasoning block' : 'empty answer' };
  return { reading: 'unread', reason: none };
}

export function readDepartment(text: string, taxonomy: DepartmentTaxonomy, ctx: ReadContext = {}): DepartmentRead {
  const a = parseDepartmentAnswer(text, taxonomy);
  const ids = a.named.map((d) => d.id);
  // departments only mentioned in prose that was cut off are what it said while thinking, not its answer
  if (a.status === 'invalid' || ((a.status === 'mention' || a.status === 'ambiguous') && a.basis === 'text' && cut(ctx))) {
    const why = nothing(text, ctx, 'naming a department of the list', 'no department of the list named');
    if (why.reading !== 'unread' || a.status === 'invalid') return { department: null, status: 'invalid', named: a.status === 'invalid' ? ids : [], ...why };
  }
  const base = { department: a.department?.id ?? null, status: a.status, named: ids };
  if (a.status === 'ambiguous') return { ...base, reading: 'ambiguous', reason: `names ${a.named.map((d) => d.short).join(', ')} with equal weight; the first is taken` };
  return { ...base, reading: 'read' };
}

export function readDepartments(text: string, taxonomy: DepartmentTaxonomy, ctx: ReadContext = {}): MultiDepartmentRead {
  const a = parseMultiDepartmentAnswer(text, taxonomy);
  const items = a.items.map((i) => ({ text: i.text, department: i.department?.id ?? null }));
  if (a.count === 0 || (a.valid === 0 && (cut(ctx) || declines(text)))) return { count: 0, valid: 0, items: [], ...nothing(text, ctx, 'naming any department', 'no department named') };
  const out = { count: a.count, valid: a.valid, items };
  const off = items.filter((i) => i.department === null).map((i) => `"${i.text.slice(0, 60)}"`);
  if (off.length > 0) return { ...out, reading: 'partial', reason: `not a department of the list: ${off.join(', ')}` };
  return { ...out, reading: 'read' };
}

export function readDiagnosis(text: string, ctx: ReadContext = {}): DiagnosisRead {
  const a = parseSections(text);
  const diagnosis = {
    preliminary: a.lists.preliminary ? a.lists.preliminary.map(diseaseName).filter((n) => n !== '') : diagnosisItems(a.sections.preliminary),
    principal: principalName(a.sections.principal),
  };
  const out = { sections: a.sections, found: a.found, diagnosis };
  if (a.found.length === 0) return { ...out, ...nothing(text, ctx, 'its first section', 'no labelled section found') };
  const missing = SECTION_IDS.filter((id) => !a.found.includes(id));
  if (missing.length === 0) return { ...out, reading: 'read' };
  const labels = missing.map((id) => SECTION_LABELS.en[id]).join(', ');
  return { ...out, reading: 'partial', reason: `no ${labels} section found${cut(ctx) ? ' (cut off by the token limit, finish reason length)' : ''}` };
}

const IMPRESSION_KEY = /impression|diagnos|conclusion|finding|result|印象|诊断|结论|意见/iu;
const IMPRESSION_LABEL = /^(?:\*\*|#{1,6}\s*)?(?:(?:radiological |imaging |final )?(?:impression|conclusion|diagnosis)s?|(?:影像学?|检查)?(?:诊断|印象|结论)(?:意见)?|诊断意见)(?:\*\*)?\s*[:：]\s*(?:\*\*)?/iu;

export function readImpression(text: string, ctx: ReadContext = {}): ImpressionRead {
  const answer = splitReasoning(text).answer.trim();
  const json = findJson(answer);
  let impression = answer;
  if (json && !Array.isArray(json.value)) {
    const entry = Object.entries(json.value).find(([k]) => IMPRESSION_KEY.test(k));
    if (entry) impression = jsonText(entry[1]).trim();
  } else if (json) impression = jsonText(json.value).trim();
  // a label before the impression ("Impression:", "影像诊断：") is not part of it
  impression = impression.replace(IMPRESSION_LABEL, '').trim();
  if (impression === '') return { impression: '', ...nothing(text, ctx, 'the impression', 'no impression') };
  if (onlyRefusal(impression)) return { impression: '', reading: 'refusal', reason: 'the model declined to answer' };
  return { impression, reading: 'read' };
}
