/**
 * A Chinese name written "X：Y" — a class, organ system or presenting problem, then the diagnosis within it
 * (先天性心脏病：室间隔缺损, 上消化道出血：十二指肠球部溃疡伴出血, 儿童矮小症：生长激素缺乏症). Y is the diagnosis the
 * name states; X is broader context. normalise.ts reads Y as the name and keeps X as a `label` reading, which the
 * matcher lets count for a prediction only (a prediction of X：Y names X too, but a gold X：Y is not named by X alone).
 * A colon that opens an explanation or a hedge (诊断：, 考虑：, 依据：) is no label. Pure.
 */

// what follows a colon that is no diagnosis of its own: a reason, a hedge, an instruction
const NOT_A_NAME = /^(?:考虑|疑似|疑诊|怀疑|倾向|不除外|不排除|依据|根据|诊断|建议|需|请|因|由于|结合|患者|理由|支持|可能|提示|表现|见|待|原因|病因|伴有?|合并)/u;
// what ends a colon-introduced reason rather than a class: "急性胆囊炎，依据：右上腹痛"
const REASON_BEFORE = /(?:依据|根据|理由|原因|病因|表现|症状|体征|检查|建议|鉴别|鉴别诊断|说明|备注|注)$/u;
const HAN = /\p{Script=Han}/gu;

/** `{ label: X, name: Y }` for "X：Y" in a normalised Chinese text (the colon already ":"), else undefined;
 *  `written` is the text as written, before its hedges were taken out (a colon before 考虑 opens a hedge). */
export function colonLabel(t: string, written: string): { label: string; name: string } | undefined {
  const m = /^([^:;(),、]+?)\s*:\s*([^:;]+)$/u.exec(t);
  if (!m || NOT_A_NAME.test(written.slice(written.indexOf(':') + 1).trim())) return undefined;
  const [label, name] = [m[1]!.trim(), m[2]!.trim()];
  if (REASON_BEFORE.test(label) || (label.match(HAN) ?? []).length < 2 || (name.match(HAN) ?? []).length < 2 || NOT_A_NAME.test(name)) return undefined;
  return { label, name };
}
