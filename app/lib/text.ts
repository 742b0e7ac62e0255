// One way to clean text typed by anyone (visitors, guests, staff) before it is stored, whatever
// the form: every form schema calls `sanitizeUnicode` (directly or through cleanLine, cleanText,
// cleanNotes), and nothing else decides which characters are kept. ADR 0014 says why each class
// of character goes or stays.
//
// 1. Unicode first (sanitizeUnicode): NFC, so "José" typed as e + combining accent is one letter
//    and length limits count letters; then every character that is invisible, reorders what is
//    around it or cannot travel in XML is removed: C0/C1 controls (tab and line breaks are
//    whitespace and handled by the callers), the bidirectional controls (U+202A–202E embeddings
//    and overrides, U+2066–2069 isolates, U+200E/200F/061C marks) that make "evil.exe" read as
//    "exe.live" on a staff screen or in the ministry's XML, zero-width characters (U+200B, U+2060,
//    U+FEFF, U+180E) that make two equal-looking names differ, tag characters (U+E0000 block,
//    used to smuggle hidden ASCII) outside a flag emoji, non-characters (U+FDD0–FDEF and the last
//    two code points of every plane) and lone surrogates. ZWNJ/ZWJ (U+200C/200D) are kept only
//    where they change how a word is written: between two letters of a script that uses them
//    (Persian "می‌خواهم", Devanagari half forms) and, for ZWJ, inside an emoji sequence;
//    anywhere else (a Latin name) they are invisible padding and go.
// 2. Then markup: tags are removed repeatedly until nothing changes, because removing one can
//    assemble another ("<scr<b>ipt>"), then any stray angle bracket goes too, so no stored text
//    can contain markup, whatever later renders it (admin, e-mail, CSV, XML, Excel). Unicode is
//    cleaned before markup so an invisible character cannot hide a tag from the markup pass.

// Bidirectional controls, invisible separators and other format characters that never belong
// in a name, an address or a message. (ZWNJ/ZWJ are decided in context, below.)
const ALWAYS_REMOVED = new Set([
  0x061c, // ARABIC LETTER MARK
  0x180e, // MONGOLIAN VOWEL SEPARATOR (a zero-width space since Unicode 6.3)
  0x200b, // ZERO WIDTH SPACE
  0x200e, // LEFT-TO-RIGHT MARK
  0x200f, // RIGHT-TO-LEFT MARK
  0x2060, // WORD JOINER
  0xfeff, // ZERO WIDTH NO-BREAK SPACE / byte order mark
]);
const ZWNJ = 0x200c;
const ZWJ = 0x200d;

// Scripts whose spelling depends on ZWNJ/ZWJ between letters (Arabic script for Persian, Urdu,
// Kurdish; the Brahmic scripts of India and South-East Asia; Syriac, N'Ko, Mongolian).
const JOINER_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const WAVING_BLACK_FLAG = 0x1f3f4;

function isRemovedCodePoint(cp: number): boolean {
  // C0 controls other than tab, line feed and carriage return (the callers turn those into
  // spaces or keep line breaks), DEL and the C1 controls.
  if (cp < 0x20) return cp !== 0x09 && cp !== 0x0a && cp !== 0x0d;
  if (cp >= 0x7f && cp <= 0x9f) return true;
  if (ALWAYS_REMOVED.has(cp)) return true;
  if (cp >= 0x202a && cp <= 0x202e) return true; // embeddings and overrides (U+202E RLO)
  if (cp >= 0x2061 && cp <= 0x206f) return true; // invisible operators, isolates U+2066–2069, deprecated format
  if (cp >= 0xfff9 && cp <= 0xfffb) return true; // interlinear annotation controls
  if (cp >= 0xd800 && cp <= 0xdfff) return true; // a lone surrogate (a pair arrives as one code point)
  if (cp >= 0xfdd0 && cp <= 0xfdef) return true; // non-characters
  return (cp & 0xfffe) === 0xfffe; // U+FFFE, U+FFFF, U+1FFFE … U+10FFFF: non-characters
}

