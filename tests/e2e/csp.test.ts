import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { browserAvailable, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The Content-Security-Policy in a real Chromium: the page's own (hashed) inline scripts run and
// the page hydrates, while a script an attacker manages to inject — an inline <script>, an
// inline event handler, a javascript: URL — does not run and is reported as a violation.
// A control page without the policy runs the same injections, so "did not run" means blocked.

type Probe = { ran: string[]; violations: string[] };

const INJECT = `
  window.__ran = [];
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
  const script = document.createElement("script");
  script.textContent = "window.__ran.push('inline-script')";
  document.body.appendChild(script);
  const holder = document.createElement("div");
  holder.innerHTML = '<img src="data:," onload="window.__ran.push(\\'event-handler\\')" onerror="window.__ran.push(\\'event-handler\\')">';
  document.body.appendChild(holder);
  const link = document.createElement("a");
  link.href = "javascript:window.__ran.push('javascript-url')";
  document.body.appendChild(link);
  link.click();
`;

async function injectAndRead(page: Page): Promise<Probe> {
  // addScriptTag would itself be an inline script; CDP evaluation is the attacker's foothold here,
  // standing for any DOM injection, and is not subject to the page's policy.
  await page.evaluate(INJECT);
  // Event handlers and javascript: URLs run on later tasks: let the page settle.
  await page.waitForFunction(() => document.readyState === "complete");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  return page.evaluate(() => {
    const w = window as unknown as { __ran: string[]; __violations: string[] };
    return { ran: [...w.__ran].sort(), violations: [...w.__violations] };
  });
}

describe.skipIf(!browserAvailable)("Content-Security-Policy in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("control: without the policy, every injection runs", async () => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.setContent("<!doctype html><html><body><p>sin política</p></body></html>");
    const probe = await injectAndRead(page);
    expect(probe.ran).toEqual(["event-handler", "inline-script", "javascript-url"]);
    expect(probe.violations).toEqual([]);
    await context.close();
  });

  test.each(["/", "/contacto", "/auth", "/registro-viajeros/AAAAAAAAAAAAAAAAAAAAAA"])(
    "%s: the page's own scripts run, injected ones are blocked and reported",
    async (path) => {
      const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce" });
      const page = await context.newPage();
      const loadViolations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) loadViolations.push(message.text());
      });
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'/);
      // Hydration proves the page's own inline scripts (allowed by hash) ran; a marketing page has
      // none and runs its external island module instead, which marks the document.
      await page.waitForFunction(
        () => ("__reactRouterContext" in window || document.documentElement.dataset.island === "ready") && document.readyState === "complete",
      );
      expect(loadViolations).toEqual([]);

      const probe = await injectAndRead(page);
      expect(probe.ran).toEqual([]);
      expect(probe.violations.length).toBeGreaterThanOrEqual(3);
      for (const violation of probe.violations) expect(violation).toMatch(/^script-src/);
      await context.close();
    },
  );
});
