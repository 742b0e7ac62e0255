import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { guests, landlordAccounts, mossosFiles, properties, reservations, sesCommunications } from "#app/db/schema.ts";
import { type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { parseMossosFile, TRAVELLER_FIELDS } from "#app/modules/mossos/mossos-parser.ts";
import { DEFAULT_FAKE_ACCOUNT, startFakeSes, type RunningFakeSes } from "#tests/fake-ses/fake-ses.ts";
import { validGuestForm } from "#tests/helpers/guest-fixtures.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// Issue 22 §2-3 end to end: three properties of one landlord with automatic SES sending — Madrid,
// Barcelona and Bilbao. Staff and guests act over real HTTP, the server's own sender talks to the
// fake ministry over loopback, and the fake counts what it received: only Madrid's filings reach
// SES. Barcelona's stay is downloaded as a Mossos file through the real route and read back with
// the reader written from the layout, field by field against the stored guest.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const compact = (iso: string) => iso.replaceAll("-", "");
const HOLDER = { holderGivenName: "Lucía", holderFirstSurname: "Ejemplo", holderEmail: "lucia@example.com", holderPhone: "+34 600 000 000", bookingChannel: "direct" };

let ip = 0;

describe.each(testDatabases())("regional police routing on %s", (database) => {
  let fake: RunningFakeSes;
  let server: TestServer;
  let cookie: string;
  const ids: Record<"madrid" | "barcelona" | "bilbao", string> = { madrid: "", barcelona: "", bilbao: "" };

  function post(path: string, body: Record<string, string>, withCookie = true) {
    ip += 1;
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        "X-Forwarded-For": `10.92.${(ip >> 8) & 255}.${ip & 255}`,
        ...(withCookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(body).toString(),
    });
  }
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });

  async function createReservation(propertyId: string) {
    const response = await post("/admin/viajeros?index", { intent: "create", propertyId, guestCount: "1", checkInDate: day(3), checkOutDate: day(6), ...HOLDER });
    expect(response.status).toBe(201);
    const [row] = await server.db.select().from(reservations).orderBy(desc(reservations.createdAt)).limit(1);
    return row!;
  }
  async function register(link: string) {
    const fields: Record<string, string> = { client: "js" };
    for (const [field, value] of Object.entries(validGuestForm())) fields[guestInputName(0, field as keyof GuestFormValues)] = value ?? "";
    expect((await post(`/registro-viajeros/${link}?lang=es&personas=1`, fields, false)).status).toBe(201);
  }
  const accepted = (reservationId: string, kind: string) =>
    waitUntil(async () => {
      const rows = await server.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, reservationId));
      return rows.find((row) => row.kind === kind && row.state === "accepted") ?? null;
    }, `${kind} accepted`);

  beforeAll(async () => {
    fake = await startFakeSes({ advanceOnPoll: true });
    server = await startTestServer({
      database,
      env: {
        TRUST_PROXY: "true",
        SES_SENDER: "on",
        SES_ENDPOINT: fake.url,
        SES_POLL_INTERVAL_MS: "40",
        SES_RETRY_BASE_MS: "40",
        // Polls come due between nudges: looked for every 50 ms, not every second.
        SES_TICK_MS: "50",
        SES_TIMEOUT_MS: "5000",
        SES_CREDENTIALS_KEY: "a".repeat(64),
      },
    });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const account = DEFAULT_FAKE_ACCOUNT;
    expect(
      (
        await post("/admin/viajeros/arrendadores", {
          intent: "create",
          name: "Ejemplo SL",
          landlordCode: account.codigoArrendador,
          wsUser: account.user,
          wsPassword: account.password,
          application: "NidoSmart 1.0",
          autoSend: "true",
        })
      ).status,
    ).toBe(201);
    const [{ id: landlordId }] = await server.db.select({ id: landlordAccounts.id }).from(landlordAccounts).limit(1);
    const create = async (key: keyof typeof ids, fields: Record<string, string>) => {
      const response = await post("/admin/viajeros/viviendas", {
        intent: "create",
        address: "Calle Mayor 1",
        establishmentCode: account.establecimientos[0],
        landlordAccountId: landlordId,
        policeRecipient: "auto",
        ...fields,
      });
      expect(response.status).toBe(201);
      [{ id: ids[key] }] = await server.db.select({ id: properties.id }).from(properties).orderBy(desc(properties.createdAt)).limit(1);
    };
    await create("madrid", { name: "Ático Madrid", provinceCode: "28" });
    // A Catalan property needs its Mossos identifier: refused without it, nothing stored.
    const refused = await post("/admin/viajeros/viviendas", { intent: "create", name: "Pis", address: "Carrer 1", establishmentCode: "X", provinceCode: "08" });
    expect(refused.status).toBe(400);
    await create("barcelona", { name: "Pis Gràcia", provinceCode: "08", mossosCode: "ex00000001", nrua: "ESFCTU00000801100008457400000000000000000HUTB-012345", regionalLicence: "HUTB-012345", publishRegistryNumbers: "true" });
    await create("bilbao", { name: "Piso Abando", provinceCode: "48" });
  });

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("the guest page of a flat whose operator publishes its numbers carries them as JSON-LD; others do not", async () => {
    const published = await createReservation(ids.barcelona);
    const unpublished = await createReservation(ids.madrid);
    const page = await (await fetch(`${server.url}/registro-viajeros/${published.uniqueLink}`)).text();
    const blocks = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
    expect(blocks).toContainEqual({
      "@context": "https://schema.org",
      "@type": "Accommodation",
      name: "Pis Gràcia",
      identifier: [
        { "@type": "PropertyValue", propertyID: "NRUA", value: "ESFCTU00000801100008457400000000000000000HUTB-012345" },
        { "@type": "PropertyValue", propertyID: "Licencia turística", value: "HUTB-012345" },
      ],
    });
    const other = await (await fetch(`${server.url}/registro-viajeros/${unpublished.uniqueLink}`)).text();
    expect(other).toContain("Ático Madrid");
    expect(other).not.toContain("application/ld+json");
  });

  test("a property saved without a province takes it from its postal code: a Barcelona address needs its Mossos code", async () => {
    const before = await server.db.select({ id: properties.id }).from(properties);
    const refused = await post("/admin/viajeros/viviendas", { intent: "create", name: "Pis Eixample", address: "Carrer de Mallorca 401, 08013 Barcelona", establishmentCode: "X1" });
    // Refused for want of the Mossos code: the same form with it is accepted below.
    expect(refused.status).toBe(400);
    expect(await server.db.select({ id: properties.id }).from(properties)).toHaveLength(before.length);
    const created = await post("/admin/viajeros/viviendas", { intent: "create", name: "Pis Eixample", address: "Carrer de Mallorca 401, 08013 Barcelona", establishmentCode: "X1", mossosCode: "EX00000002" });
    expect(created.status).toBe(201);
    const [row] = await server.db.select().from(properties).where(eq(properties.name, "Pis Eixample"));
    expect(row).toMatchObject({ provinceCode: "08", policeRecipientOverride: null, mossosCode: "EX00000002" });
    await server.db.delete(properties).where(eq(properties.id, row.id));
  });

  test("no SES request for a Catalan or a Basque property; Madrid's go as before", async () => {
    const catalan = await createReservation(ids.barcelona);
    const basque = await createReservation(ids.bilbao);
    await register(catalan.uniqueLink);
    await register(basque.uniqueLink);
    // Madrid after them: once its RH and PV are accepted, the sender has been through the queue.
    const madrid = await createReservation(ids.madrid);
    await register(madrid.uniqueLink);
    await accepted(madrid.id, "RH");
    await accepted(madrid.id, "PV");
    // Nothing of theirs is an SES row. The Basque PV waits for the Ertzaintza (its account has
    // automatic sending but no certificate yet: ADR 0018); the Catalan stay goes in a file.
    const regional = await server.db.select().from(sesCommunications).where(inArray(sesCommunications.reservationId, [catalan.id, basque.id]));
    expect(regional.filter((row) => row.recipient === "ses")).toEqual([]);
    expect(regional.map((row) => [row.reservationId, row.kind, row.recipient, row.state])).toEqual([[basque.id, "PV", "ertzaintza", "queued"]]);
    const references = fake.control.filings().map((filing) => filing.referencia);
    expect(references.length).toBeGreaterThanOrEqual(2);
    for (const reference of [catalan.id, catalan.uniqueLink, basque.id, basque.uniqueLink]) expect(references).not.toContain(reference);
    const [property] = await server.db.select().from(properties).where(eq(properties.id, ids.barcelona));
    expect(property).toMatchObject({ mossosCode: "EX00000001", regionalLicence: "HUTB-012345", publishRegistryNumbers: true });

    // The screens say where the filings go.
    const list = await (await get("/admin/viajeros/viviendas")).text();
    expect(list).toContain("Partes a <!-- -->Mossos d&#x27;Esquadra");
    expect(list).toContain("NRUA <!-- -->ESFCTU00000801100008457400000000000000000HUTB-012345");
    const rows = await (await get("/admin/viajeros")).text();
    expect(rows).toContain("Sin envío automático (su arrendador no tiene certificado");

    // The Basque stay has no Mossos file either.
    const basqueFile = await get(`/api/admin/reservations/${basque.id}/mossos.txt`);
    expect(basqueFile.status).toBe(409);
  });

  test("the Catalan stay's Mossos file: downloaded through the route, read back field by field, ticked, then cancelled into a task", async () => {
    const stay = await createReservation(ids.barcelona);
    expect((await get(`/api/admin/reservations/${stay.id}/mossos.txt`)).status).toBe(409); // not registered yet
    await register(stay.uniqueLink);
    const response = await get(`/api/admin/reservations/${stay.id}/mossos.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=iso-8859-1");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const disposition = response.headers.get("content-disposition") ?? "";
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "";
    expect(fileName).toMatch(/^EX00000001\.\d{3}\.txt$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const parsed = parseMossosFile(bytes, { encoding: "latin1", fileName });
    expect(parsed.establishment).toMatchObject({ identificador: "EX00000001", name: "PIS GRÀCIA", travellerCount: "1", format: "V24" });
    const [guest] = await server.db.select().from(guests).where(eq(guests.reservationId, stay.id));
    const expected: Record<(typeof TRAVELLER_FIELDS)[number], string> = {
      recordType: "2",
      spanishDocumentNumber: "12345678Z",
      foreignDocumentNumber: "",
      documentType: "D",
      documentIssueDate: "",
      firstSurname: "EJEMPLO",
      secondSurname: "FICTICIA",
      givenName: "LUCÍA",
      sex: "F",
      birthDate: "19850320",
      nationality: "ESP",
      entryDate: compact(stay.checkInDate),
      entryTime: "1600",
      exitDate: compact(stay.checkOutDate),
      exitTime: "1100",
      contractDate: compact(stay.contractDate),
      contractType: "C",
      contractNumber: stay.id.toUpperCase(),
      travellerCount: "1",
      roomCount: "1",
      internet: "S",
      paymentType: "EFECT",
      phone: guest.phone ?? "",
      kinship: "",
      email: "lucia@example.com",
      supportNumber: "ABC123456",
      address: "CALLE INVENTADA 1",
      province: "28",
      municipality: "280796",
      locality: "",
      country: "ESP",
      postalCode: "28001",
    };
    for (const field of TRAVELLER_FIELDS) expect({ field, value: parsed.travellers[0][field] }).toEqual({ field, value: expected[field] });

    // Asking again gives the same file; Comunicaciones lists it and serves the same bytes.
    const [file] = await server.db.select().from(mossosFiles).where(eq(mossosFiles.fileName, fileName));
    const again = await get(`/api/admin/reservations/${stay.id}/mossos.txt`);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const stored = await get(`/api/admin/mossos-files/${file.id}`);
    expect(Buffer.from(await stored.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const page = await (await get("/admin/viajeros/comunicaciones")).text();
    expect(page).toContain(fileName);
    expect(page).toContain("Sin envío automático (su arrendador no lo tiene activado o no tiene certificado): <!-- -->Piso Abando");

    expect((await post("/admin/viajeros/comunicaciones/mossos", { intent: "mossos-uploaded", id: file.id, receipt: "" })).status).toBe(400);
    expect((await post("/admin/viajeros/comunicaciones/mossos", { intent: "mossos-uploaded", id: file.id, receipt: "CV-2026-0001" })).status).toBe(200);
    expect((await post("/admin/viajeros?index", { intent: "cancel", id: stay.id })).status).toBe(200);
    const after = await (await get("/admin/viajeros/comunicaciones")).text();
    expect(after).toContain("Anular en el portal de los Mossos");
    expect(after).toContain("CV-2026-0001");
    // Without a session, nothing.
    expect((await fetch(`${server.url}/api/admin/mossos-files/${file.id}`)).status).toBe(401);
  });
});
