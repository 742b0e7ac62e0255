import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { deviceCommands, devices, properties, reservations } from "#app/db/schema.ts";
import { getOrCreateSetting } from "#app/db/settings.server.ts";
import { consumeRateLimit, RATE_LIMITS } from "#app/modules/rate-limit/rate-limit.server.ts";
import { cancelVisit, recordVisit } from "#app/modules/vigilance/vigilance.server.ts";
import { nudgeBrokerAccounts, queueBrokerAccountChange } from "./broker-accounts.server.ts";
import type { DoorGateway } from "./door-gateway.server.ts";
import { signDoorToken, verifyDoorToken, type DoorTokenClaims, type DoorTokenCheck } from "./door-token.server.ts";
import { checkAccessWindow, stayAccessWindow, windowBound } from "./door-validity.ts";
import {
  DEVICE_MESSAGES,
  DOOR_MESSAGES,
  doorCommandRequestSchema,
  doorLinkPath,
  expiredMessage,
  notYetValidMessage,
  type RegisterDeviceInput,
} from "./door.schema.ts";

// Doors bound to reservations (DECISIONS.md, "Door opening"): staff register devices and assign
// them to properties; a reservation at a property with a device gets a signed link valid for
// its stay; openDoor checks the link against the database on every use and records every attempt.

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

export class DeviceRuleError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
    this.name = "DeviceRuleError";
  }
}

// ---------------------------------------------------------------- device secrets

const SCRYPT = { N: 16_384, r: 8, p: 1, keylen: 32 } as const;

