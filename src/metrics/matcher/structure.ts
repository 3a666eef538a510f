/**
 * The structure of one diagnosis name (normalise.ts `analyse`): its head — the name cut before a complication
 * ("with …", 伴…, 合并…), a cause ("due to …", …所致, "X-related"), or a location phrase — and its named cause.
 * Pure.
 */
import type { MatchLang } from './normalise.js';

const CAUSE_EN = /\s(?:due to|secondary to|caused by|resulting from|induced by|attributable to|from)\s/;
const COMPLICATION_EN = /\s(?:with|w\/|complicated by|accompanied by|associated with|superimposed on|plus)\s|,/;
const LOCATION_EN = /\s(?:in|involving|affecting|at|within|on)\s/;
const CAUSE_ZH = /所致的?|引起的?|导致的?|继发于|相关性?(?=\p{Script=Han})|(?<=\p{Script=Han}{2})致(?!密|病|死|命|瘤|畸|敏|心律|残|盲|聋)/u;
const COMPLICATION_ZH = /伴有|伴发|伴|合并|并发|并(?!发)|,|、|;/u;

function cutAt(t: string, ...res: RegExp[]): string {
  let end = t.length;
  for (const re of res) {
    const m = re.exec(t);
    if (m && m.index < end) end = m.index;
  }
  return t.slice(0, end);
}

/** Main, head and cause texts of one name (see the file comment). */
// "AVM-related intracerebral haemorrhage", "alcohol-induced pancreatitis": a cause written before the name
const CAUSE_PREFIX_EN = /^(.+?) (?:related|associated|induced) (.+)$/;

/** Main, head and cause texts of one name (see the file comment). */
export function splitName(main: string, mode: MatchLang): { head: string; cause?: string } {
  if (mode === 'en') {
    const prefix = CAUSE_PREFIX_EN.exec(main);
    const rest = prefix ? prefix[2]! : main;
    const head = cutAt(rest, COMPLICATION_EN, CAUSE_EN, LOCATION_EN);
    const m = CAUSE_EN.exec(rest);
    const cause = m ? cutAt(rest.slice(m.index + m[0].length), COMPLICATION_EN) : prefix ? prefix[1] : undefined;
    return { head, cause };
  }
  const m = CAUSE_ZH.exec(main);
  let rest = main;
  let cause: string | undefined;
  if (m) {
    cause = main.slice(0, m.index);
    rest = main.slice(m.index + m[0].length);
    if (cause === '' && rest.includes('的')) [cause, rest] = [rest.slice(0, rest.indexOf('的')), rest.slice(rest.indexOf('的') + 1)];
    cause = cause.split(/[,、;]/u).pop();
  }
  return { head: cutAt(rest, COMPLICATION_ZH), cause };
}

