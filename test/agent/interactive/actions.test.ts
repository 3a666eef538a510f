/** Reading the doctor's action from what models write: tool calls, JSON, labelled lines in both languages, markdown. */
import { describe, expect, it } from 'vitest';
import { parseAction } from '../../../src/agent/interactive/actions.js';
import { toolCallText } from '../../../src/models/ai-sdk.js';

const six = 'Preliminary Diagnosis: 1. Acute appendicitis\nDiagnostic Basis: 1. RLQ pain\nDifferential Diagnosis: 1. Ureteric colic: no haematuria\nPrincipal Diagnosis: Acute appendicitis\nTherapeutic Principle: Surgery\nTreatment Plan: 1. Appendicectomy';

describe('parseAction', () => {
  it.each([
    ['ASK: When did the pain start?', 'When did the pain start?'],
    ['ask: when did the pain start?', 'when did the pain start?'],
    ['**ASK**: When did the pain start?', 'When did the pain start?'],
    ['**Ask:** When did the pain start?', 'When did the pain start?'],
    ['- Question: When did the pain start?', 'When did the pain start?'],
    ['I would like to know more.\nASK: "When did the pain start?"', 'When did the pain start?'],
    ['Action: ask\nQuestion: When did the pain start?', 'When did the pain start?'],
    ['Action: ask (When did the pain start?)', 'When did the pain start?'],
    ['ask("When did the pain start?")', 'When did the pain start?'],
    ['{"action": "ask", "question": "When did the pain start?"}', 'When did the pain start?'],
    ['```json\n{"action":"ask_patient","question":"When did the pain start?"}\n```', 'When did the pain start?'],
    ['{"name": "ask_patient", "arguments": "{\\"question\\": \\"When did the pain start?\\"}"}', 'When did the pain start?'],
    ['{"tool": "ask", "parameters": {"question": "When did the pain start?"}}', 'When did the pain start?'],
    ['{"ask": "When did the pain start?"}', 'When did the pain start?'],
    ['问诊：腹痛是什么时候开始的？', '腹痛是什么时候开始的？'],
    ['**提问**：腹痛是什么时候开始的？', '腹痛是什么时候开始的？'],
    ['<think>I should ask about onset. ORDER: CT</think>\nASK: When did the pain start?', 'When did the pain start?'],
  ])('reads a question from %j', (text, question) => {
    expect(parseAction(text)).toEqual({ type: 'ask', question });
  });

  it.each([
    ['EXAMINE: abdomen', 'examine', 'abdomen'],
    ['Physical examination: abdomen', 'examine', 'abdomen'],
    ['{"action": "physical_exam", "item": "abdomen"}', 'examine', 'abdomen'],
    ['查体：腹部', 'examine', '腹部'],
    ['体格检查: 腹部压痛、反跳痛', 'examine', '腹部压痛、反跳痛'],
    ['ORDER: routine blood test', 'order', 'routine blood test'],
    ['### Order\nAbdominal CT', 'order', 'Abdominal CT'],
    ['Order test — CT abdomen', 'order', 'CT abdomen'],
    ['{"type":"order_exam","exam":"plain CT scan"}', 'order', 'plain CT scan'],
    ['[{"action":"order","test":"CBC"}]', 'order', 'CBC'],
    ['检查：血常规', 'order', '血常规'],
    ['开检查：腹部CT平扫', 'order', '腹部CT平扫'],
    ['1. **ORDER**: urinalysis', 'order', 'urinalysis'],
  ])('reads %j as %s', (text, type, arg) => {
    const a = parseAction(text);
    expect(a.type).toBe(type);
    expect(a.type === 'examine' ? a.item : a.type === 'order' ? a.exam : '').toBe(arg);
  });

  it('reads a final answer given with its label, in JSON, from a tool call, or as bare six sections', () => {
    for (const text of [`FINAL:\n${six}`, `**Final answer**:\n${six}`, six, `最终诊断：\n初步诊断：1. 急性阑尾炎\n诊断依据：1. 转移性右下腹痛\n鉴别诊断：1. 输尿管结石：无血尿\n主要诊断：急性阑尾炎\n治疗原则：手术\n治疗计划：1. 阑尾切除术`]) {
      const a = parseAction(text);
      expect(a.type, text).toBe('final');
      expect(a.type === 'final' && a.answer).toMatch(/阑尾炎|appendicitis/);
    }
    const tool = toolCallText([{ toolName: 'final_answer', input: { preliminary_diagnosis: '1. Acute appendicitis', diagnostic_basis: '1. RLQ pain', differential_diagnosis: '1. Colic', principal_diagnosis: 'Acute appendicitis', therapeutic_principle: 'Surgery', treatment_plan: '1. Appendicectomy' } }])!;
    const a = parseAction(tool);
    expect(a.type).toBe('final');
    expect(a.type === 'final' && a.answer).toContain('Principal Diagnosis: Acute appendicitis');
  });

  it('says why when no action can be read, and never throws', () => {
    expect(parseAction('')).toMatchObject({ type: 'unreadable' });
    expect(parseAction('I am not sure what to do next.')).toMatchObject({ type: 'unreadable', reason: expect.stringContaining('ASK:') });
    expect(parseAction('ASK:')).toMatchObject({ type: 'unreadable' });
    expect(parseAction('{"action": "ask"}')).toMatchObject({ type: 'unreadable' });
    for (const junk of ['{', '[[[', '```json\n{"a":\n```', '\u0000\u0001', 'ORDER'.repeat(1000)]) expect(() => parseAction(junk)).not.toThrow();
  });

  it('takes the first action when several are written', () => {
    expect(parseAction('ASK: Any fever?\nORDER: CBC')).toEqual({ type: 'ask', question: 'Any fever?' });
  });
});

describe('toolCallText', () => {
  it('turns the first tool call into the JSON action text, and no call into undefined', () => {
    expect(JSON.parse(toolCallText([{ toolName: 'order_exam', input: { exam: 'CT' } }])!)).toEqual({ action: 'order_exam', exam: 'CT' });
    expect(toolCallText([])).toBeUndefined();
    expect(toolCallText(undefined)).toBeUndefined();
  });
});
