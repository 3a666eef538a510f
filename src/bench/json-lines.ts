/**
 * Reading JSON Lines so that one broken line never hides the ones after it: every line is its own record. A
 * line that does not parse is reported and reading goes on at the next line (a record whose strings hold raw
 * line breaks may go on over the lines after it that do not start a record). Lines with no `{` are not records:
 * they are reported as text outside the records (trailing text after the last one).
 */
import { parseJsonText } from './json-repair.js';
import { outsideMessage, type RecordsRead } from './json-records.js';

/** Whether text is JSON Lines: at least two lines, and at least half of them a whole `{…}` each. */
export function looksLikeJsonLines(text: string): boolean {
  let lines = 0;
  let whole = 0;
  for (const raw of text.split('\n')) {
    const l = raw.trim();
    if (l === '') continue;
    lines++;
    if (l.startsWith('{') && l.endsWith('}')) whole++;
  }
  return lines >= 2 && whole * 2 >= lines;
}

const startsRecord = (line: string): boolean => /^\s*\{/.test(line);
const isRecordLine = (line: string): boolean => line.includes('{') || /^\s*\[/.test(line);

/** Read JSON Lines (see module comment). */
export function readJsonLines(text: string): RecordsRead {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const out: RecordsRead = { records: [], outside: [], escapes: 0, controls: 0 };
  let lastRecordLine = -1;
  lines.forEach((l, i) => {
    if (isRecordLine(l)) lastRecordLine = i;
  });
  const nextNonBlank = (from: number): number | undefined => {
    for (let j = from; j < lines.length; j++) if (lines[j]!.trim() !== '') return j;
    return undefined;
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (!isRecordLine(line)) {
      let j = i;
      while (j + 1 < lines.length && !isRecordLine(lines[j + 1]!)) j++;
      while (lines[j]!.trim() === '') j--;
      const where = out.records.length === 0 ? 'before' : i > lastRecordLine ? 'after' : 'between';
      out.outside.push({ line: i + 1, endLine: j + 1, message: outsideMessage(where, lines.slice(i, j + 1).join('\n')) });
      i = j + 1;
      continue;
    }
    let parsed = parseJsonText(line, i + 1);
    let last = i;
    if (parsed.error !== undefined) {
      // raw line breaks inside a string: the record may go on over the next lines that do not start a record
      let j = i;
      while (j + 1 < lines.length && !startsRecord(lines[j + 1]!)) j++;
      while (j > i && lines[j]!.trim() === '') j--;
      if (j > i) {
        const joined = parseJsonText(lines.slice(i, j + 1).join('\n'), i + 1);
        if (joined.error === undefined) {
          parsed = joined;
          last = j;
        }
      }
    }
    out.escapes += parsed.escapes;
    out.controls += parsed.controls;
    if (parsed.error === undefined) {
      out.records.push({ line: i + 1, endLine: last + 1, value: parsed.value });
    } else {
      const next = nextNonBlank(i + 1);
      const goesOn = next !== undefined && next <= lastRecordLine ? `; skipped, reading goes on at line ${next + 1}` : '';
      out.records.push({ line: i + 1, endLine: i + 1, error: `${parsed.error}${goesOn}` });
    }
    i = last + 1;
  }
  return out;
}
