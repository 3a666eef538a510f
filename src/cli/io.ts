/** Terminal output: where text goes, colour only on a TTY (and never with NO_COLOR), CJK-aware tables. */

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

/** Cut to a display width, ending with … when cut. */
export function truncate(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (displayWidth(flat) <= width) return flat;
  let out = '';
  for (const ch of flat) {
    if (displayWidth(out + ch) > width - 1) break;
    out += ch;
  }
  return `${out}…`;
}

/** A plain text table; numeric columns (given by index) are right-aligned. */
export function table(header: string[], rows: string[][], rightAlign: number[] = []): string {
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
