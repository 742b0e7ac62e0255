import { describe, expect, test } from "vitest";
import { guestInputName, parseGuestFormEntries } from "#app/components/guest/guest-form-data.ts";
import { emptyGuestFormValues } from "#app/modules/guests/guests.schema.ts";

describe("guest form names", () => {
  test("round-trip through FormData: names built by the form are read back by the action", () => {
    const form = new FormData();
    form.set(guestInputName(0, "givenName"), "Lucía");
    form.set(guestInputName(0, "documentType"), "DNI");
    form.set(guestInputName(1, "givenName"), "Tom");
    form.set("lang", "en");
    const { guests } = parseGuestFormEntries(form.entries());
    expect(guests).toHaveLength(2);
    expect(guests[0]).toEqual({ ...emptyGuestFormValues(), givenName: "Lucía", documentType: "DNI" });
    expect(guests[1]).toEqual({ ...emptyGuestFormValues(), givenName: "Tom" });
  });

  test("a gap keeps positions: guest 3 stays guest 3 and guest 2 arrives empty", () => {
    const { guests } = parseGuestFormEntries([
      ["guests[0].givenName", "A"],
      ["guests[2].givenName", "C"],
    ]);
    expect(guests.map((guest) => guest.givenName)).toEqual(["A", "", "C"]);
  });

  test("unknown fields, malformed names, files and absurd indices are ignored", () => {
    const form = new FormData();
    form.set("guests[0].isAdmin", "true");
    form.set("guests[0].__proto__", "x");
    form.set("guests[x].givenName", "x");
    form.set("guests[0][givenName]", "x");
    form.set("guests[100].givenName", "x");
    form.set("guests[0].givenName", new Blob(["x"]), "file.txt");
    expect(parseGuestFormEntries(form.entries())).toEqual({ guests: [] });
  });

  test("indices past ten are kept, so the count rule can refuse eleven guests", () => {
    const entries: [string, string][] = Array.from({ length: 11 }, (_, i) => [`guests[${i}].givenName`, `G${i}`]);
    expect(parseGuestFormEntries(entries).guests).toHaveLength(11);
  });
});
