/**
 * Refusals: an answer that declines to answer ("I can't diagnose; please see a doctor", "作为人工智能，我不能
 * 做出诊断，请咨询专业医生"). A refusal is an answer with nothing to score — counted and shown as a refusal, apart
 * from answers the reader could not read. A disclaimer in front of a real answer ("I'm not a doctor, but …
 * neurology") is not a refusal: readers only ask this when they found no answer. Linear time.
 */

const DECLINE_EN =
  /\b(?:i|we)\s*(?:can ?not|can't|cannot|am (?:not )?(?:able|unable)|'m (?:not )?(?:able|unable)|am not in a position|'m not in a position|won't|will not|must decline|do not|don't)\b(?:\s+(?:be\s+able\s+to|to))?\s*(?:\w+\s+){0,3}?(?:provide|give|make|offer|diagnos|recommend|interpret|determine|decide|assess|answer|help with|triage|advise)|\bas an ai\b|\bi(?: am|'m) (?:just )?an ai\b|\bi(?: am|'m) not (?:a (?:doctor|physician|medical professional)|qualified)\b(?![^.]*\bbut\b)|\b(?:unable|not able) to (?:provide|give|make|offer|diagnose|interpret|recommend)/iu;
const DECLINE_ZH = /(?:我|本人|作为(?:一个|一名)?(?:AI|人工智能|语言模型|AI助手)).{0,12}?(?:无法|不能|不可以|不便|没有办法|不宜)(?:为您|为患者|对真实患者|对患者)?(?:提供|做出|作出|给出|进行|推荐|解读|判断|诊断|分诊)|作为(?:一个|一名)?(?:AI|人工智能|语言模型)|我不是医生(?![^。]*但)/iu;
const ADVICE = /\b(?:please\s+)?(?:see|consult|contact|visit|seek|ask|go to)\b.{0,60}\b(?:doctor|physician|clinician|healthcare|health care|medical|hospital|emergency|professional|specialist|radiologist|surgeon)|请(?:及时|尽快|立即)?(?:就医|就诊|咨询|到医院|前往医院|去医院)|建议(?:您)?(?:及时|尽快)?(?:就医|就诊|咨询(?:专业)?医生)/iu;

/** True when the text declines to answer (whatever else it says). */
export function declines(text: string): boolean {
  const t = text.length > 4000 ? text.slice(0, 4000) : text;
  return DECLINE_EN.test(t) || DECLINE_ZH.test(t);
}

/**
 * True when the text is nothing but a refusal: it declines, and every sentence is the refusal itself, an
 * apology or advice to see someone (for answers where any other text would be the answer, such as an impression).
 */
export function onlyRefusal(text: string): boolean {
  const t = text.trim();
  if (t === '' || t.length > 600 || !declines(t)) return false;
  return t
    .split(/(?<=[.!?。！？])\s*/u)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .every((s) => declines(s) || ADVICE.test(s) || /^(?:(?:i'm |i am |we're )?sorry|apolog|unfortunately|抱歉|对不起|很抱歉|非常抱歉)/iu.test(s));
}
