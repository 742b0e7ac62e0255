import { describe, expect, test } from "vitest";
import { LANDLORD_MESSAGES, validateLandlordInput } from "./landlords.schema.ts";

describe("validateLandlordInput", () => {
  const valid = { name: "Ejemplo SL", landlordCode: "0000001234" };

  test("a name over 100 characters is refused with its limit, never cut", () => {
    expect(validateLandlordInput({ ...valid, name: "Ñ".repeat(101) })).toEqual({ ok: false, message: LANDLORD_MESSAGES.nameTooLong });
    expect(validateLandlordInput({ ...valid, name: "Ñ".repeat(100) })).toMatchObject({ ok: true, data: { name: "Ñ".repeat(100) } });
  });
});
