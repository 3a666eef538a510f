/**
 * Text bound for the store, the cache or a terminal must be well-formed: a lone UTF-16 surrogate (which a model
 * server can send as a JSON escape such as \ud800) would be written to SQLite as invalid UTF-8, and other readers
 * of the file then fail.
 */

/** A UTF-16 surrogate without its other half: text that has one cannot be written as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text that can be stored as well-formed UTF-8: each lone surrogate replaced by U+FFFD. */
export function wellFormed(text: string): { text: string; repaired: boolean } {
  LONE_SURROGATE.lastIndex = 0;
  if (!LONE_SURROGATE.test(text)) return { text, repaired: false };
  return { text: text.replace(LONE_SURROGATE, '\uFFFD'), repaired: true };
}

