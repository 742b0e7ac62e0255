import type { IncomingMessage } from "node:http";

/**
 * The client's address. Behind a proxy (TRUST_PROXY) it is the last X-Forwarded-For entry: the
 * one our proxy appended. Earlier entries come from the client and could be forged.
 */
export function resolveClientIp(incoming: IncomingMessage | undefined, headers: Headers, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for");
    const last = forwarded?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
    if (last) return last.slice(0, 64);
  }
  const raw = incoming?.socket?.remoteAddress ?? "unknown";
  return raw.startsWith("::ffff:") ? raw.slice(7) : raw;
}
