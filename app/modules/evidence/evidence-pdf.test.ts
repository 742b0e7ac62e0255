import { describe, expect, test } from "vitest";
import { signedRegisterFonts } from "#app/modules/guests/signed-register.server.ts";
import { DEFAULT_SLOT } from "#app/modules/vigilance/vigilance.schema.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import { buildEvidencePdf } from "./evidence-pdf.ts";
import type { EvidenceInput } from "./evidence.schema.ts";

// The report does not contradict itself (issue 27 item 6): a baseline learnt before the flat was
// armed says what that period is, the score is written as on every screen (one decimal, decimal
// comma), and a non-public SITE_URL is said at the top.

const input: EvidenceInput = {
  title: "Informe de evidencia · Posible ocupación",
  property: { id: null, name: "Piso Prueba", address: "Calle Mayor 1, Madrid", timeZone: "Europe/Madrid" },
  deviceId: "ns01-prueba",
  episodeId: null,
  armed: { since: "2026-11-20T10:00:00.000Z", reason: "Salida de la estancia" },
  baseline: {
    ready: true,
    readyAt: "2026-11-10T10:00:00.000Z",
    vacantHours: 96,
    windowFrom: "2026-11-01T00:00:00.000Z",
    windowTo: "2026-11-20T09:00:00.000Z",
    computedAt: "2026-11-20T09:30:00.000Z",
    hours: Array.from({ length: 24 }, () => ({ ...DEFAULT_SLOT })),
  },
  score: { peak: 17.86, threshold: 10, crossedAt: "2026-11-21T02:02:00.000Z", firstAnomalyAt: "2026-11-21T02:00:00.000Z", lastAnomalyAt: "2026-11-21T02:10:00.000Z" },
  timeline: [{ ts: "2026-11-21T02:00:00.000Z", kind: "opening", weight: 5, departure: 1, detail: "Puerta abierta" }],
  period: { from: "2026-11-21T01:45:00.000Z", to: "2026-11-21T02:25:00.000Z" },
  readings: [
    {
      ts: "2026-11-21T02:00:00.000Z",
      window_s: 10,
      laeq: 40,
      lmax: 50,
      occupancy: 1,
      motion: true,
      door_open: true,
      smoke: false,
      tamper: false,
      siren: false,
      light_lux: 20,
      temp_c: 20,
      humidity_pct: 40,
      pressure_hpa: 1013,
      co_ppm: 0,
      battery_pct: 90,
      rssi_dbm: -60,
    },
  ],
};

describe("buildEvidencePdf", () => {
  test("explains a baseline learnt before arming, writes the score as the screens do, and warns of a non-public address", async () => {
    const warning = "Aviso: la dirección de verificación (http://localhost:3000) apunta a este equipo (localhost).";
    const pdf = await buildEvidencePdf(input, {
      reportId: "00000000-0000-4000-8000-000000000001",
      verifyUrl: "http://localhost:3000/verificar/00000000-0000-4000-8000-000000000001",
      createdAt: new Date("2026-11-21T03:00:00.000Z"),
      keyId: "0123456789abcdef",
      fonts: signedRegisterFonts(),
      siteWarning: warning,
    });
    const text = (await readPdf(pdf)).text.replace(/\s+/g, " ");
    expect(text).toContain("Estas horas son anteriores al armado (20/11/2026, 11:00 CET)");
    expect(text).toContain("Puntuación máxima: 17,9 sobre");
    expect(text).not.toContain("17.86");
    expect(text).toContain("(umbral 10,0)");
    expect(text).toContain(warning);
  });
});
