import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type BenchRow, startBuiltServer } from "./lib.ts";

// Lighthouse 12 in its default mobile mode (simulated slow 4G and a mid-range phone) on the five
// pages the marketing issue names, with Debian's Chromium.
const PAGES = ["/", "/ns-01", "/apartamentos-turisticos-madrid", "/casos-exito", "/faq"];
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function runLighthouseBench(): Promise<BenchRow[]> {
  const server = await startBuiltServer();
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
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const lhr = result!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const cls = Number(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0);
      const summary = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      const scriptBytes = summary.find((item) => item.resourceType === "script")?.transferSize ?? 0;
      rows.push({
        group: "lighthouse",
        metric: `${path} perf/a11y/bp/seo`,
        value: `${score("performance")}/${score("accessibility")}/${score("best-practices")}/${score("seo")}`,
        unit: "",
        goal: "≥95/100/100/100",
      });
      rows.push({ group: "lighthouse", metric: `${path} CLS`, value: Math.round(cls * 1000) / 1000, unit: "", goal: "≤ 0.02" });
      rows.push({
        group: "lighthouse",
        metric: `${path} JS transferred (compressed)`,
        value: Math.round(scriptBytes / 102.4) / 10,
        unit: "KB",
        goal: path === "/" ? "≤ 120 KB" : "",
      });
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
  return rows;
}
