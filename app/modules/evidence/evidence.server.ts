import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { evidenceKeys, evidenceReports, evidenceShareLinks, evidenceShareViews, intrusionEpisodes, properties } from "#app/db/schema.ts";
import { telemetryReadingsDecoded } from "#app/db/telemetry-tables.ts";
import { buildEvidencePdfOffThread, buildForensicZipOffThread } from "#app/modules/guests/guest-worker-pool.server.ts";
import type { PdfFontFiles } from "#app/modules/guests/pdf-fonts.ts";
import { getLatestBaseline } from "#app/modules/vigilance/vigilance.server.ts";
import type { Anomaly, BaselineProfile } from "#app/modules/vigilance/vigilance.schema.ts";
import { signEvidence, verifyEvidenceSignature, type EvidenceKey } from "./evidence-key.server.ts";
import { requestTimestamp, TimestampError } from "./evidence-tsa.server.ts";
import {
  EVIDENCE_FILE_NAMES,
  EVIDENCE_LEAD_MS,
  EVIDENCE_MAX_READINGS,
  EVIDENCE_MAX_SPAN_MS,
  EVIDENCE_MESSAGES,
  EVIDENCE_TAIL_MS,
  WELL_KNOWN_KEY_PATH,
  nonPublicSiteUrlWarning,
  sharePath,
  verifyPath,
  type EvidenceFileKind,
  type EvidenceInput,
  type EvidenceReading,
  type ReportSummary,
} from "./evidence.schema.ts";

// Evidence reports (issue 21 item 4, ADR 0022): a signed, time-stamped PDF and forensic ZIP of an
// episode, kept byte for byte in the database; the public verification of those bytes; and share
// links that expire, can be revoked and log every use.

export class EvidenceError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 503,
  ) {
    super(message);
    this.name = "EvidenceError";
  }
}

const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// ---------------------------------------------------------------- keys

/** Records the platform's public key (at start-up), so reports it signs can always be checked. */
export async function recordEvidenceKey(db: DbOrTx, key: EvidenceKey): Promise<void> {
  if (!key.keyId) return;
  await db.insert(evidenceKeys).values({ keyId: key.keyId, publicKeyPem: key.publicKeyPem }).onConflictDoNothing();
}

export async function getPublicKeyPem(db: DbOrTx, keyId: string): Promise<string | null> {
  const [row] = await db.select({ pem: evidenceKeys.publicKeyPem }).from(evidenceKeys).where(eq(evidenceKeys.keyId, keyId));
  return row?.pem ?? null;
}

// ---------------------------------------------------------------- an episode's input

const toReading = (r: typeof telemetryReadingsDecoded.$inferSelect): EvidenceReading => ({
  ts: r.ts.toISOString(),
  window_s: r.windowS,
  laeq: r.laeq === null ? null : Math.round(r.laeq * 10) / 10,
  lmax: r.lmax === null ? null : Math.round(r.lmax * 10) / 10,
  occupancy: r.occupancy,
  motion: r.motion,
  door_open: r.doorOpen,
  smoke: r.smoke,
  tamper: r.tamper,
  siren: r.siren,
  light_lux: r.lightLux,
  temp_c: r.tempC === null ? null : Math.round(r.tempC * 100) / 100,
  humidity_pct: r.humidityPct === null ? null : Math.round(r.humidityPct * 100) / 100,
  pressure_hpa: r.pressureHpa === null ? null : Math.round(r.pressureHpa * 10) / 10,
  co_ppm: r.coPpm === null ? null : Math.round(r.coPpm * 10) / 10,
  battery_pct: r.batteryPct,
  rssi_dbm: r.rssiDbm,
});

/** The raw readings of a device in [from, to] (at most EVIDENCE_MAX_READINGS, oldest first). */
export async function readEvidenceReadings(db: DbOrTx, deviceId: string, from: Date, to: Date): Promise<EvidenceReading[]> {
  const rows = await db
    .select()
    .from(telemetryReadingsDecoded)
    .where(and(eq(telemetryReadingsDecoded.deviceId, deviceId), gte(telemetryReadingsDecoded.ts, from), lte(telemetryReadingsDecoded.ts, to)))
    .orderBy(asc(telemetryReadingsDecoded.ts))
    .limit(EVIDENCE_MAX_READINGS);
  return rows.map(toReading);
}

