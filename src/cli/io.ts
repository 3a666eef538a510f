/**
 * Terminal output: where text goes, colour only on a TTY (and never with NO_COLOR), CJK-aware tables, and no
 * control character from data reaching the terminal (see `neutralise`).
 */

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stdout is a terminal that takes colour. */
  color: boolean;
}

/** A reader that went away (`clinicallab … | head`) ends the command quietly instead of crashing on EPIPE. */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (stream.listenerCount('error') > 0) return;
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

export function processIo(): Io {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  return {
    out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb',
  };
}

const CODES = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;
export type Style = keyof typeof CODES;

/** The colour codes `paint` writes, as the number between `ESC [` and `m`. */
const OWN_STYLES = new Set(Object.values(CODES).flatMap((c) => c.map(String)));

// a colour code (kept when it is one of ours), a carriage return that is not a line end, any other C0 control
// but newline and tab, DEL, and the C1 controls (U+0080–U+009F: a terminal may take U+009B for CSI)
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /\u001b\[(\d{1,2})m|\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const SHORT: Record<string, string> = { '\b': '\\b', '\f': '\\f', '\r': '\\r' };

const visible = (ch: string): string => SHORT[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text from data made safe for a terminal: every control character that could move the cursor, clear the screen,
 * set the window title, ring the bell or rub out what was printed is written as a visible escape (`\u001b[2J`,
 * `\r`, `\b`). Newlines, tabs and a carriage return before a newline stay. With `styles`, the colour codes
 * `paint` writes stay as they are (data could use them too, but they only colour text). The escapes are JSON's,
 * so JSON text passed through here still parses to the same strings.
 */
export function neutralise(text: string, styles = false): string {
  return text.replace(CONTROL, (m: string, code: string | undefined) => {
    if (code !== undefined) return styles && OWN_STYLES.has(code) ? m : visible('\u001b') + m.slice(1);
    return visible(m);
  });
}

/**
 * An Io whose every line is neutralised (the CLI prints through one): case data, model answers, error messages
 * quoting either, JSON and CSV alike. The tool's own colours stay when the Io takes colour; anything else the Io
 * carries (a command's stdin) is kept.
 */
export function safeIo<T extends Io>(io: T): T {
  return { ...io, out: (t: string) => io.out(neutralise(t, io.color)), err: (t: string) => io.err(neutralise(t, io.color)) };
}

export function paint(io: Io, style: Style, text: string): string {
  if (!io.color) return text;
  const [open, close] = CODES[style];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}

/** Columns a string takes in a terminal: East Asian wide characters count two. */
export function displayWidth(text: string): number {
  let w = 0;
  // eslint-disable-next-line no-control-regex -- ANSI colour codes take no columns
  for (const ch of text.replace(/\u001b\[[0-9;]*m/g, '')) {
    const cp = ch.codePointAt(0)!;
    w += isWide(cp) ? 2 : 1;
  }
  return w;
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Cut to a display width, ending with … when cut (control characters counted as the escapes they are shown as). */
export function truncate(text: string, width: number): string {
  const flat = neutralise(text.replace(/\s+/g, ' ').trim(), true);
  if (displayWidth(flat) <= width) return flat;
  let out = '';
  for (const ch of flat) {
    if (displayWidth(out + ch) > width - 1) break;
    out += ch;
  }
  return `${out}…`;
}

/** A plain text table; numeric columns (given by index) are right-aligned. */
export function table(header: string[], cells: string[][], rightAlign: number[] = []): string {
  // aligned as printed: control characters in cells take the width of their escapes
  const rows = cells.map((r) => r.map((c) => neutralise(c, true)));
  const widths = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))));
  const fmt = (cells: string[]): string =>
    cells
      .map((c, i) => {
        const pad = ' '.repeat(Math.max(0, widths[i]! - displayWidth(c)));
        return rightAlign.includes(i) ? pad + c : c + pad;
      })
      .join('  ')
      .trimEnd();
  return [fmt(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}
