// The web-statistics figures of staff-side §2 "Web statistics" and §7 (get_daily_visit_stats,
// get_page_visit_stats), as pure functions over the rollup rows so they can be checked without a
// database and shared with the admin page. Row fields keep the spec's RPC names.

/** Statistics window and top list (staff-side §9). */
export const STATS_WINDOW_DAYS = 30;
export const STATS_RECENT_DAYS = 7;
export const STATS_TOP_PAGES = 5;

export type DailyVisitStat = { visit_date: string; total_visits: number; unique_pages: number };
export type PageVisitStat = { page_path: string; total_visits: number; unique_days: number };

export type VisitSummary = {
  today: number;
  yesterday: number;
  /** Percentage change of today against yesterday; null when yesterday had no visits and today has. */
  changePercent: number | null;
  last7DaysTotal: number;
  /** Visits per day over the whole 30-day window, days without visits included. */
  dailyAverage: number;
  windowTotal: number;
  topPages: PageVisitStat[];
};

export type VisitStatistics = { daily: DailyVisitStat[]; pages: PageVisitStat[]; summary: VisitSummary };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd plus `days` (negative goes back), in plain calendar arithmetic. */
export function addDays(isoDate: string, days: number): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new Error(`not a yyyy-MM-dd date: ${isoDate}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** The `days` calendar days ending with `lastDay`, oldest first. */
export function dateWindow(lastDay: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(lastDay, i - (days - 1)));
}

/** One row per day of the window, a day without visits as zeros. */
export function zeroFillDaily(rows: DailyVisitStat[], lastDay: string, days: number): DailyVisitStat[] {
  const byDate = new Map(rows.map((row) => [row.visit_date, row]));
  return dateWindow(lastDay, days).map((day) => byDate.get(day) ?? { visit_date: day, total_visits: 0, unique_pages: 0 });
}

export function changePercent(today: number, yesterday: number): number | null {
  if (yesterday === 0) return today === 0 ? 0 : null;
  return Math.round(((today - yesterday) / yesterday) * 1000) / 10;
}

/** The figures of the statistics tab, from a zero-filled daily series (oldest first) and the page ranking. */
export function summarizeVisits(daily: DailyVisitStat[], pages: PageVisitStat[]): VisitSummary {
  const totals = daily.map((d) => d.total_visits);
  const today = totals.at(-1) ?? 0;
  const yesterday = totals.at(-2) ?? 0;
  const windowTotal = totals.reduce((sum, n) => sum + n, 0);
  const last7DaysTotal = totals.slice(-STATS_RECENT_DAYS).reduce((sum, n) => sum + n, 0);
  return {
    today,
    yesterday,
    changePercent: changePercent(today, yesterday),
    last7DaysTotal,
    dailyAverage: daily.length ? Math.round((windowTotal / daily.length) * 10) / 10 : 0,
    windowTotal,
    topPages: pages.slice(0, STATS_TOP_PAGES),
  };
}

export function emptyVisitStatistics(lastDay: string): VisitStatistics {
  const daily = zeroFillDaily([], lastDay, STATS_WINDOW_DAYS);
  return { daily, pages: [], summary: summarizeVisits(daily, []) };
}
