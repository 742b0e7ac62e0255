import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { guests, properties, rateLimitEvents, reservations } from "#app/db/schema.ts";
import { guestMessages, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { emptyGuestFormValues, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { readNormalisedSignature } from "#app/modules/guests/signature-normalise.server.ts";
import { parseSignatureDataUrl } from "#app/modules/guests/signature.ts";
import { generateUniqueLink } from "#app/modules/reservations/reservations.server.ts";
import { storedGuestRow, validGuestForm } from "#tests/helpers/guest-fixtures.ts";
import { bombPng, colourType7Png, corruptIdatPng, dataUrlOf } from "#tests/helpers/hostile-png.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import { signatureDataUrl } from "#tests/helpers/signature-png.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";

// Drawn signatures over real HTTP (issue 18, items 4 and 5; ADR 0013): a PNG whose header is
// right and whose data is not, or that decodes to 64 MB, is refused with a message in the
// guest's language and nothing stored; the server keeps answering others meanwhile; what is
// stored is the normalised PNG; signatures stored before (raw, or broken) still give a PDF.

let ipCounter = 0;
const nextIp = () => `10.77.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

function guestForm(list: Partial<GuestFormValues>[], lang: GuestLang): Record<string, string> {
  const fields: Record<string, string> = { client: "js", lang };
  list.forEach((guest, index) => {
    for (const [field, value] of Object.entries({ ...emptyGuestFormValues(), ...guest })) {
      fields[guestInputName(index, field as keyof GuestFormValues)] = value ?? "";
    }
  });
  return fields;
}

describe.each(testDatabases())("drawn signatures on %s", (database) => {
  let server: TestServer;
  let cookie: string;
  let propertyId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: { TRUST_PROXY: "true" } });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const [property] = await server.db
      .insert(properties)
      .values({ name: "Casa Firma", address: "Calle Sierpes 1, Sevilla", establishmentCode: "0000000001" })
      .returning({ id: properties.id });
    propertyId = property.id;
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    await server.db.delete(rateLimitEvents);
  });

  async function reservation(): Promise<{ id: string; link: string }> {
    const link = generateUniqueLink();
    const [row] = await server.db
      .insert(reservations)
      .values({ propertyId, propertyName: "Casa Firma", guestCount: 2, checkInDate: "2027-03-01", checkOutDate: "2027-03-04", uniqueLink: link })
      .returning({ id: reservations.id });
    return { id: row.id, link };
  }

  const register = (link: string, list: Partial<GuestFormValues>[], lang: GuestLang) =>
    fetch(`${server.url}/registro-viajeros/${link}?lang=${lang}&personas=${list.length}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": nextIp() },
      body: new URLSearchParams(guestForm(list, lang)).toString(),
    });

  const storedGuests = (reservationId: string) => server.db.select().from(guests).where(eq(guests.reservationId, reservationId));

  test.each([
    ["colour type 7", colourType7Png(), "signature.unreadable", "signatureUnreadable", "en"],
    ["a corrupt IDAT", corruptIdatPng(), "signature.unreadable", "signatureUnreadable", "fr"],
    ["a 4000×4000 decompression bomb", bombPng(), "signature.tooLarge", "signatureTooLarge", "de"],
  ] as const)("%s is refused with a 400 in the guest's language, nothing stored", async (_name, png, key, code, lang) => {
    const { id, link } = await reservation();
    const list = [validGuestForm(), validGuestForm({ givenName: "Marta", documentNumber: "", documentType: "Pasaporte", signatureKind: "drawn", signatureImage: dataUrlOf(png), signatureName: "" })];
    list[1].documentNumber = "XA1234567";
    const response = await register(link, list, lang);
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain(guestMessages[lang].intl.formatMessage({ id: key }, { position: 2 }));
    // As a code of the form's error summary too, so the page words it beside the signature.
    expect(body).toContain(code);
    expect(await storedGuests(id)).toHaveLength(0);
    const [row] = await server.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id));
    expect(row.status).toBe("pending");
  });

  test("while bombs are refused, the server keeps answering /healthz", async () => {
    const { link } = await reservation();
    const bomb = [validGuestForm({ signatureKind: "drawn", signatureImage: dataUrlOf(bombPng()), signatureName: "" })];
    const health = (async () => {
      const answers: number[] = [];
      for (let i = 0; i < 5; i++) answers.push((await fetch(`${server.url}/healthz`)).status);
      return answers;
    })();
    const refusals = await Promise.all([0, 1, 2, 3].map(() => register(link, bomb, "es")));
    expect(refusals.map((response) => response.status)).toEqual([400, 400, 400, 400]);
    expect(await health).toEqual([200, 200, 200, 200, 200]);
  });

  test("a good drawn signature is stored normalised, with the language it was signed in", async () => {
    const { id, link } = await reservation();
    const response = await register(link, [validGuestForm({ signatureKind: "drawn", signatureImage: signatureDataUrl(3), signatureName: "" })], "it");
    expect(response.status).toBe(201);
    const [stored] = await storedGuests(id);
    expect(stored.signatureLang).toBe("it");
    expect(stored.signatureImage).not.toBe(signatureDataUrl(3));
    expect(readNormalisedSignature(parseSignatureDataUrl(stored.signatureImage!)!)).not.toBeNull();
    // The register states above the signature what the guest declared, in Spanish and in Italian.
    const pdf = await fetch(`${server.url}/api/admin/reservations/${id}/parte-entrada.pdf`, { headers: { Cookie: cookie } });
    expect(pdf.status).toBe(200);
    const { text, images } = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
    const flat = text.replace(/\s+/g, " ");
    expect(images).toBe(1);
    expect(flat).toContain(guestMessages.es.intl.formatMessage({ id: "signatureDeclaration" }));
    expect(flat).toContain(guestMessages.it.intl.formatMessage({ id: "signatureDeclaration" }));
  });

  test("signatures stored before normalisation: a raw one is normalised once and printed, a broken one is named, the PDF is built", async () => {
    const { id } = await reservation();
    const raw = signatureDataUrl(4);
    await server.db.insert(guests).values([
      storedGuestRow(id, { position: 1, signatureKind: "drawn", signatureImage: raw, signedAt: new Date() }),
      storedGuestRow(id, { position: 2, documentNumber: "00000000T", signatureKind: "drawn", signatureImage: dataUrlOf(corruptIdatPng()), signedAt: new Date() }),
    ]);
    await server.db.update(reservations).set({ status: "completed", completedAt: new Date(), guestCount: 2 }).where(eq(reservations.id, id));
    const response = await fetch(`${server.url}/api/admin/reservations/${id}/parte-entrada.pdf`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.images).toBe(1);
    expect(pdf.text.replace(/\s+/g, " ")).toContain("la imagen de esta firma está dañada");
    const [first, second] = (await storedGuests(id)).sort((a, b) => a.position - b.position);
    expect(readNormalisedSignature(parseSignatureDataUrl(first.signatureImage!)!)).not.toBeNull();
    expect(second.signatureImage).toBe(dataUrlOf(corruptIdatPng()));
  });
});
