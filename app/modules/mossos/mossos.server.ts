import { and, arrayOverlaps, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { cleanLine } from "#app/lib/text.ts";
import type { AppConfig } from "#app/config/env.server.ts";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { guests, mossosFiles, policeTasks, properties, reservations } from "#app/db/schema.ts";
import { todayIn } from "#app/modules/guests/identity.ts";
import { policeXmlGuestFromRow } from "#app/modules/guests/police-xml-row.ts";
import { utcOffsetAt } from "#app/modules/guests/police-xml.ts";
import type { MailSettings } from "#app/modules/mail/guest-mail.server.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { DEFAULT_MOSSOS_OPTIONS, type MossosOptions } from "#app/modules/mossos/mossos-codes.ts";
import { buildMossosFile, MOSSOS_ENTRY_TIME, MossosFileError, nextMossosSequence, type MossosStay } from "#app/modules/mossos/mossos-file.ts";
import { effectiveRecipient, MOSSOS_PROVINCES } from "#app/modules/police-routing/police-routing.ts";
import { listErtzaintzaAutomaticLandlordIds } from "#app/modules/landlords/landlords.server.ts";
import { listProperties } from "#app/modules/properties/properties.server.ts";

// Mossos d'Esquadra filings (ADR 0019). The portal has no API: the platform makes the V24 file,
// staff upload it and tick it with the portal's receipt. One file per property and Madrid day
// from 23:00 (as Check-in Scan sends "from 23:00 on arrival day") and one on demand.
//
// Coordination: every instance runs the minute tick. Making a file locks its property's row
// (SELECT … FOR UPDATE), so sequences never collide, and the daily file is unique per property
// and day, so the second instance finds it made. The e-mails go through the mail outbox with
// one event key per file, so each is queued once.

export const MOSSOS_TIME_ZONE = "Europe/Madrid";
export const MOSSOS_DAILY_HOUR = 23;
/** RD 933/2021 art. 6 and Ordre IRP/418/2010: 24 h from the start of the stay. */
export const MOSSOS_DEADLINE_MS = 24 * 3_600_000;
/** The alert goes 2 h before the deadline, as SES's (ADR 0004). */
export const MOSSOS_ALERT_BEFORE_MS = 2 * 3_600_000;
/** How far back a stay not yet in any file is still collected (the old A19 service refused a month). */
const LOOKBACK_DAYS = 30;

export const MOSSOS_MESSAGES = {
  notFound: "El fichero ya no existe",
  notMossos: "Esta vivienda no presenta sus partes a los Mossos d'Esquadra",
  notCompleted: "Los huéspedes de esta reserva aún no se han registrado",
  empty: "No hay viajeros pendientes de comunicar para esta vivienda",
  receiptRequired: "Indica la referencia del comprobante de envío del portal (1 a 120 caracteres)",
  uploaded: "Fichero marcado como subido",
  alreadyUploaded: "Este fichero ya estaba marcado como subido",
  superseded: "Este fichero se ha sustituido: no lo subas, genera uno nuevo",
  created: "Fichero generado",
  taskDone: "Tarea marcada como hecha",
} as const;

export type MossosFileState = "generado" | "subido" | "fuera de plazo" | "sustituido";

export function mossosFileState(file: { uploadedAt: Date | null; supersededAt: Date | null; dueAt: Date }, now: Date): MossosFileState {
  if (file.uploadedAt) return "subido";
  if (file.supersededAt) return "sustituido";
  return now.getTime() > file.dueAt.getTime() ? "fuera de plazo" : "generado";
}

export function mossosOptionsFrom(config: Pick<AppConfig, "MOSSOS_SEX_CODES" | "MOSSOS_DOCUMENT_CODES" | "MOSSOS_MUNICIPALITY_DIGITS" | "MOSSOS_ENCODING">): MossosOptions {
  return {
    sexCodes: config.MOSSOS_SEX_CODES ?? DEFAULT_MOSSOS_OPTIONS.sexCodes,
    documentCodes: config.MOSSOS_DOCUMENT_CODES ?? DEFAULT_MOSSOS_OPTIONS.documentCodes,
    municipalityDigits: config.MOSSOS_MUNICIPALITY_DIGITS === "5" ? 5 : 6,
    encoding: config.MOSSOS_ENCODING ?? DEFAULT_MOSSOS_OPTIONS.encoding,
  };
}

/** The start of a stay at the property: the check-in day at the usual arrival hour, Madrid time. */
export function mossosStayStart(checkInDate: string): Date {
  const time = `${MOSSOS_ENTRY_TIME.slice(0, 2)}:${MOSSOS_ENTRY_TIME.slice(2)}:00`;
  return new Date(`${checkInDate}T${time}${utcOffsetAt(checkInDate, time, MOSSOS_TIME_ZONE)}`);
}

export function mossosDueAt(checkInDate: string): Date {
  return new Date(mossosStayStart(checkInDate).getTime() + MOSSOS_DEADLINE_MS);
}

function madridClock(now: Date): { date: string; time: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: MOSSOS_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const hour = parts.find((part) => part.type === "hour")?.value ?? "00";
  const minute = parts.find((part) => part.type === "minute")?.value ?? "00";
  return { date: todayIn(MOSSOS_TIME_ZONE, now), time: `${hour}${minute}`, hour: Number(hour) };
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export type MossosPropertyRecord = { id: string; name: string; mossosCode: string | null };

/** Properties whose guests go to the Mossos (province or override). */
export async function listMossosProperties(db: DbOrTx): Promise<MossosPropertyRecord[]> {
  const rows = await db
    .select({
      id: properties.id,
      name: properties.name,
      mossosCode: properties.mossosCode,
      provinceCode: properties.provinceCode,
      policeRecipientOverride: properties.policeRecipientOverride,
    })
    .from(properties)
    .where(sql`${properties.provinceCode} in ${MOSSOS_PROVINCES} or ${properties.policeRecipientOverride} = 'mossos'`)
    .orderBy(asc(properties.name));
  return rows.filter((row) => effectiveRecipient(row) === "mossos").map(({ id, name, mossosCode }) => ({ id, name, mossosCode }));
}

export type MakeFileResult =
  | { status: "created" | "exists"; fileId: string }
  | { status: "empty" }
  | { status: "invalid"; problems: string[] }
  | { status: "not-mossos" };

type MakeFileInput = {
  propertyId: string;
  origin: "daily" | "on-demand";
  /** Madrid day: the daily file's key; stays starting on or before it are collected. */
  day: string;
  /** Only this reservation (the reservation row's download). */
  reservationId?: string;
  now: Date;
  userId?: string | null;
  options: MossosOptions;
};

/**
 * Makes a file of the property's registered stays that no live file holds yet. Idempotent for the
 * daily file (one per property and day) and for a reservation already in a live file (that file
 * is returned). Nothing is stored when the data would be refused: the problems come back.
 */
export async function makeMossosFile(db: Db, input: MakeFileInput): Promise<MakeFileResult> {
  return db.transaction(async (tx) => {
    const [property] = await tx
      .select({
        id: properties.id,
        name: properties.name,
        mossosCode: properties.mossosCode,
        provinceCode: properties.provinceCode,
        policeRecipientOverride: properties.policeRecipientOverride,
        internetAvailable: properties.internetAvailable,
      })
      .from(properties)
      .where(eq(properties.id, input.propertyId))
      .for("update");
    if (!property || effectiveRecipient(property) !== "mossos") return { status: "not-mossos" } as const;
    if (input.origin === "daily") {
      const [existing] = await tx
        .select({ id: mossosFiles.id })
        .from(mossosFiles)
        .where(and(eq(mossosFiles.propertyId, property.id), eq(mossosFiles.day, input.day), eq(mossosFiles.origin, "daily")));
      if (existing) return { status: "exists", fileId: existing.id } as const;
    }
    if (input.reservationId) {
      // The live file holding the stay, unless a correction after its upload asks for a new one.
      const [correction] = await tx
        .select({ at: policeTasks.createdAt })
        .from(policeTasks)
        .where(and(eq(policeTasks.reservationId, input.reservationId), eq(policeTasks.kind, "mossos-correct"), isNull(policeTasks.doneAt)))
        .orderBy(desc(policeTasks.createdAt))
        .limit(1);
      const [live] = await tx
        .select({ id: mossosFiles.id })
        .from(mossosFiles)
        .where(
          and(
            arrayOverlaps(mossosFiles.reservationIds, [input.reservationId]),
            isNull(mossosFiles.supersededAt),
            correction ? gt(mossosFiles.createdAt, correction.at) : undefined,
          ),
        )
        .orderBy(desc(mossosFiles.createdAt))
        .limit(1);
      if (live) return { status: "exists", fileId: live.id } as const;
    }
    const notInLiveFile = sql`not exists (
      select 1 from ${mossosFiles} f where ${reservations.id} = any(f.reservation_ids) and f.superseded_at is null
    )`;
    const stays = await tx
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.propertyId, property.id),
          eq(reservations.status, "completed"),
          isNull(reservations.cancelledAt),
          isNull(reservations.guestDataPurgedAt),
          input.reservationId
            ? eq(reservations.id, input.reservationId)
            : and(lte(reservations.checkInDate, input.day), gte(reservations.checkInDate, addDays(input.day, -LOOKBACK_DAYS)), notInLiveFile),
        ),
      )
      .orderBy(asc(reservations.checkInDate), asc(reservations.createdAt));
    if (stays.length === 0) return { status: "empty" } as const;
    const guestRows = await tx
      .select()
      .from(guests)
      .where(inArray(guests.reservationId, stays.map((stay) => stay.id)))
      .orderBy(asc(guests.position));
    const [last] = await tx
      .select({ sequence: mossosFiles.sequence })
      .from(mossosFiles)
      .where(eq(mossosFiles.propertyId, property.id))
      .orderBy(desc(mossosFiles.createdAt), desc(mossosFiles.sequence))
      .limit(1);
    const clock = madridClock(input.now);
    const mossosStays: MossosStay[] = stays.map((stay) => ({
      reference: stay.id,
      contractDate: stay.contractDate,
      checkIn: stay.checkInDate,
      checkOut: stay.checkOutDate,
      rooms: stay.rooms,
      internetAvailable: property.internetAvailable,
      paymentType: stay.paymentType,
      label: `${stay.propertyName} · ${stay.checkInDate}`,
      guests: guestRows.filter((row) => row.reservationId === stay.id).map(policeXmlGuestFromRow),
    }));
    let file;
    try {
      file = buildMossosFile(
        {
          establishment: { code: property.mossosCode ?? "", name: property.name },
          sequence: nextMossosSequence(last?.sequence ?? null),
          createdDate: clock.date,
          createdTime: clock.time,
          stays: mossosStays,
        },
        input.options,
        clock.date,
      );
    } catch (error) {
      if (error instanceof MossosFileError) return { status: "invalid", problems: error.problems } as const;
      throw error;
    }
    const dueAt = new Date(Math.min(...stays.map((stay) => mossosDueAt(stay.checkInDate).getTime())));
    const [row] = await tx
      .insert(mossosFiles)
      .values({
        propertyId: property.id,
        origin: input.origin,
        day: input.day,
        sequence: nextMossosSequence(last?.sequence ?? null),
        fileName: file.fileName,
        contentBase64: file.bytes.toString("base64"),
        lineCount: file.travellerCount,
        reservationIds: stays.map((stay) => stay.id),
        dueAt,
        createdBy: input.userId ?? null,
        createdAt: input.now,
      })
      .returning({ id: mossosFiles.id });
    return { status: "created", fileId: row.id } as const;
  });
}

