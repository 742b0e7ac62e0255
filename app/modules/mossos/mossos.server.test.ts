import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { guests, mailOutbox, mossosFiles, policeTasks, properties, reservations, users } from "#app/db/schema.ts";
import type { MailSettings } from "#app/modules/mail/guest-mail.server.ts";
import { DEFAULT_MOSSOS_OPTIONS } from "#app/modules/mossos/mossos-codes.ts";
import { parseMossosFile } from "#app/modules/mossos/mossos-parser.ts";
import {
  getMossosFileContent,
  listMossosFiles,
  listOpenPoliceTasks,
  makeMossosFile,
  markMossosFileUploaded,
  MOSSOS_MESSAGES,
  mossosFileState,
  purgeMossosFiles,
  recordMossosChange,
  runMossosSchedule,
} from "#app/modules/mossos/mossos.server.ts";
import { cancelReservation } from "#app/modules/reservations/reservations.server.ts";
import { storedGuestRow } from "#tests/helpers/guest-fixtures.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";

// The Mossos daily file on a real database and a fake clock (no sleeps): nothing before 23:00
// Madrid time, one file at 23:00 however many instances tick, one e-mail per file through the
// mail outbox, the alert 2 h before the deadline, the states, and the staff task when an
// uploaded stay is cancelled.

// 2026-09-10 is summer time in Madrid (UTC+2).
const AT_2259 = new Date("2026-09-10T20:59:00Z");
const AT_2300 = new Date("2026-09-10T21:00:00Z");
// Deadline: check-in day 16:00 Madrid + 24 h = 2026-09-11T14:00:00Z.
const DUE = new Date("2026-09-11T14:00:00Z");

