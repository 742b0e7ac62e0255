import { describe, expect, test } from "vitest";
import { addressKind, refusedAddressReason } from "./webhook-address.ts";
import { checkWebhookUrl, validateWebhookEndpointInput, WEBHOOK_MESSAGES } from "./webhooks.schema.ts";

// The address policy and the endpoint form's rules, shared by the Webhooks screen and the server.

describe("addressKind: an allowlist of public unicast", () => {
  test.each([
    ["8.8.8.8", "public"],
    ["93.184.215.14", "public"],
    ["2606:4700:4700::1111", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["10.0.0.1", "private"],
    ["10.255.255.254", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.1", "private"],
    ["192.168.1.10", "private"],
    ["169.254.169.254", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["100.64.0.1", "sharedNat"],
    ["192.0.2.1", "reserved"],
    ["240.0.0.1", "reserved"],
    // IPv4-mapped IPv6: judged as the IPv4 address inside.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::ffff:8.8.8.8", "public"],
    // The deprecated IPv4-compatible form is read as the IPv4 address too.
    ["::127.0.0.1", "loopback"],
    // NAT64, 6to4 and Teredo embed an IPv4 address a gateway would reach.
    ["64:ff9b::7f00:1", "reserved"],
    ["2002:7f00:1::1", "reserved"],
    ["2001:0:4136:e378::1", "reserved"],
    ["2001:db8::1", "reserved"],
    ["example.com", "invalid"],
    ["127.1", "invalid"],
  ])("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  test("refusedAddressReason says why in Spanish, and WEBHOOK_ALLOW_PRIVATE lifts it", () => {
    expect(refusedAddressReason("10.0.0.7", { allowPrivate: false })).toBe("10.0.0.7 es una dirección privada");
    expect(refusedAddressReason("::1", { allowPrivate: false })).toBe("::1 es una dirección de bucle local (loopback)");
    expect(refusedAddressReason("10.0.0.7", { allowPrivate: true })).toBeNull();
    expect(refusedAddressReason("8.8.8.8", { allowPrivate: false })).toBeNull();
    expect(refusedAddressReason("127.0.0.1", { allowPrivate: false, allowAddresses: ["127.0.0.1"] })).toBeNull();
    expect(refusedAddressReason("127.0.0.2", { allowPrivate: false, allowAddresses: ["127.0.0.1"] })).not.toBeNull();
  });
});

describe("checkWebhookUrl", () => {
  const refused = (url: string) => {
    const checked = checkWebhookUrl(url, false);
    expect(checked.ok).toBe(false);
    return checked.ok ? "" : checked.message;
  };

  test("a public https or http URL is kept, normalised", () => {
    expect(checkWebhookUrl("  https://Hooks.Example.com/nido?x=1 ", false)).toEqual({ ok: true, url: "https://hooks.example.com/nido?x=1" });
    expect(checkWebhookUrl("http://8.8.8.8:8080/in", false)).toEqual({ ok: true, url: "http://8.8.8.8:8080/in" });
  });

  test("other schemes, credentials, spaces and nonsense are refused with a Spanish message", () => {
    expect(refused("ftp://example.com/")).toBe(WEBHOOK_MESSAGES.urlScheme);
    expect(refused("file:///etc/passwd")).toBe(WEBHOOK_MESSAGES.urlScheme);
    expect(refused("javascript:alert(1)")).toBe(WEBHOOK_MESSAGES.urlScheme);
    expect(refused("gopher://example.com:70/")).toBe(WEBHOOK_MESSAGES.urlScheme);
    expect(refused("https://user:pass@example.com/")).toBe(WEBHOOK_MESSAGES.urlCredentials);
    expect(refused("https://token@example.com/")).toBe(WEBHOOK_MESSAGES.urlCredentials);
    expect(refused("example.com/hook")).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(refused("https://exa mple.com/")).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(refused("")).toBe(WEBHOOK_MESSAGES.urlRequired);
    expect(refused(`https://example.com/${"a".repeat(2000)}`)).toBe(WEBHOOK_MESSAGES.urlTooLong);
  });

  test.each([
    ["http://127.0.0.1:8080/", "127.0.0.1, una dirección de bucle local (loopback)"],
    ["http://localhost:3000/", "localhost, que es este mismo servidor"],
    ["http://api.localhost/", "api.localhost, que es este mismo servidor"],
    ["http://10.1.2.3/", "10.1.2.3, una dirección privada"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254, una dirección de enlace local"],
    ["http://[::1]:8080/", "[::1], una dirección de bucle local (loopback)"],
    ["http://[::ffff:127.0.0.1]/", "[::ffff:7f00:1], una dirección de bucle local (loopback)"],
    ["http://[fd00::1]/", "[fd00::1], una dirección local única (IPv6)"],
    ["http://0.0.0.0/", "0.0.0.0, una dirección no especificada"],
    // The URL parser turns the old spellings of 127.0.0.1 into the dotted quad first.
    ["http://2130706433/", "127.0.0.1, una dirección de bucle local (loopback)"],
    ["http://0x7f.1/", "127.0.0.1, una dirección de bucle local (loopback)"],
  ])("%s is refused without WEBHOOK_ALLOW_PRIVATE", (url, words) => {
    expect(refused(url)).toContain(`La URL apunta a ${words}`);
    expect(checkWebhookUrl(url, true).ok).toBe(true);
  });

  test("the form: events required and known, kept in catalogue order; description bounded", () => {
    const base = { url: "https://example.com/h", description: "  Mi PMS  ", enabled: "true" };
    expect(validateWebhookEndpointInput({ ...base, events: [] }, { allowPrivate: false })).toEqual({ ok: false, message: WEBHOOK_MESSAGES.eventsRequired });
    expect(validateWebhookEndpointInput({ ...base, events: ["incident.opened", "secret.leaked"] }, { allowPrivate: false })).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.eventsInvalid,
    });
    expect(validateWebhookEndpointInput({ ...base, events: ["device.online", "incident.opened", "device.online"] }, { allowPrivate: false })).toEqual({
      ok: true,
      data: { url: "https://example.com/h", description: "Mi PMS", eventTypes: ["incident.opened", "device.online"], enabled: true },
    });
    expect(validateWebhookEndpointInput({ ...base, enabled: "false", events: ["device.offline"] }, { allowPrivate: false })).toMatchObject({ ok: true, data: { enabled: false } });
    expect(validateWebhookEndpointInput({ ...base, description: "x".repeat(201), events: ["device.offline"] }, { allowPrivate: false })).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.descriptionTooLong,
    });
  });
});
