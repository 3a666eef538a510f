/** The two languages of ClinicalBench. Language is a parameter everywhere, never a fork of the code. */
import { cjkShare, toHalfWidth } from './text.js';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Read a language tag as users write it (`zh`, `ZH-cn`, `Chinese`, `中文`, `en_US`, `English`). */
export function parseLanguage(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  const v = toHalfWidth(value).trim().toLowerCase();
  if (/^(zh|cn|chs|cht)([-_].*)?$/.test(v) || v === 'chinese' || v === '中文' || v === '汉语') return 'zh';
  if (/^en([-_].*)?$/.test(v) || v === 'english' || v === '英文' || v === '英语') return 'en';
  return undefined;
}

/** Guess the language of a text from its share of Chinese characters (the first few thousand tell). */
export function guessLanguage(text: string): Language {
  return cjkShare(text.length > 4000 ? text.slice(0, 4000) : text) >= 0.3 ? 'zh' : 'en';
}
