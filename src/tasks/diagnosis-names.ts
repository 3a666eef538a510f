/**
 * The diagnoses an answer names, as a careful reader takes them from its preliminary and principal sections:
 * each item's disease name without its list marker, its explanation ("— supported by…", "。该病…", ", which
 * fits…"), its hedges ("(most likely)", "可能性大", "待排"), and without the notes and lead-in lines around the
 * list. "X leading to Y", "X伴Y" name X as the principal diagnosis with Y as a complication. Pure, linear time.
 */
import { splitNumbered } from '../bench/lists.js';
import { hasCjk, toHalfWidth } from '../bench/text.js';
import { isLeadIn, isNoteLine } from './answer-notes.js';

export interface PrincipalName {
  /** The disease named as the principal diagnosis. */
  name: string;
  /** What it is said to be complicated by or to lead to. */
  complications: string[];
}

const MARKER = /^(?:[-*•·+]\s+|#{1,6}\s+|\(?(?:\d{1,2}|[ivxIVX]{1,4}|[一二三四五六七八九十]{1,3})[.)、．）]\s*|\(?[a-hA-H](?:\)|\.(?=\s+[A-Z\p{Script=Han}]))\s*|[(（](?:\d{1,2}|[一二三四五六七八九十]{1,3})[)）]\s*|[\u2460-\u2473]\s*)/u;

/** Where an explanation starts after a name, in either language. */
const EXPLANATION =
  /[。；;]|：|:\s|——|\s[-–—]\s|\.\s|\s(?:because|since|given|as evidenced|based on|supported by|in view of)\b|,\s*(?:which|as|given|because|since|supported|consistent|likely due|based)\b|，(?:因|由于|依据|根据|患者|考虑|结合|鉴于|此为|该|这|其|故|支持|符合)/u;

/** Hedges around a name that do not change which disease it is. */
// `(?<!\s)` and `(?<![?？])`: a run of spaces or question marks is tried from its first character only; a try
// from inside the run scans the same run to the same end and fails the same way (quadratic on a long run)
const HEDGE_TAIL = /(?<!\s)\s*(?:[(（]\s*(?:most likely|more likely|likely|probable|possible|suspected|less likely|unlikely|primary|main|leading|first|可能性大|可能性较大|可能|待排除?|待查|疑似|首先考虑|主要|首选)\s*[)）]|(?<![?？])[?？]+|(?:可能性大|可能性较大|待排除|待排|待查))$/iu;
const HEDGE_HEAD = /^(?:(?:most |more )?(?:likely|probable|possible|suspected|probably|possibly)\s+|考虑为?|疑似|可能为|拟诊)/iu;

const BOLD = /\*\*|__|`/gu;

/** One item's disease name: first line, no marker, no emphasis, no explanation, no hedge. */
export function diseaseName(item: string): string {
  let t = (item.split('\n').find((l) => l.trim() !== '') ?? '').trim();
  for (let i = 0; i < 3; i++) t = t.replace(MARKER, '').trim();
  t = t.replace(BOLD, '').replace(/^\*(.+)\*$/u, '$1').trim();
  const cut = EXPLANATION.exec(t);
  if (cut && cut.index > 0) t = t.slice(0, cut.index);
  // trailing punctuation, a run of it tried from its first character only (as in HEDGE_TAIL)
  t = t.replace(/(?<![\s。.;；,，:：!！])[\s。.;；,，:：!！]+$/u, '').trim();
  for (let i = 0; i < 2; i++) t = t.replace(HEDGE_TAIL, '').replace(HEDGE_HEAD, '').trim();
  return t;
}

/** A one-line list's parts that only qualify the part before ("…, possibly with…", "…, right lower lobe"). */
const QUALIFIER = /^(?:possibly|probably|likely|suspected|with|without|complicated|secondary|due to|grade|stage|type|class|(?:right|left|bilateral)(?:\s+(?:upper|middle|lower))?\s+(?:lobe|side)|可能|伴|合并|并发|继发|考虑|待|疑似|分期|分级)/iu;

function splitOneLine(line: string): string[] {
  // the parts in half-width form, as the gold lists are read (bench/lists.ts)
  const parts = toHalfWidth(line)
    .split(/[,，、]/u)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length < 2 || !parts.every((p) => p.length <= 60)) return [line];
  const merged: string[] = [];
  for (const p of parts) {
    if (merged.length > 0 && QUALIFIER.test(p)) merged[merged.length - 1] += `,${hasCjk(p) ? '' : ' '}${p}`;
    else merged.push(p);
  }
  // "A, B and C": the last part splits on its "and" (和, 及) when the list has commas
  if (merged.length >= 2) {
    const and = /^(.+?)\s+and\s+(.+)$|^(.+?)[和及](.+)$/u.exec(merged[merged.length - 1]!);
    if (and) merged.splice(merged.length - 1, 1, (and[1] ?? and[3])!, (and[2] ?? and[4])!);
  }
  return merged;
}

/** List items without the lead-in before the list and the notes under it; each item's lines kept. */
function listItems(section: string): string[] {
  const items = splitNumbered(section).map((item) => item.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !isNoteLine(l)));
  // a lead-in ("The most likely diagnoses are:") opens the first item when a list follows it
  const first = items[0];
  if (first && first.length > 0 && isLeadIn(first[0]!) && (items.length > 1 || first.length > 1)) first.shift();
  return items.filter((lines) => lines.length > 0).map((lines) => lines.join('\n'));
}

/** The preliminary diagnoses: list items (or the parts of a one-line list), named, notes and lead-ins left out. */
export function diagnosisItems(section: string): string[] {
  const text = String(section ?? '');
  if (text.trim() === '') return [];
  let items = listItems(text);
  if (items.length === 1 && !items[0]!.includes('\n')) items = splitOneLine(items[0]!);
  return items.map(diseaseName).filter((n) => n !== '' && !isNoteLine(n));
}

const LEAD = /^(?:(?:the |my )?(?:most likely |probable |principal |main |final |primary )*(?:diagnosis|one) (?:is|would be|remains)\s+|(?:主要诊断|最终诊断|诊断)?(?:为|是|考虑为?)\s*)/iu;
// white space before a connector is tried from the start of its run only (as in HEDGE_TAIL)
const CONNECTOR_EN = /,?(?<!\s)\s+(?:leading to|resulting in|causing|complicated by|progressing to|with)\s+(?:an?\s+|the\s+)?/iu;
const CONNECTOR_ZH = /伴有?|并发(?!症)|合并|导致|引起|继发/u;

/** The principal diagnosis: the first disease the section names, and what it is said to be complicated by. */
export function principalName(section: string): PrincipalName {
  // the first item of a list, never a part of a one-line name ("Hepatitis B cirrhosis, decompensated" is one name)
  const first = listItems(String(section ?? ''))[0] ?? '';
  const name = diseaseName(diseaseName(first).replace(LEAD, ''));
  const zh = hasCjk(name);
  const connector = zh ? CONNECTOR_ZH.exec(name) : CONNECTOR_EN.exec(name);
  if (!connector || connector.index === 0) return { name, complications: [] };
  const tail = name.slice(connector.index + connector[0].length).trim();
  const complications = tail
    .split(zh ? /[、及和]/u : /,\s*|(?<!\s)\s+and\s+/u)
    .map((c) => c.trim())
    .filter(Boolean);
  return { name: name.slice(0, connector.index).trim(), complications };
}

/** What the diagnosis matcher is given for the principal diagnosis: the name with its complications, in the form the matcher reads. */
export function principalForMatch(p: PrincipalName): string {
  if (p.complications.length === 0) return p.name;
  return hasCjk(p.name) ? `${p.name}伴${p.complications.join('、')}` : `${p.name} with ${p.complications.join(' and ')}`;
}
