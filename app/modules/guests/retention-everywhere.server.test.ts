import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database, Db } from "#app/db/client.server.ts";
import { guests, landlordAccounts, mailOutbox, mossosFiles, policeTasks, properties, reservations, sesAttempts, sesCommunications } from "#app/db/schema.ts";
import { DEFAULT_MOSSOS_OPTIONS } from "#app/modules/mossos/mossos-codes.ts";
import { makeMossosFile, recordMossosChange } from "#app/modules/mossos/mossos.server.ts";
import { listAttempts, PURGED_BODY_NOTICE, queueGuestRegisterFiling, queueReservationFiling } from "#app/modules/ses/ses-outbox.server.ts";
import { storedGuestRow } from "#tests/helpers/guest-fixtures.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import { purgeExpiredGuestData } from "./retention.server.ts";

// Issue 18: after the retention job the police outbox still held the full PV and RH documents.
// Here every table that can hold a guest's or a holder's identity is seeded (the filings through
// the outbox's own queueing), retention runs, and then the WHOLE database, every row of every
// table cast to text, is searched for each identity value: none may be left anywhere.

// The stays ended in 2026; with the default 1096 days the cutoff on this date is 2027-12-31,
// after the rows' creation time (now), so the age rules apply to them too.
const NOW = new Date("2031-01-01T10:00:00Z");

const HOLDER = { given: "Zacarías", first: "Quintanilla", second: "Barbadillo", email: "zacarias.quintanilla@example.com", phone: "+34611222333", document: "87654321X" };
const GUEST = {
  givenName: "Evaristo",
  firstSurname: "Villalobos",
  secondSurname: "Peñaranda",
  fullName: "Evaristo Villalobos Peñaranda",
  birthDate: "1977-07-17",
  documentNumber: "11223344B",
  documentSupport: "QWE987654",
  phone: "+34 699 888 777",
  email: "evaristo.villalobos@example.com",
  addressStreet: "Calle del Olvido 42",
  signatureTypedName: "Evaristo Villalobos Firmado",
};
const IDENTITY_VALUES = [...Object.values(HOLDER), ...Object.values(GUEST)].map((value) => value.toLowerCase());
// A guest of a stay in Catalonia, filed to the Mossos d'Esquadra by bulk file (ADR 0019).
const CATALAN_GUEST = {
  givenName: "Remedios",
  firstSurname: "Castellví",
  secondSurname: "Puigdomènech",
  fullName: "Remedios Castellví Puigdomènech",
  birthDate: "1969-02-11",
  documentNumber: "55667788C",
  documentSupport: "RTY123456",
  phone: "+34 677 111 222",
  email: "remedios.castellvi@example.com",
  addressStreet: "Carrer de la Memòria 7",
  addressProvince: "08",
  addressMunicipalityCode: "08019",
  addressPostalCode: "08012",
  signatureTypedName: "Remedios Castellví",
};
const CATALAN_VALUES = Object.entries(CATALAN_GUEST)
  .filter(([key]) => !key.startsWith("address") || key === "addressStreet")
  .map(([, value]) => value.toLowerCase());

/** Every row of every table in the public schema, as text. */
async function dumpDatabase(db: Db): Promise<string> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as { rows: { table_name: string }[] };
  const parts: string[] = [];
  for (const { table_name: table } of tables.rows) {
    const result = (await db.execute(sql`select t::text as row from ${sql.identifier(table)} t`)) as { rows: { row: string }[] };
    parts.push(`## ${table}\n${result.rows.map((r) => r.row).join("\n")}`);
  }
  // The Mossos files are stored base64 (ISO-8859-1 or UTF-8 inside): read as the portal would.
  const files = await db.select({ content: mossosFiles.contentBase64 }).from(mossosFiles);
  for (const { content } of files) {
    const bytes = Buffer.from(content, "base64");
    parts.push(`## mossos file\n${bytes.toString("latin1")}\n${bytes.toString("utf8")}`);
  }
  // Case-insensitive: the Mossos file writes names in capitals.
  return parts.join("\n").toLowerCase();
}

