// Which writing systems the signed register PDF can print (ADR 0013). Shared by browser and
// server: the guest form asks for the name as written in the document's machine-readable zone
// (Latin letters) when canPrintName says the PDF has no font for it.
//
// The PDF's fonts (signed-register.server.ts, README): DejaVu Sans for Latin, Greek, Cyrillic,
// Armenian and Georgian; Noto Sans Arabic; Noto Sans Hebrew; WenQuanYi Zen Hei for Chinese,
// Japanese kana and Korean hangul. Characters common to every script (spaces, digits,
// punctuation, combining marks) are printed with the font of the letters around them.

export type PdfScript = "latin" | "arabic" | "hebrew" | "cjk" | "common";

// Spaces, punctuation, digits and combining marks; not emoji or other symbols no font here has.
// ZWNJ and ZWJ too: the sanitiser keeps them between letters of scripts that need them (a
// Persian name's ZWNJ, ADR 0014) and the shaper uses them; they print nothing themselves.
const COMMON = /[\p{Zs}\p{P}\p{Nd}\p{M}\u200C\u200D]/u;
const LATIN = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}]/u;
const ARABIC = /\p{Script=Arabic}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;

/** The font family a character needs, or null when the PDF has none for it. */
export function scriptOf(char: string): PdfScript | null {
  if (LATIN.test(char)) return "latin";
  if (ARABIC.test(char)) return "arabic";
  if (HEBREW.test(char)) return "hebrew";
  if (CJK.test(char)) return "cjk";
  if (COMMON.test(char)) return "common";
  return null;
}

/**
 * True when every character of a name is in a script the signed register PDF prints. A name
 * in Thai, Devanagari, Ethiopic… is false: the form then asks for the Latin spelling of the
 * identity document's machine-readable zone.
 */
export function canPrintName(text: string): boolean {
  return Array.from(text).every((char) => scriptOf(char) !== null);
}
