import { describe, expect, test } from "vitest";
import { nonPublicSiteUrlReason, nonPublicSiteUrlWarning, shareLinkSchema } from "./evidence.schema.ts";

describe("shareLinkSchema", () => {
  test("the label goes through the one sanitiser: no bidi, zero-width characters or markup", () => {
    const parsed = shareLinkSchema.parse({ label: " Abo\u202Egado\u200B <b>López</b>\u2066 ", days: "30" });
    expect(parsed).toEqual({ label: "Abogado López", days: 30 });
  });

  test("a label of invisible characters only is empty, and refused", () => {
    const result = shareLinkSchema.safeParse({ label: "\u200B\u202E\u2069", days: 30 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Indica para quién es el enlace (por ejemplo «Abogado» o «Policía Nacional»).");
  });
});

describe("nonPublicSiteUrlReason", () => {
  test.each([
    "http://localhost:3000",
    "https://localhost",
    "http://127.0.0.1:5173",
    "https://10.0.0.7",
    "https://172.20.1.1",
    "https://192.168.1.20",
    "https://[::1]:3000",
    "https://[fd00::1]",
    "https://nidosmart",
    "https://nido.local",
    "http://nidosmart.es",
  ])("%s is not public: the report says so", (url) => {
    expect(nonPublicSiteUrlReason(url)).not.toBeNull();
    expect(nonPublicSiteUrlWarning(url)).toContain(url);
  });

  test.each(["https://nidosmart.es", "https://app.nidosmart.es/", "https://172.32.0.1", "https://8.8.8.8"])("%s is public: no warning", (url) => {
    expect(nonPublicSiteUrlReason(url)).toBeNull();
    expect(nonPublicSiteUrlWarning(url)).toBeNull();
  });
});