/** Everything the report of a vigilance episode shows, read from the vigilance and telemetry tables. */
export async function buildEvidenceInputForEpisode(db: DbOrTx, episodeId: string): Promise<EvidenceInput> {
  const [row] = await db
    .select({
      episode: intrusionEpisodes,
      propertyName: properties.name,
      address: properties.address,
      timeZone: properties.timeZone,
    })
    .from(intrusionEpisodes)
    .innerJoin(properties, eq(properties.id, intrusionEpisodes.propertyId))
    .where(eq(intrusionEpisodes.id, episodeId));
  if (!row) throw new EvidenceError(EVIDENCE_MESSAGES.episodeNotFound, 404);
  const { episode } = row;
  const from = new Date(episode.firstAnomalyAt.getTime() - EVIDENCE_LEAD_MS);
  const end = (episode.closedAt && episode.closedAt < new Date(episode.lastAnomalyAt.getTime() + EVIDENCE_TAIL_MS) ? episode.closedAt : null) ?? new Date(episode.lastAnomalyAt.getTime() + EVIDENCE_TAIL_MS);
  const to = new Date(Math.min(end.getTime(), from.getTime() + EVIDENCE_MAX_SPAN_MS));
  const readings = await readEvidenceReadings(db, episode.deviceId, from, to);
  if (readings.length === 0) throw new EvidenceError(EVIDENCE_MESSAGES.noReadings, 409);
  const baseline = episode.baselineId
    ? await db.query.vigilanceBaselines.findFirst({ where: (b, { eq: same }) => same(b.id, episode.baselineId!) })
    : null;
  const baselineView = baseline
    ? {
        ready: baseline.readyAt !== null,
        readyAt: baseline.readyAt?.toISOString() ?? null,
        vacantHours: baseline.vacantHours,
        windowFrom: baseline.windowFrom?.toISOString() ?? null,
        windowTo: baseline.windowTo?.toISOString() ?? null,
        computedAt: baseline.computedAt.toISOString(),
        hours: (baseline.profile as BaselineProfile).hours,
      }
    : null;
  const timeline = (episode.anomalies as Anomaly[]).filter((a) => Date.parse(a.ts) <= to.getTime());
  return {
    title: "Informe de evidencia · Posible ocupación",
    property: { id: episode.propertyId, name: row.propertyName, address: row.address, timeZone: row.timeZone },
    deviceId: episode.deviceId,
    episodeId: episode.id,
    armed: { since: episode.armedSince?.toISOString() ?? null, reason: episode.armedReason ?? "-" },
    baseline: baselineView,
    score: {
      peak: episode.peakScore,
      threshold: episode.threshold,
      crossedAt: episode.crossedAt.toISOString(),
      firstAnomalyAt: episode.firstAnomalyAt.toISOString(),
      lastAnomalyAt: episode.lastAnomalyAt.toISOString(),
    },
    timeline,
    period: { from: from.toISOString(), to: to.toISOString() },
    readings,
  };
}

/** The latest baseline of a device, as a report shows it (for inputs built elsewhere). */
export async function baselineForEvidence(db: DbOrTx, propertyId: string, deviceId: string, at: Date): Promise<EvidenceInput["baseline"]> {
  const b = await getLatestBaseline(db, propertyId, deviceId, at);
  if (!b) return null;
  return {
    ready: b.readyAt !== null,
    readyAt: b.readyAt,
    vacantHours: b.vacantHours,
    windowFrom: b.windowFrom,
    windowTo: b.windowTo,
    computedAt: b.computedAt,
    hours: b.profile.hours,
  };
}

// ---------------------------------------------------------------- creating a report

export type EvidenceDeps = {
  key: EvidenceKey;
  /** SITE_URL: the QR code and the links point there. */
  siteUrl: string;
  /** TSA_URL; null = no time-stamps. */
  tsaUrl: string | null;
  fonts: PdfFontFiles;
  now?: () => Date;
  fetch?: typeof fetch;
};

async function stamp(deps: Pick<EvidenceDeps, "tsaUrl" | "fetch">, data: Uint8Array): Promise<{ token: Buffer; at: Date } | { error: string }> {
  if (!deps.tsaUrl) return { error: "" };
  try {
    const result = await requestTimestamp(deps.tsaUrl, data, { fetch: deps.fetch });
    return { token: result.token, at: result.genTime };
  } catch (error) {
    return { error: error instanceof TimestampError ? error.message : "la autoridad de sellado falló" };
  }
}

