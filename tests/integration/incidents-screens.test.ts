import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { devices, incidentEvents, incidentRules, incidents, properties, reservations, webhookDeliveries, webhookEvents } from "#app/db/schema.ts";
import { localDate } from "#app/modules/monitoring/monitoring.server.ts";
import { INCIDENT_MESSAGES } from "#app/modules/incidents/incident-screens.ts";
import { localMidnight, monthBounds } from "#app/modules/incidents/incident-report-math.ts";
import { REPORT_CSV_HEADER } from "#app/modules/incidents/incident-report.server.ts";
import { INCIDENT_PRESETS, type IncidentRules } from "#app/modules/incidents/incidents.schema.ts";
import { processIncidentWork, runIncidentEscalations, type EngineSettings } from "#app/modules/incidents/incidents-engine.server.ts";
import { todayIsoDate } from "#app/lib/dates.ts";
import { createReservation, updateReservation } from "#app/modules/reservations/reservations.server.ts";
import { validateReservationInput, validateReservationUpdate } from "#app/modules/reservations/reservations.schema.ts";
import { countIncidentsByPropertyMonth, getIncidentRules, listIncidents } from "#app/modules/incidents/incidents.server.ts";
import { ensureTelemetryPartitions } from "#app/modules/telemetry/telemetry-partitions.server.ts";
import { addDays, createProperty, createStay, SETTLED_SINCE } from "#tests/helpers/monitoring-fixtures.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/helpers/webhook-receiver.ts";

// The Incidencias screens (issue 20 items 1, 2 and 5) through real HTTP on PGlite and
// PostgreSQL: a property's rules saved and refused, the list's filters, closing with a note (the
// "resolved" webhook event queued once and delivered, signed, to a local receiver), and the
// monthly report's CSV (exact) and PDF. Incidents are inserted directly: the engine that opens
// them is tested on its own. Minute rollups are inserted directly too, so no rule of the engine
// runs on them.

const HOUR = 3_600_000;
const MINUTE = 60_000;

type IncidentInsert = typeof incidents.$inferInsert;

