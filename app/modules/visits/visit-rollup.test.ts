import { describe, expect, test } from "vitest";
import { pgTextArray, rollupOf } from "./visits.server.ts";

const at = (iso: string) => new Date(iso);
const visit = (pagePath: string, visitedAt: Date, isBot = false) => ({ pagePath, visitedAt, isBot, referrerHost: null });

describe("rollupOf", () => {
  test("counts human visits per Madrid day and page, one row per key, in key order", () => {
    const rows = rollupOf([
      visit("/wifi", at("2025-07-01T10:00:00Z")),
      visit("/", at("2025-07-01T10:00:01Z")),
      visit("/wifi", at("2025-07-01T10:00:02Z")),
      visit("/wifi", at("2025-07-01T10:00:03Z"), true),
      // 23:30 UTC on 1 July is already 2 July in Madrid (UTC+2 in summer).
      visit("/wifi", at("2025-07-01T22:30:00Z")),
    ]);
    expect(rows).toEqual([
      { visitDate: "2025-07-01", pagePath: "/", visits: 1 },
      { visitDate: "2025-07-01", pagePath: "/wifi", visits: 2 },
      { visitDate: "2025-07-02", pagePath: "/wifi", visits: 1 },
    ]);
  });

  test("in winter Madrid is UTC+1", () => {
    expect(rollupOf([visit("/", at("2025-01-15T23:30:00Z")), visit("/", at("2025-01-15T22:59:59Z"))])).toEqual([
      { visitDate: "2025-01-15", pagePath: "/", visits: 1 },
      { visitDate: "2025-01-16", pagePath: "/", visits: 1 },
    ]);
  });

  test("a batch of bots adds nothing to the rollup", () => {
    expect(rollupOf([visit("/", at("2025-01-15T10:00:00Z"), true)])).toEqual([]);
  });
});

describe("pgTextArray", () => {
  test("quotes every element, escapes quotes and backslashes, keeps NULL apart from the text NULL", () => {
    expect(pgTextArray(["/a", null, "NULL", 'di"jo', "c:\\x", ""])).toBe('{"/a",NULL,"NULL","di\\"jo","c:\\\\x",""}');
    expect(pgTextArray([])).toBe("{}");
  });
});
