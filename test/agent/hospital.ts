/**
 * A scripted hospital on the loopback model server: each role answers in a way that says who answered, so tests
 * can tell which model answered which consultation, and what the chief physician merged.
 */
import type { RoutingTable } from '../../src/agent/routing.js';
import type { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { join } from 'node:path';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { loadCases, type LoadResult } from '../../src/bench/loader.js';
import { loadTemplates, type TemplateSet } from '../../src/tasks/templates.js';
import { startMockOpenAI, type MockCall, type MockRequest, type MockServer } from '../support/mock-openai.js';

/** The hospital the agent tests work in: the loopback server, the neurology file, the templates, its English stroke case. */
export async function openHospital(): Promise<{ server: MockServer; loaded: LoadResult; templates: TemplateSet; stroke: ClinicalCase }> {
  const loaded = await loadCases([join(BUNDLED_CASES_DIR, 'neurology.json')], { strict: true });
  return { server: await startMockOpenAI(), loaded, templates: await loadTemplates(), stroke: loaded.cases.find((c) => c.language === 'en')! };
}

export const NAV = /Departments of this hospital/;
export const CONSULT = /Examinations: the laboratory tests/;
export const FINAL = /results of the examinations you and your colleagues ordered/;
export const CHIEF = /You are the chief physician/;
export const NURSE = /You are an experienced ward nurse/;
export const PHARMACIST = /You are a clinical pharmacist/;
export const RADIOLOGIST = /You are an experienced radiologist/;

export const last = (c: MockRequest): string => c.messages.at(-1)!.content;

/** The department a consult or final prompt was written for ("working in Neurology."). */
export const departmentOf = (c: MockRequest): string => /working in (.+?)\. /.exec(last(c))?.[1] ?? '?';

export const CHIEF_PRINCIPAL = 'Reconciled diagnosis of the chief physician';
export const PHARMACIST_PLAN = '1. Aspirin 100 mg by mouth once daily, checked by the pharmacist';
export const NURSE_ACTIONS = '1. Neurological observations every hour';

export const six = (principal: string, plan: string): string =>
  [`Preliminary Diagnosis: 1. ${principal}`, 'Diagnostic Basis: 1. History and examination', 'Differential Diagnosis: 1. Something else: ruled out', `Principal Diagnosis: ${principal}`, 'Therapeutic Principle: Treat the cause', `Treatment Plan: ${plan}`].join('\n');

/** What each clinician writes in its final opinion: its own name and department. */
export const opinionOf = (model: string, department: string): string => `Opinion of ${model} for ${department}`;

export interface HospitalScript {
  /** The navigator's answer (one department, or one per line). */
  navigator: string;
  /** What the consulting clinicians order, one name per line. */
  orders: string[];
}

function answer(call: MockRequest, script: HospitalScript): string {
  const p = last(call);
  if (NAV.test(p)) return script.navigator;
  if (CONSULT.test(p)) return `Preliminary Diagnosis: 1. Suspected by ${call.model}\nExaminations:\n${script.orders.join('\n')}`;
  if (FINAL.test(p)) return six(opinionOf(call.model, departmentOf(call)), `1. Plan of ${call.model}`);
  if (CHIEF.test(p)) return six(CHIEF_PRINCIPAL, '1. Plan agreed by the chief physician');
  if (NURSE.test(p)) return NURSE_ACTIONS;
  if (PHARMACIST.test(p)) return PHARMACIST_PLAN;
  if (RADIOLOGIST.test(p)) return `1. Impression of ${call.model}`;
  return 'unexpected prompt';
}

/** Role- and model-aware answers for every prompt of the workflow; returns each call's answer by call index. */
export function scriptHospital(server: MockServer, script: HospitalScript): Map<number, string> {
  const sent = new Map<number, string>();
  server.respond((call) => {
    const text = answer(call, script);
    sent.set(call.index, text);
    return { kind: 'ok', text };
  });
  return sent;
}

/** [model, department] of each call matching a kind of prompt, in the order received. */
export const consulted = (server: MockServer, kind: RegExp): [string, string][] => server.calls.filter((c: MockCall) => kind.test(last(c))).map((c) => [c.model, departmentOf(c)]);

/** A routing table: the given departments' ranked models, `generalist` everywhere else. */
export function routingOf(taxonomy: DepartmentTaxonomy, spec: (name: string) => string, ranked: Record<string, string[]>): RoutingTable {
  const other = [{ model: spec('generalist'), score: null, n: 0 }];
  return {
    source: ['test'],
    minCases: 0,
    overall: other,
    departments: Object.fromEntries(taxonomy.departments.map((d) => [d.id, { models: ranked[d.id] ? ranked[d.id]!.map((m) => ({ model: spec(m), score: null, n: 0 })) : other, fallback: false }])),
  };
}
