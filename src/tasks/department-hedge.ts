/**
 * Hedged triage: an answer that names several departments and settles on one. "Although X is possible, Y is
 * better suited", "X might also see this patient; in summary, Y", "rather than X, Y", "与其去X，不如先到Y就诊",
 * "综上，建议Y" → Y. Each mention is weighed by the words around it in its clause: a department named to be set
 * aside (although, rather than, not, might also, later, only if; 虽然, 与其, 而非, 也可, 暂不需要, 如…) does not
 * count, and one named where the answer concludes or recommends (in summary, therefore, should go to, is better
 * suited; 综上, 因此, 建议, 首选, 更适合, 为宜) does. When exactly one department is concluded on — or only one is
 * left once the set-aside ones are dropped — it is the answer; otherwise the answer stays ambiguous. Linear time,
 * long runs of white space, line breaks and mentions included.
 */
import type { Department, DepartmentMention, DepartmentTaxonomy } from '../bench/departments.js';
import { toHalfWidth } from '../bench/text.js';

/**
 * Clauses end at sentence ends and semicolons, and before "but"/"但"/"however". A run of white space is tried
 * only from its first character: a try from inside the run would scan the same run to the same end and fail
 * the same way, which made a long run quadratic. Right after a line break inside a run is handled in clauseEnds.
 */
const CLAUSE_END = /[.!?;。！？；\n]+|,?(?<!\s)\s+(?=but\b|however\b|whereas\b|though\b|although\b)|[,，](?=\s*(?:but|however|whereas|in summary|overall|therefore|so\b|thus|hence|finally|ultimately|但|但是|不过|然而|综上|因此|所以|最终|总之|最后))/giu;

/** Opening a clause: a concession (up to its comma), a condition (the whole clause), or a conclusion. */
const CONCESSION = /^\s*(?:although|though|even though|while|whereas|initially|at first|originally|虽然|虽|尽管|起初|一开始|最初|原本)/iu;
const CONDITION = /^\s*(?:if\b|unless\b|only if\b|in case\b|should (?:the|a|an|imaging|the scan)\b|如果|若|如|假如|万一|只有|除非|一旦)/iu;
const CONCLUDE_CLAUSE = /^\s*(?:but|however|in summary|overall|in conclusion|to summari[sz]e|therefore|so\b|thus|hence|finally|ultimately|all things considered|my (?:final )?(?:answer|recommendation)|final answer|但是?|不过|然而|综上(?:所述)?|因此|所以|总之|最终|最后|总的来说|综合考虑|结论)/iu;

/** Right before a mention. */
const SET_ASIDE_BEFORE = /(?:rather than|instead of|not|than|other than|besides|apart from|except|if (?:needed|necessary|required)|when needed|必要时(?:请|可|再)?|如有必要(?:请|可)?|与其(?:去|到|看|挂)?|而非|而不是|不是|并非|非|不需要|暂不需要|无需|不必|不用|不考虑|排除)\s*(?:the\s+)?$/iu;
const CONCLUDE_BEFORE =
  /(?:recommend(?:ed|ing)?|suggest(?:ed)?|best suited|most appropriate(?: department)?(?: is| would be)?|best (?:choice|option|fit)(?: is| would be)?|should (?:go to|be seen (?:in|by|at)|be registered (?:with|in|at)|be referred to|see|attend|visit)|would (?:send (?:him|her|them|the patient)? ?to|register (?:him|her|them|the patient)? ?(?:with|in|at)|refer (?:him|her|them|the patient)? ?to|recommend|choose|pick)|refer(?:red)? (?:him|her|them|the patient)? ?to|points? to|is|are|首选|建议(?:挂|去|到|于|前往)?|推荐(?:挂|去|到)?|更适合(?:挂|去|到)?|最适合|应(?:该)?(?:去|到|挂|于|尽快到|立即到|前往)|不如(?:先)?(?:去|到|挂|看)?|宜(?:去|到|挂)|请(?:去|到|挂)|挂(?:号)?(?:于|到|在)?|就诊于|转(?:至|到|诊)?|(?:科室|首选|选择|答案)?(?:是|为))\s*(?:the\s+)?$/iu;

