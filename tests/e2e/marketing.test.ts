import { AsyncLocalStorage } from "node:async_hooks";
import type { Browser, BrowserContext, Locator, Page, Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { leads } from "#app/db/schema.ts";
import { publicPages } from "#app/content/site-map.ts";
import { LEAD_MESSAGES } from "#app/modules/leads/leads.schema.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser, mapWithConcurrency } from "#tests/helpers/browser.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The public site in Chromium. Marketing pages ship no React: each interaction is checked twice,
// as plain HTML (a context with JavaScript disabled) and with the small island script
// (docs/decisions/0007-marketing-islands.md).

const CHAT_PATH = "/chatbot-apartamentos-turisticos";
const marketingPaths = [...new Set([...publicPages.map((p) => p.path), CHAT_PATH])];

describe.skipIf(!browserAvailable)("public site in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  const errors: string[][] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    for (const pool of pagePools.values()) await (await pool.context).close();
    await browser?.close();
    await server?.stop();
  });
  afterEach(() => {
    expect(errors.flat()).toEqual([]);
    errors.length = 0;
  });

  // Most tests run concurrently (Vitest's maxConcurrency at a time), so that one page waits for
  // the network, the server or its island while another runs axe or a script. The errors of the
  // pages a concurrent test opens are that test's own: ownPageErrors collects them (through
  // newPage and withPooledPage) and fails the test on them; afterEach sees only the errors of the
  // pages of the tests that run alone.
  const testPageErrors = new AsyncLocalStorage<string[][]>();
  function ownPageErrors<A extends unknown[]>(body: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
    return async (...args) => {
      const pageErrors: string[][] = [];
      await testPageErrors.run(pageErrors, () => body(...args));
      expect(pageErrors.flat()).toEqual([]);
    };
  }

  /** A test of a page's behaviour: concurrent with the others, but only three at a time, so that
   * their waits for a state (expect.poll, a second by default) are not starved of the CPU. */
  const threeAtATime = limiter(3);
  function interaction<A extends unknown[]>(body: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
    return ownPageErrors((...args: A) => threeAtATime(() => body(...args)));
  }

  type PageOptions = { width?: number; height?: number; reducedMotion?: "reduce" | "no-preference"; js?: boolean };
  /** A page in a context of its own; its errors go to the test's list (see ownPageErrors). */
  async function newPage(options: PageOptions = {}): Promise<Page> {
    const errorSink = testPageErrors.getStore() ?? errors;
    const context = await newContext(options);
    const page = await context.newPage();
    errorSink.push(collectPageErrors(page));
    return page;
  }
  function newContext(options: PageOptions): Promise<BrowserContext> {
    return browser.newContext({
      baseURL: server.url,
      locale: "es-ES",
      viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
      reducedMotion: options.reducedMotion ?? "reduce",
      javaScriptEnabled: options.js ?? true,
    });
  }

  // The axe checks of the public pages share one context per width and keep its pages: a check
  // takes an idle page (or opens one), opens its path in it, and leaves it on about:blank for the
  // next. Navigating costs a fraction of a new context with its own renderer, and leaves nothing
  // of one path to the next: marketing pages store nothing, and axe gives a page opened this way
  // the results it gives a fresh context (compared on every public page at both widths).
  type PooledPage = { page: Page; errors: string[] };
  const pagePools = new Map<number, { context: Promise<BrowserContext>; idle: PooledPage[] }>();
  /** Runs `check` on an idle page of the pool of `width`; the errors of the page meanwhile go to the test's list. */
  async function withPooledPage(width: number, check: (page: Page) => Promise<void>): Promise<void> {
    const errorSink = testPageErrors.getStore() ?? errors;
    let pool = pagePools.get(width);
    if (!pool) {
      pool = { context: newContext({ width, height: width === 390 ? 844 : 900 }), idle: [] };
      pagePools.set(width, pool);
    }
    let pooled = pool.idle.pop();
    if (!pooled) {
      const page = await (await pool.context).newPage();
      pooled = { page, errors: collectPageErrors(page) };
    }
    const seen = pooled.errors.length;
    try {
      await check(pooled.page);
      // Unloads the path here, so that what its unloading logs counts for this check.
      await pooled.page.goto("about:blank");
      pool.idle.push(pooled);
    } catch (error) {
      await pooled.page.close();
      throw error;
    } finally {
      errorSink.push(pooled.errors.slice(seen));
    }
  }
  /** Opens a marketing page and, with JavaScript, waits until its island has run. */
  async function open(page: Page, path: string, js = true) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    if (js) await page.locator("html[data-island='ready']").waitFor({ state: "attached" });
  }
  /** Stops the page's (installed) clock: from here on its timers fire only on runFor. */
  async function pauseClock(page: Page) {
    // pauseAt refuses a time the page's clock has already passed, which a busy machine can reach
    // between reading the time and pausing: then it reads the time again.
    for (let attempt = 1; ; attempt++) {
      try {
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10);
        return;
      } catch (error) {
        if (attempt === 5 || !String(error).includes("Cannot fast-forward to the past")) throw error;
      }
    }
  }
  const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

  // ------------------------------------------------------------------ no React, small scripts

  // First, as it spends most of its time waiting for network idleness while the page checks run.
  test.concurrent(
    "no marketing page loads React or the router: only the island, within the script budget",
    ownPageErrors(async () => {
      // Three pages, each opening its share of the paths one after another, with the browser cache
      // off: every page pays for all of its scripts (a cached script reports a negative body size).
      const idle = await Promise.all([1, 2, 3].map(() => newPage({ width: 390, height: 844 })));
      const pages = [...idle];
      try {
        for (const page of pages) {
          const cdp = await page.context().newCDPSession(page);
          await cdp.send("Network.enable");
          await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        }
        const over = await mapWithConcurrency(marketingPaths, pages.length, async (path) => {
          const page = idle.pop();
          if (!page) throw new Error("no idle page");
          try {
            return await scriptBudgetOverrun(page, path);
          } finally {
            idle.push(page);
          }
        });
        expect(over.filter((line) => line !== null)).toEqual([]);
      } finally {
        await Promise.all(pages.map((page) => page.context().close()));
      }
    }),
  );
  /** Checks the scripts of one page; returns a line when they are over the budget. */
  async function scriptBudgetOverrun(page: Page, path: string): Promise<string | null> {
    const scripts: { url: string; bytes: Promise<number> }[] = [];
    const onFinished = (request: Request) => {
      if (request.resourceType() === "script") scripts.push({ url: request.url(), bytes: request.sizes().then((s) => s.responseBodySize) });
    };
    page.on("requestfinished", onFinished);
    await open(page, path);
    // Catches a script the island fetches late, after its own start.
    await page.waitForLoadState("networkidle");
    page.off("requestfinished", onFinished);

    const allowed = await page.evaluate(() => [
      ...[...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((s) => s.src),
      ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
    ]);
    // One module script, from /assets/, named islands-*; no router context, no inline code.
    expect(allowed.filter((url) => url.includes("/assets/islands-")), path).toHaveLength(1);
    expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterManifest" in window), path).toBe(false);
    expect(await page.locator("script:not([src]):not([type='application/ld+json'])").count(), path).toBe(0);
    for (const script of scripts) expect(allowed, `${path} loaded ${script.url}`).toContain(script.url);

    const sizes = await Promise.all(scripts.map((s) => s.bytes));
    // Each script came over the network, so its size is real.
    sizes.forEach((size, i) => expect(size, `${path}: size of ${scripts[i]?.url}`).toBeGreaterThan(0));
    const bytes = sizes.reduce((a, b) => a + b, 0);
    const budget = path === "/" ? 20 * 1024 : 30 * 1024;
    return bytes > budget ? `${path}: ${bytes} B > ${budget} B` : null;
  }

  // ------------------------------------------------------------------ every page: axe and page errors

  test.concurrent.each(publicPages.map((p) => p.path))(
    "%s passes axe on a phone and on a desktop, with no page errors",
    ownPageErrors(async (path: string) => {
      for (const width of [390, 1366]) {
        await withPooledPage(width, async (page) => {
          await open(page, path);
          await expectAccessible(page);
        });
      }
    }),
  );

  test.concurrent("the chat demo page loads its React island only when the visitor opens the chat", interaction(async ({ expect }) => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await open(page, CHAT_PATH);
    const before = scripts.length;
    const button = page.getByRole("button", { name: "Abrir chat de demostración" });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Chat de demostración" });
    await dialog.waitFor({ state: "visible" });
    expect(scripts.slice(before).some((path) => path.includes("chat-demo"))).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(page.getByRole("button", { name: "Abrir chat de demostración" }))).toBe(true);
    await page.context().close();
  }));

  // ------------------------------------------------------------------ the hero word (CSS only)

  test.concurrent.for([true, false])("the home hero word rotates between Inteligente and Eficiente every 3 s (JavaScript %s)", interaction(async (js, { expect }) => {
    const page = await newPage({ reducedMotion: "no-preference", js });
    await open(page, "/", js);
    const words = page.locator("h1 [data-rotating-word] > span");
    expect(await words.nth(0).textContent()).toBe("Inteligente");
    expect(await words.nth(1).textContent()).toBe("Eficiente");
    // The rotation is a CSS animation, and Playwright's clock (a fake Date and fake JS timers)
    // does not move CSS animations. So the test fast-forwards the animations themselves: both
    // words' animations are playing, at normal speed and in step on the page's timeline; then,
    // paused, they are moved to just before and just after each 3 s step of the cycle.
    const animations = await words.evaluateAll((spans) =>
      spans.map((span) =>
        span.getAnimations().map((a) => ({
          name: a instanceof CSSAnimation ? a.animationName : "",
          playState: a.playState,
          playbackRate: a.playbackRate,
          onPageTimeline: a.timeline === document.timeline,
          startTime: a.startTime,
        })),
      ),
    );
    const playing = { name: "rotate-word", playState: "running", playbackRate: 1, onPageTimeline: true, startTime: animations[0]?.[0]?.startTime };
    expect(animations).toEqual([[playing], [playing]]);
    const shownAt = async (ms: number) => {
      await words.evaluateAll((spans, time) => {
        for (const animation of spans.flatMap((span) => span.getAnimations())) {
          animation.pause();
          animation.currentTime = time;
        }
      }, ms);
      return [(await words.nth(0).isVisible()) && "Inteligente", (await words.nth(1).isVisible()) && "Eficiente"].filter(Boolean);
    };
    expect(await shownAt(0)).toEqual(["Inteligente"]);
    expect(await shownAt(2_990)).toEqual(["Inteligente"]);
    expect(await shownAt(3_010)).toEqual(["Eficiente"]);
    expect(await shownAt(5_990)).toEqual(["Eficiente"]);
    expect(await shownAt(6_010)).toEqual(["Inteligente"]);
    expect(await shownAt(8_990)).toEqual(["Inteligente"]);
    expect(await shownAt(9_010)).toEqual(["Eficiente"]);
    // Screen readers read the first word with the heading and are never interrupted.
    expect(await words.nth(1).getAttribute("aria-hidden")).toBe("true");
    await page.context().close();
  }));

  test.concurrent("the hero word's cycle is 3 s per word, and reduced motion keeps the first word", interaction(async ({ expect }) => {
    const page = await newPage({ reducedMotion: "no-preference" });
    await open(page, "/");
    const timing = await page.evaluate(() =>
      [...document.querySelectorAll("h1 [data-rotating-word] > span")].map((span) => {
        const style = getComputedStyle(span);
        return { name: style.animationName, duration: style.animationDuration, delay: style.animationDelay };
      }),
    );
    expect(timing).toEqual([
      { name: "rotate-word", duration: "6s", delay: "-6s" },
      { name: "rotate-word", duration: "6s", delay: "-3s" },
    ]);
    await page.context().close();

    const still = await newPage({ reducedMotion: "reduce" });
    await open(still, "/");
    expect(await still.locator("h1 [data-rotating-word] > span").nth(0).isVisible()).toBe(true);
    expect(await still.locator("h1 [data-rotating-word] > span").nth(1).isVisible()).toBe(false);
    await still.context().close();
  }));

  // ------------------------------------------------------------------ FAQ

  test.concurrent.for([true, false])("the FAQ opens one answer at a time and collapses (JavaScript %s)", interaction(async (js, { expect }) => {
    const page = await newPage({ js });
    await open(page, "/faq", js);
    const items = page.locator("main details");
    const questions = page.locator("main details > summary");
    expect(await questions.count()).toBe(45);
    const answer = (index: number) => items.nth(index).locator("p");
    await questions.nth(0).click();
    await expect.poll(() => answer(0).isVisible()).toBe(true);
    await questions.nth(1).click();
    await expect.poll(() => answer(1).isVisible()).toBe(true);
    expect(await answer(0).isVisible()).toBe(false);
    await questions.nth(1).click();
    await expect.poll(() => answer(1).isVisible()).toBe(false);
    expect(await page.locator("main details[open]").count()).toBe(0);
    // The keyboard works too: a summary is a button.
    await questions.nth(2).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => answer(2).isVisible()).toBe(true);
    await page.context().close();
  }));

  // ------------------------------------------------------------------ header menus

  test.concurrent("the header dropdown opens 200 ms after the pointer rests on it; Escape and a click outside close it", interaction(async ({ expect }) => {
    const page = await newPage();
    await page.clock.install();
    await open(page, "/");
    await pauseClock(page);
    const nav = page.getByRole("navigation", { name: "Principal" }).first();
    const group = nav.locator("details").first();
    const panelLink = nav.getByRole("link", { name: /Monitorización de ruido/ });
    await group.locator("summary").hover();
    await page.clock.runFor(150);
    expect(await panelLink.isVisible()).toBe(false);
    await page.clock.runFor(60);
    await expect.poll(() => panelLink.isVisible()).toBe(true);
    // A click on the button of a panel opened by hovering keeps it open.
    await group.locator("summary").click();
    expect(await panelLink.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => panelLink.isVisible()).toBe(false);
    expect(await isFocused(group.locator("summary"))).toBe(true);

    await group.locator("summary").click();
    await expect.poll(() => panelLink.isVisible()).toBe(true);
    await page.mouse.click(5, 600);
    await expect.poll(() => panelLink.isVisible()).toBe(false);
    // axe waits on timers of its own.
    await page.clock.resume();
    await expectAccessible(page);
    await page.context().close();
  }));

  test.concurrent("without JavaScript the header groups open on click, one at a time", interaction(async ({ expect }) => {
    const page = await newPage({ js: false });
    await open(page, "/", false);
    const nav = page.getByRole("navigation", { name: "Principal" }).first();
    const [device, solutions] = [nav.locator("details").nth(0), nav.locator("details").nth(1)];
    await device.locator("summary").click();
    await expect.poll(() => nav.getByRole("link", { name: /Monitorización de ruido/ }).isVisible()).toBe(true);
    await solutions.locator("summary").click();
    await expect.poll(() => nav.getByRole("link", { name: /Hoteles/ }).first().isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: /Monitorización de ruido/ }).isVisible()).toBe(false);
    await page.context().close();
  }));

  test.concurrent.for([true, false])("the mobile drawer opens, works with the keyboard and closes with Escape (JavaScript %s)", interaction(async (js, { expect }) => {
    const page = await newPage({ width: 390, height: 844, js });
    await open(page, "/", js);
    const menu = page.getByRole("button", { name: "Abrir menú" });
    await menu.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Menú de navegación" });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await drawer.getByRole("link", { name: "NidoSmart NS-01" }).isVisible()).toBe(true);
    if (js) await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.count()).toBe(0);
    await expect.poll(() => menu.getAttribute("aria-haspopup")).toBe("dialog");
    if (js) await expect.poll(() => isFocused(menu)).toBe(true);
    // The close button closes it as well.
    await menu.click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole("button", { name: "Cerrar menú" }).click();
    await expect.poll(() => drawer.count()).toBe(0);
    await page.context().close();
  }));

  // ------------------------------------------------------------------ the device page's carousel

  test.concurrent("the /ns-01 carousel drifts 1 px every 50 ms, stops on hover, and the pause button stops it", interaction(async ({ expect }) => {
    const page = await newPage({ width: 390, height: 844, reducedMotion: "no-preference" });
    await page.clock.install();
    await open(page, "/ns-01");
    await pauseClock(page);
    const track = page.locator("[data-carousel-track]");
    await track.scrollIntoViewIfNeeded();
    await page.mouse.move(1, 1);
    const left = () => track.evaluate((el) => el.scrollLeft);
    await page.clock.runFor(1000);
    await expect.poll(left).toBeGreaterThan(0);
    const drifted = await left();
    await page.clock.runFor(500);
    expect(await left()).toBeGreaterThan(drifted);

    // Pointer over it: it stays still.
    await track.hover();
    const held = await left();
    await page.clock.runFor(1000);
    expect(await left()).toBe(held);
    await page.mouse.move(1, 1);

    // The pause button stops it for good (WCAG 2.2.2).
    const pause = page.locator("[data-carousel-pause]");
    expect(await pause.getAttribute("aria-label")).toBe(null);
    await page.getByRole("button", { name: "Pausar desplazamiento" }).click();
    expect(await pause.getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("button", { name: "Reanudar desplazamiento" }).isVisible()).toBe(true);
    await page.mouse.move(1, 1);
    const paused = await left();
    await page.clock.runFor(2000);
    expect(await left()).toBe(paused);
    await page.context().close();
  }));

  test.concurrent.for([
    [390, 240],
    [1366, 400],
  ])("at %i px the carousel arrows scroll %i px, and a card's detail opens and closes", interaction(async ([width, step], { expect }) => {
    const page = await newPage({ width, height: 844 });
    await open(page, "/ns-01");
    const track = page.locator("[data-carousel-track]");
    const left = () => track.evaluate((el) => el.scrollLeft);
    // Reduced motion: no drift, no pause button, plain jumps.
    expect(await page.getByRole("button", { name: "Pausar desplazamiento" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Funciones siguientes" }).click();
    await expect.poll(left).toBe(step);
    await page.getByRole("button", { name: "Funciones anteriores" }).click();
    await expect.poll(left).toBe(0);
    const card = track.locator("details").first();
    await card.locator("summary").click();
    await expect.poll(() => card.locator("p").isVisible()).toBe(true);
    expect(await card.locator("summary").textContent()).toContain("Cerrar detalle");
    await card.locator("summary").click();
    await expect.poll(() => card.locator("p").isVisible()).toBe(false);
    await page.context().close();
  }));

  test.concurrent("without JavaScript the carousel is a scrollable strip with native card details and no dead buttons", interaction(async ({ expect }) => {
    const page = await newPage({ width: 390, height: 844, js: false });
    await open(page, "/ns-01", false);
    expect(await page.getByRole("button", { name: "Funciones siguientes" }).count()).toBe(0);
    const track = page.locator("[data-carousel-track]");
    expect(await track.getAttribute("role")).toBe("region");
    const card = track.locator("details").first();
    await card.locator("summary").click();
    await expect.poll(() => card.locator("p").isVisible()).toBe(true);
    await page.context().close();
  }));

  // ------------------------------------------------------------------ success-case filters

  test.concurrent("success-case filters combine, stay in the URL, and the empty state resets", interaction(async ({ expect }) => {
    const page = await newPage();
    await open(page, "/casos-exito");
    const cards = page.locator("main article:visible");
    await expect.poll(() => cards.count()).toBe(3);
    await page.getByRole("navigation", { name: "Filtrar por sector" }).getByRole("link", { name: "Hoteles" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("v")).toBe("hoteles");
    await expect.poll(() => cards.count()).toBe(1);
    expect(
      await page.getByRole("navigation", { name: "Filtrar por sector" }).getByRole("link", { name: "Hoteles" }).getAttribute("aria-current"),
    ).toBe("true");
    await page.getByRole("navigation", { name: "Filtrar por ciudad" }).getByRole("link", { name: "Sevilla" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("c")).toBe("sevilla");
    expect(new URL(page.url()).searchParams.get("v")).toBe("hoteles");
    await expect.poll(() => page.getByText("No hay casos de éxito disponibles para los filtros seleccionados.").isVisible()).toBe(true);
    expect(await page.getByRole("status").filter({ hasText: "casos de éxito" }).textContent()).toBe("0 casos de éxito");
    await page.getByRole("link", { name: "Ver todos los casos" }).click();
    await expect.poll(() => cards.count()).toBe(3);
    expect(new URL(page.url()).search).toBe("");
    await page.context().close();
  }));

  // ------------------------------------------------------------------ hotspots

  test.concurrent.for([true, false])("the /ns-01 hotspots: the first point is highlighted, pressing another moves it (JavaScript %s)", interaction(async (js, { expect }) => {
    const page = await newPage({ js });
    await open(page, "/ns-01", js);
    const points = page.getByRole("button", { name: /^Punto \d+:/ });
    expect(await points.first().getAttribute("aria-pressed")).toBe("true");
    if (!js) {
      await page.context().close();
      return;
    }
    await points.nth(1).click();
    await expect.poll(() => points.nth(1).getAttribute("aria-pressed")).toBe("true");
    expect(await points.first().getAttribute("aria-pressed")).toBe("false");
    await page.context().close();
  }));

  // ------------------------------------------------------------------ lead dialogs and forms

  // One at a time, after the concurrent tests: each starts from an empty leads table.

  test("with JavaScript: the contact modal and a page's demo dialog, the disabled button, the messages in order, a stored lead", async () => {
    await server.db.delete(leads);
    const page = await newPage();
    await open(page, "/wifi");
    const trigger = page.getByRole("main").getByRole("button", { name: "Solicitar demo" }).first();
    expect(await trigger.getAttribute("aria-haspopup")).toBe("dialog");
    await trigger.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nombre").waitFor({ state: "visible" });
    expect(await dialog.getByRole("heading").first().textContent()).not.toBe("Contactar con Ventas");
    await expectAccessible(page);
    const submit = dialog.getByRole("button", { name: "Solicitar demo" });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Nombre").fill("A");
    await dialog.getByLabel("Email").fill("demo@");
    await dialog.getByLabel("Teléfono").fill("12");
    await dialog.getByLabel("Tipo de propietario").selectOption({ label: "Propietario particular" });
    expect(await submit.isDisabled()).toBe(false);
    const message = dialog.locator('p[aria-live="assertive"]');
    const toast = (text: string) => page.locator("[data-toast]", { hasText: text }).first();
    await submit.click();
    await expect.poll(() => message.textContent()).toBe(LEAD_MESSAGES.invalidName);
    await expect.poll(() => toast(LEAD_MESSAGES.invalidName).isVisible()).toBe(true);
    expect(await isFocused(dialog.getByLabel("Nombre"))).toBe(true);
    await dialog.getByLabel("Nombre").fill("Marta Gil");
    await submit.click();
    await expect.poll(() => message.textContent()).toBe(LEAD_MESSAGES.invalidEmail);
    await dialog.getByLabel("Email").fill("marta@example.com");
    await submit.click();
    await expect.poll(() => message.textContent()).toBe(LEAD_MESSAGES.invalidPhone);
    await dialog.getByLabel("Teléfono").fill("600 123 456");
    await submit.click();
    await expect.poll(() => toast(LEAD_MESSAGES.success).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => isFocused(trigger)).toBe(true);
    const stored = await server.db.select().from(leads);
    expect(stored).toMatchObject([{ email: "marta@example.com", source: "WEB-wifi-cta", ownerType: "individual" }]);

    // The header's Contactar Ventas opens the same dialog as the contact modal, empty again.
    await page.locator("header").getByRole("button", { name: "Contactar Ventas" }).click();
    await dialog.getByRole("heading", { name: "Contactar con Ventas" }).waitFor({ state: "visible" });
    expect(await dialog.getByLabel("Nombre").inputValue()).toBe("");
    expect(await dialog.getByRole("button", { name: "Enviar solicitud" }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.context().close();
  });

  test("without JavaScript: calls to action lead to /contacto, and the page's own lead form posts to the confirmation page", async () => {
    await server.db.delete(leads);
    const page = await newPage({ js: false });
    await open(page, "/wifi", false);
    const cta = page.getByRole("main").getByRole("link", { name: "Solicitar demo" }).first();
    expect(await cta.getAttribute("href")).toBe("/contacto");
    expect(await page.locator("header").getByRole("link", { name: "Contactar Ventas" }).getAttribute("href")).toBe("/contacto");

    // /monitorizacion-ruido embeds the modal's form in the page: it posts as plain HTML.
    await open(page, "/monitorizacion-ruido", false);
    const form = page.locator("form[data-lead-form='modal']").filter({ has: page.locator("input[name='name']:visible") }).first();
    await form.getByLabel("Nombre").fill("Sin Script");
    await form.getByLabel("Email").fill("sin.script.modal@example.com");
    await form.getByLabel("Teléfono").fill("600 111 222");
    // No owner type: the server answers with the spec's message.
    await form.getByRole("button").last().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/contacto/enviado");
    expect(await page.getByRole("alert").textContent()).toBe(LEAD_MESSAGES.missingOwnerType);
    await open(page, "/monitorizacion-ruido", false);
    await form.getByLabel("Nombre").fill("Sin Script");
    await form.getByLabel("Email").fill("sin.script.modal@example.com");
    await form.getByLabel("Teléfono").fill("600 111 222");
    await form.getByLabel("Tipo de propietario").selectOption({ label: "Propietario particular" });
    await form.getByRole("button").last().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/contacto/enviado");
    expect(await page.getByRole("status").textContent()).toBe(LEAD_MESSAGES.success);
    const stored = await server.db.select().from(leads);
    expect(stored).toMatchObject([{ email: "sin.script.modal@example.com", source: "WEB-monitorizacion-ruido-cta" }]);
    await page.context().close();
  });
});

/** Lets `limit` tasks run at a time; the others wait for a free place, in the order they came. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The place goes straight to the next waiting task, if any.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
