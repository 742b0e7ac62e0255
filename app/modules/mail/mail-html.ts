// The HTML part of the guest e-mails (issue 18 item 14), next to the plain-text part. Built
// from the same ICU messages as the text: the message is formatted with placeholder markers,
// the whole result is HTML-escaped (so the catalogue's own text is safe too), and each marker is
// then replaced by its value, escaped, or by a link. Nothing a guest or a staff member typed
// (a property name with "<script>", a holder's name) can become markup.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** A value of an HTML message: text (escaped) or a link (its text and address escaped). */
export type HtmlValue = string | { href: string; text: string; button?: boolean };

// Private-use characters no catalogue text contains: a marker cannot be forged by a value,
// because values are never part of the formatted string, only their markers are.
const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARKER = new RegExp(`${OPEN}(\\d+)${CLOSE}`, "g");

const LINK_STYLE = "color:#0f5f56;font-weight:bold";
// White on #0f5f56 is 7.6:1; a large touch target for phones.
const BUTTON_STYLE =
  "display:inline-block;padding:12px 20px;background:#0f5f56;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px";

function renderValue(value: HtmlValue): string {
  if (typeof value === "string") return escapeHtml(value);
  const style = value.button ? BUTTON_STYLE : LINK_STYLE;
  return `<a href="${escapeHtml(value.href)}" style="${style}">${escapeHtml(value.text)}</a>`;
}

/**
 * One message as HTML paragraphs: `format` formats it with the values it is given (markers
 * here); blank lines become paragraphs, single line breaks <br>.
 */
export function messageToHtml(format: (values: Record<string, string>) => string, values: Record<string, HtmlValue> = {}): string {
  const rendered: string[] = [];
  const markers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    markers[name] = `${OPEN}${rendered.length}${CLOSE}`;
    rendered.push(renderValue(value));
  }
  const escaped = escapeHtml(format(markers));
  return escaped
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph.replace(/\n/g, "<br>\n")}</p>`)
    .join("\n")
    .replace(MARKER, (_, index: string) => rendered[Number(index)]!);
}

/** A complete, simple HTML document: language, title, one readable column. */
export function htmlDocument(lang: string, title: string, bodyHtml: string): string {
  return [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(lang)}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    "</head>",
    '<body style="margin:0;padding:24px 16px;background:#ffffff;color:#1f2937;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<div role="article" style="max-width:560px;margin:0 auto">',
    bodyHtml,
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
}
