import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { pageVisitDaily, pageVisits } from "#app/db/schema.ts";
import { todayIsoDate } from "#app/lib/dates.ts";
import { createTestDatabase, type TestDatabase, testDatabases } from "#tests/helpers/test-server.ts";
import { addDays } from "./visit-stats.ts";
import { getDailyVisitStats, getPageVisitStats, getVisitStatistics, VisitRecorder, VisitRecorderClosedError, writeVisitBatch } from "./visits.server.ts";

// The recorder and the statistics queries against a real database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set). Each test writes its own paths, so counts never mix.

describe.each(testDatabases())("visit recorder and statistics on %s", (kind) => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = await testDb.open();
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  const rawCount = async (pagePath: string) =>
    (await database.db.select({ n: count() }).from(pageVisits).where(eq(pageVisits.pagePath, pagePath)))[0]!.n;
  const rollupTotal = async (pagePath: string) =>
    Number(
      (await database.db.select({ n: sql<number>`coalesce(sum(${pageVisitDaily.visits}), 0)` }).from(pageVisitDaily).where(eq(pageVisitDaily.pagePath, pagePath)))[0]!
        .n,
    );

  test("visits recorded in one tick commit as one batch; each is readable as soon as it resolves", async () => {
    const recorder = new VisitRecorder(database.db);
    const writes = Array.from({ length: 200 }, (_, i) =>
      recorder.record({ pagePath: `/lote/${i % 4}`, referrerHost: null, isBot: false }).then(async () => {
        // Acknowledged means committed: the caller's own row is already there.
        expect(await rawCount(`/lote/${i % 4}`)).toBeGreaterThan(0);
      }),
    );
    expect(recorder.pending).toBe(200);
    await Promise.all(writes);
    expect(recorder.stats).toEqual({ batches: 1, visits: 200, largestBatch: 200, failedBatches: 0 });
    for (let p = 0; p < 4; p++) {
      expect(await rawCount(`/lote/${p}`)).toBe(50);
      expect(await rollupTotal(`/lote/${p}`)).toBe(50);
    }
    await recorder.close();
  });

  test("a full batch is written at once and the rest follows; counts stay exact", async () => {
    const recorder = new VisitRecorder(database.db, { maxBatch: 64 });
    await Promise.all(Array.from({ length: 200 }, () => recorder.record({ pagePath: "/lotes", referrerHost: null, isBot: false })));
    expect(recorder.stats).toEqual({ batches: 4, visits: 200, largestBatch: 64, failedBatches: 0 });
    expect(await rawCount("/lotes")).toBe(200);
    expect(await rollupTotal("/lotes")).toBe(200);
    await recorder.close();
  });

  test("callers that record again the moment they are acknowledged are never stranded", async () => {
    // Each caller's next visit is queued from the very continuation its acknowledgement resumes:
    // the recorder must still schedule a flush for it after the batch that just committed.
    const recorder = new VisitRecorder(database.db);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < 25; i++) await recorder.record({ pagePath: "/en-bucle", referrerHost: null, isBot: false });
      }),
    );
    expect(await rawCount("/en-bucle")).toBe(200);
    expect(await rollupTotal("/en-bucle")).toBe(200);
    expect(recorder.stats.visits).toBe(200);
    await recorder.close();
  });

  test("with a batching window, a batch waits for as many visits as the last one held, and close() writes a short one", async () => {
    const recorder = new VisitRecorder(database.db, { gatherMs: 60_000 });
    const visit = () => recorder.record({ pagePath: "/ventana", referrerHost: null, isBot: false });
    // Nothing came before: the first batch does not wait.
    await Promise.all(Array.from({ length: 10 }, visit));
    expect(recorder.stats).toMatchObject({ batches: 1, visits: 10 });
    // Nine arrive over several turns of the event loop: still waiting for a tenth.
    const waiting: Promise<void>[] = [];
    for (let i = 0; i < 9; i++) {
      waiting.push(visit());
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(recorder.pending).toBe(9);
    waiting.push(visit());
    await Promise.all(waiting);
    expect(recorder.stats).toMatchObject({ batches: 2, visits: 20, largestBatch: 10 });
    // A lone visit below the window's size is written by close() at once.
    const lone = visit();
    await recorder.close();
    await lone;
    expect(await rawCount("/ventana")).toBe(21);
    expect(await rollupTotal("/ventana")).toBe(21);
  });

  test("bots are stored flagged and left out of the rollup", async () => {
    const recorder = new VisitRecorder(database.db);
    await Promise.all([
      recorder.record({ pagePath: "/bots", referrerHost: "www.google.com", isBot: true }),
      recorder.record({ pagePath: "/bots", referrerHost: null, isBot: true }),
      recorder.record({ pagePath: "/bots", referrerHost: null, isBot: false }),
    ]);
    const rows = await database.db.select().from(pageVisits).where(eq(pageVisits.pagePath, "/bots"));
    expect(rows.map((r) => r.isBot).sort()).toEqual([false, true, true]);
    expect(await rollupTotal("/bots")).toBe(1);
    await recorder.close();
  });

  test("close() writes what is queued, then refuses new visits", async () => {
    const recorder = new VisitRecorder(database.db, { maxWaitMs: 60_000 });
    const writes = Array.from({ length: 5 }, () => recorder.record({ pagePath: "/cierre", referrerHost: null, isBot: false }));
    await recorder.close();
    await Promise.all(writes);
    expect(await rawCount("/cierre")).toBe(5);
    await expect(recorder.record({ pagePath: "/cierre", referrerHost: null, isBot: false })).rejects.toBeInstanceOf(VisitRecorderClosedError);
    expect(await rawCount("/cierre")).toBe(5);
  });

  test("a failed batch rejects every visit in it and stores none of them", async () => {
    const errors: unknown[] = [];
    const recorder = new VisitRecorder(database.db, { logger: { error: (obj: unknown) => errors.push(obj) } as never });
    // A path over the column's 300 characters makes the INSERT fail inside the transaction.
    const results = await Promise.allSettled([
      recorder.record({ pagePath: "/fallo", referrerHost: null, isBot: false }),
      recorder.record({ pagePath: `/${"x".repeat(400)}`, referrerHost: null, isBot: false }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(errors).toHaveLength(1);
    expect(await rawCount("/fallo")).toBe(0);
    expect(await rollupTotal("/fallo")).toBe(0);
    expect(recorder.stats.failedBatches).toBe(1);
    // The recorder keeps working after a failure.
    await recorder.record({ pagePath: "/fallo", referrerHost: null, isBot: false });
    expect(await rawCount("/fallo")).toBe(1);
    await recorder.close();
  });

  test("concurrent recorders on one database (two app instances) never lose an increment", async () => {
    const a = new VisitRecorder(database.db, { maxBatch: 7 });
    const b = new VisitRecorder(database.db, { maxBatch: 5 });
    const paths = ["/par/a", "/par/b", "/par/c"];
    await Promise.all(
      Array.from({ length: 90 }, (_, i) => (i % 2 ? a : b).record({ pagePath: paths[i % 3]!, referrerHost: null, isBot: false })),
    );
    for (const path of paths) expect(await rollupTotal(path)).toBe(30);
    await Promise.all([a.close(), b.close()]);
  });

  test("odd but valid text survives the array parameters unchanged", async () => {
    const paths = ['/comillas-"dobles"', "/barra-\\invertida", "/NULL", "/llaves-{x}", "/coma,punto"];
    await writeVisitBatch(
      database.db,
      paths.map((pagePath) => ({ pagePath, referrerHost: 'ref"host', isBot: false, visitedAt: new Date() })),
    );
    for (const path of paths) {
      const rows = await database.db.select().from(pageVisits).where(eq(pageVisits.pagePath, path));
      expect(rows.map((r) => r.referrerHost)).toEqual(['ref"host']);
      expect(await rollupTotal(path)).toBe(1);
    }
  });

  test("statistics come from the rollup: zero-filled days, per-page totals and days, the summary", async () => {
    const today = todayIsoDate();
    // Noon in Madrid is 10:00 or 11:00 UTC: safely inside the intended calendar day.
    const noon = (isoDate: string) => new Date(`${isoDate}T10:30:00Z`);
    const visits = [
      ...Array.from({ length: 6 }, () => ({ pagePath: "/stats/estrella", visitedAt: noon(today) })),
      ...Array.from({ length: 3 }, () => ({ pagePath: "/stats/estrella", visitedAt: noon(addDays(today, -1)) })),
      { pagePath: "/stats/otra", visitedAt: noon(addDays(today, -1)) },
      ...Array.from({ length: 4 }, () => ({ pagePath: "/stats/antigua", visitedAt: noon(addDays(today, -20)) })),
      // Outside the 30-day window: not counted anywhere.
      { pagePath: "/stats/antigua", visitedAt: noon(addDays(today, -30)) },
    ];
    await writeVisitBatch(database.db, visits.map((v) => ({ ...v, referrerHost: null, isBot: false })));

    const daily = await getDailyVisitStats(database.db, 30, today);
    expect(daily).toHaveLength(30);
    expect(daily[0]!.visit_date).toBe(addDays(today, -29));
    expect(daily.at(-1)!.visit_date).toBe(today);
    const day = (offset: number) => daily.find((d) => d.visit_date === addDays(today, offset))!;
    // Earlier tests in this file wrote today's rows too; the past days are this test's alone.
    expect(day(-1)).toEqual({ visit_date: addDays(today, -1), total_visits: 4, unique_pages: 2 });
    expect(day(-20)).toEqual({ visit_date: addDays(today, -20), total_visits: 4, unique_pages: 1 });
    expect(day(-2)).toEqual({ visit_date: addDays(today, -2), total_visits: 0, unique_pages: 0 });

    const pages = await getPageVisitStats(database.db, 30, { today });
    expect(pages.find((p) => p.page_path === "/stats/estrella")).toEqual({ page_path: "/stats/estrella", total_visits: 9, unique_days: 2 });
    expect(pages.find((p) => p.page_path === "/stats/antigua")).toEqual({ page_path: "/stats/antigua", total_visits: 4, unique_days: 1 });
    const totals = pages.map((p) => p.total_visits);
    expect(totals).toEqual([...totals].sort((x, y) => y - x));

    const stats = await getVisitStatistics(database.db, today);
    expect(stats.summary.yesterday).toBe(4);
    expect(stats.summary.today).toBe(day(0).total_visits);
    expect(stats.summary.topPages).toEqual(pages.slice(0, 5));
    expect(stats.summary.windowTotal).toBe(daily.reduce((sum, d) => sum + d.total_visits, 0));
  });
});
