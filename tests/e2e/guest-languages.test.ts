import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guests, properties, rateLimitEvents, reservations } from "#app/db/schema.ts";
import { rotateStayLookupToken } from "#app/modules/calendars/stay-lookup.server.ts";
import { getDoorLinksForReservations, registerDevice } from "#app/modules/door/door.server.ts";
import en from "#app/modules/guests/messages/en.json";
import es from "#app/modules/guests/messages/es.json";
import fr from "#app/modules/guests/messages/fr.json";
import it from "#app/modules/guests/messages/it.json";
import pt from "#app/modules/guests/messages/pt.json";
import { todayIsoDate } from "#app/lib/dates.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The guest flow in six languages on a 360 px phone: the language comes from the browser's
// Accept-Language, the header switches it without a reload and without losing anything typed
// (signature included), a family of three with a child registers in German, one guest of the
// review's group (a Spanish DNI adult, Chinese, Greek, Cyrillic and Arabic names, a 70-character
// surname) registers in each other language, and the door page follows the same language. axe on every screen at 360 px. Screenshots of the German form go
// to GUEST_SCREENSHOT_DIR when it is set.

const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const PHONE = { width: 360, height: 780 };
const LANGUAGE_NAMES = { es: "Español", en: "English", fr: "Français", de: "Deutsch", it: "Italiano", pt: "Português" } as const;
type Lang = keyof typeof LANGUAGE_NAMES;
const FORM_TITLES: Record<Lang, string> = {
  es: "Registro de huéspedes",
  en: "Guest registration",
  fr: "Enregistrement des voyageurs",
  de: "Gästeregistrierung",
  it: "Registrazione degli ospiti",
  pt: "Registo de hóspedes",
};
const GUEST_1: Record<Lang, string> = { es: "Huésped 1", en: "Guest 1", fr: "Voyageur 1", de: "Gast 1", it: "Ospite 1", pt: "Hóspede 1" };