/**
 * Builds, signs, time-stamps and stores a report; returns its id (the one of /verificar/{id}).
 * Without a signing key it refuses (EVIDENCE_MESSAGES.noKey). A time-stamp authority that fails
 * does not stop the report: it is stored without a token and the error is shown, and
 * `addMissingTimestamps` can ask again later.
 */
export async function createEvidenceReport(
  db: Db,
  deps: EvidenceDeps,
  episodeInput: EvidenceInput,
  createdBy: { id: string; name: string } | null,
): Promise<{ id: string }> {
  const { key } = deps;
  if (!key.privateKey) throw new EvidenceError(EVIDENCE_MESSAGES.noKey, 503);
  if (episodeInput.readings.length === 0) throw new EvidenceError(EVIDENCE_MESSAGES.noReadings, 409);
  await recordEvidenceKey(db, key);
  const id = randomUUID();
  const createdAt = new Date(Math.floor((deps.now?.() ?? new Date()).getTime() / 1000) * 1000);
  // A report cannot speak of what came after it was signed: the reading period, the readings and
  // the timeline end at the signing instant (an open episode's tail is still in the future).
  const input = endAtSigning(episodeInput, createdAt);
  if (input.readings.length === 0) throw new EvidenceError(EVIDENCE_MESSAGES.noReadings, 409);
  const site = deps.siteUrl.replace(/\/+$/, "");
  const verifyUrl = `${site}${verifyPath(id)}`;
  const publicKeyUrl = `${site}${WELL_KNOWN_KEY_PATH}?id=${key.keyId}`;
  // Signed all the same under a SITE_URL nobody outside can open (tests, a local install), but
  // the report says so at its top (ADR 0022).
  const siteWarning = nonPublicSiteUrlWarning(site);

  // Built in the PDF worker thread (bounded: one job at a time, a queue of 100, a deadline and a
  // heap limit): a 6-hour window takes seconds of CPU that no request should wait behind.
  const pdf = await buildEvidencePdfOffThread(input, { reportId: id, verifyUrl, createdAt, keyId: key.keyId, fonts: deps.fonts, siteWarning });
  const pdfDigest = createHash("sha256").update(pdf).digest();
  const pdfSignature = signEvidence(key, pdf);
  const pdfStamp = await stamp(deps, pdf);
  const pdfToken = "token" in pdfStamp ? pdfStamp.token : null;

  const zip = await buildForensicZipOffThread({ reportId: id, createdAt, keyId: key.keyId, publicKeyUrl, verifyUrl, pdf, pdfSignature, pdfTimestampToken: pdfToken, evidence: input });
  const zipDigest = createHash("sha256").update(zip).digest();
  const zipSignature = signEvidence(key, zip);
  const zipStamp = pdfToken ? await stamp(deps, zip) : pdfStamp;
  const tsaError = "error" in pdfStamp && pdfStamp.error ? pdfStamp.error : "error" in zipStamp && zipStamp.error ? zipStamp.error : null;

  await db.insert(evidenceReports).values({
    id,
    episodeId: input.episodeId,
    propertyId: input.property.id,
    propertyName: input.property.name.slice(0, 200),
    deviceId: input.deviceId,
    title: input.title.slice(0, 300),
    periodFrom: new Date(input.period.from),
    periodTo: new Date(input.period.to),
    readingsCount: input.readings.length,
    peakScore: input.score.peak,
    pdf: Buffer.from(pdf),
    pdfSha256: pdfDigest.toString("hex"),
    pdfSignature,
    zip: Buffer.from(zip),
    zipSha256: zipDigest.toString("hex"),
    zipSignature,
    keyId: key.keyId,
    pdfTimestampToken: pdfToken,
    pdfTimestampAt: "at" in pdfStamp ? pdfStamp.at : null,
    zipTimestampToken: "token" in zipStamp ? zipStamp.token : null,
    zipTimestampAt: "at" in zipStamp ? zipStamp.at : null,
    tsaUrl: deps.tsaUrl,
    tsaError: tsaError?.slice(0, 300) ?? null,
    createdBy: createdBy?.id ?? null,
    createdByName: createdBy?.name.slice(0, 200) ?? null,
    createdAt,
  });
  return { id };
}

