import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

// Debian's Chromium, never a downloaded browser. Without it the browser suites skip loudly,
// unless REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const browserAvailable = fs.existsSync(CHROMIUM_PATH);

if (!browserAvailable) {
  if (process.env.REQUIRE_BROWSER === "1") {
    throw new Error(`REQUIRE_BROWSER=1 but no Chromium at ${CHROMIUM_PATH}: install it with apt-get install -y chromium`);
  }
  console.warn(`\n!!! No Chromium at ${CHROMIUM_PATH}: the end-to-end tests are SKIPPED. Install it: apt-get install -y chromium\n`);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Contexts should use reducedMotion "reduce" so axe measures settled colours, not a fade-in.
 * Fails the test on any serious or critical axe violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Collects uncaught page errors and console errors (hydration mismatches among them). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // A 4xx answer the page expected (a refused sign-in) is logged by Chromium as a failed resource.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(`console: ${message.text()}`);
  });
  return errors;
}
