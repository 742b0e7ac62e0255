import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { guestDataAccessLog, guests, properties, rateLimitEvents, reservations, users } from "#app/db/schema.ts";
import { todayIsoDate } from "#app/lib/dates.ts";
import { guestMessages, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { signatureDataUrl } from "#tests/helpers/signature-png.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import { formatRegisterTime } from "#app/modules/guests/signed-register-pdf.ts";
import { countryName } from "#app/modules/guests/ses-codes.ts";
import { getMunicipality } from "#app/modules/guests/ine.server.ts";
import { readNormalisedSignature } from "#app/modules/guests/signature-normalise.server.ts";
import { parseSignatureDataUrl } from "#app/modules/guests/signature.ts";
import { emptyGuestFormValues, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { validateAgainstXsd } from "#app/modules/guests/xsd-validate.server.ts";
import { PROPERTY_MESSAGES, validatePropertyInput } from "#app/modules/properties/properties.schema.ts";
import { createProperty } from "#app/modules/properties/properties.server.ts";
import { RESERVATION_MESSAGES, validateReservationInput } from "#app/modules/reservations/reservations.schema.ts";
import { createReservation } from "#app/modules/reservations/reservations.server.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { validGuestForm } from "#tests/helpers/guest-fixtures.ts";

// The traveller lifecycle over real HTTP against a real database: staff create properties and
// reservations through the admin route actions (document form posts with the session cookie),
// guests register through the public link (plain form posts, as a browser without JavaScript
// would send them), and staff read the guests and download the police XML, which must validate
// against the ministry's XSD. TRUST_PROXY lets each request speak as its own client IP, so the
// 3-per-5-minutes guest limit is exercised only where a test means to. A property or reservation
// that a test only needs to exist is made as the create action makes it (its validation, then
// the same domain function) without posting the form, whose answer renders the whole list page.

/** The booking's holder (rol TI) every new reservation needs. */
const HOLDER = { holderGivenName: "Lucía", holderFirstSurname: "Ejemplo", holderEmail: "titular@example.com" };

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const decodeHtml = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

// ---------------------------------------------------------------- guests as a form sends them

const spanishAdult = (overrides: Partial<GuestFormValues> = {}): GuestFormValues =>
  validGuestForm({ addressStreet: "Calle Inventada 1, 3º B", ...overrides });

function nieAdult(overrides: Partial<GuestFormValues> = {}): GuestFormValues {
  return spanishAdult({
    givenName: "Mihai",
    firstSurname: "Popescu",
    secondSurname: "",
    sex: "H",
    birthDate: "1979-12-01",
    nationality: "ROU",
    documentType: "NIE",
    documentNumber: "x-1234567-l",
    documentSupport: "E12345678",
    email: "",
    addressProvince: "08",
    addressMunicipalityCode: "08019",
    addressPostalCode: "08001",
    ...overrides,
  });
}

function minor(overrides: Partial<GuestFormValues> = {}): GuestFormValues {
  return spanishAdult({
    givenName: "Pablo",
    sex: "H",
    birthDate: "2017-05-09",
    documentType: "",
    documentNumber: "",
    documentSupport: "",
    email: "",
    kinship: "HJ",
    // Under 14: the adult at position 1 signs for the child.
    signedBy: "1",
    ...overrides,
  });
}

function foreignAdult(overrides: Partial<GuestFormValues> = {}): GuestFormValues {
  return {
    ...emptyGuestFormValues(),
    givenName: "Tom",
    firstSurname: "Sample",
    sex: "H",
    birthDate: "1983-11-02",
    nationality: "IRL",
    documentType: "Pasaporte",
    documentNumber: "X0000000",
    email: "tom@example.com",
    addressStreet: "1 Example Street",
    addressCountry: "IRL",
    addressMunicipalityName: "Dublin",
    addressPostalCode: "D02 XY00",
    signatureKind: "typed",
    signatureName: "Tom Sample",
    ...overrides,
  };
}

function guestForm(list: Partial<GuestFormValues>[], extra: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = { client: "js", ...extra };
  list.forEach((guest, index) => {
    // Every input of the card is posted, empty ones included, as a browser does.
    for (const [field, value] of Object.entries({ ...emptyGuestFormValues(), ...guest })) {
      fields[guestInputName(index, field as keyof GuestFormValues)] = value ?? "";
    }
  });
  return fields;
}

describe.each(testDatabases())("traveller lifecycle on %s", (database) => {
  let server: TestServer;
  let superCookie: string;
  let adminCookie: string;
  let userCookie: string;
  let superId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: { TRUST_PROXY: "true" } });
    superCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    superId = (await server.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email)))[0]!.id;
    await server.createUser({ email: "ana.admin@nidosmart.test", password: "admin-pass", role: "admin", fullName: "Ana Admin" });
    await server.createUser({ email: "usuario@nidosmart.test", password: "user-pass", role: "user" });
    adminCookie = await server.signIn("ana.admin@nidosmart.test", "admin-pass");
    userCookie = await server.signIn("usuario@nidosmart.test", "user-pass");
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    await server.db.delete(rateLimitEvents);
  });

  const post = (path: string, body: Record<string, string>, options: { cookie?: string; ip?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        "X-Forwarded-For": options.ip ?? nextIp(),
        ...(options.cookie ? { Cookie: options.cookie } : {}),
      },
      body: new URLSearchParams(body).toString(),
    });
  const get = (path: string, options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}${path}`, {
      redirect: "manual",
      headers: { "X-Forwarded-For": options.ip ?? nextIp(), ...(options.cookie ? { Cookie: options.cookie } : {}), ...options.headers },
    });
  const text = async (response: Response) => decodeHtml(await response.text());

  const propertiesAction = (body: Record<string, string>, cookie = superCookie) => post("/admin/viajeros/viviendas", body, { cookie });
  const reservationsAction = (body: Record<string, string>, cookie = superCookie) => post("/admin/viajeros?index", body, { cookie });
  const registration = (link: string, body: Record<string, string>, options: { lang?: GuestLang; count?: number; ip?: string } = {}) =>
    post(`/registro-viajeros/${link}?lang=${options.lang ?? "es"}&personas=${options.count ?? 1}`, body, { ip: options.ip });
  const exportXml = (id: string, cookie?: string) => get(`/api/admin/reservations/${id}/police.xml`, { cookie });
  const exportPdf = (id: string, cookie?: string) => get(`/api/admin/reservations/${id}/parte-entrada.pdf`, { cookie });

  let propertySeq = 0;
  /** A property as the create action stores it from these form fields, as the super admin. */
  async function createPropertyFixture(fields: Record<string, string> = {}) {
    propertySeq += 1;
    const checked = validatePropertyInput({
      intent: "create",
      name: `Vivienda ${propertySeq} ${database}`,
      address: "Calle Mayor 1, Madrid",
      establishmentCode: `E${String(propertySeq).padStart(5, "0")}`,
      ...fields,
    });
    if (!checked.ok) throw new Error(`property fixture refused: ${checked.message}`);
    const { id } = await createProperty(server.db, checked.data, superId);
    const [row] = await server.db.select().from(properties).where(eq(properties.id, id));
    return row!;
  }

  const reservationForm = (propertyId: string, fields: Record<string, string>) => ({
    intent: "create",
    ...HOLDER,
    propertyId,
    guestCount: "2",
    checkInDate: "2026-08-01",
    checkOutDate: "2026-08-05",
    ...fields,
  });

  /** A reservation as the create action stores it from these form fields, as the super admin. */
  async function createReservationFixture(propertyId: string, fields: Record<string, string> = {}) {
    const checked = validateReservationInput(reservationForm(propertyId, fields), todayIsoDate());
    if (!checked.ok) throw new Error(`reservation fixture refused: ${checked.message}`);
    const { id } = await createReservation(server.db, checked.data, superId);
    const [row] = await server.db.select().from(reservations).where(eq(reservations.id, id));
    return row!;
  }

  async function createReservationOverHttp(propertyId: string, fields: Record<string, string> = {}) {
    const response = await reservationsAction(reservationForm(propertyId, fields));
    expect(response.status).toBe(201);
    const [row] = await server.db
      .select()
      .from(reservations)
      .where(eq(reservations.propertyId, propertyId))
      .orderBy(desc(reservations.createdAt))
      .limit(1);
    return row;
  }

  const guestsOf = (reservationId: string) =>
    server.db.select().from(guests).where(eq(guests.reservationId, reservationId)).orderBy(guests.position);
  const accessLogOf = (reservationId: string) =>
    server.db.select().from(guestDataAccessLog).where(eq(guestDataAccessLog.reservationId, reservationId)).orderBy(guestDataAccessLog.id);

  // ---------------------------------------------------------------- properties

  describe("properties: the /admin/viajeros/viviendas action", () => {
    test.each([
      ["name missing", { name: "" }, PROPERTY_MESSAGES.required],
      ["address only spaces", { address: "   " }, PROPERTY_MESSAGES.required],
      ["code missing", { establishmentCode: "" }, PROPERTY_MESSAGES.required],
      ["name only markup", { name: "<b></b>" }, PROPERTY_MESSAGES.required],
      ["code over 10 characters", { establishmentCode: "12345678901" }, PROPERTY_MESSAGES.codeTooLong],
      ["javascript: image", { imageUrl: "javascript:alert(1)" }, PROPERTY_MESSAGES.invalidImage],
      ["ftp image", { imageUrl: "ftp://example.com/a.jpg" }, PROPERTY_MESSAGES.invalidImage],
      ["relative image", { imageUrl: "/foto.jpg" }, PROPERTY_MESSAGES.invalidImage],
      ["unknown time zone", { timeZone: "Europe/Lisbon" }, PROPERTY_MESSAGES.invalidTimeZone],
    ])("%s → 400 with the Spanish message, nothing stored", async (_, change, message) => {
      const before = (await server.db.select().from(properties)).length;
      const response = await propertiesAction({
        intent: "create",
        name: "Piso rechazado",
        address: "Calle Falsa 1",
        establishmentCode: "0000012345",
        ...change,
      });
      expect(response.status).toBe(400);
      expect(await text(response)).toContain(message);
      expect(await server.db.select().from(properties)).toHaveLength(before);
    });

    test("create with defaults, create with every option, edit, and markup stripped", async () => {
      const created = await propertiesAction({
        intent: "create",
        name: " Ático <script>alert(1)</script>Sol ",
        address: "Calle Sol 3, Sevilla",
        establishmentCode: " 0000012345 ",
        imageUrl: "https://images.example.com/atico.jpg",
      });
      expect(created.status).toBe(201);
      expect(await text(created)).toContain(PROPERTY_MESSAGES.created);
      const [row] = await server.db.select().from(properties).where(eq(properties.address, "Calle Sol 3, Sevilla"));
      expect(row).toMatchObject({
        // Script content is code, not text: it goes with its tags, as in every other form.
        name: "Ático Sol",
        establishmentCode: "0000012345",
        imageUrl: "https://images.example.com/atico.jpg",
        internetAvailable: true,
        timeZone: "Europe/Madrid",
      });
      expect(row.createdBy).not.toBeNull();

      const canary = await propertiesAction({
        intent: "create",
        name: "Casa Teide",
        address: "Calle Volcán 2, La Laguna",
        establishmentCode: "TF-001",
        internetAvailable: "false",
        timeZone: "Atlantic/Canary",
      });
      expect(canary.status).toBe(201);
      const [teide] = await server.db.select().from(properties).where(eq(properties.name, "Casa Teide"));
      expect(teide).toMatchObject({ internetAvailable: false, timeZone: "Atlantic/Canary", imageUrl: null });

      const edited = await propertiesAction({
        intent: "update",
        id: teide.id,
        name: "Casa Teide Norte",
        address: "Calle Volcán 2, La Laguna",
        establishmentCode: "TF-002",
        imageUrl: "http://fotos.example.com/teide.png",
        internetAvailable: "true",
        timeZone: "Atlantic/Canary",
      });
      expect(edited.status).toBe(200);
      expect(await text(edited)).toContain(PROPERTY_MESSAGES.updated);
      const [after] = await server.db.select().from(properties).where(eq(properties.id, teide.id));
      expect(after).toMatchObject({ name: "Casa Teide Norte", establishmentCode: "TF-002", internetAvailable: true, imageUrl: "http://fotos.example.com/teide.png" });

      const invalidEdit = await propertiesAction({ intent: "update", id: teide.id, name: "", address: "x", establishmentCode: "y" });
      expect(invalidEdit.status).toBe(400);
      expect(await text(invalidEdit)).toContain(PROPERTY_MESSAGES.required);
      const missing = await propertiesAction({
        intent: "update",
        id: "00000000-0000-4000-8000-000000000000",
        name: "a",
        address: "b",
        establishmentCode: "c",
      });
      expect(missing.status).toBe(404);
      expect(await text(missing)).toContain(PROPERTY_MESSAGES.notFound);
    });

    test("a property with reservations cannot be deleted; without them it can", async () => {
      const property = await createPropertyFixture();
      const reservation = await createReservationFixture(property.id);
      const refused = await propertiesAction({ intent: "delete", id: property.id });
      expect(refused.status).toBe(409);
      expect(await text(refused)).toContain(PROPERTY_MESSAGES.hasReservations);
      expect(await server.db.select().from(properties).where(eq(properties.id, property.id))).toHaveLength(1);
      expect(await text(await get("/admin/viajeros/viviendas", { cookie: superCookie }))).toMatch(/>1 reserva</);

      expect((await reservationsAction({ intent: "delete", id: reservation.id })).status).toBe(200);
      const deleted = await propertiesAction({ intent: "delete", id: property.id });
      expect(deleted.status).toBe(200);
      expect(await text(deleted)).toContain(PROPERTY_MESSAGES.deleted);
      expect(await server.db.select().from(properties).where(eq(properties.id, property.id))).toHaveLength(0);
      const again = await propertiesAction({ intent: "delete", id: property.id });
      expect(again.status).toBe(404);
    });

    test("only admins: anonymous gets 401, a user-role account 403, and nothing is stored", async () => {
      const body = { intent: "create", name: "Intrusa", address: "Calle 1", establishmentCode: "X1" };
      const anonymous = await post("/admin/viajeros/viviendas", body);
      expect(anonymous.status).toBe(401);
      expect((await propertiesAction(body, userCookie)).status).toBe(403);
      expect(await server.db.select().from(properties).where(eq(properties.name, "Intrusa"))).toHaveLength(0);
      // An admin (not only the super admin) manages properties.
      expect((await propertiesAction({ ...body, name: "De Ana" }, adminCookie)).status).toBe(201);
      const page = await get("/admin/viajeros/viviendas", { cookie: adminCookie });
      expect(page.status).toBe(200);
      expect(await text(page)).toContain("De Ana");
      expect((await get("/admin/viajeros/viviendas")).headers.get("location")).toBe("/auth");
    });
  });

  // ---------------------------------------------------------------- reservations

  describe("reservations: the /admin/viajeros action", () => {
    test.each([
      ["no property", { propertyId: "" }, RESERVATION_MESSAGES.required],
      ["no check-in", { checkInDate: "" }, RESERVATION_MESSAGES.required],
      ["no check-out", { checkOutDate: "" }, RESERVATION_MESSAGES.required],
      ["zero guests", { guestCount: "0" }, RESERVATION_MESSAGES.required],
      ["guests not a number", { guestCount: "dos" }, RESERVATION_MESSAGES.required],
      ["impossible date", { checkInDate: "2026-02-30" }, RESERVATION_MESSAGES.required],
      ["check-out before check-in", { checkInDate: "2026-08-05", checkOutDate: "2026-08-01" }, RESERVATION_MESSAGES.checkOutBeforeCheckIn],
      ["check-out same day", { checkOutDate: "2026-08-01" }, RESERVATION_MESSAGES.checkOutBeforeCheckIn],
      ["eleven guests", { guestCount: "11" }, RESERVATION_MESSAGES.guestCountRange],
      ["unknown payment type", { paymentType: "CARD" }, RESERVATION_MESSAGES.invalidPaymentType],
      ["zero rooms", { rooms: "0" }, RESERVATION_MESSAGES.invalidRooms],
      ["unknown property", { propertyId: "00000000-0000-4000-8000-000000000000" }, RESERVATION_MESSAGES.propertyNotFound],
      ["malformed property id", { propertyId: "42" }, RESERVATION_MESSAGES.propertyNotFound],
    ])("%s → 4xx with the Spanish message, nothing stored", async (_, change, message) => {
      const property = await createPropertyFixture();
      const response = await reservationsAction({
        intent: "create",
        ...HOLDER,
        propertyId: property.id,
        guestCount: "2",
        checkInDate: "2026-08-01",
        checkOutDate: "2026-08-05",
        ...change,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await text(response)).toContain(message);
      expect(await server.db.select().from(reservations).where(eq(reservations.propertyId, property.id))).toHaveLength(0);
    });

    test("create: pending, a 22-character base62 link, defaults EFECT / today / 1 room, the property name copied", async () => {
      const property = await createPropertyFixture({ name: `Loft Triana ${database}` });
      const response = await reservationsAction({
        intent: "create",
        ...HOLDER,
        propertyId: property.id,
        guestCount: "3",
        checkInDate: "2026-12-20",
        checkOutDate: "2027-01-02",
        notes: "Llegan tarde <b>(22:00)</b>\nLlaves en el buzón",
      });
      expect(response.status).toBe(201);
      expect(await text(response)).toContain(RESERVATION_MESSAGES.created);
      const [row] = await server.db.select().from(reservations).where(eq(reservations.propertyId, property.id));
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
      expect(row).toMatchObject({
        propertyName: `Loft Triana ${database}`,
        guestCount: 3,
        checkInDate: "2026-12-20",
        checkOutDate: "2027-01-02",
        status: "pending",
        completedAt: null,
        paymentType: "EFECT",
        contractDate: today,
        rooms: 1,
        notes: "Llegan tarde (22:00)\nLlaves en el buzón",
      });
      expect(row.uniqueLink).toMatch(/^[0-9A-Za-z]{22}$/);

      const explicit = await createReservationOverHttp(property.id, { paymentType: "TARJT", contractDate: "2026-06-15", rooms: "2" });
      expect(explicit).toMatchObject({ paymentType: "TARJT", contractDate: "2026-06-15", rooms: 2 });

      // 40 more links, from the domain function the action calls (its answer is checked above):
      // all well formed and all different.
      for (let i = 0; i < 40; i++) await createReservationFixture(property.id);
      const links = (await server.db.select().from(reservations).where(eq(reservations.propertyId, property.id))).map((r) => r.uniqueLink);
      expect(links).toHaveLength(42);
      expect(new Set(links).size).toBe(42);
      for (const link of links) expect(link).toMatch(/^[0-9A-Za-z]{22}$/);

      const page = await text(await get("/admin/viajeros", { cookie: superCookie }));
      expect(page).toContain(`Loft Triana ${database}`);
      expect(page).toContain("20/12/2026");
      expect(page).toContain("Pendiente");
      expect(page).toContain(`/registro-viajeros/${row.uniqueLink}`);
      for (const label of ["Total de reservas", "Completadas", "Pendientes", "Total de huéspedes"]) expect(page).toContain(label);
    });

    test("delete removes the reservation and its guests; the link stops working", async () => {
      const property = await createPropertyFixture();
      const reservation = await createReservationFixture(property.id);
      expect((await registration(reservation.uniqueLink, guestForm([spanishAdult()]))).status).toBe(201);
      expect(await guestsOf(reservation.id)).toHaveLength(1);

      const deleted = await reservationsAction({ intent: "delete", id: reservation.id });
      expect(deleted.status).toBe(200);
      expect(await text(deleted)).toContain(RESERVATION_MESSAGES.deleted);
      expect(await guestsOf(reservation.id)).toHaveLength(0);
      const gone = await get(`/registro-viajeros/${reservation.uniqueLink}`);
      expect(gone.status).toBe(404);
      expect(await text(gone)).toContain("Enlace No Válido");
      const again = await reservationsAction({ intent: "delete", id: reservation.id });
      expect(again.status).toBe(404);
      expect(await text(again)).toContain(RESERVATION_MESSAGES.notFound);
    });

    test("only admins: anonymous 401, user-role 403; their posts change nothing", async () => {
      const property = await createPropertyFixture();
      const body = { intent: "create", ...HOLDER, propertyId: property.id, guestCount: "1", checkInDate: "2026-08-01", checkOutDate: "2026-08-02" };
      expect((await post("/admin/viajeros?index", body)).status).toBe(401);
      expect((await reservationsAction(body, userCookie)).status).toBe(403);
      expect(await server.db.select().from(reservations).where(eq(reservations.propertyId, property.id))).toHaveLength(0);
      const reservation = await createReservationFixture(property.id);
      expect((await reservationsAction({ intent: "delete", id: reservation.id }, userCookie)).status).toBe(403);
      expect((await post("/admin/viajeros?index", { intent: "delete", id: reservation.id })).status).toBe(401);
      expect(await server.db.select().from(reservations).where(eq(reservations.id, reservation.id))).toHaveLength(1);
      expect((await reservationsAction(body, adminCookie)).status).toBe(201);
      // Without ?index the post reaches the tab layout: guarded the same way, then refused.
      expect((await post("/admin/viajeros", body)).status).toBe(401);
      expect((await post("/admin/viajeros", body, { cookie: userCookie })).status).toBe(403);
      expect((await post("/admin/viajeros", body, { cookie: adminCookie })).status).toBe(405);
    });

    test("stats: total, completed, pending and the sum of guest counts", async () => {
      const page = await text(await get("/admin/viajeros", { cookie: superCookie }));
      const all = await server.db.select().from(reservations);
      const completed = all.filter((r) => r.status === "completed").length;
      const totalGuests = all.reduce((sum, r) => sum + r.guestCount, 0);
      const stat = (key: string) => new RegExp(`data-stat="${key}"[^>]*>([^<]*)<`).exec(page)?.[1];
      const es = new Intl.NumberFormat("es-ES");
      expect(stat("total")).toBe(es.format(all.length));
      expect(stat("completed")).toBe(es.format(completed));
      expect(stat("pending")).toBe(es.format(all.length - completed));
      expect(stat("totalGuests")).toBe(es.format(totalGuests));
    });
  });

  // ---------------------------------------------------------------- the guest link

  describe("guest link lookup", () => {
    test("reveals only what the guest screen shows, in the HTML and in the data request", async () => {
      const property = await createPropertyFixture({
        name: "Apartamento Mirador",
        address: "Calle Secreta 99, 4º Izq",
        establishmentCode: "SECRET0001",
        imageUrl: "https://images.example.com/mirador.jpg",
      });
      const reservation = await createReservationFixture(property.id, { notes: "Nota interna confidencial", guestCount: "3" });
      const path = `/registro-viajeros/${reservation.uniqueLink}`;
      for (const response of [await get(path), await get(`${path}.data`), await get(`${path}?lang=en&personas=2`)]) {
        expect(response.status).toBe(200);
        const body = await text(response);
        expect(body).toContain("Apartamento Mirador");
        expect(body).toContain("https://images.example.com/mirador.jpg");
        expect(body).toContain("2026-08-01");
        for (const secret of ["Calle Secreta", "SECRET0001", "Nota interna", reservation.id, property.id, "EFECT", TEST_ADMIN.email]) {
          expect(body).not.toContain(secret);
        }
      }
      const html = await text(await get(path));
      expect(html).toContain("01/08/2026");
      expect(html).toContain("05/08/2026");
      expect(html).toMatch(/<option value="3" selected="">3 personas<\/option>/);
      expect(html).toContain("noindex");
      const headers = (await get(path)).headers;
      expect(headers.get("referrer-policy")).toBe("same-origin");
      expect(headers.get("cache-control")).toBe("private, no-store");

      // After registration: the guests' data never comes back through the link.
      expect((await registration(reservation.uniqueLink, guestForm([spanishAdult()]))).status).toBe(201);
      const completedHtml = await text(await get(path));
      expect(completedHtml).toContain(guestMessages.es.alreadyCompletedTitle);
      const completedData = await text(await get(`${path}.data`));
      expect(completedData).toContain('"screen","completed"');
      for (const body of [completedHtml, completedData]) {
        for (const secret of ["Lucía", "12345678Z", "ABC123456", "lucia@example.com", "Calle Inventada"]) expect(body).not.toContain(secret);
      }
    });

    test("unknown, malformed and over-long links all answer 404 with the invalid screen", async () => {
      for (const link of ["AAAAAAAAAAAAAAAAAAAAAA", "short", "not-a-link-!!", "x".repeat(300)]) {
        const response = await get(`/registro-viajeros/${link}`);
        expect(response.status).toBe(404);
        const body = await text(response);
        expect(body).toContain(guestMessages.es.invalidLinkTitle);
        expect(body).toContain(guestMessages.es.invalidLinkText);
      }
      const english = await get("/registro-viajeros/AAAAAAAAAAAAAAAAAAAAAA?lang=en");
      expect(await text(english)).toContain(guestMessages.en.invalidLinkTitle);
      const posted = await registration("AAAAAAAAAAAAAAAAAAAAAA", guestForm([spanishAdult()]));
      expect(posted.status).toBe(404);
    });

    test("lookups are rate limited per client (guestLinkLookup)", async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await get("/registro-viajeros/AAAAAAAAAAAAAAAAAAAAAA", { ip })).status);
      expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
      const limited = await get("/registro-viajeros/AAAAAAAAAAAAAAAAAAAAAA", { ip });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await text(limited)).toContain(guestMessages.es.tooManyAttempts);
      expect((await get("/registro-viajeros/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    });
  });

  // ---------------------------------------------------------------- registration

  describe("guest registration: the /registro-viajeros/:link action", () => {
    // Each step fixes what the previous message pointed at: the messages come in the spec's order.
    const steps: [Partial<GuestFormValues>, string, string][] = [
      [{}, "Nombre", "First name"],
      [{ givenName: "Lucía" }, "Primer apellido", "First surname"],
      [{ firstSurname: "Ejemplo", documentType: "DNI" }, "Segundo apellido", "Second surname"],
      [{ secondSurname: "Ficticia" }, "Sexo", "Sex"],
      [{ sex: "M", documentType: "" }, "Tipo de documento", "Document type"],
      [{ documentType: "DNI" }, "Número de documento", "Document number"],
      [{ documentNumber: "12345678A" }, "Número de documento", "Document number"],
      [{ documentNumber: "12345678Z" }, "Fecha de nacimiento", "Date of birth"],
      [{ birthDate: "1985-02-30" }, "Fecha de nacimiento", "Date of birth"],
      [{ birthDate: "1985-03-20" }, "Nacionalidad", "Nationality"],
      [{ nationality: "ESP" }, "Número de soporte", "Document serial number (número de soporte)"],
      [{ documentSupport: "ABC123456" }, "Teléfono o email", "Phone or email"],
      [{ phone: "12" }, "Teléfono", "Phone"],
      [{ phone: "+34 600 000 000", email: "lucia@localhost" }, "Email", "Email"],
      [{ email: "lucia@example.com" }, "Dirección", "Address"],
      [{ addressStreet: "Calle Inventada 1" }, "País", "Country"],
      [{ addressCountry: "ESP" }, "Provincia", "Province"],
      [{ addressProvince: "28" }, "Municipio", "Municipality"],
      // Well formed but not an INE municipality: only the server knows.
      [{ addressMunicipalityCode: "28999" }, "Municipio", "Municipality"],
      [{ addressMunicipalityCode: "28079" }, "Código postal", "Postal code"],
    ];

    test.each(["es", "en"] as const)("every rule in order, posted directly, in %s; nothing is stored", async (lang) => {
      const property = await createPropertyFixture();
      const reservation = await createReservationFixture(property.id);
      const prefix = lang === "es" ? "Huésped 1" : "Guest 1";
      let guest: Partial<GuestFormValues> = {};
      for (const [change, es, en] of steps) {
        guest = { ...guest, ...change };
        const response = await registration(reservation.uniqueLink, guestForm([guest], { lang }), { lang });
        expect(response.status, JSON.stringify(change)).toBe(400);
        expect(await text(response)).toContain(`${prefix}: ${lang === "es" ? es : en} *`);
      }

      const t = guestMessages[lang];
      const cases: [Partial<GuestFormValues>[], string][] = [
        [[spanishAdult(), {}], t.guestFieldError(2, "givenName")],
        [[spanishAdult(), minor({ kinship: "" })], t.guestFieldError(2, "kinship")],
        [[spanishAdult(), minor({ kinship: "HIJO" })], t.guestFieldError(2, "kinship")],
        [[foreignAdult({ addressMunicipalityName: "" })], t.guestFieldError(1, "addressCity")],
        [[foreignAdult({ nationality: "IRL", documentType: "DNI", documentNumber: "12345678Z", secondSurname: "X", documentSupport: "A1" })], t.guestFieldError(1, "documentType")],
        [[nieAdult({ documentNumber: "X1234567A" })], t.guestFieldError(1, "documentNumber")],
        [[nieAdult({ documentSupport: "" })], t.guestFieldError(1, "documentSupport")],
        [[spanishAdult({ birthDate: "2999-01-01" })], t.guestFieldError(1, "birthDate")],
        // RD 933/2021: no signature, or one that is not a PNG, is refused like any other field.
        [[spanishAdult({ signatureKind: "", signatureName: "" })], t.guestFieldError(1, "signature")],
        [[spanishAdult(), nieAdult({ signatureKind: "typed", signatureName: "" })], t.guestFieldError(2, "signature")],
        [[spanishAdult({ signatureKind: "drawn", signatureImage: "data:image/svg+xml;base64,PHN2Zy8+" })], t.guestFieldError(1, "signature")],
        [[spanishAdult(), minor({ signedBy: "" })], t.guestFieldError(2, "signedBy")],
        [[spanishAdult(), minor({ signedBy: "2" })], t.guestFieldError(2, "signedBy")],
        [[], t.guestCountInvalid],
        [Array.from({ length: 11 }, () => spanishAdult()), t.guestCountInvalid],
      ];
      for (const [list, message] of cases) {
        const response = await registration(reservation.uniqueLink, guestForm(list, { lang }), { lang, count: Math.max(1, Math.min(list.length, 10)) });
        expect(response.status, message).toBe(400);
        expect(await text(response)).toContain(message);
      }
      expect(await guestsOf(reservation.id)).toHaveLength(0);
      const [after] = await server.db.select().from(reservations).where(eq(reservations.id, reservation.id));
      expect(after).toMatchObject({ status: "pending", completedAt: null, guestCount: 2 });
    });

    test("a valid submission stores every guest, completes the reservation and updates guest_count; a second is refused", async () => {
      const property = await createPropertyFixture();
      const reservation = await createReservationFixture(property.id, { guestCount: "2" });
      const drawn = signatureDataUrl(3);
      const response = await registration(
        reservation.uniqueLink,
        guestForm([spanishAdult(), nieAdult({ signatureKind: "drawn", signatureImage: drawn }), minor()]),
        { count: 3 },
      );
      expect(response.status).toBe(201);
      const html = await text(response);
      expect(html).toContain(guestMessages.es.successTitle);

      const stored = await guestsOf(reservation.id);
      expect(stored).toHaveLength(3);
      expect(stored[0]).toMatchObject({
        position: 1,
        fullName: "Lucía Ejemplo Ficticia",
        documentType: "DNI",
        documentNumber: "12345678Z",
        addressProvince: "28",
        addressMunicipalityCode: "28079",
        addressMunicipality: "Madrid",
        kinship: null,
      });
      expect(stored[1]).toMatchObject({ documentType: "NIE", documentNumber: "X1234567L", secondSurname: null, addressMunicipality: "Barcelona" });
      expect(stored[2]).toMatchObject({ documentType: null, documentNumber: null, kinship: "HJ" });
      // Each signature is bound to its guest row: typed as typed, drawn as its normalised PNG, and
      // the child's signed by the adult at position 1.
      expect(stored[0]).toMatchObject({ signatureKind: "typed", signatureTypedName: "Lucía Ejemplo Ficticia", signatureImage: null, signedByPosition: null });
      expect(stored[1]).toMatchObject({ signatureKind: "drawn", signatureTypedName: null, signedByPosition: null });
      // Drawn: stored as its normalised PNG (ADR 0013), never as sent.
      expect(stored[1].signatureImage).not.toBe(drawn);
      expect(readNormalisedSignature(parseSignatureDataUrl(stored[1].signatureImage!)!)).not.toBeNull();
      expect(stored[2]).toMatchObject({ signatureKind: "typed", signedByPosition: 1 });
      expect(stored.every((guest) => guest.signedAt instanceof Date)).toBe(true);
      const [done] = await server.db.select().from(reservations).where(eq(reservations.id, reservation.id));
      expect(done.status).toBe("completed");
      expect(done.completedAt).toBeInstanceOf(Date);
      expect(done.guestCount).toBe(3);

      const second = await registration(reservation.uniqueLink, guestForm([foreignAdult()]), { lang: "en" });
      expect(second.status).toBe(409);
      expect(await text(second)).toContain(guestMessages.en.alreadyCompletedTitle);
      expect(await guestsOf(reservation.id)).toHaveLength(3);
    });

    test("without JavaScript: the municipality is taken from an unambiguous postal code; otherwise the form comes back filled in", async () => {
      const property = await createPropertyFixture();
      const ambiguous = await createReservationFixture(property.id);
      // 01128 belongs to three municipalities of Álava: the guest must choose.
      const refused = await registration(
        ambiguous.uniqueLink,
        guestForm([spanishAdult({ addressProvince: "01", addressMunicipalityCode: "", addressPostalCode: "01128" })], { client: "html" }),
      );
      expect(refused.status).toBe(400);
      const html = await text(refused);
      expect(html).toContain(guestMessages.es.guestFieldError(1, "addressMunicipality"));
      expect(html).toContain('value="Lucía"');
      expect(html).toContain('value="01059"'); // Vitoria-Gasteiz, offered in the municipality list
      expect(await guestsOf(ambiguous.id)).toHaveLength(0);

      const unambiguous = await createReservationFixture(property.id);
      const accepted = await registration(
        unambiguous.uniqueLink,
        guestForm([spanishAdult({ addressProvince: "", addressMunicipalityCode: "", addressPostalCode: "28001" })], { client: "html" }),
      );
      expect(accepted.status).toBe(201);
      expect((await guestsOf(unambiguous.id))[0]).toMatchObject({ addressProvince: "28", addressMunicipalityCode: "28079" });
    });

    test("20 concurrent submissions of one link: exactly one succeeds and one set of guests is stored", async () => {
      const property = await createPropertyFixture();
      const reservation = await createReservationFixture(property.id);
      const body = guestForm([spanishAdult(), foreignAdult()]);
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => registration(reservation.uniqueLink, body, { count: 2 }).then((response) => response.status)),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      expect(await guestsOf(reservation.id)).toHaveLength(2);
      const [done] = await server.db.select().from(reservations).where(eq(reservations.id, reservation.id));
      expect(done).toMatchObject({ status: "completed", guestCount: 2 });
    });

    test("rate limit: 3 submissions per 5 minutes per client, checked first, in the guest's language", async () => {
      const property = await createPropertyFixture();
      const reservation = await createReservationFixture(property.id);
      const ip = nextIp();
      for (let i = 0; i < 3; i++) {
        expect((await registration(reservation.uniqueLink, guestForm([{}]), { ip })).status).toBe(400);
      }
      const limited = await registration(reservation.uniqueLink, guestForm([spanishAdult()]), { ip });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await text(limited)).toContain(guestMessages.es.tooManyAttempts);
      const english = await registration(reservation.uniqueLink, guestForm([spanishAdult()], { lang: "en" }), { ip, lang: "en" });
      expect(english.status).toBe(429);
      expect(await text(english)).toContain("Too many attempts. Please wait a few minutes.");
      expect(await guestsOf(reservation.id)).toHaveLength(0);
      // Another client is not affected.
      expect((await registration(reservation.uniqueLink, guestForm([spanishAdult()]))).status).toBe(201);
    });
  });

  // ---------------------------------------------------------------- the police XML and guest data access

  describe("police XML export and guest data access", () => {
    async function completedReservation(
      propertyFields: Record<string, string>,
      reservationFields: Record<string, string>,
      list: Partial<GuestFormValues>[],
      lang: GuestLang = "es",
    ) {
      const property = await createPropertyFixture(propertyFields);
      const reservation = await createReservationFixture(property.id, reservationFields);
      const response = await registration(reservation.uniqueLink, guestForm(list, { lang }), { count: list.length, lang });
      expect(response.status).toBe(201);
      return { property, reservation };
    }

    const mixes: [string, Record<string, string>, Record<string, string>, Partial<GuestFormValues>[], string][] = [
      [
        "DNI adult, NIE adult and a minor with kinship, summer on the mainland",
        { name: "Ático Sol y Sombra", establishmentCode: "0000012345" },
        { checkInDate: "2026-08-01", checkOutDate: "2026-08-05", paymentType: "TARJT", rooms: "2" },
        [spanishAdult(), nieAdult(), minor()],
        "",
      ],
      [
        "passport and other foreign document, foreign addresses, winter in the Canary Islands",
        { name: "Casa Teide & Mar <Norte>", establishmentCode: "TF-CAN-01", timeZone: "Atlantic/Canary", internetAvailable: "false" },
        { checkInDate: "2027-01-10", checkOutDate: "2027-01-17", paymentType: "PLATF" },
        [
          foreignAdult(),
          foreignAdult({
            givenName: "Anna",
            firstSurname: "Müller",
            sex: "M",
            nationality: "DEU",
            documentType: "Otro",
            documentNumber: "L01X00T47",
            email: "",
            phone: "+49 30 1234567",
            addressStreet: "Beispielstraße 5 & Hof",
            addressCountry: "DEU",
            addressProvince: "Berlin",
            addressMunicipalityName: "Berlin",
            addressPostalCode: "10115",
          }),
        ],
        "",
      ],
      [
        "winter on the mainland, English registration, a minor travelling with a foreign adult",
        { name: "Piso Gran Vía", establishmentCode: "MAD-77" },
        { checkInDate: "2026-12-28", checkOutDate: "2027-01-03" },
        [foreignAdult(), minor({ nationality: "IRL", addressCountry: "IRL", addressProvince: "", addressMunicipalityCode: "", addressMunicipalityName: "Dublin", addressPostalCode: "D02 XY00", secondSurname: "", kinship: "HJ" })],
        "",
      ],
    ];

    test.each(mixes)("%s: valid against the XSD, named and logged", async (_, propertyFields, reservationFields, list, offset) => {
      const { property, reservation } = await completedReservation(propertyFields, reservationFields, list);
      const response = await exportXml(reservation.id, superCookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const slug = property.name
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="registro-huespedes-${slug}-${reservationFields.checkInDate}.xml"`,
      );
      const xml = await response.text();
      const validation = await validateAgainstXsd(xml);
      expect(validation.errors).toEqual([]);
      expect(validation.valid).toBe(true);
      expect(xml).toContain(`<codigoEstablecimiento>${propertyFields.establishmentCode}</codigoEstablecimiento>`);
      // The public reference, never the guest link (a secret, ADR 0012).
      expect(xml).toContain(`<referencia>${reservation.reference}</referencia>`);
      expect(xml).not.toContain(reservation.uniqueLink);
      expect(xml).toContain(`<fechaEntrada>${reservationFields.checkInDate}T00:00:00${offset}</fechaEntrada>`);
      expect(xml).toContain(`<numPersonas>${list.length}</numPersonas>`);
      expect(xml.match(/<persona>/g)).toHaveLength(list.length);
      expect(xml.match(/<rol>VI<\/rol>/g)).toHaveLength(list.length);
      expect(xml).toContain(`<tipoPago>${reservationFields.paymentType ?? "EFECT"}</tipoPago>`);
      expect(xml).toContain(`<internet>${propertyFields.internetAvailable === "false" ? "false" : "true"}</internet>`);
      const log = await accessLogOf(reservation.id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ action: "export", userEmail: TEST_ADMIN.email });
    });

    test("the XML maps documents, kinship and addresses as the registry wants them", async () => {
      const { reservation } = await completedReservation({}, {}, [spanishAdult(), nieAdult(), minor()]);
      const xml = await (await exportXml(reservation.id, adminCookie)).text();
      expect(xml).toContain("<tipoDocumento>NIF</tipoDocumento>");
      expect(xml).toContain("<tipoDocumento>NIE</tipoDocumento>");
      expect(xml).toContain("<numeroDocumento>X1234567L</numeroDocumento>");
      expect(xml).toContain("<parentesco>HJ</parentesco>");
      expect(xml).toContain("<codigoMunicipio>28079</codigoMunicipio>");
      expect(xml).not.toContain("<nombreMunicipio>Madrid</nombreMunicipio>");
      expect(xml.match(/<parentesco>/g)).toHaveLength(1);
      expect((await validateAgainstXsd(xml)).valid).toBe(true);
    });

    test("refusals use the spec's messages as JSON (409/422) and record nothing", async () => {
      const property = await createPropertyFixture();
      const pending = await createReservationFixture(property.id);
      const notCompleted = await exportXml(pending.id, superCookie);
      expect(notCompleted.status).toBe(409);
      expect(await notCompleted.json()).toEqual({ error: "Solo se pueden exportar reservas completadas" });

      // Completed without guests can only come from outside the app; the export still refuses it.
      await server.db.update(reservations).set({ status: "completed", completedAt: new Date() }).where(eq(reservations.id, pending.id));
      const noGuests = await exportXml(pending.id, superCookie);
      expect(noGuests.status).toBe(409);
      expect(await noGuests.json()).toEqual({ error: "No hay huéspedes registrados para exportar" });

      const { property: bare, reservation: done } = await completedReservation({}, {}, [spanishAdult()]);
      await server.db.update(properties).set({ establishmentCode: "" }).where(eq(properties.id, bare.id));
      const noCode = await exportXml(done.id, superCookie);
      expect(noCode.status).toBe(422);
      expect(await noCode.json()).toEqual({ error: "Esta vivienda no tiene código de establecimiento asignado" });

      const unknown = await exportXml("00000000-0000-4000-8000-000000000000", superCookie);
      expect(unknown.status).toBe(404);
      expect((await exportXml("no-es-un-id", superCookie)).status).toBe(404);

      expect(await accessLogOf(pending.id)).toHaveLength(0);
      expect(await accessLogOf(done.id)).toHaveLength(0);
    });

    test("the signed register PDF, parsed back, holds the stored guests as filed in the PV, each signature and the registration time", async () => {
      const drawn = signatureDataUrl(2);
      const { property, reservation } = await completedReservation(
        { name: "Ático Sol y Sombra", establishmentCode: "0000012345" },
        { checkInDate: "2026-08-01", checkOutDate: "2026-08-05", paymentType: "TARJT", rooms: "2" },
        [spanishAdult({ signatureKind: "drawn", signatureImage: drawn }), nieAdult(), minor({ signatureName: "Lucía Ejemplo Ficticia" })],
      );
      const response = await exportPdf(reservation.id, adminCookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="parte-entrada-atico-sol-y-sombra-2026-08-01.pdf"');
      const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
      expect(pdf.title).toBe("Parte de entrada de viajeros · Ático Sol y Sombra");

      const stored = await guestsOf(reservation.id);
      const [done] = await server.db.select().from(reservations).where(eq(reservations.id, reservation.id));
      const xml = await (await exportXml(reservation.id, adminCookie)).text();
      // Establishment and stay, with the PV's own values and codes.
      for (const line of [
        "Nombre: Ático Sol y Sombra",
        `Dirección: ${property.address}`,
        "Código de establecimiento: 0000012345",
        `Referencia: ${reservation.reference}`,
        "Entrada: 01/08/2026",
        "Salida: 05/08/2026",
        "Arrendador: sin cuenta de arrendador asignada",
        "Número de personas: 3",
        "Habitaciones: 2",
        "Tipo de pago: TARJT (Tarjeta de crédito o débito)",
        `Registro por los viajeros: ${formatRegisterTime(done.completedAt!)}`,
      ]) {
        expect(pdf.lines, line).toContain(line);
      }
      // Every guest: every stored value the PV carries, in the same form.
      for (const [index, guest] of stored.entries()) {
        expect(pdf.lines).toContain(`Viajero ${index + 1}`);
        const expected = [
          `Nombre: ${guest.givenName}`,
          `Primer apellido: ${guest.firstSurname}`,
          `Fecha de nacimiento: ${guest.birthDate.split("-").reverse().join("/")}`,
          `Nacionalidad: ${guest.nationality} (${countryName(guest.nationality, "es")})`,
          `Dirección: ${guest.addressStreet}`,
          `Código postal: ${guest.addressPostalCode}`,
          `País: ${guest.addressCountry} (${countryName(guest.addressCountry, "es")})`,
          ...(guest.secondSurname ? [`Segundo apellido: ${guest.secondSurname}`] : []),
          ...(guest.documentNumber ? [`Número de documento: ${guest.documentNumber}`] : []),
          ...(guest.documentSupport ? [`Número de soporte: ${guest.documentSupport}`] : []),
          ...(guest.phone ? [`Teléfono: ${guest.phone}`] : []),
          ...(guest.email ? [`Correo electrónico: ${guest.email}`] : []),
          ...(guest.addressMunicipalityCode
            ? [`Municipio: ${getMunicipality(guest.addressMunicipalityCode)!.name} (código INE ${guest.addressMunicipalityCode}), provincia de ${getMunicipality(guest.addressMunicipalityCode)!.provinceName}`]
            : []),
        ];
        for (const line of expected) expect(pdf.lines, line).toContain(line);
        // The same values, literally, in the XML that is filed.
        if (guest.documentNumber) expect(xml).toContain(`<numeroDocumento>${guest.documentNumber}</numeroDocumento>`);
      }
      expect(pdf.lines).toContain("Tipo de documento: NIF (DNI)");
      expect(pdf.lines).toContain("Tipo de documento: NIE");
      expect(pdf.lines).toContain("Parentesco: HJ (Hijo/a)");
      expect(pdf.lines).toContain("Sexo: M (Mujer)");
      // Signatures: the drawn one as an image, the typed ones as typed, the child's by guest 1.
      expect(pdf.images).toBe(1);
      const signedAt = (position: number) => formatRegisterTime(stored[position - 1].signedAt!);
      expect(pdf.lines).toContain(`Firma del viajero 1, el ${signedAt(1)}:`);
      expect(pdf.lines).toContain(`Firma escrita con el teclado, el ${signedAt(2)}:`);
      expect(pdf.lines).toContain("Lucía Ejemplo Ficticia");
      const flat = pdf.text.replace(/\s+/g, " ");
      expect(flat).toContain(`Firmado por el viajero 1 en nombre de este menor de 14 años (firma escrita con el teclado), el ${signedAt(3)}:`);
      // The declaration each guest signed, above the signature (the form was in Spanish).
      expect(flat).toContain(`${guestMessages.es.intl.formatMessage({ id: "signatureDeclarationForMinor" })} Firmado por el viajero 1`);
      expect(stored.map((guest) => guest.signatureLang)).toEqual(["es", "es", "es"]);

      const log = await accessLogOf(reservation.id);
      expect(log.map((entry) => [entry.action, entry.userEmail])).toEqual([
        ["register-pdf", "ana.admin@nidosmart.test"],
        ["export", "ana.admin@nidosmart.test"],
      ]);
    });

    test("the signed register: same refusals as the XML, and staff only", async () => {
      const property = await createPropertyFixture();
      const pending = await createReservationFixture(property.id);
      const notCompleted = await exportPdf(pending.id, superCookie);
      expect(notCompleted.status).toBe(409);
      expect(await notCompleted.json()).toEqual({ error: "Solo se pueden exportar reservas completadas" });
      expect((await exportPdf("no-es-un-id", superCookie)).status).toBe(404);
      const { reservation } = await completedReservation({}, {}, [spanishAdult()]);
      expect((await exportPdf(reservation.id)).status).toBe(401);
      const forbidden = await exportPdf(reservation.id, userCookie);
      expect(forbidden.status).toBe(403);
      expect(await forbidden.text()).not.toContain("Lucía");
      expect(await accessLogOf(pending.id)).toHaveLength(0);
      expect(await accessLogOf(reservation.id)).toHaveLength(0);
    });

    test("roles: anonymous 401 and user-role 403 on the export and the guest list, with no guest data and no log", async () => {
      const { reservation } = await completedReservation({}, {}, [spanishAdult()]);
      const anonymous = await exportXml(reservation.id);
      expect(anonymous.status).toBe(401);
      const forbidden = await exportXml(reservation.id, userCookie);
      expect(forbidden.status).toBe(403);
      const viewAnonymous = await post("/admin/viajeros?index", { intent: "view-guests", id: reservation.id });
      expect(viewAnonymous.status).toBe(401);
      const viewForbidden = await reservationsAction({ intent: "view-guests", id: reservation.id }, userCookie);
      expect(viewForbidden.status).toBe(403);
      for (const response of [anonymous, forbidden, viewAnonymous, viewForbidden]) {
        const body = await response.text();
        for (const secret of ["Lucía", "12345678Z", "ABC123456", "lucia@example.com", "<alt:peticion"]) expect(body).not.toContain(secret);
      }
      const page = await get("/admin/viajeros", { cookie: userCookie });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/");
      expect(await accessLogOf(reservation.id)).toHaveLength(0);
    });

    test("every view and export is recorded with who and when", async () => {
      const { reservation } = await completedReservation({}, {}, [spanishAdult(), foreignAdult()]);
      const started = Date.now();
      const view = await reservationsAction({ intent: "view-guests", id: reservation.id }, adminCookie);
      expect(view.status).toBe(200);
      const viewed = await text(view);
      for (const value of ["Lucía Ejemplo Ficticia", "12345678Z", "ABC123456", "Tom Sample", "Dublin", "Irlanda"]) expect(viewed).toContain(value);
      expect((await exportXml(reservation.id, adminCookie)).status).toBe(200);
      expect((await reservationsAction({ intent: "view-guests", id: reservation.id }, superCookie)).status).toBe(200);
      expect((await exportXml(reservation.id, superCookie)).status).toBe(200);

      const log = await accessLogOf(reservation.id);
      expect(log.map((entry) => [entry.action, entry.userEmail])).toEqual([
        ["view", "ana.admin@nidosmart.test"],
        ["export", "ana.admin@nidosmart.test"],
        ["view", TEST_ADMIN.email],
        ["export", TEST_ADMIN.email],
      ]);
      for (const entry of log) {
        expect(entry.userId).not.toBeNull();
        expect(entry.at.getTime()).toBeGreaterThanOrEqual(started - 5_000);
      }

      // A pending reservation's list is empty, and still logged.
      const property = await createPropertyFixture();
      const pending = await createReservationFixture(property.id);
      const empty = await reservationsAction({ intent: "view-guests", id: pending.id });
      expect(empty.status).toBe(200);
      expect(await accessLogOf(pending.id)).toHaveLength(1);
      const missing = await reservationsAction({ intent: "view-guests", id: "00000000-0000-4000-8000-000000000000" });
      expect(missing.status).toBe(404);
      const none = await server.db
        .select()
        .from(guestDataAccessLog)
        .where(and(eq(guestDataAccessLog.reservationId, "00000000-0000-4000-8000-000000000000"), eq(guestDataAccessLog.action, "view")));
      expect(none).toHaveLength(0);
    });
  });

  // ---------------------------------------------------------------- INE catalogue

  test("GET /api/ine/provinces/:code serves one province with long cache headers", async () => {
    const response = await get("/api/ine/provinces/28");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/public, max-age=\d{6,}/);
    const catalog = (await response.json()) as { code: string; municipalities: [string, string][]; postalCodes: Record<string, string[]> };
    expect(catalog.code).toBe("28");
    expect(catalog.municipalities).toContainEqual(["28079", "Madrid"]);
    expect(catalog.postalCodes["28001"]).toEqual(["28079"]);
    const compressed = await get("/api/ine/provinces/35", { headers: { "Accept-Encoding": "gzip" } });
    expect(compressed.status).toBe(200);
    expect(((await compressed.json()) as { municipalities: [string, string][] }).municipalities).toContainEqual(["35016", "Las Palmas de Gran Canaria"]);
    expect((await get("/api/ine/provinces/99")).status).toBe(404);
    expect((await get("/api/ine/provinces/..%2F..%2Fetc")).status).toBe(404);
  });
});
