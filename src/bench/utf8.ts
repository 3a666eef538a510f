/**
 * Where bytes stop being UTF-8. The loader and the importer decode strictly (json-text.ts `decodeUtf8`); when that
 * fails, this finds the first byte that starts no valid character — a Latin-1 `é`, a cut multi-byte sequence, an
 * encoded surrogate or an overlong form — so the error can give its offset and line instead of a guess.
 */

export interface Utf8Fault {
  /** 0-based byte offset of the first byte that starts no valid UTF-8 character. */
  offset: number;
  /** 1-based line of that byte. */
  line: number;
  /** The byte itself. */
  byte: number;
}

/** How many continuation bytes a lead byte takes and the range its first one must fall in; undefined: no lead byte. */
function lead(b: number): { more: number; low: number; high: number } | undefined {
  if (b >= 0xc2 && b <= 0xdf) return { more: 1, low: 0x80, high: 0xbf };
  if (b === 0xe0) return { more: 2, low: 0xa0, high: 0xbf }; // no overlong forms
  if (b === 0xed) return { more: 2, low: 0x80, high: 0x9f }; // no surrogates
  if (b >= 0xe1 && b <= 0xef) return { more: 2, low: 0x80, high: 0xbf };
  if (b === 0xf0) return { more: 3, low: 0x90, high: 0xbf };
  if (b === 0xf4) return { more: 3, low: 0x80, high: 0x8f }; // nothing above U+10FFFF
  if (b >= 0xf1 && b <= 0xf3) return { more: 3, low: 0x80, high: 0xbf };
  return undefined;
}

/** The first place the bytes are not UTF-8, or undefined when they all are. */
export function findUtf8Fault(bytes: Uint8Array): Utf8Fault | undefined {
  let line = 1;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === 0x0a) line++;
      i++;
      continue;
    }
    const l = lead(b);
    let ok = l !== undefined && i + l.more < bytes.length;
    for (let k = 1; ok && k <= l!.more; k++) {
      const c = bytes[i + k]!;
      ok = k === 1 ? c >= l!.low && c <= l!.high : c >= 0x80 && c <= 0xbf;
    }
    if (!ok) return { offset: i, line, byte: b };
    i += l!.more + 1;
  }
  return undefined;
}

/** The error for a file that is not UTF-8, naming where (message without the file name). */
export function utf8FaultMessage(fault: Utf8Fault): string {
  const hex = fault.byte.toString(16).toUpperCase().padStart(2, '0');
  return `is not valid UTF-8 text: byte 0x${hex} at byte offset ${fault.offset} (line ${fault.line}) starts no UTF-8 character`;
}
