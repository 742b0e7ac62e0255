import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { calendarFeeds, calendarStays, properties, rateLimitEvents, reservations } from "#app/db/schema.ts";
import { rotateStayLookupToken, stayLookupMessages } from "#app/modules/calendars/stay-lookup.server.ts";
import "#app/modules/guests/guest-catalogues.server.ts";
import { GUEST_LANGS, guestMessages } from "#app/modules/guests/guest-i18n.ts";
import { RATE_LIMITS } from "#app/modules/rate-limit/rate-limit.server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";
import { createTestDatabase, startTestServer, TEST_ADMIN, testDatabases, type TestDatabase, type TestServer } from "#tests/helpers/test-server.ts";
import { createLogger } from "#server/server.ts";

// "Enlace de registro de la vivienda" (issue 28 item 6, ADR 0026) over real HTTP on a real
// database: staff create the property's link in Calendarios (the row in Viviendas shows it too,
// with the ready Airbnb text in six languages); a guest finds their stay by Airbnb code + the
// phone's last 4 digits, or by NS- reference + arrival date, and is sent to that stay's own
// registration link; every mismatch answers byte for byte the same; attempts are limited per
// client and per property; the page is never indexed; the token never reaches the request log.

const decodeHtml = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabases())("a property's registration link on %s", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let log = "";
  let adminCookie = "";
  let tokenA = "";
  let tokenB = "";
  let propertyA = "";
  let propertyB = "";
  const links: Record<string, string> = {};
  let directReference = "";
  let ip = 0;
  const nextIp = () => {
    ip += 1;
    return `10.77.${ip >> 8}.${ip & 255}`;
  };

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    database = await createTestDatabase(kind);
    server = await startTestServer({ testDatabase: database, env: { TRUST_PROXY: "true" }, logger: createLogger("debug", destination) });
    adminCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const [a, b] = await server.db
      .insert(properties)
      .values([
        { name: "Ático Lookup", address: "Calle Mayor 1, Madrid", establishmentCode: "0000000001", provinceCode: "28" },
        { name: "Casa Vecina", address: "Calle Menor 2, Madrid", establishmentCode: "0000000002", provinceCode: "28" },
      ])
      .returning({ id: properties.id });
    propertyA = a!.id;
    propertyB = b!.id;
    const feedOf = async (propertyId: string) => {
      const [feed] = await server.db
        .insert(calendarFeeds)
        .values({ id: randomUUID(), propertyId, urlEncrypted: "x", urlMasked: "https://www.airbnb.es/calendar/ical/1.ics?s=••••", channelSetting: "airbnb", channel: "airbnb", nextSyncAt: new Date("2100-01-01T00:00:00Z") })
        .returning({ id: calendarFeeds.id });
      return feed!.id;
    };
    const feeds = { [propertyA]: await feedOf(propertyA), [propertyB]: await feedOf(propertyB) };
    async function stay(name: string, propertyId: string, checkIn: string, checkOut: string, airbnb?: { code: string; last4: string }, cancelled = false) {
      const uniqueLink = `${name.padEnd(18, "x")}Lk01`.slice(0, 22);
      const [row] = await server.db
        .insert(reservations)
        .values({ propertyId, propertyName: "Ático Lookup", guestCount: 1, checkInDate: checkIn, checkOutDate: checkOut, uniqueLink, cancelledAt: cancelled ? new Date() : null })
        .returning({ id: reservations.id, reference: reservations.reference });
      if (airbnb) {
        await server.db.insert(calendarStays).values({
          reservationId: row!.id,
          feedId: feeds[propertyId]!,
          propertyId,
          channel: "airbnb",
          uid: `${name}@airbnb.com`,
          bookingCode: airbnb.code,
          phoneLast4: airbnb.last4,
          lastSeenAt: new Date(),
        });
      }
      links[name] = uniqueLink;
      return row!.reference;
    }
    await stay("airbnb", propertyA, day(10), day(14), { code: "HMLOOKUP01", last4: "4321" });
    directReference = await stay("direct", propertyA, day(20), day(23));
    await stay("cancelled", propertyA, day(30), day(33), { code: "HMCANCEL01", last4: "1111" }, true);
    await stay("past", propertyA, day(-10), day(-5), { code: "HMPAST0001", last4: "2222" });
    await stay("neighbour", propertyB, day(10), day(12), { code: "HMOTHER001", last4: "3333" });
    tokenB = (await rotateStayLookupToken(server.db, propertyB))!;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const page = (token: string, query = "", headers: Record<string, string> = {}) =>
    fetch(`${server.url}/registro/${token}${query}`, { headers: { "X-Forwarded-For": nextIp(), ...headers } });
  const lookup = (token: string, fields: Record<string, string>, options: { ip?: string; lang?: string } = {}) =>
    fetch(`${server.url}/registro/${token}?lang=${options.lang ?? "es"}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": options.ip ?? nextIp() },
      body: new URLSearchParams({ lang: options.lang ?? "es", ...fields }).toString(),
    });
  const staffPage = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { Cookie: adminCookie } });
    expect(response.status).toBe(200);
    return decodeHtml(await response.text());
  };

  test("staff create the link in Calendarios; it and its row in Viviendas show the URL, with the Airbnb text in six languages", async () => {
    const calendars = `/admin/viajeros/viviendas/${propertyA}/calendarios`;
    expect(await staffPage(calendars)).toContain("Todavía no hay enlace de registro para esta vivienda.");
    const created = await fetch(`${server.url}${calendars}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: adminCookie },
      body: new URLSearchParams({ intent: "rotate-lookup" }).toString(),
    });
    expect(created.status).toBe(200);
    expect(decodeHtml(await created.text())).toContain("Enlace de registro creado");
    const [row] = await server.db.select({ token: properties.registrationLookupToken }).from(properties).where(eq(properties.id, propertyA));
    tokenA = row!.token!;
    expect(tokenA).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const url = `${server.url}/registro/${tokenA}`;
    const html = await staffPage(calendars);
    expect(html).toContain("Enlace de registro de la vivienda");
    expect(html).toContain(url);
    expect(html).toContain("Copiar enlace");
    expect(html).toContain("Texto para los mensajes programados de Airbnb");
    // The Spanish text is shown; the menu offers the six languages, each text with the link.
    expect(html).toContain(guestMessages.es.lookup.airbnbMessage(url));
    for (const lang of GUEST_LANGS) expect(html, lang).toMatch(new RegExp(`<option value="${lang}"[^>]*>${guestMessages[lang].languageName}</option>`));
    const texts = stayLookupMessages(url);
    expect(texts.map((text) => text.lang)).toEqual([...GUEST_LANGS]);
    for (const text of texts) expect(text.text, text.lang).toContain(url);
    expect(new Set(texts.map((text) => text.text)).size).toBe(6);
    const list = await staffPage("/admin/viajeros/viviendas");
    expect(list).toContain("Enlace de registro de la vivienda");
    expect(list).toContain(url);
    expect(list).toContain(`/registro/${tokenB}`);
  });

  test("the page is never indexed, speaks the six guest languages, and an unknown or replaced link is a 404", async () => {
    for (const lang of GUEST_LANGS) {
      const response = await page(tokenA, `?lang=${lang}`);
      expect(response.status, lang).toBe(200);
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(response.headers.get("cache-control")).toContain("no-store");
      const html = decodeHtml(await response.text());
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      const text = guestMessages[lang].lookup;
      for (const words of [text.pageTitle, text.code, text.phoneLast4, text.checkInDate, text.submit]) expect(html, `${lang}: ${words}`).toContain(words);
    }
    const spanish = decodeHtml(await (await page(tokenA)).text());
    for (const words of ["Código de reserva", "Últimos 4 dígitos del teléfono", "Fecha de llegada", "Buscar mi reserva"]) expect(spanish).toContain(words);
    // Without ?lang=, the browser's language.
    expect(decodeHtml(await (await page(tokenA, "", { "Accept-Language": "de-DE,de;q=0.9" })).text())).toContain("Meine Buchung suchen");

    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain("Disallow: /registro/\n");

    const unknown = await page("A".repeat(32));
    expect(unknown.status).toBe(404);
    expect(decodeHtml(await unknown.text())).toContain(guestMessages.es.invalidLinkTitle);
    const old = tokenB;
    tokenB = (await rotateStayLookupToken(server.db, propertyB))!;
    expect((await page(old)).status).toBe(404);
    expect((await page(tokenB)).status).toBe(200);
  });

  test("an Airbnb code (any case, spaces around) and the phone's last 4 digits open that stay's own registration", async () => {
    const response = await lookup(tokenA, { code: "  hmlookup01 ", phoneLast4: "4321", checkInDate: "" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/registro-viajeros/${links.airbnb}?lang=es`);
    const registration = await fetch(`${server.url}${response.headers.get("location")}`, { headers: { "X-Forwarded-For": nextIp() } });
    expect(registration.status).toBe(200);
    // In the guest's language.
    const german = await lookup(tokenA, { code: "HMLOOKUP01", phoneLast4: "43 21" }, { lang: "de" });
    expect(german.headers.get("location")).toBe(`/registro-viajeros/${links.airbnb}?lang=de`);
  });

  test("a NidoSmart reference and the arrival date open the stay too, whatever its channel", async () => {
    const direct = await lookup(tokenA, { code: directReference.toLowerCase(), phoneLast4: "", checkInDate: day(20) });
    expect(direct.status).toBe(303);
    expect(direct.headers.get("location")).toBe(`/registro-viajeros/${links.direct}?lang=es`);
    const [imported] = await server.db.select({ reference: reservations.reference }).from(reservations).where(eq(reservations.uniqueLink, links.airbnb!));
    const byReference = await lookup(tokenA, { code: imported!.reference, checkInDate: day(10) });
    expect(byReference.headers.get("location")).toBe(`/registro-viajeros/${links.airbnb}?lang=es`);
  });

  test("every kind of mismatch answers byte for byte the same, and says nothing about any stay", async () => {
    const mismatches: [string, string, Record<string, string>][] = [
      ["unknown Airbnb code", tokenA, { code: "HMNOPE0000", phoneLast4: "4321" }],
      ["wrong digits", tokenA, { code: "HMLOOKUP01", phoneLast4: "9999" }],
      ["the date instead of the digits", tokenA, { code: "HMLOOKUP01", phoneLast4: "0000", checkInDate: day(10) }],
      ["wrong date", tokenA, { code: directReference, checkInDate: day(21) }],
      ["unknown reference", tokenA, { code: "NS-000000000000", checkInDate: day(20) }],
      ["cancelled stay", tokenA, { code: "HMCANCEL01", phoneLast4: "1111" }],
      ["stay already over", tokenA, { code: "HMPAST0001", phoneLast4: "2222" }],
      ["another property's stay", tokenA, { code: "HMOTHER001", phoneLast4: "3333" }],
      ["this stay on the other property's link", tokenB, { code: "HMLOOKUP01", phoneLast4: "4321" }],
      ["a code too long to be stored", tokenA, { code: `HMLOOKUP01${"0".repeat(40)}`, phoneLast4: "4321" }],
    ];
    const answers: { name: string; status: number; body: string }[] = [];
    for (const [name, token, fields] of mismatches) {
      const response = await lookup(token, fields);
      // The page names its own URL (the form's action, the language menu): the other link's
      // answer is compared with that URL put back.
      answers.push({ name, status: response.status, body: (await response.text()).replaceAll(tokenB, tokenA) });
    }
    const [first] = answers;
    expect(first!.status).toBe(404);
    expect(decodeHtml(first!.body)).toContain("No encontramos ninguna reserva con esos datos");
    for (const answer of answers) {
      expect(answer.status, answer.name).toBe(first!.status);
      expect(answer.body, answer.name).toBe(first!.body);
    }
    // No names, dates or codes of any stay.
    for (const secret of ["Ático Lookup", "Casa Vecina", "HMLOOKUP01", "HMOTHER001", directReference, day(10), day(20), ...Object.values(links)]) expect(first!.body).not.toContain(secret);

    // What was typed is checked for its shape only, before any stay is read: 400, in Spanish.
    const shapes: [Record<string, string>, string][] = [
      [{ code: "   " }, "Escribe el código de tu reserva."],
      [{ code: "HMLOOKUP01", phoneLast4: "12" }, "Escribe los 4 últimos dígitos de tu teléfono."],
      [{ code: directReference, checkInDate: "2026-02-30" }, "Indica tu fecha de llegada."],
    ];
    for (const [fields, message] of shapes) {
      const response = await lookup(tokenA, fields);
      expect(response.status, message).toBe(400);
      expect(decodeHtml(await response.text())).toContain(message);
    }
  });

  test("attempts are limited per client and per property, with the guest's own words", async () => {
    const client = nextIp();
    for (let attempt = 0; attempt < RATE_LIMITS.stayLookup.limit; attempt++) {
      expect((await lookup(tokenA, { code: "HMNOPE0000", phoneLast4: "0000" }, { ip: client })).status).toBe(404);
    }
    const refused = await lookup(tokenA, { code: "HMLOOKUP01", phoneLast4: "4321" }, { ip: client });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(decodeHtml(await refused.text())).toContain("Demasiados intentos. Por favor, espera unos minutos.");
    // Another client still finds its stay.
    expect((await lookup(tokenA, { code: "HMLOOKUP01", phoneLast4: "4321" })).status).toBe(303);

    // One property's attempts from many clients: the other property's count is its own.
    const key = `${RATE_LIMITS.stayLookupProperty.name}:${propertyB}`;
    await server.db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
    await server.db.insert(rateLimitEvents).values(Array.from({ length: RATE_LIMITS.stayLookupProperty.limit - 1 }, () => ({ key })));
    expect((await lookup(tokenB, { code: "HMOTHER001", phoneLast4: "3333" })).status).toBe(303);
    const french = await lookup(tokenB, { code: "HMOTHER001", phoneLast4: "3333" }, { lang: "fr" });
    expect(french.status).toBe(429);
    expect(decodeHtml(await french.text())).toContain(guestMessages.fr.tooManyAttempts);
    expect((await lookup(tokenA, { code: "HMLOOKUP01", phoneLast4: "4321" })).status).toBe(303);
  });

  test("the request log names the path /registro/:token, never a token nor the guest link it led to", async () => {
    expect((await fetch(`${server.url}/registro/${tokenA}.data?lang=es`, { headers: { "X-Forwarded-For": nextIp() } })).status).toBe(200);
    expect((await fetch(`${server.url}/REGISTRO/${tokenA}`, { headers: { "X-Forwarded-For": nextIp() } })).status).toBe(200);
    const marker = await fetch(`${server.url}/registro/${tokenA}`, { method: "PUT", headers: { Origin: server.url, "X-Forwarded-For": nextIp() }, body: "x=1" });
    expect(marker.status).toBeGreaterThanOrEqual(400);
    await waitUntil(() => log.includes('"method":"PUT"'), "the last request's log line", 10_000);
    expect(log).toContain('"path":"/registro/:token"');
    for (const token of [tokenA, tokenB]) expect(log).not.toContain(token);
    for (const link of Object.values(links)) expect(log).not.toContain(link);
  });
});
