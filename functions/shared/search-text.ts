/**
 * The search form of text, one rule for every index and its queries (tutor search, user
 * search), in any script:
 * - NFKC: full-width and other compatibility forms become plain letters;
 * - case folded (lower, upper, lower: "ẞ", "ß" and "SS" meet, as in Unicode full case folding);
 * - accents removed from Latin letters only ("Kariūki" = "kariuki"): marks of other scripts,
 *   e.g. Devanagari vowel signs, are part of the letter;
 * - Arabic optional marks dropped.
 */

/** Arabic's optional vowel marks (tashkeel) and the tatweel (a stretching stroke): names are written with or without them. */
const ARABIC_OPTIONAL = /\u0640|(?=\p{Script_Extensions=Arabic})\p{Mn}/gu;

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase()
    .normalize('NFD').replace(/(\p{Script=Latin})\p{M}+/gu, '$1').normalize('NFC')
    .replace(ARABIC_OPTIONAL, '');
}

/** Words are runs of letters and digits (with their marks) in any script; anything else separates them. */
export const words = (text: string): string[] => normalize(text).match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? [];

/** The first `n` characters (code points, so a character outside the BMP is never cut in half). */
export const head = (text: string, n: number): string => Array.from(text).slice(0, n).join('');