export type MossosFileRecord = {
  id: string;
  propertyId: string;
  propertyName: string;
  origin: string;
  day: string;
  fileName: string;
  lineCount: number;
  reservationIds: string[];
  dueAt: Date;
  uploadedAt: Date | null;
  receipt: string | null;
  supersededAt: Date | null;
  createdAt: Date;
};

const fileColumns = {
  id: mossosFiles.id,
  propertyId: mossosFiles.propertyId,
  propertyName: properties.name,
  origin: mossosFiles.origin,
  day: mossosFiles.day,
  fileName: mossosFiles.fileName,
  lineCount: mossosFiles.lineCount,
  reservationIds: mossosFiles.reservationIds,
  dueAt: mossosFiles.dueAt,
  uploadedAt: mossosFiles.uploadedAt,
  receipt: mossosFiles.receipt,
  supersededAt: mossosFiles.supersededAt,
  createdAt: mossosFiles.createdAt,
};

export async function listMossosFiles(db: DbOrTx, limit = 100): Promise<MossosFileRecord[]> {
  return db
    .select(fileColumns)
    .from(mossosFiles)
    .innerJoin(properties, eq(properties.id, mossosFiles.propertyId))
    .orderBy(desc(mossosFiles.createdAt))
    .limit(limit);
}

