import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPages } from "#app/content/site-map.ts";
import { chromium } from "playwright-core";
import { type BenchRow, startBuiltServer } from "./lib.ts";

// Lighthouse 12 in its default mobile mode (simulated slow 4G and a mid-range phone) on the five
// pages the marketing issue names, with Debian's Chromium. Then every public page is opened in a
// plain Chromium to find the largest amount of script any of them loads (issue 14: ≤ 30 kB).
const PAGES = ["/", "/ns-01", "/apartamentos-turisticos-madrid", "/casos-exito", "/faq"];
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export async function runLighthouseBench(): Promise<BenchRow[]> {
  const server = await startBuiltServer();
  const rows: BenchRow[] = [];
  try {
    rows.push(...(await lighthouseRows(server.url)));
    rows.push(...(await scriptWeightRows(server.url)));
  } finally {
    await server.stop();
  }
  return rows;
}

async function lighthouseRows(baseUrl: string): Promise<BenchRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const rows: BenchRow[] = [];
  try {
    for (const path of PAGES) {
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const lhr = result!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const cls = Number(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0);
      const lcp = Number(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0);
      const summary = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      const scriptBytes = summary.find((item) => item.resourceType === "script")?.transferSize ?? 0;
      rows.push({
        group: "lighthouse",
        metric: `${path} perf/a11y/bp/seo`,
        value: `${score("performance")}/${score("accessibility")}/${score("best-practices")}/${score("seo")}`,
        unit: "",
        goal: "100/100/100/100 (perf ≥ 98)",
      });
      rows.push({ group: "lighthouse", metric: `${path} LCP`, value: Math.round(lcp) / 1000, unit: "s", goal: "≤ 1.5 s" });
      rows.push({ group: "lighthouse", metric: `${path} CLS`, value: Math.round(cls * 1000) / 1000, unit: "", goal: "≤ 0.02" });
      rows.push({
        group: "lighthouse",
        metric: `${path} JS transferred (compressed)`,
        value: kb(scriptBytes),
        unit: "KB",
        goal: path === "/" ? "≤ 20 KB" : "≤ 30 KB",
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

/** Script bytes on the wire (compressed body + headers) of every public page, as Chromium loads it. */
async function scriptWeightRows(baseUrl: string): Promise<BenchRow[]> {
  const paths = [...publicPages.map((page) => page.path), "/chatbot-apartamentos-turisticos"];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic"] });
  let worst = { path: "", bytes: -1 };
  try {
    for (const path of [...new Set(paths)]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const pending: Promise<number>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() !== "script") return;
        pending.push(request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize));
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
      // Long enough for anything a page starts after load (the visit beacon waits 1 s).
      await page.waitForTimeout(1500);
      const bytes = (await Promise.all(pending)).reduce((sum, size) => sum + size, 0);
      if (bytes > worst.bytes) worst = { path, bytes };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return [
    {
      group: "lighthouse",
      metric: `largest JS transferred over ${new Set(paths).size} public pages (${worst.path})`,
      value: kb(worst.bytes),
      unit: "KB",
      goal: "≤ 30 KB",
    },
  ];
}
