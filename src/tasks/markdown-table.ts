/**
 * Markdown tables in answers: a header row, its `|---|` rule, and the rows under it. Cells are trimmed; the
 * outer pipes are optional, as in GitHub markdown; `<br>` inside a cell is a line break. Linear time.
 */

export interface MarkdownTable {
  header: string[];
  rows: string[][];
}

/** The cells of one table line (without the outer pipes). */
export function tableCells(line: string): string[] {
  let t = line.trim();
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|') && !t.endsWith('\\|')) t = t.slice(0, -1);
  return t.split(/(?<!\\)\|/u).map((c) => c.replace(/<br\s*\/?>/giu, '\n').trim());
}

/** Every table of the text that has a header row and a rule, in order. */
export function findTables(text: string): MarkdownTable[] {
  const lines = String(text ?? '').replace(/\r\n?/g, '\n').split('\n');
  const out: MarkdownTable[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (!isTableRule(lines[i]!) || !lines[i - 1]!.includes('|')) continue;
    const header = tableCells(lines[i - 1]!);
    const rows: string[][] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j]!.includes('|') && lines[j]!.trim() !== ''; j++) rows.push(tableCells(lines[j]!));
    out.push({ header, rows });
    i = j;
  }
  return out;
}

/** True for a line that is a table rule (`|---|:---|`): pipes, colons and dashes only, with a pipe and three dashes. */
export function isTableRule(line: string): boolean {
  return line.includes('|') && line.includes('---') && /^[|: \t-]+$/u.test(line);
}