describe.each(testDatabases())("Incidencias screens on %s", (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let superCookie = "";
  let userCookie = "";
  let superId = "";
  let rulesProperty = "";
  let canaryProperty = "";
  let listProperty = "";
  let otherProperty = "";
  let reportProperty = "";
  let ip = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({ database: kind, env: { WEBHOOK_ALLOW_PRIVATE: "1", SES_CREDENTIALS_KEY: "c".repeat(64), TRUST_PROXY: "true" } });
    await server.createUser({ email: "ursula@nidosmart.test", password: "user-pass-1", role: "user" });
    superCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    userCookie = await server.signIn("ursula@nidosmart.test", "user-pass-1");
    const rows = (await server.db.execute(sql`select id from users where email = ${TEST_ADMIN.email}`)) as unknown as { rows: { id: string }[] };
    superId = rows.rows[0]!.id;

    rulesProperty = await createProperty(server, "Ático Gran Vía", "Gran Vía 12, 28013 Madrid");
    canaryProperty = await createProperty(server, "Casa Las Canteras", "Paseo de Las Canteras 8, Las Palmas");
    await server.db.execute(sql`update properties set time_zone = 'Atlantic/Canary' where id = ${canaryProperty}`);
    listProperty = await createProperty(server, "Casa Triana", "Calle Betis 3, 41010 Sevilla");
    otherProperty = await createProperty(server, "Estudio Málaga", "Calle Larios 5, 29005 Málaga");
    reportProperty = await createProperty(server, "Piso Ruzafa, 3º", "Calle Sueca 20, 46006 Valencia");
    for (const [id, propertyId] of [
      ["NS01-TRIANA", listProperty],
      ["NS01-MALAGA", otherProperty],
      ["NS01-RUZAFA", reportProperty],
    ] as const) {
      await server.db.insert(devices).values({ id, name: `Sensor ${id}`, propertyId, secretHash: "unused", assignedAt: SETTLED_SINCE });
    }

    // An endpoint for incident.resolved, created as staff do: its events are queued for real.
    const created = await post("/admin/webhooks", superCookie, [
      ["intent", "create"],
      ["url", `${receiver.url}/hooks`],
      ["description", "Receptor de pruebas"],
      ["events", "incident.resolved"],
      ["enabled", "true"],
    ]);
    expect(created.status).toBe(201);
    receiver.secrets.push(...new Set((await created.text()).match(/whsec_[A-Za-z0-9+/]{43}=/g) ?? []));
    expect(receiver.secrets).toHaveLength(1);
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  function post(path: string, cookie: string, fields: [string, string][]) {
    ip += 1;
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie, "X-Forwarded-For": `10.55.${ip >> 8}.${ip & 255}` },
      body: new URLSearchParams(fields).toString(),
    });
  }
  const get = (path: string, cookie = superCookie) => fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });

  async function insertIncident(values: Partial<IncidentInsert> & Pick<IncidentInsert, "propertyId" | "deviceId" | "type" | "startedAt">): Promise<string> {
    const [row] = await server.db
      .insert(incidents)
      .values({ lastTriggerAt: values.startedAt, ...values })
      .returning({ id: incidents.id });
    return row!.id;
  }

  /** The rules form's fields for `rules`, as the editor posts them. */
  function rulesFields(rules: IncidentRules, intent = "save"): [string, string][] {
    const fields: [string, string][] = [
      ["intent", intent],
      ["timeZone", rules.timeZone],
    ];
    for (const band of rules.bands) {
      fields.push([`${band.band}.start`, band.start], [`${band.band}.laeq`, String(band.laeq)], [`${band.band}.sustainMin`, String(band.sustainMin)], [`${band.band}.lmax`, band.lmax == null ? "" : String(band.lmax)]);
    }
    if (rules.overcrowding.enabled) fields.push(["overcrowding.enabled", "on"]);
    fields.push(["overcrowding.tolerance", String(rules.overcrowding.tolerance)], ["overcrowding.sustainMin", String(rules.overcrowding.sustainMin)]);
    if (rules.emptyPresence.enabled) fields.push(["emptyPresence.enabled", "on"]);
    fields.push(["emptyPresence.sustainMin", String(rules.emptyPresence.sustainMin)]);
    for (const name of ["offline", "smoke", "tamper"] as const) if (rules[name].enabled) fields.push([`${name}.enabled`, "on"]);
    if (rules.co.enabled) fields.push(["co.enabled", "on"]);
    fields.push(["co.ppm", String(rules.co.ppm)], ["escalateAfterMin", String(rules.escalateAfterMin)]);
    return fields;
  }

  const storedRules = async (propertyId: string) => (await server.db.select().from(incidentRules).where(eq(incidentRules.propertyId, propertyId)))[0];

  describe("rules per property", () => {
    test("a property without rules has the default preset in its own time zone", async () => {
      const madrid = await getIncidentRules(server.db, rulesProperty);
      expect(madrid).toMatchObject({ preset: "urban_flat", stored: false, rules: { ...INCIDENT_PRESETS.urban_flat.rules, timeZone: "Europe/Madrid" } });
      const canary = await getIncidentRules(server.db, canaryProperty);
      expect(canary!.rules.timeZone).toBe("Atlantic/Canary");
      expect(canary!.rules.bands).toEqual(INCIDENT_PRESETS.urban_flat.rules.bands);
      const page = await get(`/admin/monitorizacion/viviendas/${rulesProperty}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Reglas de incidencias");
      expect(html).toContain(INCIDENT_PRESETS.urban_flat.label);
    });

    test("edited by hand: saved as custom; a preset applied: saved under its name", async () => {
      const edited: IncidentRules = structuredClone(INCIDENT_PRESETS.urban_flat.rules) as IncidentRules;
      edited.bands[2] = { ...edited.bands[2]!, laeq: 52, sustainMin: 5, lmax: null };
      edited.bands[0] = { ...edited.bands[0]!, start: "08:00" };
      edited.overcrowding = { enabled: true, tolerance: 2, sustainMin: 20 };
      edited.smoke = { enabled: false };
      edited.escalateAfterMin = 30;
      const saved = await post(`/admin/monitorizacion/viviendas/${rulesProperty}`, superCookie, rulesFields(edited));
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain(INCIDENT_MESSAGES.rulesSaved);
      const row = await storedRules(rulesProperty);
      expect(row).toMatchObject({ preset: "custom", updatedBy: superId });
      expect(row!.rules).toEqual(edited);
      expect(await getIncidentRules(server.db, rulesProperty)).toEqual({ preset: "custom", rules: edited, stored: true });

      const applied = await post(`/admin/monitorizacion/viviendas/${rulesProperty}`, superCookie, [
        ["intent", "apply-preset"],
        ["preset", "hotel_room"],
      ]);
      expect(applied.status).toBe(200);
      expect(await storedRules(rulesProperty)).toMatchObject({ preset: "hotel_room", rules: INCIDENT_PRESETS.hotel_room.rules });

      // The same values as a preset, typed by hand, are that preset.
      const typed = await post(`/admin/monitorizacion/viviendas/${rulesProperty}`, superCookie, rulesFields(INCIDENT_PRESETS.detached_house.rules));
      expect(typed.status).toBe(200);
      expect((await storedRules(rulesProperty))!.preset).toBe("detached_house");
    });

    test("bad input: a Spanish message, 400, nothing stored", async () => {
      const before = await storedRules(rulesProperty);
      const base = rulesFields(INCIDENT_PRESETS.urban_flat.rules);
      const cases: [[string, string][], number, string][] = [
        [base.map(([k, v]) => [k, k === "day.laeq" ? "130" : v]), 400, "Día · Umbral LAeq: El umbral máximo es 120 dB(A)."],
        [base.map(([k, v]) => [k, k === "night.sustainMin" ? "90" : v]), 400, "Noche · Duración sostenida: Entre 1 y 60 minutos."],
        [base.map(([k, v]) => [k, k === "evening.laeq" ? "fuerte" : v]), 400, "Tarde · Umbral LAeq: Indica un nivel en dB(A)."],
        [base.map(([k, v]) => [k, k === "evening.start" ? "07:00" : v]), 400, "Franjas: Cada franja empieza a una hora distinta."],
        [base.map(([k, v]) => [k, k === "timeZone" ? "Marte/Olympus" : v]), 400, "Zona horaria: Zona horaria desconocida."],
        [base.map(([k, v]) => [k, k === "co.ppm" ? "5" : v]), 400, "Umbral de CO: Entre 10 y 400 ppm."],
        [
          [
            ["intent", "apply-preset"],
            ["preset", "castillo"],
          ],
          400,
          INCIDENT_MESSAGES.presetUnknown,
        ],
        [[["intent", "borrar"]], 400, INCIDENT_MESSAGES.invalidAction],
      ];
      for (const [fields, status, message] of cases) {
        const response = await post(`/admin/monitorizacion/viviendas/${rulesProperty}`, superCookie, fields);
        expect(response.status, message).toBe(status);
        expect(await response.text()).toContain(message);
      }
      const missing = await post(`/admin/monitorizacion/viviendas/00000000-0000-4000-8000-000000000000`, superCookie, base);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain(INCIDENT_MESSAGES.propertyNotFound);
      // A user may not; nobody signed in may not.
      expect((await post(`/admin/monitorizacion/viviendas/${rulesProperty}`, userCookie, base)).status).toBe(403);
      expect((await post(`/admin/monitorizacion/viviendas/${rulesProperty}`, "", base)).status).toBe(401);
      expect(await storedRules(rulesProperty)).toEqual(before);
      expect(await storedRules(canaryProperty)).toBeUndefined();
    });
  });

  describe("list, detail and closing", () => {
    const ids: Record<string, string> = {};
    const now = Date.now();

    beforeAll(async () => {
      ids.noiseOpen = await insertIncident({ propertyId: listProperty, deviceId: "NS01-TRIANA", type: "noise", band: "night", startedAt: new Date(now - 2 * HOUR), threshold: 55, peakValue: 71.4, readings: [{ ts: new Date(now - 2 * HOUR).toISOString(), window_s: 10, laeq: 71.4, lmax: 80.2 }] });
      ids.crowdResolved = await insertIncident({ propertyId: listProperty, deviceId: "NS01-TRIANA", type: "overcrowding", status: "resolved", startedAt: new Date(now - 30 * HOUR), resolvedAt: new Date(now - 29 * HOUR), threshold: 2, peakValue: 5, registeredGuests: 2 });
      ids.offlineClosed = await insertIncident({ propertyId: otherProperty, deviceId: "NS01-MALAGA", type: "offline", status: "closed", startedAt: new Date(now - 5 * HOUR), closedAt: new Date(now - 4 * HOUR), closeNote: "Router reiniciado" });
      ids.smokeOld = await insertIncident({ propertyId: otherProperty, deviceId: "NS01-MALAGA", type: "smoke", startedAt: new Date(now - 40 * 24 * HOUR) });
      await server.db.insert(incidentEvents).values({ incidentId: ids.noiseOpen, kind: "opened", at: new Date(now - 2 * HOUR + MINUTE), detail: "LAeq 71,4 dB(A) durante 10 min" });
    });

    const listed = async (query: string) => {
      const response = await get(`/admin/monitorizacion/incidencias${query}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      return Object.entries(ids)
        .filter(([, id]) => html.includes(`data-incident-id="${id}"`))
        .map(([name]) => name)
        .sort();
    };

    test("filters by type, status, property, device and dates; newest first", async () => {
      expect(await listed("")).toEqual(["crowdResolved", "noiseOpen", "offlineClosed", "smokeOld"]);
      expect(await listed("?tipo=noise")).toEqual(["noiseOpen"]);
      expect(await listed("?estado=open")).toEqual(["noiseOpen", "smokeOld"]);
      expect(await listed(`?vivienda=${otherProperty}`)).toEqual(["offlineClosed", "smokeOld"]);
      expect(await listed("?dispositivo=NS01-TRIANA&estado=resolved")).toEqual(["crowdResolved"]);
      const today = localDate(new Date(now - 2 * HOUR), "Europe/Madrid");
      const fortyDaysAgo = localDate(new Date(now - 40 * 24 * HOUR), "Europe/Madrid");
      expect(await listed(`?desde=${fortyDaysAgo}&hasta=${fortyDaysAgo}`)).toEqual(["smokeOld"]);
      expect(await listed(`?desde=${today}`)).toContain("noiseOpen");
      expect(await listed(`?desde=${today}`)).not.toContain("smokeOld");
      // Odd values are ignored, not an error.
      expect(await listed("?tipo=fiesta&estado=x&vivienda=1&desde=ayer")).toHaveLength(4);
      const page = await listIncidents(server.db, {});
      expect(page.incidents.map((i) => i.id)).toEqual([ids.noiseOpen, ids.offlineClosed, ids.crowdResolved, ids.smokeOld]);
      expect((await listIncidents(server.db, { pageSize: 2, page: 2 })).incidents.map((i) => i.id)).toEqual([ids.crowdResolved, ids.smokeOld]);
    });

    test("counted per property and month, in the property's time zone", async () => {
      const fromMonth = localDate(new Date(now - 30 * HOUR), "Europe/Madrid").slice(0, 7);
      const toMonth = localDate(new Date(now - 2 * HOUR), "Europe/Madrid").slice(0, 7);
      const counts = await countIncidentsByPropertyMonth(server.db, { fromMonth, toMonth, propertyIds: [listProperty] });
      const triana = counts.filter((row) => row.propertyId === listProperty);
      const total = triana.reduce((sum, row) => sum + row.total, 0);
      expect(total).toBe(2);
      expect(triana.reduce((sum, row) => sum + row.byType.noise, 0)).toBe(1);
      const html = await (await get("/admin/monitorizacion/incidencias")).text();
      expect(html).toContain("Incidencias por vivienda y mes");
    });

    test("the detail shows the timeline and the readings", async () => {
      const response = await get(`/admin/monitorizacion/incidencias/${ids.noiseOpen}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Ruido excesivo");
      expect(html).toContain("LAeq 71,4 dB(A) durante 10 min");
      expect(html).toContain("Lmax 80,2 dB");
      expect(html).toContain("Cerrar incidencia");
      expect((await get("/admin/monitorizacion/incidencias/00000000-0000-4000-8000-000000000000")).status).toBe(404);
      expect((await get("/admin/monitorizacion/incidencias/no-es-un-id")).status).toBe(404);
      const anonymous = await fetch(`${server.url}/admin/monitorizacion/incidencias/${ids.noiseOpen}`, { redirect: "manual" });
      expect(anonymous.status).toBe(302);
    });

    test("Spanish on the list and the detail: decimal comma, dB(A), the booking's count not called registered, a 'Ver' link named by its text first", async () => {
      const html = await (await get(`/admin/monitorizacion/incidencias?vivienda=${listProperty}`)).text();
      // Nobody registered for it (no reservation behind it): the count is not "registradas".
      expect(html).toContain("5 personas (2 en la reserva, nadie registrado)");
      expect(html).not.toContain("registradas 2");
      expect(html).toContain("71,4 dB(A) (umbral 55,0 dB(A))");
      // Resolved after an hour: its real length.
      expect(html).toContain("· 1 h<");
      // The link's accessible name starts with what it shows (axe's label-content-name-mismatch).
      expect(html).toContain('Ver<span class="sr-only"> incidencia: Ruido excesivo, Casa Triana</span></a>');
      expect(html).not.toContain('aria-label="Ver incidencia');
      const detail = await (await get(`/admin/monitorizacion/incidencias/${ids.noiseOpen}`)).text();
      expect(detail).toContain("LAeq 71,4 dB(A) · Lmax 80,2 dB(A)");
      // Empty states say what to do next.
      const none = await (await get("/admin/monitorizacion/incidencias?tipo=co")).text();
      expect(none).toContain("Ninguna incidencia coincide con los filtros. Amplía las fechas o pulsa «Limpiar».");
    });

    test("closing needs a note; an open incident sends its resolved event once, however many times it is closed", async () => {
      const path = `/admin/monitorizacion/incidencias/${ids.noiseOpen}`;
      const empty = await post(path, superCookie, [
        ["intent", "close"],
        ["note", "   "],
      ]);
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain(INCIDENT_MESSAGES.noteRequired);
      const tooLong = await post(path, superCookie, [
        ["intent", "close"],
        ["note", "x".repeat(2001)],
      ]);
      expect(tooLong.status).toBe(400);
      expect(await tooLong.text()).toContain(INCIDENT_MESSAGES.noteTooLong);
      expect(
        (
          await post(path, userCookie, [
            ["intent", "close"],
            ["note", "no"],
          ])
        ).status,
      ).toBe(403);
      expect((await server.db.select().from(incidents).where(eq(incidents.id, ids.noiseOpen)))[0]!.status).toBe("open");

      // Two clicks at once: one closes it, the other is told it already was.
      const note = "Hablé con el huésped por teléfono; bajaron la música.";
      const answers = await Promise.all(
        [0, 1].map(() =>
          post(path, superCookie, [
            ["intent", "close"],
            ["note", note],
          ]),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const [row] = await server.db.select().from(incidents).where(eq(incidents.id, ids.noiseOpen));
      expect(row).toMatchObject({ status: "closed", closedBy: superId, closeNote: note });
      expect(row!.closedAt).toBeInstanceOf(Date);
      const closedEvents = await server.db.select().from(incidentEvents).where(and(eq(incidentEvents.incidentId, ids.noiseOpen), eq(incidentEvents.kind, "closed")));
      expect(closedEvents).toHaveLength(1);
      expect(closedEvents[0]).toMatchObject({ detail: note, userId: superId });

      const again = await post(path, superCookie, [
        ["intent", "close"],
        ["note", "otra vez"],
      ]);
      expect(again.status).toBe(409);
      expect(await again.text()).toContain(INCIDENT_MESSAGES.alreadyClosed);

      const events = await server.db.select().from(webhookEvents).where(eq(webhookEvents.eventKey, `incident:${ids.noiseOpen}:resolved`));
      expect(events).toHaveLength(1);
      expect(events[0]!.type).toBe("incident.resolved");
      const payload = JSON.parse(events[0]!.payload) as { data: Record<string, unknown> };
      expect(payload.data).toMatchObject({ id: ids.noiseOpen, status: "closed", close_note: note, property_name: "Casa Triana", label: "Ruido excesivo" });
      // Delivered, signed with the secret the screen showed once.
      await expect.poll(() => receiver.received.filter((r) => JSON.parse(r.body).type === "incident.resolved").length, { timeout: 15_000 }).toBe(1);
      expect(receiver.received.find((r) => JSON.parse(r.body).type === "incident.resolved")!.verifiedWith).toBe(0);

      // A resolved incident closed by staff was already resolved: no second event.
      const resolved = await post(`/admin/monitorizacion/incidencias/${ids.crowdResolved}`, superCookie, [
        ["intent", "close"],
        ["note", "Revisado con el propietario."],
      ]);
      expect(resolved.status).toBe(200);
      expect(await server.db.select().from(webhookEvents).where(eq(webhookEvents.eventKey, `incident:${ids.crowdResolved}:resolved`))).toHaveLength(0);
      const detail = await (await get(`/admin/monitorizacion/incidencias/${ids.noiseOpen}`)).text();
      expect(detail).toContain("Cerrada por el personal");
      expect(detail).toContain("Hablé con el huésped por teléfono");
    });
  });

  describe("monthly report", () => {
    // The month before this one (Madrid), whatever day the test runs.
    const current = localDate(new Date(), "Europe/Madrid").slice(0, 7);
    const [cy, cm] = current.split("-").map(Number);
    const month = new Date(Date.UTC(cy!, cm! - 2, 1)).toISOString().slice(0, 7);
    const day = (d: number) => `${month}-${String(d).padStart(2, "0")}`;
    /** A local wall-clock time of a day of the month in Madrid, as an instant. */
    const local = (d: number, hh: number, mm: number) => localMidnight(day(d), "Europe/Madrid") + hh * HOUR + mm * MINUTE;
    let reference = "";
    let stayId = "";

    beforeAll(async () => {
      await ensureTelemetryPartitions(server.db, new Date(local(10, 12, 0)));
      const minute = (t: number, laeq: number | null, occupancy: number | null) =>
        sql`(${"NS01-RUZAFA"}, ${new Date(t).toISOString()}::timestamptz, 6, 60, ${laeq == null ? null : 60 * 10 ** (laeq / 10)}, ${laeq == null ? null : 60}, ${occupancy}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`;
      const rows = [
        // Day band (07–19): 5 minutes at 72 dB(A) with 5 people, 5 at 50 dB(A) with 2.
        ...Array.from({ length: 5 }, (_, i) => minute(local(10, 12, i), 72, 5)),
        ...Array.from({ length: 5 }, (_, i) => minute(local(10, 12, 5 + i), 50, 2)),
        // Evening (19–23): 3 minutes at 64, under its 65.
        ...Array.from({ length: 3 }, (_, i) => minute(local(10, 20, i), 64, null)),
        // Night (23–07): 10 minutes at 60, over its 55.
        ...Array.from({ length: 10 }, (_, i) => minute(local(10, 23, 30 + i), 60, null)),
      ];
      await server.db.execute(sql`
        insert into telemetry_minute (device_id, bucket, readings, covered_s, laeq_energy, laeq_weight, occupancy_max,
          motion_count, door_open_count, smoke_count, tamper_count, siren_count, temp_n, humidity_n, pressure_n, co_n, light_n)
        values ${sql.join(rows, sql`, `)}`);
      stayId = await createStay(server, reportProperty, { checkIn: day(9), checkOut: day(12) }, 4, 2);
      reference = (await server.db.select({ reference: reservations.reference }).from(reservations).where(eq(reservations.id, stayId)))[0]!.reference;
      // Cancelled: not a stay.
      const cancelled = await createStay(server, reportProperty, { checkIn: day(20), checkOut: day(22) }, 3, 0);
      await server.db.update(reservations).set({ cancelledAt: new Date() }).where(eq(reservations.id, cancelled));

      await insertIncident({ propertyId: reportProperty, deviceId: "NS01-RUZAFA", type: "noise", band: "night", status: "resolved", startedAt: new Date(local(10, 23, 30)), resolvedAt: new Date(local(10, 23, 40)), threshold: 55, peakValue: 60 });
      await insertIncident({ propertyId: reportProperty, deviceId: "NS01-RUZAFA", type: "noise", band: "day", status: "closed", startedAt: new Date(local(10, 12, 0)), closedAt: new Date(local(10, 13, 0)), closeNote: "ok", threshold: 70, peakValue: 72 });
      await insertIncident({ propertyId: reportProperty, deviceId: "NS01-RUZAFA", type: "overcrowding", status: "resolved", startedAt: new Date(local(10, 12, 0)), resolvedAt: new Date(local(10, 12, 5)), peakValue: 5, registeredGuests: 2, reservationId: stayId });
      await insertIncident({ propertyId: reportProperty, deviceId: "NS01-RUZAFA", type: "offline", status: "resolved", startedAt: new Date(local(15, 10, 0)), resolvedAt: new Date(local(15, 12, 30)) });
      // The month before: not counted.
      await insertIncident({ propertyId: reportProperty, deviceId: "NS01-RUZAFA", type: "smoke", status: "resolved", startedAt: new Date(local(1, 0, 0) - 2 * HOUR), resolvedAt: new Date(local(1, 0, 0) - HOUR) });
    });

    const reportPath = (query: string) => `/admin/monitorizacion/viviendas/${reportProperty}/informe${query}`;

    test("the CSV: exact header and values", async () => {
      const response = await get(reportPath(`?mes=${month}&formato=csv`));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="informe-incidencias-piso-ruzafa-3o-${month}.csv"`);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const { from, to } = monthBounds(month, "Europe/Madrid");
      const silent = Math.round((to - from) / MINUTE) - 23;
      const p = `${month},"Piso Ruzafa, 3º"`;
      const stay = `${reference} (${day(9)} a ${day(12)})`;
      const expected = [
        REPORT_CSV_HEADER,
        `${p},incidencias,Ruido excesivo,2,incidencias`,
        `${p},incidencias,Más personas que huéspedes registrados,1,incidencias`,
        `${p},incidencias,Presencia en vivienda vacía,0,incidencias`,
        `${p},incidencias,Sin conexión,1,incidencias`,
        `${p},incidencias,Humo,0,incidencias`,
        `${p},incidencias,Monóxido de carbono,0,incidencias`,
        `${p},incidencias,Manipulación,0,incidencias`,
        `${p},incidencias,Posible ocupación,0,incidencias`,
        `${p},incidencias,Total,4,incidencias`,
        `${p},ruido,Día 07:00-19:00 sobre 70 dB(A),5,minutos`,
        `${p},ruido,Día 07:00-19:00 con lecturas,10,minutos`,
        `${p},ruido,Tarde 19:00-23:00 sobre 65 dB(A),0,minutos`,
        `${p},ruido,Tarde 19:00-23:00 con lecturas,3,minutos`,
        `${p},ruido,Noche 23:00-07:00 sobre 55 dB(A),10,minutos`,
        `${p},ruido,Noche 23:00-07:00 con lecturas,10,minutos`,
        `${p},estancias,${stay} huéspedes reservados,4,personas`,
        `${p},estancias,${stay} huéspedes registrados,2,personas`,
        `${p},estancias,${stay} personas detectadas (máximo),5,personas`,
        `${p},estancias,${stay} con más personas que huéspedes,5,minutos`,
        `${p},sin_conexion,Episodios sin conexión,1,incidencias`,
        `${p},sin_conexion,Tiempo sin conexión,150,minutos`,
        `${p},sin_conexion,Minutos sin lecturas,${silent},minutos`,
      ];
      expect(await response.text()).toBe(`${expected.join("\r\n")}\r\n`);
    });

    test("the PDF parses and says the same", async () => {
      const response = await get(reportPath(`?mes=${month}&formato=pdf`));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
      expect(pdf.title).toContain("Informe mensual de incidencias · Piso Ruzafa, 3º");
      for (const text of ["Informe mensual de incidencias", "Piso Ruzafa, 3º", "Incidencias por tipo", "Ruido excesivo", "Minutos por encima del umbral de ruido", "Ocupación frente a huéspedes registrados", reference, "Tiempo sin conexión", "2 h 30 min"]) {
        expect(pdf.text).toContain(text);
      }
      // The page shows the same month with both downloads.
      const page = await (await get(`/admin/monitorizacion/viviendas/${reportProperty}?mes=${month}`)).text();
      expect(page).toContain("Informe mensual");
      expect(page).toContain(`formato=csv`);
    });

    test("the list says 'registradas' only when they had registered, and each episode's real length; the page's summary in Spanish", async () => {
      const html = await (await get(`/admin/monitorizacion/incidencias?vivienda=${reportProperty}`)).text();
      expect(html).toContain("5 personas (2 registradas)");
      // Resolved: from its start to the start of the quiet stretch.
      expect(html).toContain(`${day(10).slice(8, 10)}/${day(10).slice(5, 7)}/${day(10).slice(0, 4)} 23:30 · 10 min`);
      expect(html).toContain("· 2 h 30 min");
      // Closed by staff at 13:00 with no reading after its start: not an hour long.
      expect(html).toContain("12:00 · cerrada en curso");
      const page = await (await get(`/admin/monitorizacion/viviendas/${reportProperty}?mes=${month}`)).text();
      expect(page).toContain("70 dB(A)");
      expect(page).toContain(`(${day(9).slice(8, 10)}/${day(9).slice(5, 7)}/${day(9).slice(0, 4)}–${day(12).slice(8, 10)}/${day(12).slice(5, 7)}/${day(12).slice(0, 4)}): 2 huéspedes registrados`);
      expect(page).toContain("Sin conexión: 1 episodio, 150 min.");
    });

    test("bad month or format: a Spanish message and 400; others cannot download it", async () => {
      for (const query of ["?mes=2019-12&formato=csv", "?mes=abril&formato=csv", "?mes=2999-01&formato=pdf", "?formato=csv"]) {
        const response = await get(reportPath(query));
        expect(response.status, query).toBe(400);
        expect(await response.text()).toContain(INCIDENT_MESSAGES.invalidMonth);
      }
      const xls = await get(reportPath(`?mes=${month}&formato=xls`));
      expect(xls.status).toBe(400);
      expect(await xls.text()).toContain("Elige PDF o CSV.");
      expect((await get(`/admin/monitorizacion/viviendas/${randomBytes(4).toString("hex")}/informe?mes=${month}&formato=csv`)).status).toBe(404);
      const user = await get(reportPath(`?mes=${month}&formato=csv`), userCookie);
      expect(user.status).toBe(302);
      expect(user.headers.get("location")).toBe("/");
      const anonymous = await fetch(`${server.url}${reportPath(`?mes=${month}&formato=csv`)}`, { redirect: "manual" });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe("/auth");
    });

    test("readings and episodes from before the device was assigned, or the flat existed, are not in its report", async () => {
      // Issue 27: a device's history from before it was in this flat stayed in the owner's report.
      const rows = async () => {
        const text = await (await get(reportPath(`?mes=${month}&formato=csv`))).text();
        return Object.fromEntries(text.trim().split("\r\n").slice(1).map((line) => { const f = line.split(","); return [f.at(-3), Number(f.at(-2))]; }));
      };
      const full = await rows();
      expect(full).toMatchObject({ "Ruido excesivo": 2, "Más personas que huéspedes registrados": 1, "Día 07:00-19:00 con lecturas": 10 });
      // Assigned at 20:30 of day 10: the day-band minutes and the 12:00 episodes were somewhere else.
      const cut = new Date(local(10, 20, 30));
      const expectCut = (r: Record<string, number>) =>
        expect(r).toMatchObject({
          "Ruido excesivo": 1,
          "Más personas que huéspedes registrados": 0,
          "Día 07:00-19:00 con lecturas": 0,
          "Tarde 19:00-23:00 con lecturas": 0,
          "Noche 23:00-07:00 sobre 55 dB(A)": 10,
          "Sin conexión": 1,
        });
      await server.db.update(devices).set({ assignedAt: cut }).where(eq(devices.id, "NS01-RUZAFA"));
      expectCut(await rows());
      // The same when the flat itself was only created then.
      await server.db.update(devices).set({ assignedAt: SETTLED_SINCE }).where(eq(devices.id, "NS01-RUZAFA"));
      await server.db.update(properties).set({ createdAt: cut }).where(eq(properties.id, reportProperty));
      expectCut(await rows());
      await server.db.update(properties).set({ createdAt: SETTLED_SINCE }).where(eq(properties.id, reportProperty));
    });
  });

  describe("issue 27: what raises and what ends an incident", () => {
    const settings = (overrides: Partial<EngineSettings> = {}): EngineSettings => ({
      mailEnabled: false,
      staffTo: ["equipo@nidosmart.test"],
      siteUrl: server.url,
      offlineAfterS: 300,
      staleAfterS: 3600,
      ...overrides,
    });
    const timeline = async (id: string) =>
      (await server.db.select().from(incidentEvents).where(eq(incidentEvents.incidentId, id)).orderBy(incidentEvents.id)).map((e) => [e.kind, e.detail]);

    test("presence measured before the device was assigned raises nothing; from the assignment on it does", async () => {
      await ensureTelemetryPartitions(server.db, new Date());
      const now = Math.floor(Date.now() / MINUTE) * MINUTE;
      const propertyId = await createProperty(server, "Piso recién equipado", "Calle Pez 4, 28004 Madrid", { createdAt: new Date(now - 3 * HOUR) });
      const deviceId = "NS01-RECIEN";
      const assignedAt = now - 20 * MINUTE;
      await server.db.insert(devices).values({ id: deviceId, name: "Sensor recién", propertyId, secretHash: "unused", assignedAt: new Date(assignedAt) });
      // Two people every minute for the last hour: no stay, so "presence in an empty flat".
      const minute = (t: number) => sql`(${deviceId}, ${new Date(t).toISOString()}::timestamptz, 6, 60, null, null, 2, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0)`;
      const insertMinutes = async (from: number, to: number) => {
        const list = [];
        for (let t = from; t < to; t += MINUTE) list.push(minute(t));
        await server.db.execute(sql`
          insert into telemetry_minute (device_id, bucket, readings, covered_s, laeq_energy, laeq_weight, occupancy_max,
            motion_count, door_open_count, smoke_count, tamper_count, siren_count, temp_n, humidity_n, pressure_n, co_n, light_n)
          values ${sql.join(list, sql`, `)}`);
      };
      const openFor = async () => server.db.select().from(incidents).where(eq(incidents.deviceId, deviceId));

      await insertMinutes(now - 60 * MINUTE, assignedAt);
      const early = await processIncidentWork(server.db, { deviceId, propertyId, from: new Date(now - 60 * MINUTE), to: new Date(assignedAt), seq: 1 }, { settings: settings(), now: new Date(assignedAt + MINUTE) });
      expect(early.opened).toEqual([]);
      expect(await openFor()).toEqual([]);

      await insertMinutes(assignedAt, now);
      const late = await processIncidentWork(server.db, { deviceId, propertyId, from: new Date(assignedAt), to: new Date(now), seq: 1 }, { settings: settings(), now: new Date(now + MINUTE) });
      expect(late.opened).toHaveLength(1);
      const [row] = await openFor();
      expect(row).toMatchObject({ type: "empty_presence", status: "open" });
      expect(row!.startedAt.getTime()).toBeGreaterThanOrEqual(assignedAt);

      // No SMTP_URL: the timeline says what was not sent and why, not that staff were told.
      const events = await timeline(row!.id);
      expect(events).toContainEqual(["staff_not_notified", "No se ha enviado el correo al equipo: el correo no está configurado (falta SMTP_URL)"]);
      expect(events.map(([kind]) => kind)).not.toContain("staff_notified");
      const detail = await (await get(`/admin/monitorizacion/incidencias/${row!.id}`)).text();
      expect(detail).toContain("Correo al personal no enviado");
      expect(detail).toContain("falta SMTP_URL");
      await server.db.delete(incidents).where(eq(incidents.deviceId, deviceId));
    });

    test("a noise episode escalated with mail on but nobody to tell says so", async () => {
      const id = await insertIncident({ propertyId: otherProperty, deviceId: "NS01-ESCALA", type: "noise", band: "night", status: "open", startedAt: new Date(Date.now() - 2 * HOUR), openedAt: new Date(Date.now() - 2 * HOUR) });
      await runIncidentEscalations(server.db, settings({ mailEnabled: true, staffTo: [] }));
      const events = await timeline(id);
      expect(events).toContainEqual(["staff_not_notified", "No se ha enviado el correo al equipo: no hay destinatarios (MONITORING_ALERT_TO, STAFF_NOTIFY_TO o LEAD_NOTIFY_TO)"]);
      expect(events.find(([kind]) => kind === "escalated")?.[1]).toContain("sin correo");
    });

    test("a stay typed in or changed to cover an open presence episode resolves it, saying so", async () => {
      const today = todayIsoDate();
      const midnight = localMidnight(today, "Europe/Madrid");
      // Started a few minutes ago (never before today's midnight, so today's stay covers it).
      const startedAt = new Date(Math.max(Date.now() - 3 * MINUTE, midnight + MINUTE));
      const presence = await insertIncident({ propertyId: listProperty, deviceId: "NS01-TRIANA", type: "empty_presence", status: "open", startedAt });
      const elsewhere = await insertIncident({ propertyId: otherProperty, deviceId: "NS01-MALAGA", type: "empty_presence", status: "open", startedAt });
      const holder = { holderGivenName: "Lucía", holderFirstSurname: "Ejemplo", holderEmail: "titular@example.com", guestCount: "2" };

      const created = validateReservationInput({ ...holder, propertyId: listProperty, checkInDate: today, checkOutDate: addDays(today, 2) }, today);
      if (!created.ok) throw new Error(created.message);
      const stay = await createReservation(server.db, created.data, null);
      const [reference] = await server.db.select({ reference: reservations.reference }).from(reservations).where(eq(reservations.id, stay.id));
      const [resolved] = await server.db.select().from(incidents).where(eq(incidents.id, presence));
      expect(resolved).toMatchObject({ status: "resolved" });
      expect(await timeline(presence)).toContainEqual(["resolved", `Resuelta: hay una estancia registrada (${reference!.reference}) que cubre este periodo`]);
      // Another flat's episode is not explained by this stay.
      expect((await server.db.select().from(incidents).where(eq(incidents.id, elsewhere)))[0]).toMatchObject({ status: "open" });

      // A stay of that flat booked for later explains nothing until its dates are changed to cover it.
      const later = validateReservationInput({ ...holder, propertyId: otherProperty, checkInDate: addDays(today, 5), checkOutDate: addDays(today, 7) }, today);
      if (!later.ok) throw new Error(later.message);
      const booked = await createReservation(server.db, later.data, null);
      expect((await server.db.select().from(incidents).where(eq(incidents.id, elsewhere)))[0]).toMatchObject({ status: "open" });
      const changed = validateReservationUpdate({ ...holder, checkInDate: addDays(today, -1), checkOutDate: addDays(today, 3) }, today);
      if (!changed.ok) throw new Error(changed.message);
      expect(await updateReservation(server.db, booked.id, changed.data)).toBe(true);
      expect((await server.db.select().from(incidents).where(eq(incidents.id, elsewhere)))[0]).toMatchObject({ status: "resolved" });
      const page = await (await get(`/admin/monitorizacion/incidencias/${elsewhere}`)).text();
      expect(page).toContain("Resuelta: hay una estancia registrada (NS-");
    });
  });

  describe("issue 31: Reconocer", () => {
    const settings: EngineSettings = { mailEnabled: false, staffTo: [], siteUrl: "http://127.0.0.1", offlineAfterS: 300, staleAfterS: 3600 };
    const rowOf = async (id: string) => (await server.db.select().from(incidents).where(eq(incidents.id, id)))[0]!;
    const eventsOf = async (id: string) => server.db.select().from(incidentEvents).where(eq(incidentEvents.incidentId, id)).orderBy(incidentEvents.id);
    const ackedHooks = () => receiver.received.filter((r) => JSON.parse(r.body).type === "incident.acknowledged");

    beforeAll(async () => {
      // A second endpoint, for incident.acknowledged only, created through the screen.
      const created = await post("/admin/webhooks", superCookie, [
        ["intent", "create"],
        ["url", `${receiver.url}/acks`],
        ["description", "Receptor de reconocimientos"],
        ["events", "incident.acknowledged"],
        ["enabled", "true"],
      ]);
      expect(created.status).toBe(201);
      receiver.secrets.push((await created.text()).match(/whsec_[A-Za-z0-9+/]{43}=/)![0]);
    });

    test("acknowledged from the screen: who and when, the timeline, one webhook, no escalation; a second time changes nothing", async () => {
      const openedAt = new Date();
      const acked = await insertIncident({ propertyId: listProperty, deviceId: "NS01-ACK-1", type: "noise", band: "night", startedAt: openedAt, openedAt, threshold: 55, peakValue: 70 });
      const control = await insertIncident({ propertyId: listProperty, deviceId: "NS01-ACK-2", type: "noise", band: "night", startedAt: openedAt, openedAt, threshold: 55, peakValue: 70 });
      const path = `/admin/monitorizacion/incidencias/${acked}`;
      expect(await (await get(path)).text()).toContain("Reconocer</button>");

      // Someone without the incidents permission is refused, and nothing changes.
      const refused = await post(path, userCookie, [["intent", "acknowledge"]]);
      expect(refused.status).toBe(403);
      expect((await rowOf(acked)).acknowledgedAt).toBeNull();

      const answer = await post(path, superCookie, [["intent", "acknowledge"]]);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(INCIDENT_MESSAGES.acknowledged);
      const row = await rowOf(acked);
      expect(row.acknowledgedBy).toBe(superId);
      expect(row.acknowledgedAt).toBeInstanceOf(Date);
      const names = (await server.db.execute(sql`select coalesce(nullif(name, ''), email) as name from users where id = ${superId}`)) as unknown as { rows: { name: string }[] };
      const adminName = names.rows[0]!.name;
      const ackEvents = (await eventsOf(acked)).filter((e) => e.kind === "acknowledged");
      expect(ackEvents).toHaveLength(1);
      expect(ackEvents[0]).toMatchObject({ detail: `Reconocida por ${adminName}`, userId: superId });
      const detail = await (await get(path)).text();
      expect(detail).toContain(`Reconocida por ${adminName}`);
      expect(detail).not.toContain("Reconocer</button>");

      // The webhook: queued once with who acknowledged, delivered signed to the endpoint that wants it.
      const queued = await server.db.select().from(webhookEvents).where(eq(webhookEvents.eventKey, `incident:${acked}:acknowledged`));
      expect(queued).toHaveLength(1);
      expect(queued[0]!.type).toBe("incident.acknowledged");
      expect((JSON.parse(queued[0]!.payload) as { data: Record<string, unknown> }).data).toMatchObject({
        id: acked,
        status: "open",
        acknowledged_by: adminName,
        acknowledged_at: row.acknowledgedAt!.toISOString(),
        property_name: "Casa Triana",
      });
      await expect.poll(() => ackedHooks().length, { timeout: 15_000 }).toBe(1);
      expect(ackedHooks()[0]!.path).toBe("/acks");
      expect(ackedHooks()[0]!.verifiedWith).toBe(1);

      // The escalation step, run when both are long due: only the one nobody acknowledged.
      const later = new Date(openedAt.getTime() + 2 * HOUR);
      const escalation = await runIncidentEscalations(server.db, settings, { now: later });
      expect(escalation.escalated).toContain(control);
      expect(escalation.escalated).not.toContain(acked);
      expect((await rowOf(acked)).escalatedAt).toBeNull();
      expect((await eventsOf(acked)).map((e) => e.kind)).not.toContain("escalated");
      expect((await runIncidentEscalations(server.db, settings, { now: new Date(later.getTime() + HOUR) })).escalated).not.toContain(acked);

      // A second "Reconocer" (another phone): said, nothing changed, nothing sent.
      const again = await post(path, superCookie, [["intent", "acknowledge"]]);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain("Ya estaba reconocida");
      expect(await rowOf(acked)).toMatchObject({ acknowledgedAt: row.acknowledgedAt, acknowledgedBy: superId });
      expect((await eventsOf(acked)).filter((e) => e.kind === "acknowledged")).toHaveLength(1);
      expect(await server.db.select().from(webhookEvents).where(eq(webhookEvents.eventKey, `incident:${acked}:acknowledged`))).toHaveLength(1);
      const deliveries = await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, queued[0]!.id));
      expect(deliveries).toHaveLength(1);
      await expect.poll(async () => (await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, queued[0]!.id)))[0]!.status).toBe("delivered");
      expect(ackedHooks()).toHaveLength(1);
    });

    test("a resolved or closed incident is not acknowledged: a Spanish message, 409, nothing stored", async () => {
      const resolved = await insertIncident({ propertyId: otherProperty, deviceId: "NS01-ACK-3", type: "noise", status: "resolved", startedAt: new Date(Date.now() - HOUR), resolvedAt: new Date() });
      const closed = await insertIncident({ propertyId: otherProperty, deviceId: "NS01-ACK-4", type: "smoke", status: "closed", startedAt: new Date(Date.now() - HOUR), closedAt: new Date(), closeNote: "Falsa alarma" });
      for (const [id, message] of [
        [resolved, INCIDENT_MESSAGES.notOpenResolved],
        [closed, INCIDENT_MESSAGES.notOpenClosed],
      ] as const) {
        const path = `/admin/monitorizacion/incidencias/${id}`;
        expect(await (await get(path)).text()).not.toContain("Reconocer</button>");
        const answer = await post(path, superCookie, [["intent", "acknowledge"]]);
        expect(answer.status).toBe(409);
        expect(await answer.text()).toContain(message);
        expect((await rowOf(id)).acknowledgedAt).toBeNull();
        expect((await eventsOf(id)).map((e) => e.kind)).not.toContain("acknowledged");
        expect(await server.db.select().from(webhookEvents).where(eq(webhookEvents.eventKey, `incident:${id}:acknowledged`))).toHaveLength(0);
      }
      const missing = await post("/admin/monitorizacion/incidencias/00000000-0000-4000-8000-000000000000", superCookie, [["intent", "acknowledge"]]);
      expect(missing.status).toBe(404);
    });
  });
});