/** ZWNJ/ZWJ spell something only between two letters of a script that uses them, or in an emoji. */
function isMeaningfulJoiner(cp: number, before: string | undefined, after: string | undefined): boolean {
  if (before === undefined || after === undefined) return false;
  if (JOINER_SCRIPT.test(before) && LETTER_OR_MARK.test(before) && JOINER_SCRIPT.test(after) && LETTER_OR_MARK.test(after)) return true;
  return cp === ZWJ && PICTOGRAPHIC.test(before) && /\p{Extended_Pictographic}/u.test(after);
}

/**
 * The one Unicode clean-up for every form: NFC, then without controls, bidirectional controls,
 * zero-width and other invisible format characters, tag characters outside a flag emoji,
 * non-characters and lone surrogates; ZWNJ/ZWJ kept only where they change the spelling.
 * Tabs and line breaks are left for the caller (one-line fields collapse them).
 * Idempotent: sanitizeUnicode(sanitizeUnicode(x)) === sanitizeUnicode(x).
 */
export function sanitizeUnicode(value: string): string {
  // NFC leaves a lone surrogate as it is; the loop below drops it.
  const chars = Array.from(value.normalize("NFC"));
  const kept: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    const cp = char.codePointAt(0) ?? 0;
    if (isRemovedCodePoint(cp)) continue;
    if (cp === ZWNJ || cp === ZWJ) {
      // Judged against what is kept before and what comes next, so removing a joiner never
      // makes a later one look meaningful on a second pass.
      let next = i + 1;
      while (next < chars.length && isRemovedCodePoint(chars[next].codePointAt(0) ?? 0)) next++;
      if (!isMeaningfulJoiner(cp, kept.at(-1), chars[next]) || kept.at(-1) === "\u200c" || kept.at(-1) === "\u200d") continue;
    }
    if (cp >= 0xe0000 && cp <= 0xe007f) {
      // Tag characters spell subdivision flags (🏴 + tags + cancel tag); anywhere else they are
      // invisible ASCII.
      const previous = kept.at(-1)?.codePointAt(0) ?? 0;
      if (previous !== WAVING_BLACK_FLAG && !(previous >= 0xe0020 && previous <= 0xe007e)) continue;
    }
    kept.push(char);
  }
  // Removing a character can leave a decomposed sequence behind ("e", U+200B, U+0301).
  return kept.join("").normalize("NFC");
}

// Elements whose content is code, not text: their content goes with the tags.
const CODE_ELEMENTS = /<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const COMMENTS = /<!--[\s\S]*?(?:-->|$)/g;
// A start or end tag, a declaration or a processing instruction, also when cut off at the end.
const TAGS = /<\/?[a-zA-Z][^<>]*(?:>|$)|<[!?][^<>]*(?:>|$)/g;

/**
 * Removes all markup. Tags are removed repeatedly until nothing changes, because removing one
 * can assemble another ("<scr<b>ipt>"); then any stray angle bracket goes too, so no stored
 * lead text can ever contain markup, whatever later renders it (admin, e-mail, CSV, Excel).
 * Entities ("&lt;") are left as typed: they are plain text, not markup.
 */
export function stripMarkup(value: string): string {
  let current = value;
  for (let i = 0; i < 20; i++) {
    const next = current.replace(COMMENTS, "").replace(CODE_ELEMENTS, "").replace(TAGS, "");
    if (next === current) break;
    current = next;
  }
  return current.replace(/[<>]/g, "");
}

/** One-line fields: clean Unicode, markup stripped, line breaks and runs of spaces become one space, trimmed. */
export function cleanLine(value: string): string {
  return stripMarkup(sanitizeUnicode(value)).replace(/\s+/g, " ").trim();
}

/** Multi-line fields (message, notes): clean Unicode, markup stripped, line breaks kept, trimmed. */
export function cleanText(value: string): string {
  return stripMarkup(sanitizeUnicode(value)).replace(/\r\n?/g, "\n").trim();
}

/** Free notes: like cleanText, with runs of spaces collapsed and at most one blank line. */
export function cleanNotes(value: string): string {
  return cleanText(value)
    .replace(/[^\S\n]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Length as the registry counts it: Unicode characters (code points), an emoji as one. */
export function charLength(value: string): number {
  return Array.from(value).length;
}