describe.each(testDatabases())("retention removes identity data from every table, on %s", (kind) => {
  let testDatabase: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    database = await testDatabase.open();
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  test("guests, holder, e-mails, the SES documents and exchange log, the Mossos files: nothing identifying is left", async () => {
    const { db } = database;
    const [landlord] = await db
      .insert(landlordAccounts)
      .values({ name: "Arrendador", landlordCode: "0000000042", wsUser: "B00000000WS", autoSend: true })
      .returning({ id: landlordAccounts.id });
    const [property] = await db
      .insert(properties)
      .values({ name: "Ático Sol", address: "Calle Sol 3", establishmentCode: "0000012345", landlordAccountId: landlord.id })
      .returning({ id: properties.id });

    const newStay = async (link: string) => {
      const [row] = await db
        .insert(reservations)
        .values({
          propertyId: property.id,
          propertyName: "Ático Sol",
          guestCount: 1,
          contractDate: "2026-06-01",
          checkInDate: "2026-07-01",
          checkOutDate: "2026-07-05",
          uniqueLink: link,
          status: "completed",
          completedAt: new Date("2026-07-01T10:00:00Z"),
          notes: `Llamar a ${HOLDER.given} al ${HOLDER.phone}`,
          holderGivenName: HOLDER.given,
          holderFirstSurname: HOLDER.first,
          holderSecondSurname: HOLDER.second,
          holderEmail: HOLDER.email,
          holderPhone: HOLDER.phone,
          holderDocumentType: "DNI",
          holderDocumentNumber: HOLDER.document,
          bookingChannel: "direct",
        })
        .returning({ id: reservations.id });
      await db.insert(guests).values(storedGuestRow(row.id, GUEST));
      // The filings, through the outbox's own queueing: the RH names the holder, the PV every guest.
      const rh = await queueReservationFiling(db, row.id);
      const pv = await queueGuestRegisterFiling(db, row.id);
      expect(rh && pv).toBeTruthy();
      // The exchange log as the sender writes it: the request body is the document.
      const [document] = await db.select().from(sesCommunications).where(eq(sesCommunications.id, pv!));
      expect(document.xml).toContain(GUEST.documentNumber);
      // Filed under the public reference, never the guest link (ADR 0012).
      const [{ reference }] = await db.select({ reference: reservations.reference }).from(reservations).where(eq(reservations.id, row.id));
      expect(reference).toMatch(/^NS-[0-9A-F]{12}$/);
      expect(document.xml).toContain(`<referencia>${reference}</referencia>`);
      expect(document.xml).not.toContain(link);
      await db.insert(sesAttempts).values({
        communicationId: pv,
        landlordAccountId: landlord.id,
        operation: "comunicacion",
        outcome: "error",
        message: `Documento ${GUEST.documentNumber} rechazado`,
        requestUrl: "https://ses.example/ws",
        requestHeaders: "{}",
        requestBody: document.xml,
        responseStatus: 200,
        responseBody: `<respuesta>${GUEST.givenName} ${GUEST.documentNumber}</respuesta>`,
        durationMs: 12,
      });
      await db.insert(mailOutbox).values({
        eventKey: `guest-link:${row.id}:created`,
        kind: "guest-link",
        reservationId: row.id,
        recipient: HOLDER.email,
        lang: "es",
        subject: `Hola ${HOLDER.given}`,
        body: `${HOLDER.given} ${HOLDER.first}, ${HOLDER.phone}`,
      });
      return row.id;
    };
    const kept = await newStay("linkA-aaaaaaaaaaaaaaaaaaaaaa");
    // A reservation deleted by staff: its filings stay (reservation_id set null) with the data.
    const deleted = await newStay("linkB-bbbbbbbbbbbbbbbbbbbbbb"); // its e-mail goes with it (cascade)
    await db.delete(reservations).where(eq(reservations.id, deleted));
    // A lote query's exchange belongs to no one filing; its answer can quote the data.
    await db.insert(sesAttempts).values({
      communicationId: null,
      landlordAccountId: landlord.id,
      operation: "consultaLote",
      outcome: "ok",
      requestUrl: "https://ses.example/ws",
      requestHeaders: "{}",
      requestBody: "<consulta/>",
      responseBody: `<resultado>${GUEST.fullName} ${GUEST.birthDate}</resultado>`,
      durationMs: 5,
    });
    // A staff digest about several stays names the holder.
    await db.insert(mailOutbox).values({
      eventKey: "arrival-day:2026-07-01",
      kind: "arrival-day",
      aboutReservationIds: [kept],
      recipient: "staff@nidosmart.test",
      lang: "es",
      subject: "Llegadas",
      body: `${HOLDER.given} ${HOLDER.first} ${HOLDER.second}`,
    });

    // A stay in Barcelona: its guest is in a Mossos bulk file, uploaded, then corrected (a task).
    const [barcelona] = await db
      .insert(properties)
      .values({ name: "Pis Gràcia", address: "Carrer Verdi 1, Barcelona", establishmentCode: "HUTB000001", provinceCode: "08", mossosCode: "EX00000001" })
      .returning({ id: properties.id });
    const [catalanStay] = await db
      .insert(reservations)
      .values({
        propertyId: barcelona.id,
        propertyName: "Pis Gràcia",
        guestCount: 1,
        contractDate: "2026-06-01",
        checkInDate: "2026-07-01",
        checkOutDate: "2026-07-05",
        uniqueLink: "linkC-cccccccccccccccccccccc",
        status: "completed",
        paymentType: "TARJT",
      })
      .returning({ id: reservations.id });
    await db.insert(guests).values(storedGuestRow(catalanStay.id, CATALAN_GUEST));
    const made = await makeMossosFile(db, { propertyId: barcelona.id, origin: "on-demand", day: "2026-07-01", reservationId: catalanStay.id, now: new Date("2026-07-01T20:00:00Z"), options: DEFAULT_MOSSOS_OPTIONS });
    if (made.status !== "created") throw new Error(`no Mossos file: ${JSON.stringify(made)}`);
    await db.update(mossosFiles).set({ uploadedAt: new Date("2026-07-01T21:00:00Z"), receipt: "CV-1" }).where(eq(mossosFiles.id, made.fileId));
    await db.transaction((tx) => recordMossosChange(tx, catalanStay.id, "correct", new Date("2026-07-02T10:00:00Z")));
    expect(await db.select().from(policeTasks)).toHaveLength(1);

    const before = await dumpDatabase(db);
    for (const value of [...IDENTITY_VALUES, ...CATALAN_VALUES]) expect(before, value).toContain(value);

    const result = await purgeExpiredGuestData(db, { now: NOW });
    expect(result).toMatchObject({ skipped: false, reservations: 2, guests: 2, sesDocuments: 4, sesAttempts: 3, mails: 2, mossosFiles: 1 });

    const after = await dumpDatabase(db);
    const left = [...IDENTITY_VALUES, ...CATALAN_VALUES].filter((value) => after.includes(value));
    expect(left).toEqual([]);

    // The record of what was filed stays: kind, state, sha256; a filing never sent is dropped.
    const documents = await db.select().from(sesCommunications);
    expect(documents).toHaveLength(4);
    for (const document of documents) {
      expect(document.xml).toBe("");
      expect(document.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(document.documentPurgedAt).toEqual(NOW);
      expect(document.state).toBe("dropped");
    }
    expect(documents.map((d) => d.kind).sort()).toEqual(["PV", "PV", "RH", "RH"]);
    // Comunicaciones says why the bodies are empty.
    const attempts = await listAttempts(db);
    expect(attempts).toHaveLength(3);
    for (const attempt of attempts) {
      expect(attempt.requestBody).toContain(PURGED_BODY_NOTICE);
      expect(attempt.responseBody).toContain(PURGED_BODY_NOTICE);
    }

    // Idempotent: a second run finds nothing more.
    expect(await purgeExpiredGuestData(db, { now: NOW })).toMatchObject({ reservations: 0, sesDocuments: 0, sesAttempts: 0, mails: 0, mossosFiles: 0 });
    // The staff task stays (it names no guest), without its file.
    const [task] = await db.select().from(policeTasks);
    expect(task.fileId).toBeNull();
  });
});