/** 256 random bits; shown to staff once, to be loaded into the device. */
export function generateDeviceSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** scrypt$N$r$p$salt$hash: the parameters travel with the hash so they can be raised later. */
export async function hashDeviceSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(secret, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

/**
 * A hash with today's parameters that no secret matches (its hash is all zeros): checking a
 * secret against it costs exactly what checking against a real device's costs, so an unknown
 * device id can be refused in the same time as a wrong secret.
 */
export const UNMATCHABLE_DEVICE_SECRET_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${Buffer.alloc(16).toString("base64url")}$${Buffer.alloc(SCRYPT.keylen).toString("base64url")}`;

export async function verifyDeviceSecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4], "base64url");
  const expected = Buffer.from(parts[5], "base64url");
  if (expected.length === 0) return false;
  const actual = await scrypt(secret, salt, expected.length, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
  return timingSafeEqual(actual, expected);
}

// ---------------------------------------------------------------- devices (staff)

export type DeviceView = {
  id: string;
  name: string;
  propertyId: string | null;
  propertyName: string | null;
  createdAt: Date;
};

export async function listDevices(db: Db): Promise<DeviceView[]> {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      propertyId: devices.propertyId,
      propertyName: properties.name,
      createdAt: devices.createdAt,
    })
    .from(devices)
    .leftJoin(properties, eq(properties.id, devices.propertyId))
    .orderBy(asc(devices.name), asc(devices.id));
}

export type PropertyOption = { id: string; name: string };

export async function listPropertyOptions(db: Db): Promise<PropertyOption[]> {
  return db.select({ id: properties.id, name: properties.name }).from(properties).orderBy(asc(properties.name));
}

async function requireProperty(db: Db, propertyId: string | null): Promise<void> {
  if (propertyId === null) return;
  const found = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId));
  if (found.length === 0) throw new DeviceRuleError(DEVICE_MESSAGES.unknownProperty, 400);
}

/**
 * brokerAccounts: the server keeps the devices' MQTT accounts (MQTT_DYNSEC=on, ADR 0025); the
 * change for the broker is queued in the same transaction as the device's, a new secret encrypted
 * with `key` (the server's credentials key).
 */
export type DeviceChangeOptions = { brokerAccounts?: { key: Buffer } | null };

/**
 * Registers a device and returns its secret: the only time the secret exists in clear (and in the
 * broker's queue, encrypted, until the broker has it, with brokerAccounts).
 */
export async function registerDevice(db: Db, input: RegisterDeviceInput, options: DeviceChangeOptions = {}): Promise<{ device: DeviceView; secret: string }> {
  await requireProperty(db, input.propertyId);
  const secret = generateDeviceSecret();
  const secretHash = await hashDeviceSecret(secret);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(devices)
      .values({ id: input.deviceId, name: input.name, propertyId: input.propertyId, secretHash })
      .onConflictDoNothing()
      .returning({ id: devices.id, createdAt: devices.createdAt });
    if (inserted.length === 0) throw new DeviceRuleError(DEVICE_MESSAGES.duplicateId, 409);
    if (options.brokerAccounts) await queueBrokerAccountChange(tx, input.deviceId, { action: "sync", password: secret }, options.brokerAccounts.key);
  });
  if (options.brokerAccounts) nudgeBrokerAccounts(db);
  const device = (await listDevices(db)).find((d) => d.id === input.deviceId)!;
  return { device, secret };
}

/** Issues a new secret; the old one stops working at once (on the broker: once it has the change). */
export async function rotateDeviceSecret(db: Db, deviceId: string, options: DeviceChangeOptions = {}): Promise<string> {
  const secret = generateDeviceSecret();
  const secretHash = await hashDeviceSecret(secret);
  await db.transaction(async (tx) => {
    const updated = await tx.update(devices).set({ secretHash }).where(eq(devices.id, deviceId)).returning({ id: devices.id });
    if (updated.length === 0) throw new DeviceRuleError(DEVICE_MESSAGES.notFound, 404);
    if (options.brokerAccounts) await queueBrokerAccountChange(tx, deviceId, { action: "sync", password: secret }, options.brokerAccounts.key);
  });
  if (options.brokerAccounts) nudgeBrokerAccounts(db);
  return secret;
}

/** Assigns the device to a property, or unassigns it with null. Links of the old property stop working. */
export async function assignDeviceProperty(db: Db, deviceId: string, propertyId: string | null): Promise<void> {
  await requireProperty(db, propertyId);
  // A move starts the device's readings over for its new property (issue 27); saving the same
  // property again keeps the time it was assigned.
  const updated = await db
    .update(devices)
    .set({ propertyId, assignedAt: sql`case when ${devices.propertyId} is not distinct from ${propertyId}::uuid then ${devices.assignedAt} else now() end` })
    .where(eq(devices.id, deviceId))
    .returning({ id: devices.id });
  if (updated.length === 0) throw new DeviceRuleError(DEVICE_MESSAGES.notFound, 404);
}

/** Deletes the device. Its command log stays: the history of who opened what is kept. */
export async function deleteDevice(db: Db, deviceId: string, options: DeviceChangeOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(devices).where(eq(devices.id, deviceId)).returning({ id: devices.id });
    if (deleted.length === 0) throw new DeviceRuleError(DEVICE_MESSAGES.notFound, 404);
    if (options.brokerAccounts) await queueBrokerAccountChange(tx, deviceId, { action: "delete" }, options.brokerAccounts.key);
  });
  if (options.brokerAccounts) nudgeBrokerAccounts(db);
}

/** True when `secret` is the device's current secret (for device-side authentication). */
export async function checkDeviceSecret(db: Db, deviceId: string, secret: string): Promise<boolean> {
  const rows = await db.select({ secretHash: devices.secretHash }).from(devices).where(eq(devices.id, deviceId));
  if (!rows[0]) return false;
  return verifyDeviceSecret(secret, rows[0].secretHash);
}

// ---------------------------------------------------------------- command log

export type DoorCommandResult = "ok" | "rejected" | "failed" | "rate_limited" | "pending";

export type DeviceCommandView = {
  id: number;
  deviceId: string;
  deviceName: string | null;
  reservationId: string | null;
  propertyName: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  command: string;
  result: string;
  error: string | null;
  requestedAt: Date;
};

export async function listDeviceCommands(db: Db, limit = 100): Promise<DeviceCommandView[]> {
  return db
    .select({
      id: deviceCommands.id,
      deviceId: deviceCommands.deviceId,
      deviceName: devices.name,
      reservationId: deviceCommands.reservationId,
      propertyName: reservations.propertyName,
      checkInDate: reservations.checkInDate,
      checkOutDate: reservations.checkOutDate,
      command: deviceCommands.command,
      result: deviceCommands.result,
      error: deviceCommands.error,
      requestedAt: deviceCommands.requestedAt,
    })
    .from(deviceCommands)
    .leftJoin(devices, eq(devices.id, deviceCommands.deviceId))
    .leftJoin(reservations, eq(reservations.id, deviceCommands.reservationId))
    .orderBy(desc(deviceCommands.requestedAt), desc(deviceCommands.id))
    .limit(limit);
}

// ---------------------------------------------------------------- access tokens

// One secret per installation, shared by every instance through the database, like the
// session secret. Cached per database handle: it never changes once created.
const tokenSecrets = new WeakMap<Db, Promise<string>>();

async function doorTokenSecret(db: Db): Promise<string> {
  let secret = tokenSecrets.get(db);
  if (!secret) {
    secret = getOrCreateSetting(db, "door_token_secret", () => randomBytes(32).toString("base64url"));
    tokenSecrets.set(db, secret);
    secret.catch(() => tokenSecrets.delete(db));
  }
  return secret;
}

export type DoorAccessTokenInput = {
  reservationId: string;
  deviceId: string;
  /** A Date, or a yyyy-MM-dd check-in day (valid from its 00:00, Europe/Madrid). */
  validFrom: Date | string;
  /** A Date (exclusive), or a yyyy-MM-dd check-out day (valid until its 23:59, Europe/Madrid). */
  validUntil: Date | string;
};

export async function createDoorAccessToken(db: Db, input: DoorAccessTokenInput): Promise<string> {
  const claims: DoorTokenClaims = {
    reservationId: input.reservationId,
    deviceId: input.deviceId,
    validFrom: windowBound(input.validFrom, "from"),
    validUntil: windowBound(input.validUntil, "until"),
  };
  return signDoorToken(await doorTokenSecret(db), claims);
}

/** Checks the signature and shape only; openDoor adds the window and the database checks. */
export async function verifyDoorAccessToken(db: Db, token: string): Promise<DoorTokenCheck> {
  return verifyDoorToken(await doorTokenSecret(db), token);
}

/**
 * reservationId → door link path (/apertura-puerta?t=…&d=…) for each reservation whose property
 * has a device. With several devices on one property, the first registered one is used.
 */
export async function getDoorLinksForReservations(db: Db, reservationIds: readonly string[]): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const ids = [...new Set(reservationIds)];
  if (ids.length === 0) return links;
  const rows = await db
    .select({
      reservationId: reservations.id,
      checkInDate: reservations.checkInDate,
      checkOutDate: reservations.checkOutDate,
      deviceId: devices.id,
    })
    .from(reservations)
    .innerJoin(devices, and(isNotNull(devices.propertyId), eq(devices.propertyId, reservations.propertyId)))
    .where(inArray(reservations.id, ids))
    .orderBy(asc(devices.createdAt), asc(devices.id));
  const secret = await doorTokenSecret(db);
  for (const row of rows) {
    if (links.has(row.reservationId)) continue;
    let token: string;
    try {
      const window = stayAccessWindow(row.checkInDate, row.checkOutDate);
      token = signDoorToken(secret, { reservationId: row.reservationId, deviceId: row.deviceId, ...window });
    } catch {
      // A reservation whose dates make no window (check-out before check-in) gets no link,
      // rather than breaking the whole reservations table.
      continue;
    }
    links.set(row.reservationId, doorLinkPath(token, row.deviceId));
  }
  return links;
}

// ---------------------------------------------------------------- opening the door

export type OpenDoorDeps = {
  db: Db;
  gateway: DoorGateway;
  logger?: { info(details: Record<string, unknown>, message: string): void; warn(details: Record<string, unknown>, message: string): void };
  now?: () => Date;
};

export type OpenDoorInput = {
  deviceId: unknown;
  command: unknown;
  token: unknown;
  clientIp: string;
  /** The request body could not be read as a JSON object: refused, but still counted and logged. */
  unreadableBody?: boolean;
};

export type OpenDoorResult =
  { ok: true } | { ok: false; status: 400 | 401 | 403 | 404 | 429 | 500 | 502; error: string; retryAfterSeconds?: number };

const clip = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

/**
 * Opens a door for the holder of a valid link. Every attempt is recorded in device_commands
 * (device, reservation, time, result, error), refusals included; an accepted command is
 * recorded before it is sent, so no door opens without a trace.
 */
export async function openDoor(deps: OpenDoorDeps, input: OpenDoorInput): Promise<OpenDoorResult> {
  const { db, gateway, logger } = deps;
  const now = deps.now?.() ?? new Date();
  const deviceForLog = clip(input.deviceId, 64);
  const commandForLog = clip(input.command, 32);

  const record = async (result: DoorCommandResult, reservationId: string | null, error: string | null) => {
    const rows = await db
      .insert(deviceCommands)
      .values({ deviceId: deviceForLog, reservationId, command: commandForLog, result, error, requestedAt: now })
      .returning({ id: deviceCommands.id });
    return rows[0]!.id;
  };
  const refuse = async (status: 400 | 401 | 403 | 404, error: string, reservationId: string | null = null): Promise<OpenDoorResult> => {
    await record("rejected", reservationId, error);
    logger?.info({ deviceId: deviceForLog, reservationId, clientIp: input.clientIp, error }, "door command refused");
    return { ok: false, status, error };
  };

  const limit = await consumeRateLimit(db, RATE_LIMITS.door, input.clientIp);
  if (!limit.allowed) {
    await record("rate_limited", null, DOOR_MESSAGES.rateLimited);
    return { ok: false, status: 429, error: DOOR_MESSAGES.rateLimited, retryAfterSeconds: limit.retryAfterSeconds };
  }

  if (input.unreadableBody) return refuse(400, DOOR_MESSAGES.invalidRequest);

  const parsed = doorCommandRequestSchema.safeParse({ device_id: input.deviceId, command: input.command, token: input.token });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const error = issue?.message ?? DOOR_MESSAGES.invalidRequest;
    return refuse(issue?.path[0] === "token" ? 401 : 400, error);
  }
  const { device_id: deviceId, command, token } = parsed.data;

  const verified = await verifyDoorAccessToken(db, token);
  if (!verified.ok) return refuse(401, DOOR_MESSAGES.invalidToken);
  const { claims } = verified;
  if (claims.deviceId !== deviceId) return refuse(403, DOOR_MESSAGES.wrongDevice, claims.reservationId);

  const tokenWindow = checkAccessWindow(claims, now);
  if (!tokenWindow.ok) {
    const error = tokenWindow.reason === "expired" ? expiredMessage(tokenWindow.lastDay) : notYetValidMessage(tokenWindow.firstDay);
    return refuse(403, error, claims.reservationId);
  }

  // The link is only as good as the reservation and the device assignment are now: a deleted
  // reservation, changed dates or a device moved to another property revoke it.
  const [reservation] = await db
    .select({
      propertyId: reservations.propertyId,
      reference: reservations.reference,
      checkInDate: reservations.checkInDate,
      checkOutDate: reservations.checkOutDate,
      cancelledAt: reservations.cancelledAt,
    })
    .from(reservations)
    .where(eq(reservations.id, claims.reservationId));
  // A cancelled reservation revokes its link as a deleted one does.
  if (!reservation || reservation.cancelledAt) return refuse(403, DOOR_MESSAGES.reservationGone, claims.reservationId);
  const stayWindow = checkAccessWindow(stayAccessWindow(reservation.checkInDate, reservation.checkOutDate), now);
  if (!stayWindow.ok) {
    const error = stayWindow.reason === "expired" ? expiredMessage(stayWindow.lastDay) : notYetValidMessage(stayWindow.firstDay);
    return refuse(403, error, claims.reservationId);
  }
  const [device] = await db.select({ propertyId: devices.propertyId }).from(devices).where(eq(devices.id, deviceId));
  if (!device) return refuse(404, DOOR_MESSAGES.deviceGone, claims.reservationId);
  if (device.propertyId !== reservation.propertyId) return refuse(403, DOOR_MESSAGES.deviceGone, claims.reservationId);

  const logId = await record("pending", claims.reservationId, null);
  // A guest (or whoever holds the link of a valid reservation) is not an intruder: the visit
  // pauses the vigilance (ADR 0021). Recorded before the command, so no reading of the opening
  // can be scored before it exists; dropped if the door did not open.
  const visitId = await recordVisit(db, {
    propertyId: reservation.propertyId,
    deviceId,
    kind: "guest_link",
    reservationId: claims.reservationId,
    label: reservation.reference,
    deviceCommandId: logId,
    startedAt: now,
  });
  const outcome = await sendDoorCommand(gateway, deviceId, command, logger);
  await db
    .update(deviceCommands)
    .set(outcome.ok ? { result: "ok", error: null } : { result: "failed", error: outcome.error })
    .where(eq(deviceCommands.id, logId));
  if (!outcome.ok) await cancelVisit(db, visitId);
  logger?.info(
    { deviceId, reservationId: claims.reservationId, clientIp: input.clientIp, gateway: gateway.kind, ok: outcome.ok },
    outcome.ok ? "door opened" : "door command failed",
  );
  return outcome.ok ? { ok: true } : { ok: false, status: 502, error: outcome.error };
}

async function sendDoorCommand(gateway: DoorGateway, deviceId: string, command: "abrir", logger: OpenDoorDeps["logger"]): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    return await gateway.send(deviceId, command);
  } catch (error) {
    logger?.warn({ err: error, deviceId }, "door gateway threw");
    return { ok: false, error: DOOR_MESSAGES.internal };
  }
}

export type StaffDoorResult = { ok: true } | { ok: false; status: 404 | 409 | 502; error: string };

/**
 * Staff open a property's door from Vigilancia (a cleaner, a repair): recorded in the command
 * log like a guest's opening, and as a visit that pauses the vigilance while it lasts.
 */
export async function openDoorByStaff(
  deps: Pick<OpenDoorDeps, "db" | "gateway" | "logger" | "now">,
  input: { deviceId: string; user: { id: string; name: string } },
): Promise<StaffDoorResult> {
  const { db, gateway, logger } = deps;
  const now = deps.now?.() ?? new Date();
  const [device] = await db.select({ propertyId: devices.propertyId }).from(devices).where(eq(devices.id, input.deviceId));
  if (!device) return { ok: false, status: 404, error: DOOR_MESSAGES.deviceGone };
  if (!device.propertyId) return { ok: false, status: 409, error: "Este dispositivo no está asignado a ninguna vivienda." };
  const [log] = await db
    .insert(deviceCommands)
    .values({ deviceId: input.deviceId, reservationId: null, command: "abrir", result: "pending", error: null, requestedAt: now })
    .returning({ id: deviceCommands.id });
  const visitId = await recordVisit(db, {
    propertyId: device.propertyId,
    deviceId: input.deviceId,
    kind: "staff",
    userId: input.user.id,
    label: input.user.name,
    deviceCommandId: log!.id,
    startedAt: now,
  });
  const outcome = await sendDoorCommand(gateway, input.deviceId, "abrir", logger);
  await db
    .update(deviceCommands)
    .set(outcome.ok ? { result: "ok", error: null } : { result: "failed", error: outcome.error })
    .where(eq(deviceCommands.id, log!.id));
  logger?.info({ deviceId: input.deviceId, userId: input.user.id, gateway: gateway.kind, ok: outcome.ok }, outcome.ok ? "door opened by staff" : "staff door command failed");
  if (!outcome.ok) {
    await cancelVisit(db, visitId);
    return { ok: false, status: 502, error: outcome.error };
  }
  return { ok: true };
}
