import { describe, expect, test } from "vitest";
import { addDays, changePercent, dateWindow, type DailyVisitStat, summarizeVisits, zeroFillDaily } from "./visit-stats.ts";

describe("calendar arithmetic", () => {
  test("crosses months, leap days and the DST change without drifting", () => {
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2025-03-30", 1)).toBe("2025-03-31");
    expect(addDays("2025-10-26", -1)).toBe("2025-10-25");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
  });
  test("the window ends today and holds exactly the asked days", () => {
    const days = dateWindow("2025-01-05", 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2024-12-07");
    expect(days.at(-1)).toBe("2025-01-05");
  });
  test("a malformed date is a programming error", () => {
    expect(() => addDays("05/01/2025", 1)).toThrow(/yyyy-MM-dd/);
  });
});

describe("zeroFillDaily", () => {
  test("days without visits are zeros; rows outside the window are dropped", () => {
    const rows: DailyVisitStat[] = [
      { visit_date: "2025-01-03", total_visits: 4, unique_pages: 2 },
      { visit_date: "2024-01-01", total_visits: 99, unique_pages: 9 },
    ];
    expect(zeroFillDaily(rows, "2025-01-04", 3)).toEqual([
      { visit_date: "2025-01-02", total_visits: 0, unique_pages: 0 },
      { visit_date: "2025-01-03", total_visits: 4, unique_pages: 2 },
      { visit_date: "2025-01-04", total_visits: 0, unique_pages: 0 },
    ]);
  });
});

describe("summarizeVisits", () => {
  const daily = (totals: number[]) =>
    zeroFillDaily(
      totals.map((total_visits, i) => ({ visit_date: addDays("2025-06-30", i - (totals.length - 1)), total_visits, unique_pages: 1 })),
      "2025-06-30",
      30,
    );

  test("today vs yesterday, last 7 days, the average over all 30 days and the top 5", () => {
    const totals = Array.from({ length: 30 }, (_, i) => (i < 20 ? 0 : i - 19)); // 0…0, 1, 2, …, 10
    const pages = ["/a", "/b", "/c", "/d", "/e", "/f"].map((page_path, i) => ({ page_path, total_visits: 60 - i * 10, unique_days: 3 }));
    const summary = summarizeVisits(daily(totals), pages);
    expect(summary.today).toBe(10);
    expect(summary.yesterday).toBe(9);
    expect(summary.changePercent).toBe(11.1);
    expect(summary.last7DaysTotal).toBe(4 + 5 + 6 + 7 + 8 + 9 + 10);
    expect(summary.windowTotal).toBe(55);
    expect(summary.dailyAverage).toBe(1.8);
    expect(summary.topPages.map((p) => p.page_path)).toEqual(["/a", "/b", "/c", "/d", "/e"]);
  });

  test("an empty window is all zeros", () => {
    expect(summarizeVisits(daily([]), [])).toEqual({
      today: 0,
      yesterday: 0,
      changePercent: 0,
      last7DaysTotal: 0,
      dailyAverage: 0,
      windowTotal: 0,
      topPages: [],
    });
  });

  test("change against a day without visits has no percentage", () => {
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(0, 0)).toBe(0);
    expect(changePercent(0, 4)).toBe(-100);
    expect(changePercent(3, 2)).toBe(50);
  });
});
