import ipaddr from "ipaddr.js";

// Which network addresses a webhook may be sent to (ADR 0023). Shared by the endpoint form (a
// literal address in the URL) and the sender (every address a name resolves to, and the one it
// connects to). An allowlist, not a blocklist: IPv4 must be ordinary unicast, IPv6 must be global
// unicast (2000::/3) outside the special ranges; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is
// judged as the IPv4 address inside it. Everything else is refused unless WEBHOOK_ALLOW_PRIVATE=1:
// loopback, RFC 1918 private, link-local (169.254.0.0/16 holds the cloud metadata service),
// unique-local fc00::/7, multicast, unspecified, CGNAT 100.64/10, the documentation and reserved
// ranges, NAT64 64:ff9b::/96 and 6to4/Teredo (which embed an IPv4 address a gateway would reach).

export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "linkLocal"
  | "uniqueLocal"
  | "multicast"
  | "unspecified"
  | "sharedNat"
  | "reserved"
  | "invalid";

const KIND_WORDS: Record<Exclude<AddressKind, "public">, string> = {
  loopback: "de bucle local (loopback)",
  private: "privada",
  linkLocal: "de enlace local",
  uniqueLocal: "local única (IPv6)",
  multicast: "de multidifusión",
  unspecified: "no especificada",
  sharedNat: "compartida de operador (CGNAT)",
  reserved: "reservada",
  invalid: "no válida",
};

function kindOfV4(address: ipaddr.IPv4): AddressKind {
  switch (address.range()) {
    case "unicast":
      return "public";
    case "loopback":
      return "loopback";
    case "private":
      return "private";
    case "linkLocal":
      return "linkLocal";
    case "multicast":
    case "broadcast":
      return "multicast";
    case "unspecified":
      return "unspecified";
    case "carrierGradeNat":
      return "sharedNat";
    default:
      return "reserved";
  }
}

/** What kind of address this is; "invalid" when it is not an IP address at all. */
export function addressKind(text: string): AddressKind {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  // A zone index (fe80::1%eth0) only ever qualifies a link-local address.
  if (bare.includes("%")) return "linkLocal";
  if (!ipaddr.isValid(bare)) return "invalid";
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv4") {
    // ipaddr.isValid also accepts the old shorthand forms ("127.1", "0x7f.1"); only the four-part
    // dotted quad is an address here, which is also what the WHATWG URL parser produces.
    if (!ipaddr.IPv4.isValidFourPartDecimal(bare)) return "invalid";
    return kindOfV4(parsed as ipaddr.IPv4);
  }
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return kindOfV4(v6.toIPv4Address());
  // A string: the typings list fewer ranges than the library knows (deprecatedSiteLocal).
  const range: string = v6.range();
  switch (range) {
    case "unicast":
      // Global unicast is 2000::/3; the rest of the space is reserved or special.
      return (v6.parts[0]! & 0xe000) === 0x2000 ? "public" : "reserved";
    case "loopback":
      return "loopback";
    case "linkLocal":
      return "linkLocal";
    case "uniqueLocal":
    case "deprecatedSiteLocal":
      return "uniqueLocal";
    case "multicast":
      return "multicast";
    case "unspecified":
      return "unspecified";
    default:
      return "reserved";
  }
}

/** True when the text is an IP address (IPv6 with or without brackets). */
export function isIpLiteral(text: string): boolean {
  return addressKind(text) !== "invalid";
}

/** The Spanish words for why an address is refused ("privada", "de enlace local"…). */
export function addressKindWords(kind: AddressKind): string {
  return kind === "public" ? "pública" : KIND_WORDS[kind];
}

/**
 * null when a webhook may go to this address; otherwise the Spanish reason. `allowAddresses`
 * are exact addresses allowed even though they are not public (for tests of the other rules).
 */
export function refusedAddressReason(address: string, options: { allowPrivate: boolean; allowAddresses?: readonly string[] }): string | null {
  if (options.allowPrivate) return null;
  const kind = addressKind(address);
  if (kind === "public") return null;
  if (options.allowAddresses?.includes(address)) return null;
  return `${address} es una dirección ${addressKindWords(kind)}`;
}

/** Names that are local by definition (RFC 6761), refused without looking them up. */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}