/** The file's bytes for download, or null. */
export async function getMossosFileContent(db: DbOrTx, id: string): Promise<{ fileName: string; bytes: Buffer; reservationIds: string[] } | null> {
  const [row] = await db
    .select({ fileName: mossosFiles.fileName, content: mossosFiles.contentBase64, reservationIds: mossosFiles.reservationIds })
    .from(mossosFiles)
    .where(eq(mossosFiles.id, id));
  return row ? { fileName: row.fileName, bytes: Buffer.from(row.content, "base64"), reservationIds: row.reservationIds } : null;
}

export type ActionOutcome = { ok: boolean; message: string; status: number };

/** Staff uploaded the file and got the portal's receipt ("comprovant d'enviament"). */
export async function markMossosFileUploaded(db: DbOrTx, id: string, receipt: string, userId: string, now = new Date()): Promise<ActionOutcome> {
  const text = cleanLine(receipt);
  if (text.length === 0 || text.length > 120) return { ok: false, message: MOSSOS_MESSAGES.receiptRequired, status: 400 };
  const [row] = await db.select({ uploadedAt: mossosFiles.uploadedAt, supersededAt: mossosFiles.supersededAt }).from(mossosFiles).where(eq(mossosFiles.id, id));
  if (!row) return { ok: false, message: MOSSOS_MESSAGES.notFound, status: 404 };
  if (row.supersededAt) return { ok: false, message: MOSSOS_MESSAGES.superseded, status: 409 };
  const updated = await db
    .update(mossosFiles)
    .set({ uploadedAt: now, uploadedBy: userId, receipt: text })
    .where(and(eq(mossosFiles.id, id), isNull(mossosFiles.uploadedAt), isNull(mossosFiles.supersededAt)))
    .returning({ id: mossosFiles.id });
  return updated.length > 0 ? { ok: true, message: MOSSOS_MESSAGES.uploaded, status: 200 } : { ok: false, message: MOSSOS_MESSAGES.alreadyUploaded, status: 409 };
}