describe.skipIf(!browserAvailable)("guest flow in six languages, in Chromium at 360 px", () => {
  let server: TestServer;
  let browser: Browser;
  let propertyId = "";

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const [property] = await server.db
      .insert(properties)
      .values({ name: "Ferienwohnung Alhambra", address: "Calle Real 1, Granada", establishmentCode: "0000000042" })
      .returning({ id: properties.id });
    propertyId = property!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newReservation(guestCount = 3): Promise<{ id: string; link: string }> {
    const uniqueLink = randomBytes(16).toString("base64url").replace(/[-_]/g, "x");
    const [row] = await server.db
      .insert(reservations)
      .values({
        propertyId,
        propertyName: "Ferienwohnung Alhambra",
        guestCount,
        checkInDate: "2026-08-01",
        checkOutDate: "2026-08-08",
        uniqueLink,
      })
      .returning({ id: reservations.id });
    return { id: row!.id, link: `/registro-viajeros/${uniqueLink}` };
  }

  async function phone(locale: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      reducedMotion: "reduce",
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    return { context, page: await context.newPage() };
  }

  const visible = (locator: Locator) => expect.poll(() => locator.isVisible(), { timeout: 10_000 }).toBe(true);
  const field = (scope: Locator, label: string) =>
    scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}( \\*)?$`));
  const fitsThePhone = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  async function screenshot(target: Page | Locator, name: string) {
    const dir = process.env.GUEST_SCREENSHOT_DIR;
    if (!dir) return;
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name}.png`);
    if ("goto" in target) await target.screenshot({ path: file, fullPage: true });
    else await target.screenshot({ path: file });
  }

  async function switchLanguage(page: Page, to: Lang) {
    await page.locator("details > summary").first().click();
    await page.getByRole("link", { name: LANGUAGE_NAMES[to] }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("lang")).toBe(to);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(to);
  }

  async function drawSignature(page: Page, scope: Locator) {
    const canvas = scope.locator("canvas");
    await canvas.scrollIntoViewIfNeeded();
    await expect.poll(() => canvas.evaluate((element) => (element as HTMLCanvasElement).width), { timeout: 10_000 }).toBeGreaterThan(300);
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 15, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(box.x + 15 + step * ((box.width - 30) / 10), box.y + box.height * (step % 2 ? 0.3 : 0.7), { steps: 3 });
    }
    await page.mouse.up();
    await expect.poll(() => scope.locator('input[name$=".signatureImage"]').inputValue()).toMatch(/^data:image\/png;base64,/);
  }

  test("the browser's language is used; every switch mid-form keeps what was typed and the signature, without a reload", async () => {
    const { link } = await newReservation(2);
    const { context, page } = await phone("fr-FR");
    const errors = collectPageErrors(page);
    await page.goto(link);
    await visible(page.getByRole("heading", { name: "Bienvenue\u202F!" }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continuer" }).click();
    await visible(page.getByRole("heading", { name: FORM_TITLES.fr }));
    await page.locator('form[method=post] input[name="client"][value="js"]').waitFor({ state: "attached" });

    const card = () => page.getByRole("region", { name: /^(Huésped|Guest|Voyageur|Gast|Ospite|Hóspede) 1$/ });
    await field(card(), "Prénom").fill("Amélie");
    await field(card(), "Premier nom de famille").fill("Poulain");
    await field(card(), "Date de naissance").fill("1980-06-15");
    await field(card(), "Nationalité").selectOption("FRA");
    await field(card(), "E-mail").fill("amelie@example.com");
    await field(card(), "Pays").selectOption("FRA");
    await field(card(), "Ville").fill("Paris");
    await drawSignature(page, card());
    const signature = await card().locator('input[name$=".signatureImage"]').inputValue();
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    for (const lang of ["en", "de", "it", "pt", "es", "fr", "de"] as const) {
      await switchLanguage(page, lang);
      await visible(page.getByRole("heading", { name: FORM_TITLES[lang] }));
      await visible(page.getByRole("region", { name: GUEST_1[lang] }));
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      const guest = page.getByRole("region", { name: GUEST_1[lang] });
      expect(await guest.locator('input[name$=".givenName"]').inputValue()).toBe("Amélie");
      expect(await guest.locator('input[name$=".firstSurname"]').inputValue()).toBe("Poulain");
      expect(await guest.locator('input[name$=".birthDate"]').inputValue()).toBe("1980-06-15");
      expect(await guest.locator('select[name$=".nationality"]').inputValue()).toBe("FRA");
      expect(await guest.locator('input[name$=".email"]').inputValue()).toBe("amelie@example.com");
      expect(await guest.locator('input[name$=".addressMunicipalityName"]').inputValue()).toBe("Paris");
      expect(await guest.locator('input[name$=".signatureImage"]').inputValue()).toBe(signature);
      await fitsThePhone(page);
    }
    // The menu closes with Escape, focus back on its button, and with a tap elsewhere.
    const summary = page.locator("details > summary").first();
    await summary.click();
    await visible(page.getByRole("link", { name: "Italiano" }));
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("link", { name: "Italiano" }).isVisible()).toBe(false);
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await summary.click();
    await page.mouse.click(8, PHONE.height - 8);
    await expect.poll(() => page.getByRole("link", { name: "Italiano" }).isVisible()).toBe(false);
    // Country names follow the language: the nationality select now reads German.
    expect(await page.getByRole("region", { name: "Gast 1" }).locator('select[name$=".nationality"] option:checked').textContent()).toBe("Frankreich");
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Three guests, three drawn signatures and axe on four screens: a longer hang guard than the
  // default, which a loaded 2-core runner can pass.
  test("a family of three, a child among them, registers in German on a 360 px phone", async () => {
    const { id, link } = await newReservation(3);
    const { context, page } = await phone("de-DE");
    const errors = collectPageErrors(page);
    await page.goto(link);
    await visible(page.getByRole("heading", { name: "Willkommen!" }));
    expect(await page.title()).toContain("Gästeregistrierung");
    await fitsThePhone(page);
    await expectAccessible(page);
    await screenshot(page, "de-360-welcome");
    expect(await page.getByLabel("Wie viele Personen übernachten?").inputValue()).toBe("3");
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.locator('form[method=post] input[name="client"][value="js"]').waitFor({ state: "attached" });
    await visible(page.getByRole("heading", { name: "Gästeregistrierung" }));

    const fill = async (position: number, person: { given: string; birth: string; sex: string; email?: string; phone?: string }) => {
      const card = page.getByRole("region", { name: `Gast ${position}` });
      await field(card, "Vorname").fill(person.given);
      await field(card, "Erster Nachname").fill("Müller");
      await field(card, "Geschlecht").selectOption(person.sex);
      await field(card, "Geburtsdatum").fill(person.birth);
      await card.getByLabel("Staatsangehörigkeit suchen").fill("deutsch");
      await expect.poll(() => field(card, "Staatsangehörigkeit").inputValue()).toBe("DEU");
      if (person.email) await field(card, "E-Mail").fill(person.email);
      if (person.phone) await field(card, "Telefon").fill(person.phone);
      await field(card, "Straße und Hausnummer").fill("Hauptstraße 5");
      await field(card, "Land").selectOption("DEU");
      await field(card, "Ort / Stadt").fill("München");
      await field(card, "Postleitzahl").fill("80331");
      return card;
    };
    const anna = await fill(1, { given: "Anna", birth: "1984-02-10", sex: "M", email: "anna@example.com" });
    await field(anna, "Dokumentart").selectOption({ label: "Reisepass" });
    await field(anna, "Dokumentnummer").fill("C01X00T47");
    const jonas = await fill(2, { given: "Jonas", birth: "1982-09-30", sex: "H", phone: "+49 89 1234567" });
    await field(jonas, "Dokumentart").selectOption({ label: "Reisepass" });
    await field(jonas, "Dokumentnummer").fill("C01X00T48");
    const mia = await fill(3, { given: "Mia", birth: "2019-04-01", sex: "M", phone: "+49 89 1234567" });
    await field(mia, "Verwandtschaftsverhältnis").selectOption({ label: "Sohn oder Tochter" });
    await screenshot(page, "de-360-form");

    // The server's rule, in German: no signature, no registration.
    await page.getByRole("button", { name: "Registrierung abschließen" }).click();
    // Shown in the error summary at the top of the form (no toast), every guest at once.
    await visible(page.locator("#guest-error-summary").getByRole("link", { name: /^Gast 1: Unterschrift \*/ }));
    expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
    await drawSignature(page, anna);
    await drawSignature(page, jonas);
    await visible(mia.getByText("Unterschrift des verantwortlichen Erwachsenen (für einen Gast unter 14 Jahren)"));
    await field(mia, "Unterschreibender Erwachsener").selectOption({ label: "Gast 1: Anna Müller" });
    await drawSignature(page, mia);
    await fitsThePhone(page);
    await expectAccessible(page);
    await screenshot(page, "de-360-form-signed");
    await screenshot(mia, "de-360-child-card");
    if (process.env.GUEST_SCREENSHOT_DIR) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator("details > summary").first().click();
      await page.screenshot({ path: path.join(process.env.GUEST_SCREENSHOT_DIR, "de-360-header-menu.png"), clip: { x: 0, y: 0, width: 360, height: 420 } });
      await page.locator("details > summary").first().click();
    }
    await page.getByRole("button", { name: "Registrierung abschließen" }).click();
    await visible(page.getByRole("heading", { name: "Vielen Dank! Die Registrierung ist abgeschlossen" }));
    await visible(page.getByText("Bereitgestellt von NidoSmart"));
    await fitsThePhone(page);
    await expectAccessible(page);

    const stored = await server.db.select().from(guests).where(eq(guests.reservationId, id)).orderBy(guests.position);
    expect(stored.map((guest) => [guest.givenName, guest.signatureKind, guest.signedByPosition, guest.kinship])).toEqual([
      ["Anna", "drawn", null, null],
      ["Jonas", "drawn", null, null],
      ["Mia", "drawn", 1, "HJ"],
    ]);
    expect(stored.every((guest) => guest.signatureImage?.startsWith("data:image/png;base64,"))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  // The review's group, one guest per language, each through the whole flow at 360 px: welcome,
  // form, a refusal shown in the page's language (a 70-character surname in English: told, not
  // cut), the fix, the success screen. German has its own (the family above).
  const REVIEW: { lang: Exclude<Lang, "de">; catalogue: Record<string, string>; locale: string; given: string; surname: string; nationality: string; signature: "drawn" | string }[] = [
    { lang: "es", catalogue: es, locale: "es-ES", given: "Lucía", surname: "Ejemplo", nationality: "ESP", signature: "drawn" },
    { lang: "en", catalogue: en, locale: "en-GB", given: "小明", surname: "王", nationality: "CHN", signature: "王小明" },
    { lang: "fr", catalogue: fr, locale: "fr-FR", given: "Δημήτρης", surname: "Παπαδόπουλος", nationality: "GRC", signature: "drawn" },
    { lang: "it", catalogue: it, locale: "it-IT", given: "Иван", surname: "Петров", nationality: "RUS", signature: "Иван Петров" },
    { lang: "pt", catalogue: pt, locale: "pt-PT", given: "محمد", surname: "العلي", nationality: "MAR", signature: "drawn" },
  ];

  test.each(REVIEW)("$lang: a guest of the review's group registers at 360 px, a refusal worded in the page's language", async (guest) => {
    // Every test here registers from 127.0.0.1, and the server allows 3 registrations per 5 minutes per client.
    await server.db.delete(rateLimitEvents);
    const { id, link } = await newReservation(1);
    const { context, page } = await phone(guest.locale);
    const errors = collectPageErrors(page);
    const t = guest.catalogue;
    await page.goto(link);
    await visible(page.getByRole("heading", { name: t.welcomeTitle }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(guest.lang);
    await fitsThePhone(page);
    await page.getByRole("button", { name: t.continue }).click();
    await page.locator('form[method=post] input[name="client"][value="js"]').waitFor({ state: "attached" });
    await visible(page.getByRole("heading", { name: t.formTitle }));
    await visible(page.locator("#guest-privacy"));

    const card = page.getByRole("region", { name: GUEST_1[guest.lang] });
    const longSurname = `${guest.surname} ${"x".repeat(69 - [...guest.surname].length)}`;
    await page.locator("#guest-1-givenName").fill(guest.given);
    await page.locator("#guest-1-firstSurname").fill(guest.lang === "en" ? longSurname : guest.surname);
    await page.locator("#guest-1-sex").selectOption("H");
    await page.locator("#guest-1-birthDate").fill("1979-05-04");
    await page.locator("#guest-1-nationality").selectOption(guest.nationality);
    await page.locator("#guest-1-email").fill(`guest-${guest.lang}@example.com`);
    if (guest.lang === "es") {
      // A Spanish adult with a DNI and a Spanish address: support number, province, municipality.
      await page.locator("#guest-1-secondSurname").fill("Ficticia");
      await page.locator("#guest-1-documentType").selectOption("DNI");
      await page.locator("#guest-1-documentNumber").fill("12345678Z");
      await page.locator("#guest-1-documentSupport").fill("ABC123456");
      await page.locator("#guest-1-addressStreet").fill("Calle Inventada 1, 3º B");
      await page.locator("#guest-1-addressCountry").selectOption("ESP");
      await page.locator("#guest-1-addressProvince").selectOption("28");
      await page.locator("#guest-1-addressPostalCode").fill("28001");
      await expect.poll(() => page.locator("#guest-1-addressMunicipalityCode").inputValue(), { timeout: 10_000 }).toBe("28079");
    } else {
      await page.locator("#guest-1-documentType").selectOption("Pasaporte");
      await page.locator("#guest-1-documentNumber").fill("X1234567");
      await page.locator("#guest-1-addressStreet").fill("1 Example Street");
      await page.locator("#guest-1-addressCountry").selectOption("GBR");
      await page.locator("#guest-1-addressMunicipalityName").fill("London");
      await page.locator("#guest-1-addressPostalCode").fill("SW1A 1AA");
    }
    if (guest.signature === "drawn") {
      await drawSignature(page, card);
    } else {
      await card.locator('input[type="radio"][value="typed"]').check();
      await page.locator("#guest-1-signatureName").fill(guest.signature);
    }
    // Nothing to refuse but the English surname: the first submit of the other three succeeds.
    await page.getByRole("button", { name: t.submit }).click();
    if (guest.lang === "en") {
      const summary = page.locator("#guest-error-summary");
      await visible(summary);
      expect(await summary.getByRole("link").allTextContents()).toEqual(["Guest 1: First surname * — Too long (max 50 characters)."]);
      expect(await page.locator("#guest-1-firstSurname-error").textContent()).toBe("Too long (max 50 characters).");
      // Kept whole, never cut, with the count beside it.
      expect(await page.locator("#guest-1-firstSurname").inputValue()).toBe(longSurname);
      expect(await page.locator("#guest-1-firstSurname-count").textContent()).toBe("70 of 50 characters");
      expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
      await fitsThePhone(page);
      await expectAccessible(page);
      await screenshot(page, "en-360-too-long");
      await page.locator("#guest-1-firstSurname").fill(guest.surname);
      await page.getByRole("button", { name: t.submit }).click();
    }
    await visible(page.getByRole("heading", { name: t.successTitle }));
    await fitsThePhone(page);
    await expectAccessible(page);
    await screenshot(page, `${guest.lang}-360-success`);
    const [stored] = await server.db.select().from(guests).where(eq(guests.reservationId, id));
    expect([stored.givenName, stored.firstSurname, stored.signatureKind, stored.signatureLang]).toEqual([guest.given, guest.surname, guest.signature === "drawn" ? "drawn" : "typed", guest.lang]);
    if (guest.signature !== "drawn") expect(stored.signatureTypedName).toBe(guest.signature);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the door page follows the guest's language and switches like the form", async () => {
    const { id } = await newReservation(1);
    await server.db.update(reservations).set({ checkInDate: addDays(todayIsoDate(), -1), checkOutDate: addDays(todayIsoDate(), 2) }).where(eq(reservations.id, id));
    await registerDevice(server.db, { deviceId: "ns01-alhambra-1", name: "Haustür", propertyId });
    const doorLink = (await getDoorLinksForReservations(server.db, [id])).get(id);
    const { context, page } = await phone("de-DE");
    await page.goto(String(doorLink));
    await visible(page.getByRole("heading", { name: "Türöffnung" }));
    await visible(page.getByRole("button", { name: "Tür öffnen" }));
    await fitsThePhone(page);
    await expectAccessible(page);
    await switchLanguage(page, "it");
    await visible(page.getByRole("heading", { name: "Apertura della porta" }));
    await page.getByRole("button", { name: "Apri la porta" }).click();
    await expect.poll(() => page.getByRole("status").textContent(), { timeout: 10_000 }).toBe("✅ Porta aperta con successo");
    await fitsThePhone(page);
    await expectAccessible(page);
    // The server's refusals come in the page's language too, not only the frame around them.
    await page.goto(`/apertura-puerta?t=abc.def&d=ns01-alhambra-1&lang=de`);
    await page.getByRole("button", { name: "Tür öffnen" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent(), { timeout: 10_000 })
      .toBe("⚠️ Fehler: Dieser Türlink ist ungültig. Bitten Sie die Unterkunft um einen neuen.");
    await fitsThePhone(page);
    await context.close();
  });

  test("the property's registration link: a guest finds their stay by its reference and arrival date, in their language", async () => {
    // The earlier tests' page loads came from this same address.
    await server.db.delete(rateLimitEvents);
    const token = (await rotateStayLookupToken(server.db, propertyId))!;
    const { id } = await newReservation(2);
    const checkIn = addDays(todayIsoDate(), 5);
    await server.db.update(reservations).set({ checkInDate: checkIn, checkOutDate: addDays(checkIn, 3) }).where(eq(reservations.id, id));
    const [{ reference }] = await server.db.select({ reference: reservations.reference }).from(reservations).where(eq(reservations.id, id));
    const { context, page } = await phone("pt-PT");
    const errors = collectPageErrors(page);
    await page.goto(`/registro/${token}`);
    await visible(page.getByRole("heading", { name: pt["lookup.pageTitle"] }));
    await fitsThePhone(page);
    await expectAccessible(page);
    // A wrong date: the one answer every mismatch gets, in Portuguese.
    await page.getByLabel(pt["lookup.code"]).fill(reference!.toLowerCase());
    await expect.poll(() => page.getByLabel(pt["lookup.phoneLast4"]).isVisible()).toBe(false);
    await page.getByLabel(pt["lookup.checkInDate"]).fill(addDays(checkIn, 1));
    await page.getByRole("button", { name: pt["lookup.submit"] }).click();
    await visible(page.getByRole("alert").filter({ hasText: pt["lookup.notFound"] }));
    await fitsThePhone(page);
    await expectAccessible(page);
    await page.getByLabel(pt["lookup.checkInDate"]).fill(checkIn);
    await page.getByRole("button", { name: pt["lookup.submit"] }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toMatch(/^\/registro-viajeros\/[0-9A-Za-z]{22,}$/);
    expect(new URL(page.url()).searchParams.get("lang")).toBe("pt");
    await visible(page.getByRole("heading", { name: pt.welcomeTitle }));
    expect(errors).toEqual([]);
    await context.close();
  });
});
