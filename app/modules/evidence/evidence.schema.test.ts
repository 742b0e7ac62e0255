import { describe, expect, test } from "vitest";
import { shareLinkSchema } from "./evidence.schema.ts";

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