// ---------------------------------------------------------------- changes after a file exists

const PORTAL = "https://registreviatgers.mossos.gencat.cat/mossos_hotels/AppJava/login.do";

/**
 * A stay in a file was cancelled or corrected (call in the change's transaction). A file not yet
 * uploaded is superseded (its stays go into the next one, with the new data or without the
 * cancelled stay). An uploaded one cannot be undone by file — the format has no cancel or modify
 * record (REGIONAL-POLICE.md §2.6) — so staff get a task with the steps.
 */
export async function recordMossosChange(tx: DbOrTx, reservationId: string, change: "cancel" | "correct", now = new Date()): Promise<void> {
  const files = await tx
    .select({ ...fileColumns, mossosCode: properties.mossosCode })
    .from(mossosFiles)
    .innerJoin(properties, eq(properties.id, mossosFiles.propertyId))
    .where(and(arrayOverlaps(mossosFiles.reservationIds, [reservationId]), isNull(mossosFiles.supersededAt)));
  for (const file of files) {
    if (!file.uploadedAt) {
      await tx.update(mossosFiles).set({ supersededAt: now }).where(and(eq(mossosFiles.id, file.id), isNull(mossosFiles.uploadedAt)));
      continue;
    }
    const [stay] = await tx
      .select({ checkInDate: reservations.checkInDate })
      .from(reservations)
      .where(eq(reservations.id, reservationId));
    const contract = reservationId.toUpperCase();
    const label = `${file.propertyName} · ${stay?.checkInDate ?? file.day}`.slice(0, 260);
    const uploaded = `el fichero ${file.fileName} (subido el ${file.uploadedAt.toISOString().slice(0, 10)}, comprobante ${file.receipt ?? "—"})`;
    const steps =
      change === "cancel"
        ? [
            `1. Entra en el portal de los Mossos (${PORTAL}) con el usuario del establecimiento ${file.mossosCode ?? ""}.`,
            `2. Busca el contrato ${contract}, comunicado en ${uploaded}.`,
            "3. Comunica su anulación desde el portal: el fichero masivo no tiene registro de anulación. Si el portal no lo permite, comunícalo a la comisaría de los Mossos o a la URPA que gestionó el alta del establecimiento.",
            "4. Guarda el justificante y marca esta tarea como hecha.",
          ]
        : [
            "1. En Reservas, pulsa «Fichero Mossos» en la fila de la reserva: se genera un fichero nuevo con los datos corregidos.",
            `2. Entra en el portal de los Mossos (${PORTAL}) y busca el contrato ${contract}, comunicado en ${uploaded}.`,
            "3. Corrige allí los datos del viajero o, si el portal no lo permite, sube el fichero nuevo en «Fitxers massius de viatgers» y guarda el comprobante.",
            "4. Marca el fichero nuevo como subido y esta tarea como hecha.",
          ];
    await tx.insert(policeTasks).values({
      kind: change === "cancel" ? "mossos-cancel" : "mossos-correct",
      propertyId: file.propertyId,
      reservationId,
      fileId: file.id,
      label,
      steps: steps.join("\n"),
      createdAt: now,
    });
  }
}

