import fs from "node:fs";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { leads, rateLimitEvents } from "#app/db/schema.ts";
import { LEAD_CSV_COLUMNS } from "#app/modules/leads/leads-csv.ts";
import { ADMIN_LEAD_MESSAGES, LEAD_MESSAGES } from "#app/modules/leads/leads.schema.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";

// The lead lifecycle in a real browser: the contact modal, a page's demo dialog, /contacto with
// and without JavaScript, markup typed by a visitor, and the admin's lead manager.
// TRUST_PROXY lets each browser context speak as its own client IP (X-Forwarded-For), so the
// server's 3-per-5-minutes limit of one test never spills into the next.

const ADMIN = { email: "ana.admin@nidosmart.test", password: "admin-pass" };
const XSS = {
  img: "<img src=x onerror=alert(1)>",
  script: "<script>alert(1)</script>",
  svg: '"><svg onload=alert(1)>',
};

let ipCounter = 0;

describe.skipIf(!browserAvailable)("lead lifecycle in Chromium", () => {
  describe.each(testDatabases())("on %s", (database) => {
    let server: TestServer;
    let browser: Browser;
    const pageErrors: string[][] = [];

    beforeAll(async () => {
      server = await startTestServer({
        database,
        env: { TRUST_PROXY: "true" },
      });
      await server.createUser({
        email: ADMIN.email,
        password: ADMIN.password,
        role: "admin",
        fullName: "Ana Admin",
      });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });
    beforeEach(async () => {
      await server.db.delete(leads);
      await server.db.delete(rateLimitEvents);
    });
    afterEach(() => {
      // No hydration mismatch or uncaught error on any page a test visited.
      expect(pageErrors.flat()).toEqual([]);
      pageErrors.length = 0;
    });

    async function newPage(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
      ipCounter += 1;
      const context = await browser.newContext({
        baseURL: server.url,
        locale: "es-ES",
        reducedMotion: "reduce",
        viewport: { width: 1366, height: 900 },
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        extraHTTPHeaders: {
          "X-Forwarded-For": `10.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
        },
      });
      await context.addInitScript(TOAST_LOG);
      const page = await context.newPage();
      pageErrors.push(collectPageErrors(page));
      return page;
    }

    const allLeads = () => server.db.select().from(leads);
    const leadsByEmail = (email: string) => server.db.select().from(leads).where(eq(leads.email, email));
    const waitForPath = (page: Page, path: string) => expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(path);
    const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

    // Every toast the page shows, as it appears: lets a check see a NEW toast even when the
    // same message was shown a moment ago (and without touching the DOM React owns).
    const TOAST_LOG = `
      window.__toastLog = [];
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          // sonner's toasts on pages with React, the island's own on marketing pages.
          const selector = "[data-sonner-toast], [data-toast]";
          const found = node.matches(selector) ? [node] : [...node.querySelectorAll(selector)];
          for (const toast of found) window.__toastLog.push(toast.textContent ?? "");
        }
      }).observe(document, { childList: true, subtree: true });
    `;
    const toastLog = (page: Page) => page.evaluate(() => (window as unknown as { __toastLog?: string[] }).__toastLog ?? []);
    const toastMark = async (page: Page) => (await toastLog(page)).length;
    async function expectToast(page: Page, text: string, since = 0) {
      await expect
        .poll(async () => (await toastLog(page)).slice(since).some((entry) => entry.includes(text)), { timeout: 10_000 })
        .toBe(true);
    }

    /** A form error is both a toast and the form's own live message (public-side §4, §8). */
    async function submitExpectingError(page: Page, form: Locator, submit: Locator, message: string) {
      const mark = await toastMark(page);
      await submit.click();
      await expectFormError(page, form, message, mark);
    }
    async function expectFormError(page: Page, form: Locator, message: string, since: number) {
      await expect
        .poll(() => form.locator('p[aria-live="assertive"]').textContent(), {
          timeout: 10_000,
        })
        .toBe(message);
      await expectToast(page, message, since);
    }

    // ------------------------------------------------------------ the contact modal

    /** Clicks a (hydrated) trigger and returns the open dialog. */
    async function openDialog(page: Page, trigger: Locator): Promise<Locator> {
      // Without the island the trigger is a link to /contacto; with it, a button opening the dialog.
      await trigger.waitFor({ state: "visible" });
      await trigger.click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Nombre").waitFor({ state: "visible" });
      return dialog;
    }

    type ModalValues = Partial<Record<"name" | "email" | "phone" | "company" | "city" | "message", string>> & { owner?: string };
    async function fillModal(dialog: Locator, values: ModalValues) {
      if (values.name !== undefined) await dialog.getByLabel("Nombre").fill(values.name);
      if (values.email !== undefined) await dialog.getByLabel("Email").fill(values.email);
      if (values.phone !== undefined) await dialog.getByLabel("Teléfono").fill(values.phone);
      if (values.company !== undefined) await dialog.getByLabel("Empresa").fill(values.company);
      if (values.city !== undefined) await dialog.getByLabel("Ciudad").fill(values.city);
      if (values.message !== undefined) await dialog.getByLabel("Mensaje").fill(values.message);
      if (values.owner !== undefined) await dialog.getByLabel("Tipo de propietario").selectOption({ label: values.owner });
    }

    const validModal: ModalValues = {
      name: "  Lucía Fernández  ",
      email: "Lucia.Fernandez@Example.com",
      phone: "+34 600 123 456",
      company: "Apartamentos Sol",
      city: "Sevilla",
      message: "Quiero información sobre el NS-01.",
      owner: "Gestora o gran propietario",
    };

    const headerContact = (page: Page) => page.locator("header").getByRole("button", { name: "Contactar Ventas" });

    test("contact modal: required fields, each rule in order, Enviando..., success, reset, stored as WEB-navbar-contact", async () => {
      const page = await newPage();
      await page.goto("/");
      await expectAccessible(page);
      const dialog = await openDialog(page, headerContact(page));
      await expectAccessible(page);
      const submit = dialog.getByRole("button", { name: "Enviar solicitud" });

      // Disabled while name, email, phone or owner type is empty (public-side §4).
      expect(await submit.isDisabled()).toBe(true);
      await fillModal(dialog, { name: "A" });
      expect(await submit.isDisabled()).toBe(true);
      await fillModal(dialog, { email: "lucia@" });
      expect(await submit.isDisabled()).toBe(true);
      await fillModal(dialog, { phone: "12" });
      expect(await submit.isDisabled()).toBe(true);
      await fillModal(dialog, { owner: "Propietario particular" });
      expect(await submit.isDisabled()).toBe(false);
      await fillModal(dialog, { phone: "   " });
      expect(await submit.isDisabled()).toBe(true);
      await fillModal(dialog, { phone: "12" });

      // Everything wrong at once: the first rule answers, then the next, in the spec's order.
      await fillModal(dialog, { name: "  A  " });
      await submitExpectingError(page, dialog, submit, LEAD_MESSAGES.invalidName);
      expect(await dialog.getByLabel("Nombre").evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAccessible(page);

      await fillModal(dialog, { name: "<b></b>" });
      await submitExpectingError(page, dialog, submit, LEAD_MESSAGES.invalidName);

      await fillModal(dialog, { name: validModal.name });
      await submitExpectingError(page, dialog, submit, LEAD_MESSAGES.invalidEmail);
      await fillModal(dialog, { email: '"lucia"@example.com' });
      await submitExpectingError(page, dialog, submit, LEAD_MESSAGES.invalidEmail);

      await fillModal(dialog, { email: validModal.email });
      await submitExpectingError(page, dialog, submit, LEAD_MESSAGES.invalidPhone);
      await fillModal(dialog, { phone: "600-ABC-123" });
      await submitExpectingError(page, dialog, submit, LEAD_MESSAGES.invalidPhone);
      await fillModal(dialog, { phone: "1234 5678" });
      await submitExpectingError(page, dialog, submit, LEAD_MESSAGES.invalidPhone);
      expect(await allLeads()).toEqual([]);

      // Hold the request until "Enviando..." has been seen: no timing, just an ordering.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/leads", async (route) => {
        await released;
        await route.continue();
      });
      await fillModal(dialog, validModal);
      await submit.click();
      const sending = dialog.getByRole("button", { name: "Enviando..." });
      await sending.waitFor({ state: "visible" });
      expect(await sending.isDisabled()).toBe(true);
      release();

      await expectToast(page, LEAD_MESSAGES.success);
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      await page.unroute("**/api/leads");

      const stored = await allLeads();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        name: "Lucía Fernández",
        email: "lucia.fernandez@example.com",
        phone: "+34 600 123 456",
        company: "Apartamentos Sol",
        city: "Sevilla",
        ownerType: "company",
        propertyType: null,
        propertyCount: null,
        message: "Quiero información sobre el NS-01.",
        source: "WEB-navbar-contact",
        status: "pending",
        priority: "medium",
      });

      // Reopened, the form starts empty again.
      const reopened = await openDialog(page, headerContact(page));
      for (const label of ["Nombre", "Email", "Teléfono", "Empresa", "Ciudad", "Mensaje", "Tipo de propietario"]) {
        expect(await reopened.getByLabel(label).inputValue(), label).toBe("");
      }
      expect(await reopened.getByRole("button", { name: "Enviar solicitud" }).isDisabled()).toBe(true);
      expect(await reopened.locator('p[aria-live="assertive"]').textContent()).toBe("");
      await page.context().close();
    });

    test("the home hero's Comenzar Ahora opens the same modal and stores WEB-hero-cta", async () => {
      const page = await newPage();
      await page.goto("/");
      const dialog = await openDialog(page, page.getByRole("main").getByRole("button", { name: "Comenzar Ahora" }));
      await fillModal(dialog, { ...validModal, email: "hero@example.com" });
      await dialog.getByLabel("Tipo de propiedad").selectOption({ label: "Hoteles" });
      await dialog.getByLabel("Número de propiedades").selectOption({ label: "6-20 propiedades" });
      await dialog.getByRole("button", { name: "Enviar solicitud" }).click();
      await expectToast(page, LEAD_MESSAGES.success);
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      const [lead] = await leadsByEmail("hero@example.com");
      expect(lead).toMatchObject({
        source: "WEB-hero-cta",
        propertyType: "hoteles",
        propertyCount: "6-20",
        ownerType: "company",
      });
      await page.context().close();
    });

    test("a 4th submission within 5 minutes is refused by the server with the Spanish message, nothing stored", async () => {
      const page = await newPage();
      await page.goto("/");
      for (let i = 1; i <= 3; i++) {
        const dialog = await openDialog(page, headerContact(page));
        await fillModal(dialog, {
          ...validModal,
          email: `limite${i}@example.com`,
        });
        const mark = await toastMark(page);
        await dialog.getByRole("button", { name: "Enviar solicitud" }).click();
        await expectToast(page, LEAD_MESSAGES.success, mark);
        await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      }
      expect(await allLeads()).toHaveLength(3);

      // The browser's own courtesy counter refuses a 4th without asking the server.
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === "/api/leads") posts.push(request.url());
      });
      let dialog = await openDialog(page, headerContact(page));
      await fillModal(dialog, { ...validModal, email: "cuarto@example.com" });
      await submitExpectingError(page, dialog, dialog.getByRole("button", { name: "Enviar solicitud" }), LEAD_MESSAGES.rateLimited);
      expect(posts).toEqual([]);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

      // With that counter cleared, the server's database counter is what refuses.
      await page.evaluate(() => window.localStorage.clear());
      dialog = await openDialog(page, headerContact(page));
      await fillModal(dialog, { ...validModal, email: "cuarto@example.com" });
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/leads");
      const mark = await toastMark(page);
      await dialog.getByRole("button", { name: "Enviar solicitud" }).click();
      expect((await answer).status()).toBe(429);
      await expectFormError(page, dialog, LEAD_MESSAGES.rateLimited, mark);
      expect(await page.getByRole("dialog").count()).toBe(1);
      expect(await leadsByEmail("cuarto@example.com")).toEqual([]);
      expect(await allLeads()).toHaveLength(3);
      await page.context().close();
    });

    // ------------------------------------------------------------ a page's demo dialog

    test("the /wifi demo dialog: closing returns to the page and the trigger; a request is stored as WEB-wifi-cta", async () => {
      const page = await newPage();
      await page.goto("/wifi");
      const trigger = page.getByRole("main").getByRole("button", { name: "Solicitar demo" }).first();
      let dialog = await openDialog(page, trigger);
      await expectAccessible(page);
      await fillModal(dialog, { name: "Se perderá" });
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/wifi");
      expect(new URL(page.url()).search).toBe("");
      await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

      dialog = await openDialog(page, trigger);
      expect(await dialog.getByLabel("Nombre").inputValue()).toBe("");
      await dialog.getByRole("button", { name: "Cerrar" }).click();
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

      dialog = await openDialog(page, trigger);
      await fillModal(dialog, {
        ...validModal,
        email: "wifi@example.com",
        owner: "Propietario particular",
      });
      await dialog.getByRole("button", { name: "Solicitar demo" }).click();
      await expectToast(page, LEAD_MESSAGES.success);
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/wifi");
      const [lead] = await leadsByEmail("wifi@example.com");
      expect(lead).toMatchObject({
        source: "WEB-wifi-cta",
        ownerType: "individual",
      });
      await page.context().close();
    });

    // ------------------------------------------------------------ /contacto

    const contactForm = (page: Page) => page.locator("form").filter({ has: page.locator('input[name="form"][value="contacto"]') });
    type PageValues = Partial<Record<"name" | "email" | "phone" | "company" | "message", string>>;
    async function fillContact(form: Locator, values: PageValues) {
      if (values.name !== undefined) await form.getByLabel("Nombre").fill(values.name);
      if (values.email !== undefined) await form.getByLabel("Email").fill(values.email);
      if (values.phone !== undefined) await form.getByLabel("Teléfono").fill(values.phone);
      if (values.company !== undefined) await form.getByLabel("Empresa").fill(values.company);
      if (values.message !== undefined) await form.getByLabel("Mensaje").fill(values.message);
    }

    test("/contacto: its own rule order, the 10-character message rule, ?ref kept, WEB-contacto and individual", async () => {
      const page = await newPage();
      await page.goto("/contacto?ref=caso-hotel-urbano-madrid");
      const form = contactForm(page);
      // The island reads the reference; its hidden field shows the form is live.
      await form.locator('input[name="reference"][value="caso-hotel-urbano-madrid"]').waitFor({ state: "attached" });
      await expectAccessible(page);
      const submit = form.getByRole("button", { name: "Enviar mensaje" });

      await fillContact(form, {
        name: "",
        email: "pablo@",
        phone: "",
        message: "",
      });
      await submitExpectingError(page, form, submit, LEAD_MESSAGES.invalidEmail);
      await fillContact(form, { email: "  Pablo.Ortega@Example.com " });
      await submitExpectingError(page, form, submit, LEAD_MESSAGES.missingPhone);
      await fillContact(form, { phone: "12" });
      await submitExpectingError(page, form, submit, LEAD_MESSAGES.invalidPhone);
      await fillContact(form, { phone: " 611 222 333 " });
      await submitExpectingError(page, form, submit, LEAD_MESSAGES.invalidName);
      await fillContact(form, { name: " P " });
      await submitExpectingError(page, form, submit, LEAD_MESSAGES.invalidName);
      await fillContact(form, { name: "Pablo Ortega" });
      await submitExpectingError(page, form, submit, LEAD_MESSAGES.shortMessage);
      await fillContact(form, { message: "   corto    " });
      await submitExpectingError(page, form, submit, LEAD_MESSAGES.shortMessage);
      await expectAccessible(page);
      expect(await allLeads()).toEqual([]);

      await fillContact(form, {
        company: "Pisos <b>Ortega</b>",
        message: "Quiero una demo para mis pisos.",
      });
      await submit.click();
      await expectToast(page, LEAD_MESSAGES.success);
      await expect.poll(() => form.getByRole("status").filter({ hasText: LEAD_MESSAGES.success }).count()).toBe(1);
      expect(await form.getByLabel("Email").inputValue()).toBe("");
      await expectAccessible(page);

      const stored = await allLeads();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        name: "Pablo Ortega",
        email: "pablo.ortega@example.com",
        phone: "611 222 333",
        company: "Pisos Ortega",
        city: null,
        message: "Quiero una demo para mis pisos.",
        source: "WEB-contacto",
        ownerType: "individual",
        reference: "caso-hotel-urbano-madrid",
      });
      await page.context().close();
    });

    // axe runs inside the page, which a context without JavaScript refuses: the confirmation page
    // is rendered from its URL alone, so the same URL is checked in a context with JavaScript.
    async function expectAccessibleWithScripts(url: string) {
      const page = await newPage();
      await page.goto(url);
      await expectAccessible(page);
      await page.context().close();
    }

    test("/contacto without JavaScript: a bad post shows the Spanish error, a good one the confirmation page", async () => {
      const page = await newPage({ javaScriptEnabled: false });
      page.setDefaultTimeout(15_000);
      await page.goto("/contacto?ref=caso-hotel-urbano-madrid");
      const form = contactForm(page);
      await fillContact(form, {
        name: "Sin Script",
        email: "sin.script@example.com",
        phone: "600 111 222",
        message: "corto",
      });
      await form.getByRole("button", { name: "Enviar mensaje" }).click();
      await waitForPath(page, "/contacto/enviado");
      await expect
        .poll(() =>
          page
            .getByRole("heading", {
              name: "No se ha podido enviar el formulario",
            })
            .isVisible(),
        )
        .toBe(true);
      expect(await page.getByRole("alert").textContent()).toBe(LEAD_MESSAGES.shortMessage);
      await expectAccessibleWithScripts(page.url());
      expect(await allLeads()).toEqual([]);

      await page.getByRole("link", { name: "Volver al formulario" }).click();
      await waitForPath(page, "/contacto");
      await page.goto("/contacto?ref=caso-hotel-urbano-madrid");
      await fillContact(contactForm(page), {
        name: "Sin Script",
        email: "Sin.Script@Example.com",
        phone: "600 111 222",
        message: "Quiero información sin JavaScript.",
      });
      await contactForm(page).getByRole("button", { name: "Enviar mensaje" }).click();
      await waitForPath(page, "/contacto/enviado");
      await expect.poll(() => page.getByRole("heading", { name: "Formulario enviado" }).isVisible()).toBe(true);
      expect(await page.getByRole("status").textContent()).toBe(LEAD_MESSAGES.success);
      await expectAccessibleWithScripts(page.url());

      const [lead] = await leadsByEmail("sin.script@example.com");
      expect(lead).toMatchObject({
        name: "Sin Script",
        source: "WEB-contacto",
        ownerType: "individual",
        message: "Quiero información sin JavaScript.",
        reference: "caso-hotel-urbano-madrid",
      });
      await page.context().close();
    });

    // ------------------------------------------------------------ the admin side

    async function signIn(page: Page, email: string, password: string) {
      await page.goto("/auth");
      // Wait for hydration, so the test drives the JavaScript path.
      await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Contraseña").fill(password);
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
      await waitForPath(page, "/admin");
      await page.getByRole("heading", { name: "Gestión de Leads" }).waitFor({ state: "visible" });
    }

    const rowNames = (page: Page) => page.locator("table tbody tr td:nth-child(2)").allTextContents();
    async function expectRows(page: Page, names: string[]) {
      await expect.poll(async () => (await rowNames(page)).sort(), { timeout: 10_000 }).toEqual([...names].sort());
    }
    const cardValue = (page: Page, label: string) =>
      page
        .getByRole("region", { name: "Resumen de leads" })
        .getByRole("listitem")
        .filter({ hasText: label })
        .locator("p")
        .nth(1)
        .textContent();

    test("markup typed into every field of the modal is stored stripped and shown as inert text to staff", async () => {
      const page = await newPage();
      const alerts: string[] = [];
      page.on("dialog", (dialog) => {
        alerts.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto("/");
      const dialog = await openDialog(page, headerContact(page));
      const submit = dialog.getByRole("button", { name: "Enviar solicitud" });

      // Markup is no e-mail address and no phone number: refused, nothing stored.
      await fillModal(dialog, {
        ...validModal,
        email: `ana${XSS.img}@example.com`,
      });
      await submitExpectingError(page, dialog, submit, LEAD_MESSAGES.invalidEmail);
      await fillModal(dialog, { email: "xss@example.com", phone: XSS.img });
      await submitExpectingError(page, dialog, submit, LEAD_MESSAGES.invalidPhone);
      // A name that is nothing but markup is empty once stripped.
      await fillModal(dialog, { phone: "600 123 456", name: XSS.script });
      await submitExpectingError(page, dialog, submit, LEAD_MESSAGES.invalidName);
      expect(await allLeads()).toEqual([]);

      await fillModal(dialog, {
        name: `Ana ${XSS.img} Ruiz`,
        company: `Gestora ${XSS.script}`,
        city: `Sevilla ${XSS.svg}`,
        message: `Hola ${XSS.img} ${XSS.script} ${XSS.svg} adiós`,
      });
      await submit.click();
      await expectToast(page, LEAD_MESSAGES.success);
      const [stored] = await leadsByEmail("xss@example.com");
      expect(stored).toMatchObject({
        name: "Ana Ruiz",
        company: "Gestora",
        city: 'Sevilla "',
      });
      for (const value of [stored?.name, stored?.company, stored?.city, stored?.message]) {
        expect(value ?? "").not.toMatch(/[<>]|onerror|onload|script|alert/i);
      }
      expect(stored?.message).toMatch(/^Hola\s+"\s+adiós$/);
      await page.context().close();

      // A row that got in before sanitising (an import, say) must still render as text.
      await server.db.insert(leads).values({
        name: XSS.img,
        email: "legado@example.com",
        phone: "600000001",
        company: XSS.script,
        city: XSS.svg,
        message: `${XSS.img}\n${XSS.script}\n${XSS.svg}`,
        notes: XSS.svg,
        source: `WEB-${XSS.svg}`,
      });

      const admin = await newPage();
      admin.on("dialog", (dialog) => {
        alerts.push(dialog.message());
        void dialog.dismiss();
      });
      await signIn(admin, ADMIN.email, ADMIN.password);
      await expectRows(admin, ["Ana Ruiz", XSS.img]);
      await expect.poll(() => admin.getByRole("button", { name: XSS.img, exact: true }).isVisible()).toBe(true);
      expect(await admin.getByRole("cell", { name: XSS.script, exact: true }).count()).toBe(1);
      await expectAccessible(admin);

      await admin.getByRole("button", { name: `Ver detalles de ${XSS.img}` }).click();
      const detail = admin.getByRole("dialog");
      await detail.getByRole("heading", { name: XSS.img }).waitFor({ state: "visible" });
      const detailText = (await detail.textContent()) ?? "";
      for (const payload of Object.values(XSS)) expect(detailText).toContain(payload);
      expect(await detail.getByLabel("Notas").inputValue()).toBe(XSS.svg);
      await expectAccessible(admin);
      await admin.keyboard.press("Escape");

      await admin.getByRole("button", { name: "Ver detalles de Ana Ruiz" }).click();
      await admin.getByRole("dialog").getByRole("heading", { name: "Ana Ruiz" }).waitFor({ state: "visible" });
      expect(await admin.getByRole("dialog").textContent()).toContain("Gestora");

      const injected = await admin.evaluate(() => ({
        elements: document.querySelectorAll("img[src='x'], svg[onload], [onerror], [onload]").length,
        scripts: [...document.scripts].filter((s) => s.textContent?.trim() === "alert(1)").length,
      }));
      expect(injected).toEqual({ elements: 0, scripts: 0 });
      expect(alerts).toEqual([]);
      await admin.context().close();
    });

    type SeedLead = Partial<typeof leads.$inferInsert> & { name: string };
    async function seed(rows: SeedLead[]) {
      let n = 0;
      await server.db.insert(leads).values(
        rows.map((row) => {
          n += 1;
          return {
            email: `lead${n}@example.com`,
            phone: `60000${String(n).padStart(4, "0")}`,
            source: "WEB-hero-cta",
            ...row,
          };
        }),
      );
    }

    const fillers = (count: number): SeedLead[] =>
      Array.from({ length: count }, (_, i) => ({
        name: `Relleno ${String(i + 1).padStart(2, "0")}`,
        priority: "low",
        submittedAt: new Date(Date.UTC(2024, 0, 1 + i, 9)),
      }));

    const featured: SeedLead[] = [
      {
        name: "Beatriz Campos",
        email: "bea.campos@ejemplo.es",
        phone: "+34 611 555 123",
        company: "Gestora Norte",
        city: "Bilbao",
        propertyType: "hoteles",
        propertyCount: "6-20",
        ownerType: "company",
        message: "Quiero información sobre el NS-01.",
        status: "contacted",
        priority: "high",
        submittedAt: new Date("2025-03-02T10:15:00Z"),
        contactedAt: new Date("2025-03-03T08:00:00Z"),
      },
      {
        name: "Carlos Ruiz",
        email: "carlos@ruiz.test",
        status: "qualified",
        priority: "urgent",
        ownerType: "individual",
      },
      {
        name: "Diana Cerrada",
        email: "diana@cerrada.test",
        status: "converted",
        priority: "medium",
        source: "MANUAL",
      },
      {
        name: "Elena Perdida",
        email: "elena@perdida.test",
        status: "lost",
        priority: "high",
      },
    ];

    test("admin: empty state, the five cards, search, filters and pagination in the URL, CSV of the filtered leads", async () => {
      const page = await newPage();
      await signIn(page, ADMIN.email, ADMIN.password);
      await expect.poll(() => page.getByText(ADMIN_LEAD_MESSAGES.noLeads).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Exportar CSV" }).isDisabled()).toBe(true);
      await expectAccessible(page);

      await seed([...fillers(26), ...featured]);
      await page.reload();
      await page.getByRole("heading", { name: "Gestión de Leads" }).waitFor({ state: "visible" });
      expect(await cardValue(page, "Total de leads")).toBe("30");
      expect(await cardValue(page, "Pendientes")).toBe("26");
      expect(await cardValue(page, "Contactados")).toBe("1");
      expect(await cardValue(page, "Cualificados")).toBe("1");
      expect(await cardValue(page, "Alta prioridad")).toBe("3");
      await expectAccessible(page);

      // Pagination: 25 a page.
      expect(await page.locator("table tbody tr").count()).toBe(25);
      expect(await page.getByText("Mostrando 1–25 de 30 leads").isVisible()).toBe(true);
      await page.getByRole("link", { name: "Siguiente" }).click();
      await expect.poll(() => param(page, "page")).toBe("2");
      await expect.poll(() => page.locator("table tbody tr").count()).toBe(5);
      expect(await page.getByText("Mostrando 26–30 de 30 leads").isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Siguiente" }).isDisabled()).toBe(true);

      // Search: case-insensitive on name, email and company; the phone as a substring.
      const search = async (q: string) => {
        await page.getByRole("searchbox", { name: "Buscar" }).fill(q);
        await page.getByRole("searchbox", { name: "Buscar" }).press("Enter");
        await expect.poll(() => param(page, "q")).toBe(q);
      };
      await search("BEATRIZ");
      await expectRows(page, ["Beatriz Campos"]);
      expect(param(page, "page")).toBeNull();
      await search("Bea.Campos@EJEMPLO");
      await expectRows(page, ["Beatriz Campos"]);
      await search("gestora NORTE");
      await expectRows(page, ["Beatriz Campos"]);
      await search("555 12");
      await expectRows(page, ["Beatriz Campos"]);
      await search("ruiz");
      await expectRows(page, ["Carlos Ruiz"]);

      // Filters apply on selection and live in the URL with the search.
      await search("");
      await page.locator("#lead-status-filter").selectOption({ label: "Cerrados" });
      await expect.poll(() => param(page, "status")).toBe("closed");
      await expectRows(page, ["Diana Cerrada", "Elena Perdida"]);
      await page.locator("#lead-priority-filter").selectOption("high");
      await expect.poll(() => param(page, "priority")).toBe("high");
      await expectRows(page, ["Elena Perdida"]);
      await page.locator("#lead-status-filter").selectOption("all");
      await expect.poll(() => param(page, "status")).toBe("all");
      await expectRows(page, ["Beatriz Campos", "Elena Perdida"]);
      await page.reload();
      await expectRows(page, ["Beatriz Campos", "Elena Perdida"]);
      expect(await page.locator("#lead-priority-filter").inputValue()).toBe("high");
      await expectAccessible(page);

      // Export CSV: exactly the filtered leads, in a dated file.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^leads_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.csv$/);
      await expectToast(page, "Exportados 2 leads a CSV");
      const csv = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
      const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const [header, ...rows] = parsed.data;
      expect(header).toEqual([...LEAD_CSV_COLUMNS]);
      expect(rows.map((row) => row[0]).sort()).toEqual(["Beatriz Campos", "Elena Perdida"]);
      const beatriz = rows.find((row) => row[0] === "Beatriz Campos");
      expect(beatriz).toEqual([
        "Beatriz Campos",
        "bea.campos@ejemplo.es",
        "'+34 611 555 123",
        "Gestora Norte",
        "Bilbao",
        "Hoteles",
        "6-20 propiedades",
        "Gestora o gran propietario",
        "Contactado",
        "Alta",
        "02/03/2025 11:15",
        "Quiero información sobre el NS-01.",
      ]);

      // Nothing matches: its own empty state, and nothing to export.
      await search("nadie-se-llama-asi");
      await expect.poll(() => page.getByText(ADMIN_LEAD_MESSAGES.noMatches).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Exportar CSV" }).isDisabled()).toBe(true);
      expect(await page.getByRole("link", { name: "Exportar CSV" }).count()).toBe(0);
      await expectAccessible(page);
      await page.getByRole("link", { name: "Limpiar" }).click();
      await expect.poll(() => new URL(page.url()).search).toBe("");
      await expect.poll(() => page.locator("table tbody tr").count()).toBe(25);
      await page.context().close();
    });

    test("admin: status from the list stamps contacted_at, the detail dialog shows every field and saves notes, manual lead, no delete", async () => {
      await seed(featured);
      const page = await newPage();
      await signIn(page, ADMIN.email, ADMIN.password);
      await expectRows(
        page,
        featured.map((lead) => lead.name),
      );
      expect(await page.getByRole("button", { name: /^Eliminar el lead de/ }).count()).toBe(0);

      const carlos = async () => (await leadsByEmail("carlos@ruiz.test"))[0];
      await page.getByLabel("Estado de Carlos Ruiz").selectOption("contacted");
      await expectToast(page, ADMIN_LEAD_MESSAGES.statusUpdated);
      await expect.poll(async () => (await carlos())?.status).toBe("contacted");
      expect((await carlos())?.contactedAt).toBeInstanceOf(Date);
      await expect.poll(() => cardValue(page, "Contactados")).toBe("2");

      const mark = await toastMark(page);
      await page.getByLabel("Estado de Carlos Ruiz").selectOption("qualified");
      await expectToast(page, ADMIN_LEAD_MESSAGES.statusUpdated, mark);
      await expect.poll(async () => (await carlos())?.status).toBe("qualified");
      expect((await carlos())?.contactedAt).toBeNull();

      // The detail dialog: contact and business information, the dates, status, priority and notes.
      await page.getByRole("button", { name: "Beatriz Campos", exact: true }).click();
      const detail = page.getByRole("dialog");
      await detail.getByRole("heading", { name: "Beatriz Campos" }).waitFor({ state: "visible" });
      const text = (await detail.textContent()) ?? "";
      for (const expected of [
        "bea.campos@ejemplo.es",
        "+34 611 555 123",
        "Gestora Norte",
        "Bilbao",
        "Hoteles",
        "6-20 propiedades",
        "Gestora o gran propietario",
        "Quiero información sobre el NS-01.",
        "Web - Botón principal (hero)",
        "02/03/2025 11:15",
        "03/03/2025 09:00",
      ]) {
        expect(text, expected).toContain(expected);
      }
      expect(await detail.getByLabel("Estado").inputValue()).toBe("contacted");
      expect(await detail.getByLabel("Prioridad").inputValue()).toBe("high");
      await expectAccessible(page);

      await detail.getByLabel("Notas").fill("Llamar el lunes <b>sin falta</b>");
      await detail.getByRole("button", { name: "Guardar notas" }).click();
      await expectToast(page, ADMIN_LEAD_MESSAGES.leadUpdated);
      await expect.poll(async () => (await leadsByEmail("bea.campos@ejemplo.es"))[0]?.notes).toBe("Llamar el lunes sin falta");

      await detail.getByLabel("Prioridad").selectOption("low");
      await expectToast(page, ADMIN_LEAD_MESSAGES.priorityUpdated);
      // One "Cerrar": the dialog's own.
      expect(await detail.getByRole("button", { name: "Cerrar", exact: true }).count()).toBe(1);
      // The toast is beside the dialog, never over its title (issue 27).
      const toastBox = await page.locator("[data-sonner-toast]").filter({ hasText: ADMIN_LEAD_MESSAGES.priorityUpdated }).first().boundingBox();
      const titleBox = await detail.getByRole("heading").first().boundingBox();
      const overlaps = toastBox!.x < titleBox!.x + titleBox!.width && titleBox!.x < toastBox!.x + toastBox!.width && toastBox!.y < titleBox!.y + titleBox!.height && titleBox!.y < toastBox!.y + toastBox!.height;
      expect(overlaps, `toast ${JSON.stringify(toastBox)} over the title ${JSON.stringify(titleBox)}`).toBe(false);
      await expect.poll(async () => (await leadsByEmail("bea.campos@ejemplo.es"))[0]?.priority).toBe("low");
      await detail.getByRole("button", { name: "Cerrar" }).first().click();
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

      await page.getByRole("button", { name: "Ver detalles de Carlos Ruiz" }).click();
      await page.getByRole("dialog").getByRole("heading", { name: "Carlos Ruiz" }).waitFor({ state: "visible" });
      expect(await page.getByRole("dialog").textContent()).toContain("Propietario particular");
      expect(await page.getByRole("dialog").textContent()).not.toContain("Fecha de contacto");
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

      // A manual lead.
      await page.getByRole("button", { name: "Nuevo lead manual" }).click();
      const manual = page.getByRole("dialog");
      await manual.getByLabel("Nombre *").fill("M");
      await manual.getByLabel("Email *").fill("manual@example.com");
      await manual.getByLabel("Teléfono *").fill("600 999 888");
      await manual.getByRole("button", { name: "Crear lead" }).click();
      await expect.poll(() => manual.locator('p[aria-live="assertive"]').textContent()).toBe(ADMIN_LEAD_MESSAGES.manualInvalidName);
      await expectAccessible(page);
      await manual.getByLabel("Nombre *").fill("Marta Manual");
      await manual.getByLabel("Prioridad").selectOption("high");
      await manual.getByRole("button", { name: "Crear lead" }).click();
      await expectToast(page, ADMIN_LEAD_MESSAGES.manualCreated);
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      const [created] = await leadsByEmail("manual@example.com");
      expect(created).toMatchObject({
        name: "Marta Manual",
        source: "MANUAL",
        status: "pending",
        priority: "high",
        phone: "600 999 888",
      });
      await expect.poll(() => cardValue(page, "Total de leads")).toBe("5");
      await expect.poll(() => page.getByRole("button", { name: "Marta Manual", exact: true }).isVisible()).toBe(true);
      await page.context().close();
    });

    test("a super admin deletes a lead after the confirmation", async () => {
      await seed(featured);
      const page = await newPage();
      await signIn(page, TEST_ADMIN.email, TEST_ADMIN.password);
      await expectRows(
        page,
        featured.map((lead) => lead.name),
      );

      await page.getByRole("button", { name: "Eliminar el lead de Diana Cerrada" }).click();
      const confirm = page.getByRole("alertdialog");
      await confirm.getByText("Esta acción no se puede deshacer.").waitFor({ state: "visible" });
      await expectAccessible(page);
      await confirm.getByRole("button", { name: "Cancelar" }).click();
      await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
      expect(await leadsByEmail("diana@cerrada.test")).toHaveLength(1);

      await page.getByRole("button", { name: "Eliminar el lead de Diana Cerrada" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
      await expectToast(page, ADMIN_LEAD_MESSAGES.leadDeleted);
      await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
      await expectRows(page, ["Beatriz Campos", "Carlos Ruiz", "Elena Perdida"]);
      expect(await leadsByEmail("diana@cerrada.test")).toEqual([]);
      expect(await cardValue(page, "Total de leads")).toBe("3");
      await page.context().close();
    });
  });
});