/** `input` without anything after `at`: its period, readings, timeline and last anomaly end there. */
export function endAtSigning(input: EvidenceInput, at: Date): EvidenceInput {
  const end = at.getTime();
  if (Date.parse(input.period.to) <= end) return input;
  const until = (iso: string) => Date.parse(iso) <= end;
  const timeline = input.timeline.filter((a) => until(a.ts));
  const lastAnomalyAt = input.score.lastAnomalyAt && !until(input.score.lastAnomalyAt) ? (timeline.at(-1)?.ts ?? input.score.firstAnomalyAt) : input.score.lastAnomalyAt;
  return {
    ...input,
    period: { from: input.period.from, to: new Date(Math.max(end, Date.parse(input.period.from))).toISOString() },
    readings: input.readings.filter((r) => until(r.ts)),
    timeline,
    score: { ...input.score, lastAnomalyAt },
  };
}

/** Asks the TSA again for the tokens a report lacks (the authority was down when it was made). */
export async function addMissingTimestamps(db: Db, deps: Pick<EvidenceDeps, "tsaUrl" | "fetch">, reportId: string): Promise<{ ok: boolean; error: string | null }> {
  if (!deps.tsaUrl) return { ok: false, error: "No hay autoridad de sellado configurada (TSA_URL)." };
  const [row] = await db
    .select({ pdf: evidenceReports.pdf, zip: evidenceReports.zip, pdfToken: evidenceReports.pdfTimestampToken, zipToken: evidenceReports.zipTimestampToken })
    .from(evidenceReports)
    .where(eq(evidenceReports.id, reportId));
  if (!row) throw new EvidenceError(EVIDENCE_MESSAGES.reportNotFound, 404);
  const set: Partial<typeof evidenceReports.$inferInsert> = {};
  let error: string | null = null;
  for (const kind of ["pdf", "zip"] as const) {
    if ((kind === "pdf" ? row.pdfToken : row.zipToken) !== null) continue;
    const result = await stamp(deps, kind === "pdf" ? row.pdf : row.zip);
    if ("token" in result) {
      if (kind === "pdf") Object.assign(set, { pdfTimestampToken: result.token, pdfTimestampAt: result.at });
      else Object.assign(set, { zipTimestampToken: result.token, zipTimestampAt: result.at });
    } else {
      error = result.error;
    }
  }
  await db.update(evidenceReports).set({ ...set, tsaUrl: deps.tsaUrl, tsaError: error }).where(eq(evidenceReports.id, reportId));
  return { ok: error === null, error };
}

// ---------------------------------------------------------------- reading and verifying

/** The report's hashes and times, each signature checked again against its stored bytes. */
export async function getReportSummary(db: DbOrTx, id: string): Promise<ReportSummary | null> {
  const [row] = await db
    .select({ report: evidenceReports, pem: evidenceKeys.publicKeyPem })
    .from(evidenceReports)
    .innerJoin(evidenceKeys, eq(evidenceKeys.keyId, evidenceReports.keyId))
    .where(eq(evidenceReports.id, id));
  if (!row) return null;
  const r = row.report;
  const check = (bytes: Buffer, hash: string, signature: Buffer) => sha256Hex(bytes) === hash && verifyEvidenceSignature(row.pem, bytes, signature);
  return {
    id: r.id,
    title: r.title,
    propertyName: r.propertyName,
    deviceId: r.deviceId,
    periodFrom: r.periodFrom.toISOString(),
    periodTo: r.periodTo.toISOString(),
    readingsCount: r.readingsCount,
    peakScore: r.peakScore,
    createdAt: r.createdAt.toISOString(),
    createdByName: r.createdByName,
    keyId: r.keyId,
    pdf: {
      sha256: r.pdfSha256,
      size: r.pdf.length,
      signatureValid: check(r.pdf, r.pdfSha256, r.pdfSignature),
      signatureBase64: r.pdfSignature.toString("base64"),
      timestampAt: r.pdfTimestampAt?.toISOString() ?? null,
      hasTimestamp: r.pdfTimestampToken !== null,
    },
    zip: {
      sha256: r.zipSha256,
      size: r.zip.length,
      signatureValid: check(r.zip, r.zipSha256, r.zipSignature),
      signatureBase64: r.zipSignature.toString("base64"),
      timestampAt: r.zipTimestampAt?.toISOString() ?? null,
      hasTimestamp: r.zipTimestampToken !== null,
    },
    tsaError: r.tsaError,
  };
}

