/** The baseline model in the agent's treatment roles: the pharmacist reads the laboratory results it is shown. */
import { describe, expect, it } from 'vitest';
import { createBaselineModel } from '../../src/models/baseline/index.js';
import { loadTemplates, getTemplate, renderTemplate } from '../../src/tasks/templates.js';
import { withLabResults } from '../../src/agent/prompts.js';

async function pharmacist(lang: 'en' | 'zh', lab: string): Promise<string> {
  const t = getTemplate(await loadTemplates(), lang, 'agent-pharmacist');
  const prompt = renderTemplate(t, { case_details: withLabResults(lang === 'en' ? 'Chief Complaint: swelling' : '主诉：水肿', lab, lang), principal: 'X', plan: '1. Drug A\n2. Drug B' });
  const model = await createBaselineModel();
  return (await model.generate({ messages: [{ role: 'user', content: prompt }], task: { kind: 'agent-pharmacist', language: lang } })).text;
}

describe('the baseline pharmacist', () => {
  it('keeps the plan and adds a caution for each organ the released results flag', async () => {
    expect(await pharmacist('en', 'renal function: 1  Creatinine  CREA  84    μmol/L  57-111\nabnormal: All items within reference range.')).toBe('1. Drug A\n2. Drug B');
    expect(await pharmacist('en', 'renal function: …\nabnormal: 1. Creatinine (CREA) 245μmol/L ↑; 2. Estimated glomerular filtration rate (eGFR) 21mL/min ↓\nliver function: …\nabnormal: 1. Alanine aminotransferase (ALT) 160U/L ↑')).toBe(
      '1. Drug A\n2. Drug B\n3. Kidney function is impaired (raised creatinine or urea, or lowered eGFR): adjust the doses of renally cleared drugs and avoid nephrotoxic ones.\n4. Liver tests are abnormal (raised transaminases or bilirubin): reduce or avoid hepatotoxic drugs and those cleared by the liver.',
    );
    expect(await pharmacist('zh', '电解质：…\n异常项目：1. 钾(K) 6.2mmol/L ↑。')).toBe('1. Drug A\n2. Drug B\n3. 血钾升高：纠正前避免补钾、保钾利尿剂及ACEI类药物。');
  });
});
