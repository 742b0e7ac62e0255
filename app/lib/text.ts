// One way to clean text typed by anyone (visitors, guests, staff) before it is stored, whatever
// the form. No markup, ever: tags are removed repeatedly until nothing changes, because removing
// one can assemble another ("<scr<b>ipt>"), then any stray angle bracket goes too, so no stored
// text can contain markup, whatever later renders it (admin, e-mail, CSV, XML, Excel). Control
// characters go as well: PostgreSQL refuses NUL in text, and the others only corrupt or spoof
// what staff read.

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

// NUL is refused by PostgreSQL text columns; other C0 controls and the bidirectional overrides
// only serve to corrupt or spoof what staff read.
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_NEWLINE_TAB = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

/** One-line fields: markup stripped, controls and line breaks become single spaces, trimmed. */
export function cleanLine(value: string): string {
  return stripMarkup(value)
    .replace(CONTROL_EXCEPT_NEWLINE_TAB, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Multi-line fields (message, notes): markup and controls stripped, line breaks kept, trimmed. */
export function cleanText(value: string): string {
  return stripMarkup(value).replace(CONTROL_EXCEPT_NEWLINE_TAB, "").replace(/\r\n?/g, "\n").trim();
}

/** Free notes: like cleanText, with runs of spaces collapsed and at most one blank line. */
export function cleanNotes(value: string): string {
  return cleanText(value)
    .replace(/[^\S\n]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
