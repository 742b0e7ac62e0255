// A small MIME reader for the e-mails the SMTP test servers receive: top-level headers (unfolded,
// names lower-cased) and the leaf parts of a multipart body, each decoded from its transfer
// encoding (quoted-printable, base64, 7/8 bit) into UTF-8 text. Enough for our own messages;
// no package for this is installed.

export type MimePart = { headers: Record<string, string>; body: string };
export type MimeMessage = { headers: Record<string, string>; parts: MimePart[] };

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const soft = body.replace(/=\r?\n/g, "");
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        if (soft[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
          bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(soft.charCodeAt(i));
      }
      return Buffer.from(bytes).toString("utf8");
    }
    default:
      return Buffer.from(body, "latin1").toString("utf8");
  }
}

function leaves(raw: string): MimePart[] {
  const { headers, body } = splitHeaders(raw);
  const boundary = /multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!boundary) return [{ headers, body: decode(body, headers["content-transfer-encoding"]) }];
  return body
    .split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?\\r?\\n?`))
    .slice(1)
    .filter((part) => part.trim() !== "")
    .flatMap(leaves);
}

/** Parses a raw message (as received, latin1 bytes to string). */
export function parseMime(raw: string): MimeMessage {
  return { headers: splitHeaders(raw).headers, parts: leaves(raw) };
}

/** The decoded body of the first part of that content type ("text/plain", "text/html"). */
export function mimePart(message: MimeMessage, type: string): string | undefined {
  return message.parts.find((part) => (part.headers["content-type"] ?? "text/plain").toLowerCase().startsWith(type))?.body;
}