/** Right after a mention. */
const SET_ASIDE_AFTER = /^\s*(?:[^.,;。，；]{0,30}?\b(?:might|may|could|can) also\b|[^.;。；]{0,40}?\blater\b|[^。；]{0,12}?(?:之后|以后|后续)|也(?:可能|可以|可|能)|会诊|(?:could|can|may|might) (?:also )?weigh in|可以先看|可先看|亦可|次之|其次|is (?:possible|less likely|unlikely)|would only|only if)/iu;
const CONCLUDE_AFTER = /^\s*(?:department\s*)?(?:is (?:the )?(?:better|best|most appropriate|most suitable|right|first choice)|would be (?:the )?(?:best|most appropriate|right)|fits best|is better suited|is my (?:pick|choice|answer|recommendation|first choice)|为宜|就诊为宜|更合适|最合适|较合适|为首选|首选)/iu;

interface Weighed {
  department: Department;
  weight: number;
}

/** Where a clause's words start (past its leading white space) and where its first comma is (-1: none). */
interface Clause {
  start: number;
  end: number;
  words: number;
  comma: number;
}

function clauseAt(hay: string, start: number, end: number): Clause {
  const ws = /\S/gu;
  ws.lastIndex = start;
  const words = Math.min(ws.exec(hay)?.index ?? end, end);
  const comma = hay.slice(start, end).search(/[,，]/u);
  return { start, end, words, comma: comma < 0 ? -1 : start + comma };
}

// The clause's opening words are read from `words`, not its start, and its comma is found once per clause:
// read again for every mention, a clause holding a long run of spaces and many mentions was quadratic.
function weigh(hay: string, m: DepartmentMention, c: Clause): number {
  const before = hay.slice(Math.max(c.start, m.index - 60), m.index);
  const after = hay.slice(m.index + m.text.length, Math.min(c.end, m.index + m.text.length + 60));
  const clause = hay.slice(Math.min(c.words, m.index), m.index);
  if (SET_ASIDE_BEFORE.test(before) || SET_ASIDE_AFTER.test(after)) return -1;
  if (CONDITION.test(clause)) return -1;
  // "Although X is possible, Y …": the concession ends at its comma
  if (CONCESSION.test(clause) && !(c.comma >= 0 && c.comma < m.index)) return -1;
  if (CONCLUDE_BEFORE.test(before) || CONCLUDE_AFTER.test(after) || CONCLUDE_CLAUSE.test(clause)) return 1;
  return 0;
}

const BEFORE_BUT = /but\b|however\b|whereas\b|though\b|although\b/iuy;

/**
 * Where the clauses end. The rest of a white-space run after a line break ("\n  but") is a clause end when the
 * run is followed by "but" and the like; each run is looked at once (from every line break in it, a run of
 * "\r\n" a megabyte long was quadratic).
 */
function clauseEnds(hay: string): number[] {
  const ends: number[] = [];
  let skip = -1; // matches inside a run already read as one clause end
  let seen = -1; // the end of the last run looked at
  for (const m of hay.matchAll(CLAUSE_END)) {
    if (m.index < skip) continue;
    const end = m.index + m[0].length;
    ends.push(end);
    if (hay[end - 1] !== '\n' || end < seen || !/\s/u.test(hay[end] ?? '')) continue;
    const ws = /\S/gu;
    ws.lastIndex = end;
    seen = ws.exec(hay)?.index ?? hay.length;
    BEFORE_BUT.lastIndex = seen;
    if (BEFORE_BUT.test(hay)) {
      ends.push(seen);
      skip = seen;
    }
  }
  ends.push(hay.length);
  return ends;
}

/** The one department a hedged answer settles on, or undefined when it truly names several with equal weight. */
export function concludedDepartment(text: string, taxonomy: DepartmentTaxonomy): Department | undefined {
  const hay = toHalfWidth(text);
  const mentions = taxonomy.mentions(hay);
  if (new Set(mentions.map((m) => m.department)).size < 2) return undefined;
  const ends = clauseEnds(hay);
  const weighed: Weighed[] = [];
  let c = 0;
  let clause: Clause | undefined;
  for (const m of mentions) {
    while (ends[c]! <= m.index) c++;
    const start = c === 0 ? 0 : ends[c - 1]!;
    if (clause?.start !== start) clause = clauseAt(hay, start, ends[c]!);
    weighed.push({ department: m.department, weight: weigh(hay, m, clause) });
  }
  const setAside = new Set(weighed.filter((w) => w.weight < 0).map((w) => w.department));
  const concluded = new Set(weighed.filter((w) => w.weight > 0 && !setAside.has(w.department)).map((w) => w.department));
  if (concluded.size === 1) return [...concluded][0];
  if (concluded.size > 1) return undefined;
  const left = new Set(weighed.filter((w) => !setAside.has(w.department)).map((w) => w.department));
  return left.size === 1 ? [...left][0] : undefined;
}