export type PoliceTaskRecord = { id: string; kind: string; label: string; steps: string; createdAt: Date; reservationId: string | null };

export async function listOpenPoliceTasks(db: DbOrTx): Promise<PoliceTaskRecord[]> {
  return db
    .select({ id: policeTasks.id, kind: policeTasks.kind, label: policeTasks.label, steps: policeTasks.steps, createdAt: policeTasks.createdAt, reservationId: policeTasks.reservationId })
    .from(policeTasks)
    .where(isNull(policeTasks.doneAt))
    .orderBy(asc(policeTasks.createdAt));
}

export async function completePoliceTask(db: DbOrTx, id: string, userId: string, now = new Date()): Promise<ActionOutcome> {
  const rows = await db
    .update(policeTasks)
    .set({ doneAt: now, doneBy: userId })
    .where(and(eq(policeTasks.id, id), isNull(policeTasks.doneAt)))
    .returning({ id: policeTasks.id });
  return rows.length > 0 ? { ok: true, message: MOSSOS_MESSAGES.taskDone, status: 200 } : { ok: false, message: MOSSOS_MESSAGES.notFound, status: 404 };
}

// ---------------------------------------------------------------- the minute tick

export type MossosScheduleResult = { created: number; invalid: number; alerts: number };

/**
 * From 23:00 Madrid time, today's file of each Mossos property; before 23:00, yesterday's if it
 * was never made (an instance down at 23:00 catches up). Then a mail per new daily file and an
 * alert for each file not uploaded 2 h before its deadline. Safe on every instance at once.
 */
