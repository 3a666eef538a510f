/**
 * A run with answers the reader cannot read whole, for the tests of what users see of them: on the bundled
 * urology cases, the loopback server answers the department guide of the first case cut off inside its
 * reasoning (finish reason length) in English and with a refusal in Chinese, of the second ambiguously in English
 * and as JSON in Chinese; the six-section answer of the first case is cut off after five sections in English and
 * is about the weather in Chinese. Everything else is answered as asked.
 */
import { join } from 'node:path';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { planPrompts } from '../../src/run/plan.js';
import { loadTemplates } from '../../src/tasks/templates.js';
import type { Behaviour, MockServer } from './mock-openai.js';

export const UROLOGY = join(BUNDLED_CASES_DIR, 'urology.json');
export const CUT_THINKING = '<think>\nColicky pain with vomiting: the urinary surgical department, or the gastroenterology department for a bowel cause? Let me weigh';
export const CUT_SECTIONS = 'Preliminary Diagnosis: 1. Ureteral calculus\nDiagnostic Basis: colic radiating to the groin\nDifferential Diagnosis: appendicitis\nPrincipal Diagnosis: Ureteral calculus\nTherapeutic Principle: relieve the';

/** Plan the server's answers; returns the uids of the first two urology cases. */
export async function planUnreadAnswers(server: MockServer): Promise<{ first: string; second: string }> {
  const loaded = await loadCases([UROLOGY], { strict: true });
  const uids = [...new Set(loaded.cases.map((c) => c.uid))];
  const [first, second] = [uids[0]!, uids[1]!];
  const plan = planPrompts(loaded.cases, { templates: await loadTemplates(), taxonomy: DepartmentTaxonomy.default() }, ['department-guide', 'clinical-diagnosis']);
  const planned = new Map<string, Behaviour>();
  const at = (uid: string, lang: string, kind: string, b: Behaviour): void => {
    planned.set(plan.prompts.find((x) => x.caseUid === uid && x.language === lang && x.kind === kind)!.text, b);
  };
  at(first, 'en', 'department-guide', { kind: 'ok', text: CUT_THINKING, finishReason: 'length' });
  at(first, 'zh', 'department-guide', { kind: 'ok', text: '抱歉，我无法提供医疗分诊建议，请及时到医院就诊。' });
  at(second, 'en', 'department-guide', { kind: 'ok', text: 'Either urology or nephrology.' });
  at(second, 'zh', 'department-guide', { kind: 'ok', text: '```json\n{"科室": "泌尿外科"}\n```' });
  at(first, 'en', 'clinical-diagnosis', { kind: 'ok', text: CUT_SECTIONS, finishReason: 'length' });
  at(first, 'zh', 'clinical-diagnosis', { kind: 'ok', text: '今天天气不错，我们出去散散步吧。' });
  server.respond((call) => {
    const prompt = call.messages.at(-1)?.content ?? '';
    const b = planned.get(prompt);
    if (b) return b;
    // the other answers as asked: a department name, or the mock's six-section answer
    if (/初步诊断|Preliminary Diagnosis/.test(prompt)) return { kind: 'ok' };
    return { kind: 'ok', text: prompt.includes('科室') ? '泌尿外科' : 'urinary surgical department' };
  });
  return { first, second };
}