export type ReportFile = { bytes: Buffer; fileName: string; contentType: string };

const FILE_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  zip: "application/zip",
  sig: "application/octet-stream",
  tst: "application/timestamp-reply",
};

/** A report file: the PDF or ZIP, or the signature (`pdf.sig`, `zip.sig`) or token (`pdf.tst`, `zip.tst`) of one. */
export async function getReportFile(db: DbOrTx, id: string, file: string): Promise<ReportFile | null> {
  const match = /^(pdf|zip)(?:\.(sig|tst))?$/.exec(file);
  if (!match) return null;
  const kind = match[1] as EvidenceFileKind;
  const extra = match[2] as "sig" | "tst" | undefined;
  const [row] = await db.select().from(evidenceReports).where(eq(evidenceReports.id, id));
  if (!row) return null;
  const base = EVIDENCE_FILE_NAMES[kind](id);
  if (!extra) return { bytes: kind === "pdf" ? row.pdf : row.zip, fileName: base, contentType: FILE_TYPES[kind] };
  if (extra === "sig") return { bytes: kind === "pdf" ? row.pdfSignature : row.zipSignature, fileName: `${base}.sig`, contentType: FILE_TYPES.sig };
  const token = kind === "pdf" ? row.pdfTimestampToken : row.zipTimestampToken;
  return token ? { bytes: token, fileName: `${base}.tst`, contentType: FILE_TYPES.tst } : null;
}

/** Whether uploaded bytes are the report's PDF, its ZIP, or neither. */
export async function compareWithReport(db: DbOrTx, id: string, bytes: Uint8Array): Promise<{ sha256: string; matches: EvidenceFileKind | null } | null> {
  const [row] = await db.select({ pdf: evidenceReports.pdfSha256, zip: evidenceReports.zipSha256 }).from(evidenceReports).where(eq(evidenceReports.id, id));
  if (!row) return null;
  const sha256 = sha256Hex(bytes);
  return { sha256, matches: sha256 === row.pdf ? "pdf" : sha256 === row.zip ? "zip" : null };
}

export type ReportListItem = { id: string; title: string; createdAt: string; createdByName: string | null; readingsCount: number; peakScore: number | null; episodeId: string | null; hasTimestamp: boolean };

export async function listReports(db: DbOrTx, filter: { propertyId?: string; episodeId?: string }, limit = 50): Promise<ReportListItem[]> {
  const rows = await db
    .select({
      id: evidenceReports.id,
      title: evidenceReports.title,
      createdAt: evidenceReports.createdAt,
      createdByName: evidenceReports.createdByName,
      readingsCount: evidenceReports.readingsCount,
      peakScore: evidenceReports.peakScore,
      episodeId: evidenceReports.episodeId,
      hasTimestamp: sql<boolean>`${evidenceReports.pdfTimestampToken} is not null`,
    })
    .from(evidenceReports)
    .where(
      and(
        filter.propertyId ? eq(evidenceReports.propertyId, filter.propertyId) : undefined,
        filter.episodeId ? eq(evidenceReports.episodeId, filter.episodeId) : undefined,
      ),
    )
    .orderBy(desc(evidenceReports.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), hasTimestamp: Boolean(r.hasTimestamp) }));
}

