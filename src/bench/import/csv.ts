/**
 * Reading delimited text (CSV, TSV, semicolon files as spreadsheets export them): quoted cells with doubled
 * quotes, line breaks inside quoted cells, CRLF or LF, any one-character delimiter (guessed from the header line
 * when not given). The first row names the columns; every later row becomes an object keyed by those names.
 * Rows whose cell count differs from the header are reported, never silently padded or cut.
 */

export interface CsvRow {
  /** 1-based line where the row starts. */
  line: number;
  value?: Record<string, string>;
  error?: string;
}

export interface CsvReadResult {
  columns: string[];
  delimiter: string;
  rows: CsvRow[];
}

const CANDIDATES = [',', ';', '\t', '|'];

/** The delimiter used most often outside quotes on the first line; ',' when nothing is found. */
export function guessDelimiter(text: string): string {
  const counts = new Map<string, number>(CANDIDATES.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  let most = 0;
  for (const [d, n] of counts) {
    if (n > most) {
      best = d;
      most = n;
    }
  }
  return best;
}

interface RawRow {
  line: number;
  cells: string[];
  error?: string;
}

/** Split text into rows of cells. */
function splitRows(text: string, delimiter: string): RawRow[] {
  const rows: RawRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let cellStarted = false; // whether the current cell has any character yet (to tell a leading quote)
  let afterQuote = false; // a quoted cell just closed: only a delimiter or line end may follow
  let stray = false;

  const endCell = (): void => {
    cells.push(cell);
    cell = '';
    cellStarted = false;
    afterQuote = false;
  };
  const endRow = (): void => {
    endCell();
    const blank = cells.length === 1 && cells[0] === '';
    if (!blank) rows.push({ line: rowLine, cells, ...(stray ? { error: 'has text after a closing quote; a quoted cell must end at a delimiter' } : {}) });
    cells = [];
    stray = false;
  };

  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === delimiter) endCell();
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else if (ch === '"' && !cellStarted) {
      quoted = true;
      cellStarted = true;
    } else {
      if (afterQuote) stray = true;
      cell += ch;
      cellStarted = true;
    }
  }
  if (quoted) {
    rows.push({ line: rowLine, cells: [...cells, cell], error: `has a quoted cell that is never closed (it opens on or after line ${rowLine})` });
    return rows;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** Read delimited text with a header row. */
export function readCsv(text: string, options: { delimiter?: string } = {}): CsvReadResult {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = options.delimiter ?? guessDelimiter(body);
  const raw = splitRows(body, delimiter);
  const header = raw.shift();
  if (!header) return { columns: [], delimiter, rows: [] };
  // blank header cells get a position name, repeated names a number, so no cell is lost to a clash
  const columns: string[] = [];
  header.cells.forEach((c, i) => {
    const name = c.trim() || `column_${i + 1}`;
    let unique = name;
    for (let n = 2; columns.includes(unique); n++) unique = `${name}_${n}`;
    columns.push(unique);
  });
  const rows: CsvRow[] = raw.map((r) => {
    if (r.error) return { line: r.line, error: r.error };
    if (r.cells.length !== columns.length) {
      return { line: r.line, error: `has ${r.cells.length} cells but the header has ${columns.length} columns (delimiter ${JSON.stringify(delimiter)})` };
    }
    const value: Record<string, string> = {};
    columns.forEach((c, i) => (value[c] = r.cells[i]!));
    return { line: r.line, value };
  });
  return { columns, delimiter, rows };
}