export async function runMossosSchedule(
  db: Db,
  settings: { options: MossosOptions; mail: MailSettings },
  options: { now?: Date } = {},
): Promise<MossosScheduleResult> {
  const now = options.now ?? new Date();
  const clock = madridClock(now);
  const day = clock.hour >= MOSSOS_DAILY_HOUR ? clock.date : addDays(clock.date, -1);
  const result: MossosScheduleResult = { created: 0, invalid: 0, alerts: 0 };
  const mail = settings.mail.enabled && settings.mail.staffTo.length > 0;
  for (const property of await listMossosProperties(db)) {
    const made = await makeMossosFile(db, { propertyId: property.id, origin: "daily", day, now, options: settings.options });
    if (made.status === "created") {
      result.created++;
      if (mail) {
        const [file] = await db.select({ fileName: mossosFiles.fileName, lineCount: mossosFiles.lineCount, dueAt: mossosFiles.dueAt }).from(mossosFiles).where(eq(mossosFiles.id, made.fileId));
        await enqueueMail(db, {
          eventKey: `mossos-file:${made.fileId}`,
          kind: "mossos-file",
          recipient: settings.mail.staffTo.join(", "),
          lang: "es",
          now,
          subject: `Fichero de viajeros para los Mossos: ${property.name} (${day})`,
          // No guest data by e-mail: the file is downloaded after signing in.
          body: [
            `Se ha generado el fichero ${file.fileName} (${file.lineCount} viajero(s)) de ${property.name}.`,
            `Plazo: ${formatMadrid(file.dueAt)} (hora de Madrid).`,
            "",
            `Descárgalo en ${settings.mail.siteUrl}/admin/viajeros/comunicaciones, súbelo en el portal de los Mossos (Fitxers massius de viatgers) y marca allí la referencia del comprobante.`,
          ].join("\n"),
        });
      }
    } else if (made.status === "invalid") {
      result.invalid++;
      await recordInvalidFile(db, property, day, made.problems, now);
    }
  }
  if (mail) result.alerts = await queueDeadlineAlerts(db, settings.mail, now);
  await purgeMossosFiles(db);
  return result;
}

/**
 * A file holds guest identity data: it goes when none of its stays keeps guest data any more
 * (retention purged them, or staff deleted the reservation with its guests).
 */
export async function purgeMossosFiles(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(mossosFiles)
    .where(sql`not exists (select 1 from ${reservations} r where r.id = any(${mossosFiles.reservationIds}) and r.guest_data_purged_at is null)`)
    .returning({ id: mossosFiles.id });
  return deleted.length;
}

function formatMadrid(date: Date): string {
  return new Intl.DateTimeFormat("es-ES", { timeZone: MOSSOS_TIME_ZONE, dateStyle: "short", timeStyle: "short" }).format(date);
}

/** A daily file that cannot be made is a task (once per property and day) with what to fix. */
async function recordInvalidFile(db: Db, property: MossosPropertyRecord, day: string, problems: string[], now: Date): Promise<void> {
  const label = `${property.name} · fichero del ${day}`.slice(0, 260);
  const [open] = await db
    .select({ id: policeTasks.id })
    .from(policeTasks)
    .where(and(eq(policeTasks.kind, "mossos-invalid"), eq(policeTasks.label, label), isNull(policeTasks.doneAt)));
  if (open) return;
  await db.insert(policeTasks).values({
    kind: "mossos-invalid",
    propertyId: property.id,
    label,
    steps: [
      "El fichero no se ha generado porque el portal rechazaría estos datos:",
      ...problems.map((problem) => `- ${problem}`),
      "Corrige los datos en Reservas › Huéspedes y pulsa «Generar fichero» en Comunicaciones › Mossos d'Esquadra.",
    ].join("\n"),
    createdAt: now,
  });
}