export async function getReportProperty(db: DbOrTx, id: string): Promise<{ propertyId: string | null } | null> {
  const [row] = await db.select({ propertyId: evidenceReports.propertyId }).from(evidenceReports).where(eq(evidenceReports.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------- share links

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createShareLink(
  db: Db,
  reportId: string,
  input: { label: string; days: number },
  user: { id: string; name: string },
  now = new Date(),
): Promise<{ id: string; token: string; path: string; expiresAt: string }> {
  const [report] = await db.select({ id: evidenceReports.id }).from(evidenceReports).where(eq(evidenceReports.id, reportId));
  if (!report) throw new EvidenceError(EVIDENCE_MESSAGES.reportNotFound, 404);
  // 192 random bits; only their hash is stored, so the link is shown to staff once.
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + input.days * 86_400_000);
  const [row] = await db
    .insert(evidenceShareLinks)
    .values({ reportId, tokenHash: tokenHash(token), label: input.label, expiresAt, createdBy: user.id, createdByName: user.name.slice(0, 200), createdAt: now })
    .returning({ id: evidenceShareLinks.id });
  return { id: row!.id, token, path: sharePath(token), expiresAt: expiresAt.toISOString() };
}

export async function revokeShareLink(db: Db, reportId: string, linkId: string, user: { name: string }, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(evidenceShareLinks)
    .set({ revokedAt: now, revokedByName: user.name.slice(0, 200) })
    .where(and(eq(evidenceShareLinks.id, linkId), eq(evidenceShareLinks.reportId, reportId), sql`${evidenceShareLinks.revokedAt} is null`))
    .returning({ id: evidenceShareLinks.id });
  return updated.length > 0;
}

export type ShareLinkView = {
  id: string;
  label: string;
  createdAt: string;
  createdByName: string | null;
  expiresAt: string;
  revokedAt: string | null;
  revokedByName: string | null;
  views: number;
  lastViewAt: string | null;
};

export async function listShareLinks(db: DbOrTx, reportId: string): Promise<ShareLinkView[]> {
  const rows = await db
    .select({
      id: evidenceShareLinks.id,
      label: evidenceShareLinks.label,
      createdAt: evidenceShareLinks.createdAt,
      createdByName: evidenceShareLinks.createdByName,
      expiresAt: evidenceShareLinks.expiresAt,
      revokedAt: evidenceShareLinks.revokedAt,
      revokedByName: evidenceShareLinks.revokedByName,
      views: sql<number>`(select count(*)::int from evidence_share_views v where v.link_id = evidence_share_links.id and v.action in ('view', 'pdf', 'zip'))`,
      lastViewAt: sql<string | null>`(select max(v.viewed_at) from evidence_share_views v where v.link_id = evidence_share_links.id)`,
    })
    .from(evidenceShareLinks)
    .where(eq(evidenceShareLinks.reportId, reportId))
    .orderBy(desc(evidenceShareLinks.createdAt));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    views: Number(r.views),
    lastViewAt: r.lastViewAt ? new Date(r.lastViewAt).toISOString() : null,
  }));
}

export type ShareViewLog = { id: number; linkLabel: string; action: string; clientIp: string | null; userAgent: string | null; viewedAt: string };

export async function listShareViews(db: DbOrTx, reportId: string, limit = 200): Promise<ShareViewLog[]> {
  const rows = await db
    .select({
      id: evidenceShareViews.id,
      linkLabel: evidenceShareLinks.label,
      action: evidenceShareViews.action,
      clientIp: evidenceShareViews.clientIp,
      userAgent: evidenceShareViews.userAgent,
      viewedAt: evidenceShareViews.viewedAt,
    })
    .from(evidenceShareViews)
    .innerJoin(evidenceShareLinks, eq(evidenceShareLinks.id, evidenceShareViews.linkId))
    .where(eq(evidenceShareLinks.reportId, reportId))
    .orderBy(desc(evidenceShareViews.viewedAt), desc(evidenceShareViews.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, viewedAt: r.viewedAt.toISOString() }));
}

export type ShareOpenResult =
  | { ok: true; reportId: string; label: string; expiresAt: string }
  | { ok: false; reason: "not-found" | "expired" | "revoked" };

/**
 * Opens a share link for `action` (the page, or a download) and logs it, refusals included. An
 * unknown token is not logged (there is no link to log it against).
 */
export async function openShareLink(
  db: Db,
  token: string,
  action: "view" | "pdf" | "zip",
  client: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<ShareOpenResult> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return { ok: false, reason: "not-found" };
  const [link] = await db.select().from(evidenceShareLinks).where(eq(evidenceShareLinks.tokenHash, tokenHash(token)));
  if (!link) return { ok: false, reason: "not-found" };
  const refused = link.revokedAt ? "revoked" : link.expiresAt <= now ? "expired" : null;
  await db.insert(evidenceShareViews).values({
    linkId: link.id,
    action: refused ? `refused-${refused}` : action,
    clientIp: client.ip?.slice(0, 64) ?? null,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    viewedAt: now,
  });
  if (refused) return { ok: false, reason: refused };
  return { ok: true, reportId: link.reportId, label: link.label, expiresAt: link.expiresAt.toISOString() };
}
