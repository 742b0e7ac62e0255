import { describe, expect, test } from "vitest";
import { normalizePagePath, PAGE_PATH_MAX, parseVisitBeacon, referrerHostOf, VISIT_MESSAGES } from "./visits.schema.ts";

const beacon = (body: unknown) => parseVisitBeacon(JSON.stringify(body));

describe("normalizePagePath", () => {
  test.each([
    ["/", "/"],
    ["/wifi", "/wifi"],
    ["/wifi/", "/wifi"],
    ["/casos-exito/hotel-sol//", "/casos-exito/hotel-sol"],
    ["/contacto?ref=caso-x&email=a@b.es", "/contacto"],
    ["/faq#pregunta-3", "/faq"],
    ["/?utm_source=x", "/"],
    ["/a/../wifi", "/wifi"],
    ["/apartamentos-turisticos-málaga", "/apartamentos-turisticos-m%C3%A1laga"],
  ])("%s → %s", (raw, expected) => {
    expect(normalizePagePath(raw)).toBe(expected);
  });

  test.each([
    ["empty", ""],
    ["absolute URL", "https://evil.example/x"],
    ["protocol-relative", "//evil.example/x"],
    ["backslash trick", "/\\evil.example"],
    ["relative", "wifi"],
    ["javascript:", "javascript:alert(1)"],
    ["whitespace", "/wi fi"],
    ["newline", "/wifi\n"],
    ["control character", "/wifi\u0000"],
  ])("refuses %s", (_, raw) => {
    expect(normalizePagePath(raw)).toBeNull();
  });

  test(`keeps at most ${PAGE_PATH_MAX} characters, measured without the query`, () => {
    const longest = `/${"a".repeat(PAGE_PATH_MAX - 1)}`;
    expect(normalizePagePath(longest)).toBe(longest);
    expect(normalizePagePath(`${longest}?${"q".repeat(500)}`)).toBe(longest);
    expect(normalizePagePath(`${longest}a`)).toBeNull();
  });
});

describe("referrerHostOf", () => {
  test("keeps only the host, lower-cased, with its port", () => {
    expect(referrerHostOf("https://www.Google.es/search?q=sensor+ruido&user=ana")).toBe("www.google.es");
    expect(referrerHostOf("http://localhost:3000/wifi")).toBe("localhost:3000");
    expect(referrerHostOf("android-app://com.google.android.gm/")).toBe("com.google.android.gm");
  });
  test("refuses what has no host", () => {
    expect(referrerHostOf("not a url")).toBeNull();
    expect(referrerHostOf("javascript:alert(1)")).toBeNull();
    expect(referrerHostOf("/relative")).toBeNull();
    expect(referrerHostOf(`https://example.com/${"x".repeat(3000)}`)).toBeNull();
  });
});

describe("parseVisitBeacon", () => {
  test("a browser's beacon keeps the path and the referrer host only", () => {
    expect(beacon({ page_path: "/wifi?x=1", referrer: "https://www.bing.com/search?q=nidosmart" })).toEqual({
      ok: true,
      pagePath: "/wifi",
      referrerHost: "www.bing.com",
    });
  });
  test("a direct visit has no referrer: absent, null or empty", () => {
    for (const referrer of [undefined, null, "", "  "]) {
      expect(beacon({ page_path: "/", referrer })).toEqual({ ok: true, pagePath: "/", referrerHost: null });
    }
  });
  test("extra fields are dropped, never stored", () => {
    expect(beacon({ page_path: "/faq", ip: "1.2.3.4", cookie: "sid=1" })).toEqual({ ok: true, pagePath: "/faq", referrerHost: null });
  });
  test.each([
    ["not JSON", "page_path=/"],
    ["JSON null", "null"],
    ["a JSON array", '["/"]'],
    ["a JSON string", '"/"'],
  ])("refuses a body that is %s", (_, text) => {
    expect(parseVisitBeacon(text)).toEqual({ ok: false, error: VISIT_MESSAGES.invalidBody });
  });
  test.each([
    [{}],
    [{ page_path: 42 }],
    [{ page_path: "https://evil.example/" }],
    [{ page_path: `/${"a".repeat(400)}` }],
  ])("refuses a bad page_path: %j", (body) => {
    expect(beacon(body)).toEqual({ ok: false, error: VISIT_MESSAGES.invalidPath });
  });
  test.each([[{ page_path: "/", referrer: "junk" }], [{ page_path: "/", referrer: 7 }], [{ page_path: "/", referrer: "javascript:void(0)" }]])(
    "refuses a bad referrer: %j",
    (body) => {
      expect(beacon(body)).toEqual({ ok: false, error: VISIT_MESSAGES.invalidReferrer });
    },
  );
});