describe.each(testDatabases())("Mossos daily file on %s", (kind) => {
  let testDatabase: TestDatabase;
  let first: Database;
  let second: Database;
  let propertyId = "";
  const db = () => first.db;
  const mail: MailSettings = { enabled: true, siteUrl: "https://nido.example", reminderDays: 2, staffTo: ["equipo@nido.example"] };
  const settings = { options: DEFAULT_MOSSOS_OPTIONS, mail };

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    first = await testDatabase.open();
    // Two instances on one PostgreSQL; PGlite is one process's database, so both are one handle.
    second = kind === "postgres" ? await testDatabase.open() : first;
  });
  afterAll(async () => {
    if (second && second !== first) await second.close();
    await first?.close();
    await testDatabase?.drop();
  });
  beforeEach(async () => {
    await first.db.delete(mailOutbox);
    await first.db.delete(policeTasks);
    await first.db.delete(mossosFiles);
    await first.db.delete(reservations);
    await first.db.delete(properties);
    [{ id: propertyId }] = await first.db
      .insert(properties)
      .values({ name: "Pis Gràcia", address: "Carrer Verdi 1, Barcelona", establishmentCode: "HUTB000001", provinceCode: "08", mossosCode: "EX00000001" })
      .returning({ id: properties.id });
  });

  let seq = 0;
  async function registeredStay(checkInDate = "2026-09-10", guestRows?: (id: string) => (typeof guests.$inferInsert)[]) {
    seq++;
    const [row] = await first.db
      .insert(reservations)
      .values({
        propertyId,
        propertyName: "Pis Gràcia",
        guestCount: 2,
        checkInDate,
        checkOutDate: new Date(Date.parse(`${checkInDate}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10),
        contractDate: "2026-08-01",
        uniqueLink: `mossoslink${String(seq).padStart(12, "0")}`,
        status: "completed",
        paymentType: "TARJT",
        rooms: 1,
      })
      .returning({ id: reservations.id });
    const rows = guestRows?.(row.id) ?? [
      storedGuestRow(row.id, { addressMunicipalityCode: "08019", addressProvince: "08", addressPostalCode: "08012" }),
      storedGuestRow(row.id, {
        position: 2,
        givenName: "Tom",
        firstSurname: "Sample",
        secondSurname: null,
        fullName: "Tom Sample",
        sex: "H",
        nationality: "IRL",
        documentType: "Pasaporte",
        documentNumber: "X0000000",
        documentSupport: null,
        addressStreet: "1 Example Street",
        addressCountry: "IRL",
        addressProvince: null,
        addressMunicipalityCode: null,
        addressMunicipality: "Dublin",
        addressPostalCode: "D02 XY00",
      }),
    ];
    await first.db.insert(guests).values(rows);
    return row.id;
  }

  test("nothing before 23:00; at 23:00 one file, one e-mail, whatever the instances", async () => {
    const stayId = await registeredStay();
    expect(await runMossosSchedule(first.db, settings, { now: AT_2259 })).toEqual({ created: 0, invalid: 0, alerts: 0 });
    expect(await first.db.select().from(mossosFiles)).toHaveLength(0);

    const results = await Promise.all([
      runMossosSchedule(first.db, settings, { now: AT_2300 }),
      runMossosSchedule(second.db, settings, { now: AT_2300 }),
      runMossosSchedule(first.db, settings, { now: AT_2300 }),
    ]);
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(1);
    const files = await listMossosFiles(first.db);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ fileName: "EX00000001.001.txt", day: "2026-09-10", lineCount: 2, reservationIds: [stayId], dueAt: DUE });
    const mails = await first.db.select().from(mailOutbox);
    expect(mails.map((m) => [m.kind, m.eventKey, m.recipient])).toEqual([["mossos-file", `mossos-file:${files[0].id}`, "equipo@nido.example"]]);
    expect(mails[0].body).not.toContain("EJEMPLO");
    expect(mails[0].body).not.toContain("12345678Z");

    const content = await getMossosFileContent(first.db, files[0].id);
    const parsed = parseMossosFile(content!.bytes, { encoding: "latin1", fileName: content!.fileName });
    expect(parsed.establishment).toMatchObject({ identificador: "EX00000001", name: "PIS GRÀCIA", fileDate: "20260910", fileTime: "2300", travellerCount: "2" });
    expect(parsed.travellers[0]).toMatchObject({
      spanishDocumentNumber: "12345678Z",
      documentType: "D",
      givenName: "LUCÍA",
      sex: "F",
      entryDate: "20260910",
      exitDate: "20260913",
      contractNumber: stayId.toUpperCase(),
      province: "08",
      municipality: "080193",
      postalCode: "08012",
    });
    expect(parsed.travellers[1]).toMatchObject({ foreignDocumentNumber: "X0000000", documentType: "P", sex: "M", locality: "DUBLIN", country: "IRL" });

    // The next tick that day makes nothing new (the stay is in a live file).
    expect((await runMossosSchedule(first.db, settings, { now: new Date("2026-09-10T21:30:00Z") })).created).toBe(0);
  });

  test("in winter (UTC+1) 23:00 Madrid is 22:00 UTC; an instance down at 23:00 catches up the next morning", async () => {
    await registeredStay("2026-12-10");
    expect((await runMossosSchedule(first.db, settings, { now: new Date("2026-12-10T21:59:00Z") })).created).toBe(0);
    expect((await runMossosSchedule(first.db, settings, { now: new Date("2026-12-10T22:00:00Z") })).created).toBe(1);
    const [file] = await listMossosFiles(first.db);
    expect(file).toMatchObject({ day: "2026-12-10", dueAt: new Date("2026-12-11T15:00:00Z") });
    await first.db.delete(mossosFiles);
    // Nobody ran at 23:00: at 08:00 the next day, yesterday's file is made.
    expect((await runMossosSchedule(first.db, settings, { now: new Date("2026-12-11T07:00:00Z") })).created).toBe(1);
    expect((await listMossosFiles(first.db))[0].day).toBe("2026-12-10");
  });

  test("states: generado, the alert 2 h before the deadline (once), fuera de plazo, subido", async () => {
    await registeredStay();
    await runMossosSchedule(first.db, settings, { now: AT_2300 });
    const [file] = await listMossosFiles(first.db);
    expect(mossosFileState(file, AT_2300)).toBe("generado");

    const justBefore = new Date(DUE.getTime() - 2 * 3_600_000 - 60_000);
    expect((await runMossosSchedule(first.db, settings, { now: justBefore })).alerts).toBe(0);
    const twoHoursBefore = new Date(DUE.getTime() - 2 * 3_600_000);
    expect((await runMossosSchedule(first.db, settings, { now: twoHoursBefore })).alerts).toBe(1);
    expect((await runMossosSchedule(second.db, settings, { now: twoHoursBefore })).alerts).toBe(0);
    const alerts = await first.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "mossos-alert"));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].subject).toContain("EX00000001.001.txt");

    expect(mossosFileState(file, new Date(DUE.getTime() + 60_000))).toBe("fuera de plazo");
    await first.db.insert(users).values({ id: `staff-${kind}`, email: `staff-${kind}@nido.example` }).onConflictDoNothing();
    expect(await markMossosFileUploaded(first.db, file.id, "   ", `staff-${kind}`)).toEqual({ ok: false, message: MOSSOS_MESSAGES.receiptRequired, status: 400 });
    expect(await markMossosFileUploaded(first.db, file.id, "\u200B\u202E ", `staff-${kind}`)).toEqual({ ok: false, message: MOSSOS_MESSAGES.receiptRequired, status: 400 });
    // The one sanitiser of every form: no bidi or zero-width characters in what staff read later.
    expect(await markMossosFileUploaded(first.db, file.id, " CV-\u202E77\u200B81 ", `staff-${kind}`)).toEqual({ ok: true, message: MOSSOS_MESSAGES.uploaded, status: 200 });
    expect(await markMossosFileUploaded(first.db, file.id, "CV-7782", `staff-${kind}`)).toEqual({ ok: false, message: MOSSOS_MESSAGES.alreadyUploaded, status: 409 });
    const [ticked] = await listMossosFiles(first.db);
    expect(ticked.receipt).toBe("CV-7781");
    expect(mossosFileState(ticked, new Date(DUE.getTime() + 60_000))).toBe("subido");
    // No alert for an uploaded file, even past its deadline.
    await first.db.delete(mailOutbox);
    expect((await runMossosSchedule(first.db, settings, { now: new Date(DUE.getTime() + 60_000) })).alerts).toBe(0);
  }, 30_000);

  test("cancelling an uploaded stay is a task with the steps; a file not uploaded is superseded instead", async () => {
    const uploadedStay = await registeredStay();
    await runMossosSchedule(first.db, settings, { now: AT_2300 });
    const [uploaded] = await listMossosFiles(first.db);
    await first.db.update(mossosFiles).set({ uploadedAt: AT_2300, receipt: "CV-7781" }).where(eq(mossosFiles.id, uploaded.id));
    expect(mossosFileState({ ...uploaded, uploadedAt: AT_2300 }, new Date(DUE.getTime() + 1))).toBe("subido");
    expect(await cancelReservation(first.db, uploadedStay)).toBe("cancelled");
    const tasks = await listOpenPoliceTasks(first.db);
    expect(tasks).toHaveLength(1);
    expect(tasks[0].kind).toBe("mossos-cancel");
    expect(tasks[0].steps).toContain("EX00000001.001.txt");
    expect(tasks[0].steps).toContain(uploadedStay.toUpperCase());
    expect(tasks[0].steps).toContain("CV-7781");

    // Next day: a stay whose file was not uploaded yet is cancelled → that file is superseded.
    const other = await registeredStay("2026-09-11");
    await runMossosSchedule(first.db, settings, { now: new Date("2026-09-11T21:00:00Z") });
    const second = (await listMossosFiles(first.db)).find((f) => f.reservationIds.includes(other))!;
    expect(second.fileName).toBe("EX00000001.002.txt");
    await cancelReservation(first.db, other);
    const [superseded] = await first.db.select().from(mossosFiles).where(eq(mossosFiles.id, second.id));
    expect(mossosFileState(superseded, new Date("2026-09-11T21:01:00Z"))).toBe("sustituido");
    expect(await listOpenPoliceTasks(first.db)).toHaveLength(1);

    // Retention: once no stay of a file keeps guest data, the file (identity data) goes too.
    await first.db.update(reservations).set({ guestDataPurgedAt: AT_2300 }).where(eq(reservations.id, uploadedStay));
    expect(await purgeMossosFiles(first.db)).toBe(1);
    expect((await listMossosFiles(first.db)).map((f) => f.fileName)).toEqual(["EX00000001.002.txt"]);
    expect(await listOpenPoliceTasks(first.db)).toHaveLength(1);
  });

  test("a correction after upload is a task, and the reservation's file is then a new one", async () => {
    const stayId = await registeredStay();
    const made = await makeMossosFile(db(), { propertyId, origin: "on-demand", day: "2026-09-10", reservationId: stayId, now: AT_2259, options: DEFAULT_MOSSOS_OPTIONS });
    if (made.status !== "created") throw new Error(made.status);
    await db().update(mossosFiles).set({ uploadedAt: AT_2259, receipt: "CV-1" }).where(eq(mossosFiles.id, made.fileId));
    await db().transaction((tx) => recordMossosChange(tx, stayId, "correct", AT_2300));
    const [task] = await listOpenPoliceTasks(db());
    expect(task.kind).toBe("mossos-correct");
    expect(task.steps).toContain("Fichero Mossos");
    const second = await makeMossosFile(db(), { propertyId, origin: "on-demand", day: "2026-09-10", reservationId: stayId, now: new Date(AT_2300.getTime() + 60_000), options: DEFAULT_MOSSOS_OPTIONS });
    expect(second.status).toBe("created");
    expect((await listMossosFiles(db())).map((f) => f.fileName).sort()).toEqual(["EX00000001.001.txt", "EX00000001.002.txt"]);
  });

  test("data the portal would refuse makes no file but one task naming the problem", async () => {
    await registeredStay("2026-09-10", (id) => [storedGuestRow(id, { documentSupport: null, addressMunicipalityCode: "08019", addressProvince: "08" })]);
    for (const now of [AT_2300, new Date("2026-09-10T21:01:00Z")]) expect((await runMossosSchedule(first.db, settings, { now })).invalid).toBe(1);
    expect(await first.db.select().from(mossosFiles)).toHaveLength(0);
    const tasks = await listOpenPoliceTasks(first.db);
    expect(tasks).toHaveLength(1);
    expect(tasks[0].steps).toContain("el número de soporte de un DNI o NIE tiene 9 caracteres");
  });

  test("a reservation's own file: made on demand, then the same file while it is live", async () => {
    const stayId = await registeredStay();
    const made = await makeMossosFile(first.db, { propertyId, origin: "on-demand", day: "2026-09-10", reservationId: stayId, now: AT_2259, options: DEFAULT_MOSSOS_OPTIONS });
    expect(made.status).toBe("created");
    const again = await makeMossosFile(first.db, { propertyId, origin: "on-demand", day: "2026-09-10", reservationId: stayId, now: AT_2300, options: DEFAULT_MOSSOS_OPTIONS });
    expect(again).toEqual({ status: "exists", fileId: made.status === "created" ? made.fileId : "" });
    // The 23:00 run does not file it twice.
    expect((await runMossosSchedule(first.db, settings, { now: AT_2300 })).created).toBe(0);
  });
});