async function queueDeadlineAlerts(db: Db, mail: MailSettings, now: Date): Promise<number> {
  const due = await db
    .select(fileColumns)
    .from(mossosFiles)
    .innerJoin(properties, eq(properties.id, mossosFiles.propertyId))
    .where(and(isNull(mossosFiles.uploadedAt), isNull(mossosFiles.supersededAt), lte(mossosFiles.dueAt, new Date(now.getTime() + MOSSOS_ALERT_BEFORE_MS))));
  let queued = 0;
  for (const file of due) {
    const late = now.getTime() > file.dueAt.getTime();
    const sent = await enqueueMail(db, {
      eventKey: `mossos-alert:${file.id}`,
      kind: "mossos-alert",
      recipient: mail.staffTo.join(", "),
      lang: "es",
      now,
      subject: `${late ? "Fuera de plazo" : "Quedan menos de 2 horas"}: fichero de los Mossos ${file.fileName} sin subir`,
      body: [
        `El fichero ${file.fileName} de ${file.propertyName} (${file.lineCount} viajero(s)) no está marcado como subido.`,
        `Plazo: ${formatMadrid(file.dueAt)} (hora de Madrid).`,
        "",
        `Súbelo en el portal de los Mossos y marca el comprobante en ${mail.siteUrl}/admin/viajeros/comunicaciones`,
      ].join("\n"),
    });
    if (sent) queued++;
  }
  return queued;
}

export const MOSSOS_TICK_MS = 60_000;

/** The minute tick of this process; every instance runs one (see the header). */
export function startMossosJob(
  db: Db,
  settings: { options: MossosOptions; mail: MailSettings },
  options: { logger: { info(obj: object, msg: string): void; error(obj: object, msg: string): void }; now?: () => Date },
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(async () => {
      try {
        const result = await runMossosSchedule(db, settings, { now: options.now?.() });
        if (result.created + result.invalid + result.alerts > 0) options.logger.info({ ...result }, "Mossos files and alerts");
      } catch (error) {
        options.logger.error({ err: error }, "Mossos schedule failed");
      }
    });
  };
  const timer = setInterval(tick, MOSSOS_TICK_MS);
  timer.unref();
  const first = setTimeout(tick, 5_000);
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}

// ---------------------------------------------------------------- the screen's data

export type MossosFileView = {
  id: string;
  propertyName: string;
  fileName: string;
  day: string;
  origin: string;
  lineCount: number;
  state: MossosFileState;
  dueAt: string;
  uploadedAt: string | null;
  receipt: string | null;
};
export type PoliceTaskView = { id: string; kind: string; label: string; steps: string; createdAt: string };
export type PolicePropertyView = { id: string; name: string };
export type RegionalPoliceView = {
  files: MossosFileView[];
  tasks: PoliceTaskView[];
  mossosProperties: PolicePropertyView[];
  /** `automatic`: its account sends by itself and holds a certificate (ADR 0018). */
  ertzaintzaProperties: (PolicePropertyView & { automatic: boolean })[];
};

/** What the Mossos section of Comunicaciones shows, as plain values. */
export async function loadRegionalPoliceView(db: DbOrTx, now = new Date()): Promise<RegionalPoliceView> {
  const [files, tasks, mossosProperties, all, automaticAccounts] = await Promise.all([
    listMossosFiles(db),
    listOpenPoliceTasks(db),
    listMossosProperties(db),
    listProperties(db),
    listErtzaintzaAutomaticLandlordIds(db),
  ]);
  return {
    files: files.map((file) => ({
      id: file.id,
      propertyName: file.propertyName,
      fileName: file.fileName,
      day: file.day,
      origin: file.origin,
      lineCount: file.lineCount,
      state: mossosFileState(file, now),
      dueAt: file.dueAt.toISOString(),
      uploadedAt: file.uploadedAt?.toISOString() ?? null,
      receipt: file.receipt,
    })),
    tasks: tasks.map((task) => ({ id: task.id, kind: task.kind, label: task.label, steps: task.steps, createdAt: task.createdAt.toISOString() })),
    mossosProperties: mossosProperties.map(({ id, name }) => ({ id, name })),
    ertzaintzaProperties: all
      .filter((property) => effectiveRecipient(property) === "ertzaintza")
      .map(({ id, name, landlordAccountId }) => ({ id, name, automatic: landlordAccountId !== null && automaticAccounts.has(landlordAccountId) })),
  };
}
