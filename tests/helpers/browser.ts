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

/** The version of the axe-core that AxeBuilder injects, once a check has told it. */
let injectedAxeVersion: string | undefined;

/** The version of the axe-core the page's document holds, if any. */
function loadedAxeVersion(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as { axe?: { version?: unknown } }).axe?.version as string | undefined);
}

/** Contexts should use reducedMotion "reduce" so axe measures settled colours, not a fade-in.
 * Fails the test on any serious or critical axe violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // A page without child frames is checked by axe.run in the page itself ("legacy mode"), with
  // all the rules: the default (runPartial per frame, then finishRun in a new blank page with a
  // second copy of axe-core) exists for cross-origin frames, gives the same results on a page
  // without frames (every rule, node and check compared on every public page at both widths)
  // and costs about twice as much. A page with frames keeps the default.
  const legacy = page.frames().length === 1;
  // Legacy mode sends axe-core (half a megabyte) into the page twice per check. A document that
  // already holds the axe-core this helper injected (a dialog checked after its screen) keeps it:
  // AxeBuilder then injects an empty script, and configures and runs that same axe-core.
  const injected = legacy && injectedAxeVersion !== undefined && (await loadedAxeVersion(page)) === injectedAxeVersion;
  // resultTypes: only violations are gathered in full, every node of every rule as before; the
  // passes, incomplete and inapplicable results, which nothing here reads, keep one node each.
  // That halves axe's time again (issue 26).
  const builder = new AxeBuilder(injected ? { page, axeSource: ";" } : { page }).options({ resultTypes: ["violations"] });
  if (legacy) builder.setLegacyMode();
  const results = await builder.analyze();
  injectedAxeVersion ??= results.testEngine.version;
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Fails the test on any violation, of any impact, of the named axe rules, including rules axe
 * leaves out by default: label-content-name-mismatch is "experimental" and page-has-heading-one
 * only "moderate", so expectAccessible never reports them (issue 27).
 */
export async function expectAxeRules(page: Page, rules: readonly string[]): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"], runOnly: { type: "rule", values: [...rules] } })
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(summary, `axe ${rules.join(", ")} on ${page.url()}`).toEqual([]);
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

/** Runs `task` on every item, at most `limit` at a time, and returns the results in item order.
 * After a failure no further item starts; the running ones finish, then the first error is thrown. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.error;
  return results;
}
