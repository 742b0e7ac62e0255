import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { guests, properties, reservations } from "#app/db/schema.ts";
import { todayIsoDate } from "#app/lib/dates.ts";
import { DOOR_MESSAGES } from "#app/modules/door/door.schema.ts";
import { getDoorLinksForReservations, registerDevice } from "#app/modules/door/door.server.ts";
import { POLICE_XML_CANCELLED } from "#app/modules/guests/guest-xml.server.ts";
import { type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { RESERVATION_MESSAGES } from "#app/modules/reservations/reservations.schema.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { validGuestForm } from "#tests/helpers/guest-fixtures.ts";

// The reservation holder (rol TI), the booking channel, editing and cancelling (issue 10 items
// 2 and 3) over real HTTP and a real database: every rule answered by the server with its
// Spanish message and nothing stored, whatever the page did or did not check first.

const decodeHtml = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const HOLDER = {
  holderGivenName: "Lucía",
  holderFirstSurname: "Ejemplo",
  holderSecondSurname: "Ficticia",
  holderEmail: "Lucia@Example.com",
  holderPhone: "+34 600 000 000",
  holderDocumentType: "DNI",
  holderDocumentNumber: "12345678-z",
  bookingChannel: "airbnb",
};

const adult = validGuestForm;

let ip = 0;

describe.each(testDatabases())("reservation holder, edit and cancel on %s", (database) => {
  let server: TestServer;
  let adminCookie: string;
  let userCookie: string;
  let propertyId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: { TRUST_PROXY: "true" } });
    await server.createUser({ email: "admin@holder.test", password: "admin-pass", role: "admin" });
    await server.createUser({ email: "user@holder.test", password: "user-pass", role: "user" });
    adminCookie = await server.signIn("admin@holder.test", "admin-pass");
    userCookie = await server.signIn("user@holder.test", "user-pass");
    const superCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await post("/admin/viajeros/viviendas", { intent: "create", name: "Loft Titular", address: "Calle Mayor 1", establishmentCode: "H0001" }, superCookie)).status).toBe(201);
    [{ id: propertyId }] = await server.db.select({ id: properties.id }).from(properties).limit(1);
  });
  afterAll(async () => {
    await server?.stop();
  });

  function post(path: string, body: Record<string, string>, cookie?: string) {
    ip += 1;
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        "X-Forwarded-For": `10.88.${(ip >> 8) & 255}.${ip & 255}`,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(body).toString(),
    });
  }
  const action = (body: Record<string, string>, cookie = adminCookie) => post("/admin/viajeros?index", body, cookie);
  const stay = { guestCount: "2", checkInDate: "2026-08-01", checkOutDate: "2026-08-05" };
  const rowOf = async (id: string) => (await server.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;

  async function create(fields: Record<string, string> = {}) {
    const response = await action({ intent: "create", propertyId, ...stay, ...HOLDER, ...fields });
    expect(response.status).toBe(201);
    const [row] = await server.db.select().from(reservations).orderBy(desc(reservations.createdAt)).limit(1);
    return row!;
  }

  async function register(link: string, count: number) {
    const fields: Record<string, string> = { client: "js" };
    for (let index = 0; index < count; index++) {
      const guest = adult(index === 0 ? {} : { givenName: `Acompañante ${index}`, documentType: "Pasaporte", documentNumber: `PAS${index}2345`, documentSupport: "" });
      for (const [field, value] of Object.entries(guest)) fields[guestInputName(index, field as keyof GuestFormValues)] = value ?? "";
    }
    return post(`/registro-viajeros/${link}?lang=es&personas=${count}`, fields);
  }

  test.each([
    ["no given name", { holderGivenName: "" }, RESERVATION_MESSAGES.holderNameRequired],
    ["no first surname", { holderFirstSurname: "  " }, RESERVATION_MESSAGES.holderNameRequired],
    ["neither e-mail nor phone", { holderEmail: "", holderPhone: "" }, RESERVATION_MESSAGES.holderContactRequired],
    ["a bad e-mail", { holderEmail: "lucia@" }, RESERVATION_MESSAGES.holderEmailInvalid],
    ["a bad phone", { holderPhone: "12" }, RESERVATION_MESSAGES.holderPhoneInvalid],
    ["a document type without number", { holderDocumentNumber: "" }, RESERVATION_MESSAGES.holderDocumentIncomplete],
    ["a document number without type", { holderDocumentType: "" }, RESERVATION_MESSAGES.holderDocumentIncomplete],
    ["a DNI with the wrong letter", { holderDocumentNumber: "12345678A" }, RESERVATION_MESSAGES.holderDocumentInvalid],
    ["an unknown document type", { holderDocumentType: "Carnet" }, RESERVATION_MESSAGES.holderDocumentInvalid],
    ["an unknown channel", { bookingChannel: "expedia" }, RESERVATION_MESSAGES.invalidChannel],
  ])("create with %s → 400 with the Spanish message, nothing stored", async (_, change, message) => {
    const before = await server.db.select({ id: reservations.id }).from(reservations);
    const response = await action({ intent: "create", propertyId, ...stay, ...HOLDER, ...change });
    expect(response.status).toBe(400);
    expect(decodeHtml(await response.text())).toContain(message);
    expect(await server.db.select({ id: reservations.id }).from(reservations)).toHaveLength(before.length);
  });

  test("create stores the holder (e-mail lower-cased, document normalised) and the channel; one contact is enough", async () => {
    const row = await create();
    expect(row).toMatchObject({
      holderGivenName: "Lucía",
      holderFirstSurname: "Ejemplo",
      holderSecondSurname: "Ficticia",
      holderEmail: "lucia@example.com",
      holderPhone: "+34 600 000 000",
      holderDocumentType: "DNI",
      holderDocumentNumber: "12345678Z",
      bookingChannel: "airbnb",
      cancelledAt: null,
    });
    const phoneOnly = await create({ holderEmail: "", holderDocumentType: "", holderDocumentNumber: "", holderSecondSurname: "", bookingChannel: "" });
    expect(phoneOnly).toMatchObject({ holderEmail: null, holderPhone: "+34 600 000 000", holderDocumentType: null, holderSecondSurname: null, bookingChannel: "direct" });
    const page = decodeHtml(await (await fetch(`${server.url}/admin/viajeros`, { headers: { Cookie: adminCookie } })).text());
    expect(page).toContain("Lucía Ejemplo Ficticia");
    expect(page).toContain("Airbnb");
  });

  test("edit: dates, guest count, holder and channel change; the same rules as creating apply; the property stays", async () => {
    const row = await create();
    const edit = (fields: Record<string, string>) =>
      action({ intent: "update", id: row.id, ...stay, ...HOLDER, propertyId: "00000000-0000-4000-8000-000000000000", ...fields });

    const bad = await edit({ checkInDate: "2026-08-05", checkOutDate: "2026-08-01" });
    expect(bad.status).toBe(400);
    expect(decodeHtml(await bad.text())).toContain(RESERVATION_MESSAGES.checkOutBeforeCheckIn);
    const noContact = await edit({ holderEmail: "", holderPhone: "" });
    expect(noContact.status).toBe(400);
    expect(decodeHtml(await noContact.text())).toContain(RESERVATION_MESSAGES.holderContactRequired);
    const tooMany = await edit({ guestCount: "11" });
    expect(tooMany.status).toBe(400);
    expect(await rowOf(row.id)).toMatchObject({ checkInDate: "2026-08-01", guestCount: 2, holderEmail: "lucia@example.com" });

    const ok = await edit({
      checkInDate: "2026-09-10",
      checkOutDate: "2026-09-12",
      guestCount: "4",
      holderGivenName: "Marta",
      holderFirstSurname: "Prueba",
      holderEmail: "marta@example.com",
      holderDocumentType: "",
      holderDocumentNumber: "",
      bookingChannel: "booking",
      notes: "Cambio de fechas",
    });
    expect(ok.status).toBe(200);
    expect(decodeHtml(await ok.text())).toContain(RESERVATION_MESSAGES.updated);
    const after = await rowOf(row.id);
    expect(after).toMatchObject({
      propertyId,
      checkInDate: "2026-09-10",
      checkOutDate: "2026-09-12",
      guestCount: 4,
      holderGivenName: "Marta",
      holderFirstSurname: "Prueba",
      holderEmail: "marta@example.com",
      holderDocumentType: null,
      holderDocumentNumber: null,
      bookingChannel: "booking",
      notes: "Cambio de fechas",
      uniqueLink: row.uniqueLink,
    });
    expect(after.updatedAt).toBeInstanceOf(Date);

    const missing = await action({ intent: "update", id: "00000000-0000-4000-8000-000000000000", ...stay, ...HOLDER });
    expect(missing.status).toBe(404);
    expect(decodeHtml(await missing.text())).toContain(RESERVATION_MESSAGES.notFound);
  });

  test("edit: the guest count cannot drop below the guests already registered", async () => {
    const row = await create({ guestCount: "2" });
    expect((await register(row.uniqueLink, 2)).status).toBe(201);
    const below = await action({ intent: "update", id: row.id, ...stay, ...HOLDER, guestCount: "1" });
    expect(below.status).toBe(409);
    expect(decodeHtml(await below.text())).toContain(`${RESERVATION_MESSAGES.guestCountBelowRegistered} (2)`);
    expect((await rowOf(row.id)).guestCount).toBe(2);
    expect((await action({ intent: "update", id: row.id, ...stay, ...HOLDER, guestCount: "3" })).status).toBe(200);
    expect((await rowOf(row.id)).guestCount).toBe(3);
  });

  test("cancel: kept and marked Cancelada; its link, export, edit and a second cancel are refused; delete still works", async () => {
    const pending = await create();
    const completed = await create();
    expect((await register(completed.uniqueLink, 1)).status).toBe(201);
    const statsBefore = decodeHtml(await (await fetch(`${server.url}/admin/viajeros`, { headers: { Cookie: adminCookie } })).text());
    expect(statsBefore).toContain("Pendiente");

    for (const row of [pending, completed]) {
      const response = await action({ intent: "cancel", id: row.id });
      expect(response.status).toBe(200);
      expect(decodeHtml(await response.text())).toContain(RESERVATION_MESSAGES.cancelled);
      const after = await rowOf(row.id);
      expect(after.cancelledAt).toBeInstanceOf(Date);
    }
    // Guests and status stay as they were: the record is kept.
    expect(await server.db.select().from(guests).where(eq(guests.reservationId, completed.id))).toHaveLength(1);
    expect((await rowOf(completed.id)).status).toBe("completed");

    const page = decodeHtml(await (await fetch(`${server.url}/admin/viajeros`, { headers: { Cookie: adminCookie } })).text());
    expect(page).toContain("Cancelada");

    // The guest link stops working, as a deleted reservation's does.
    expect((await fetch(`${server.url}/registro-viajeros/${pending.uniqueLink}`)).status).toBe(404);
    expect((await register(pending.uniqueLink, 1)).status).toBe(404);
    expect(await server.db.select().from(guests).where(eq(guests.reservationId, pending.id))).toHaveLength(0);

    // Not to be filed: the XML export is refused.
    const xml = await fetch(`${server.url}/api/admin/reservations/${completed.id}/police.xml`, { headers: { Cookie: adminCookie } });
    expect(xml.status).toBe(409);
    expect(await xml.text()).toContain(POLICE_XML_CANCELLED);
    // Nor is its signed register: the PDF goes through the same checks as the XML.
    const pdf = await fetch(`${server.url}/api/admin/reservations/${completed.id}/parte-entrada.pdf`, { headers: { Cookie: adminCookie } });
    expect(pdf.status).toBe(409);
    expect(await pdf.text()).toContain(POLICE_XML_CANCELLED);

    const edit = await action({ intent: "update", id: pending.id, ...stay, ...HOLDER });
    expect(edit.status).toBe(409);
    expect(decodeHtml(await edit.text())).toContain(RESERVATION_MESSAGES.cancelledNotEditable);
    const again = await action({ intent: "cancel", id: pending.id });
    expect(again.status).toBe(409);
    expect(decodeHtml(await again.text())).toContain(RESERVATION_MESSAGES.alreadyCancelled);
    expect((await action({ intent: "cancel", id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);

    expect((await action({ intent: "delete", id: pending.id })).status).toBe(200);
    expect(await server.db.select().from(reservations).where(eq(reservations.id, pending.id))).toHaveLength(0);
  });

  test("cancel revokes the door link of a stay under way", async () => {
    const today = todayIsoDate();
    const [y, m, d] = today.split("-").map(Number);
    const inTwoDays = new Date(Date.UTC(y!, m! - 1, d! + 2)).toISOString().slice(0, 10);
    const row = await create({ checkInDate: today, checkOutDate: inTwoDays });
    await registerDevice(server.db, { deviceId: `ns01-holder-${database}`, name: "Puerta", propertyId });
    const link = new URL((await getDoorLinksForReservations(server.db, [row.id])).get(row.id)!, server.url);
    const open = () =>
      fetch(`${server.url}/api/door/command`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.89.0.${(ip += 1) & 255}` },
        body: JSON.stringify({ device_id: link.searchParams.get("d"), command: "abrir", token: link.searchParams.get("t") }),
      });
    expect((await open()).status).toBe(200);
    expect((await action({ intent: "cancel", id: row.id })).status).toBe(200);
    const refused = await open();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(DOOR_MESSAGES.reservationGone);
  });

  test("only admins: anonymous 401 and user-role 403 on edit and cancel; nothing changes", async () => {
    const row = await create();
    for (const [cookie, status] of [
      [undefined, 401],
      [userCookie, 403],
    ] as const) {
      for (const body of [
        { intent: "update", id: row.id, ...stay, ...HOLDER, holderGivenName: "Intrusa" },
        { intent: "cancel", id: row.id },
      ]) {
        ip += 1;
        const response = await fetch(`${server.url}/admin/viajeros?index`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
          body: new URLSearchParams(body).toString(),
        });
        expect(response.status, `${body.intent}`).toBe(status);
      }
    }
    expect(await rowOf(row.id)).toEqual(row);
  });
});
