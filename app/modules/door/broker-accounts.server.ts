import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { and, asc, eq, sql } from "drizzle-orm";
import type * as mqtt from "mqtt";
import type { Logger } from "pino";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { appSettings, brokerAccountChanges, devices } from "#app/db/schema.ts";
import { getOrCreateSetting } from "#app/db/settings.server.ts";
import { decryptSecret, encryptSecret } from "#app/modules/landlords/credentials-key.server.ts";
import { DEFAULT_TOPIC_PREFIX } from "./door-gateway.server.ts";

// The devices' accounts in Mosquitto's dynamic-security plugin, kept by the server itself
// (MQTT_DYNSEC=on, ADR 0025). Each device is an MQTT client whose user name is its id and whose
// password is its secret, with a role of its own that allows exactly its topics: publish its
// telemetry and acks, subscribe to its commands and rejections. Everything else is refused by the
// broker's default ACL access, so no device can read another's messages, join the server's shared
// subscription or publish under another id.
//
// Durable: registering, re-keying and deleting a device write a row of broker_account_changes in
// the same transaction; a worker on every instance applies the rows (one instance at a time,
// under a lease) and removes each once the broker has confirmed it. A broker that cannot be
// reached, or a crash between the commit and the broker, only delays the change. A periodic
// reconciliation also deletes any device account the broker has for a device the database no
// longer knows, and records the devices that have no account (registered before MQTT_DYNSEC).

export const DEVICE_ROLE_PREFIX = "nidosmart-device-";
export const deviceRoleName = (deviceId: string) => `${DEVICE_ROLE_PREFIX}${deviceId}`;
export const DYNSEC_TOPIC = "$CONTROL/dynamic-security/v1";
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;

type Acl = { acltype: string; topic: string; allow: boolean; priority?: number };

/** The one device's topics (DEVICE-PROTOCOL.md); Mosquitto 2.0's dynsec has no %u patterns. */
export function deviceAcls(deviceId: string, prefix = DEFAULT_TOPIC_PREFIX): Acl[] {
  const base = `${prefix}/${deviceId}`;
  return [
    { acltype: "publishClientSend", topic: `${base}/telemetry`, allow: true },
    { acltype: "publishClientSend", topic: `${base}/acks`, allow: true },
    { acltype: "subscribeLiteral", topic: `${base}/commands`, allow: true },
    { acltype: "publishClientReceive", topic: `${base}/commands`, allow: true },
    { acltype: "subscribeLiteral", topic: `${base}/telemetry/rejected`, allow: true },
    { acltype: "publishClientReceive", topic: `${base}/telemetry/rejected`, allow: true },
  ];
}

// ---------------------------------------------------------------- the queue

export type BrokerAccountChange = { action: "sync"; password: string } | { action: "delete" };

/** The authenticated context of a queued password: a ciphertext copied onto another device's row does not decrypt. */
const passwordContext = (deviceId: string) => `broker-account:${deviceId}`;

/**
 * Records what the broker must learn about a device; call it in the transaction that changes the
 * device. The broker needs the new secret in clear and the devices table holds only its hash, so
 * the secret waits here until the broker has it, encrypted with the server's credentials key
 * (AES-256-GCM, the key of the SES passwords; ADR 0025), and is deleted with the row.
 */
export async function queueBrokerAccountChange(db: DbOrTx, deviceId: string, change: BrokerAccountChange, key: Buffer): Promise<void> {
  const password = change.action === "sync" ? encryptSecret(key, change.password, passwordContext(deviceId)) : null;
  await db
    .insert(brokerAccountChanges)
    .values({ deviceId, action: change.action, password })
    .onConflictDoUpdate({
      target: brokerAccountChanges.deviceId,
      set: {
        action: change.action,
        password,
        seq: sql`${brokerAccountChanges.seq} + 1`,
        requestedAt: sql`now()`,
        attempts: 0,
        lastError: null,
      },
    });
}

/** Wakes this process's worker once the transaction that queued a change has committed. */
export function nudgeBrokerAccounts(db: Db): void {
  nudges.get(db)?.();
}

export type PendingBrokerChange = { deviceId: string; action: string; attempts: number; lastError: string | null; requestedAt: Date };

/** What the broker has not confirmed yet (for the Dispositivos screen; never the password). */
export async function listPendingBrokerChanges(db: Db): Promise<PendingBrokerChange[]> {
  return db
    .select({
      deviceId: brokerAccountChanges.deviceId,
      action: brokerAccountChanges.action,
      attempts: brokerAccountChanges.attempts,
      lastError: brokerAccountChanges.lastError,
      requestedAt: brokerAccountChanges.requestedAt,
    })
    .from(brokerAccountChanges)
    .orderBy(asc(brokerAccountChanges.requestedAt));
}

const MISSING_KEY = "mqtt_dynsec_missing";
const LEASE_KEY = "mqtt_dynsec_lease";

/** Devices the last reconciliation found without a broker account (registered before MQTT_DYNSEC=on). */
export async function listDevicesWithoutBrokerAccount(db: Db): Promise<string[]> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, MISSING_KEY));
  if (!row) return [];
  try {
    const ids: unknown = JSON.parse(row.value);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

// Per database, since tests start several servers in one process; on globalThis because the
// React Router build (the Dispositivos route) bundles its own copy of this module.
const NUDGES = Symbol.for("nidosmart.broker-accounts.nudges");
const nudges: Map<Db, () => void> = ((globalThis as Record<symbol, unknown>)[NUDGES] as Map<Db, () => void> | undefined) ?? new Map();
(globalThis as Record<symbol, unknown>)[NUDGES] = nudges;

// ---------------------------------------------------------------- the worker

export type BrokerAccountsOptions = {
  db: Db;
  /** MQTT_URL: its user must have the dynsec control rights (DEVICE-PROTOCOL.md). */
  url: string;
  /** The credentials key the queued passwords are encrypted with (queueBrokerAccountChange). */
  key: Buffer;
  logger?: Logger;
  /** How often pending rows are looked for without a nudge, and the broker compared with the database. */
  pollMs?: number;
  reconcileMs?: number;
};

export type BrokerAccounts = {
  readonly connected: boolean;
  close(): Promise<void>;
};

type DynsecResponse = { command: string; error?: string; data?: Record<string, unknown>; correlationData?: string };

const LEASE_MS = 60_000;
const COMMAND_TIMEOUT_MS = 10_000;

export function startBrokerAccounts(options: BrokerAccountsOptions): BrokerAccounts {
  const { db, logger } = options;
  const pollMs = options.pollMs ?? 5_000;
  const reconcileMs = options.reconcileMs ?? 60_000;
  const me = randomUUID();
  const { connect } = createRequire(import.meta.url)("mqtt") as typeof mqtt;
  let closed = false;
  let ready = false;
  let lastReconcile = 0;

  const waiting = new Map<string, (responses: DynsecResponse[]) => void>();
  const client: mqtt.MqttClient = connect(options.url, {
    clientId: `nidosmart-dynsec-${me.slice(0, 8)}`,
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    resubscribe: false,
  });
  client.on("connect", () => {
    client.subscribe(DYNSEC_RESPONSE_TOPIC, { qos: 1 }, (error) => {
      if (error) {
        logger?.error({ err: error }, "broker accounts: subscribing to the dynsec responses failed (does MQTT_URL's user have the dynsec rights?)");
        return;
      }
      ready = true;
      lastReconcile = 0;
      schedule(0);
    });
  });
  client.on("close", () => {
    ready = false;
  });
  client.on("error", (error) => logger?.warn({ err: error }, "broker accounts: MQTT connection error"));
  client.on("message", (topic, payload) => {
    if (topic !== DYNSEC_RESPONSE_TOPIC) return;
    let responses: DynsecResponse[];
    try {
      responses = (JSON.parse(payload.toString("utf8")) as { responses?: DynsecResponse[] }).responses ?? [];
    } catch {
      return;
    }
    const id = responses[0]?.correlationData;
    const resolve = id ? waiting.get(id) : undefined;
    if (resolve) {
      waiting.delete(id!);
      resolve(responses);
    }
  });

  /** Sends dynsec commands in one message; their answers in order. */
  async function control(commands: Record<string, unknown>[]): Promise<DynsecResponse[]> {
    if (!ready) throw new Error("the broker cannot be reached");
    const id = randomUUID();
    const body = JSON.stringify({ commands: commands.map((c, i) => ({ ...c, correlationData: `${id}:${i}` })) });
    return new Promise<DynsecResponse[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(`${id}:0`);
        reject(new Error("the broker did not answer the dynsec command"));
      }, COMMAND_TIMEOUT_MS);
      waiting.set(`${id}:0`, (responses) => {
        clearTimeout(timer);
        resolve(responses);
      });
      client.publish(DYNSEC_TOPIC, body, { qos: 1 }, (error) => {
        if (!error) return;
        clearTimeout(timer);
        waiting.delete(`${id}:0`);
        reject(error);
      });
    });
  }
  const check = (responses: DynsecResponse[], tolerated: string[] = []) => {
    for (const r of responses) if (r.error && !tolerated.includes(r.error)) throw new Error(`dynsec ${r.command}: ${r.error}`);
  };

  async function syncAccount(deviceId: string, password: string): Promise<void> {
    const rolename = deviceRoleName(deviceId);
    check(
      await control([
        { command: "createRole", rolename, textname: `NidoSmart ${deviceId}` },
        ...deviceAcls(deviceId).map((acl) => ({ command: "addRoleACL", rolename, ...acl })),
      ]),
      ["Role already exists", "ACL with this topic already exists"],
    );
    const [created] = await control([{ command: "createClient", username: deviceId, password, textname: "NidoSmart device", roles: [{ rolename }] }]);
    if (!created?.error) return;
    if (created.error !== "Client already exists") throw new Error(`dynsec createClient: ${created.error}`);
    // Re-keyed: the new password, and the broker disconnects the sessions of the old one.
    const [changed, found] = await control([
      { command: "setClientPassword", username: deviceId, password },
      { command: "getClient", username: deviceId },
    ]);
    check([changed!, found!]);
    // Its role, if the account was made by hand without it (adding a role it has is an error).
    const roles = ((found!.data?.client as { roles?: { rolename?: string }[] } | undefined)?.roles ?? []).map((r) => r.rolename);
    if (!roles.includes(rolename)) check(await control([{ command: "addClientRole", username: deviceId, rolename }]));
  }

  async function deleteAccount(deviceId: string): Promise<void> {
    // Deleting the client disconnects it at once.
    check(
      await control([
        { command: "deleteClient", username: deviceId },
        { command: "deleteRole", rolename: deviceRoleName(deviceId) },
      ]),
      ["Client not found", "Role not found"],
    );
  }

  async function takeLease(): Promise<boolean> {
    await getOrCreateSetting(db, LEASE_KEY, () => "- 0");
    const now = Date.now();
    const taken = await db
      .update(appSettings)
      .set({ value: `${me} ${now + LEASE_MS}` })
      .where(
        and(
          eq(appSettings.key, LEASE_KEY),
          sql`(split_part(${appSettings.value}, ' ', 1) = ${me} or split_part(${appSettings.value}, ' ', 2)::bigint < ${now})`,
        ),
      )
      .returning({ key: appSettings.key });
    return taken.length > 0;
  }
  async function releaseLease(): Promise<void> {
    await db
      .update(appSettings)
      .set({ value: "- 0" })
      .where(and(eq(appSettings.key, LEASE_KEY), sql`split_part(${appSettings.value}, ' ', 1) = ${me}`));
  }

  async function applyChanges(): Promise<void> {
    const rows = await db.select().from(brokerAccountChanges).orderBy(asc(brokerAccountChanges.requestedAt));
    for (const row of rows) {
      if (closed || !ready) return;
      try {
        if (row.action === "sync" && row.password) await syncAccount(row.deviceId, decryptSecret(options.key, row.password, passwordContext(row.deviceId)));
        else await deleteAccount(row.deviceId);
        // Only if nothing changed meanwhile; the password is gone with the row.
        await db.delete(brokerAccountChanges).where(and(eq(brokerAccountChanges.deviceId, row.deviceId), eq(brokerAccountChanges.seq, row.seq)));
        logger?.info({ deviceId: row.deviceId, action: row.action }, "broker account updated");
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger?.warn({ deviceId: row.deviceId, action: row.action, err: error }, "broker account change not applied yet");
        await db
          .update(brokerAccountChanges)
          .set({ attempts: sql`${brokerAccountChanges.attempts} + 1`, lastError: message.slice(0, 300) })
          .where(and(eq(brokerAccountChanges.deviceId, row.deviceId), eq(brokerAccountChanges.seq, row.seq)));
      }
    }
  }

  async function reconcile(): Promise<void> {
    const [roles, clients] = await control([{ command: "listRoles" }, { command: "listClients" }]);
    check([roles!, clients!]);
    const roleNames = ((roles!.data?.roles as unknown[]) ?? []).map((r) => (typeof r === "string" ? r : String((r as { rolename?: unknown }).rolename)));
    const usernames = new Set(((clients!.data?.clients as unknown[]) ?? []).map((c) => (typeof c === "string" ? c : String((c as { username?: unknown }).username))));
    // Read after the broker: a device registered since has a pending row, which is kept.
    const known = new Set((await db.select({ id: devices.id }).from(devices)).map((d) => d.id));
    const pending = new Set((await db.select({ id: brokerAccountChanges.deviceId }).from(brokerAccountChanges)).map((r) => r.id));
    for (const role of roleNames) {
      if (!role.startsWith(DEVICE_ROLE_PREFIX)) continue;
      const deviceId = role.slice(DEVICE_ROLE_PREFIX.length);
      if (known.has(deviceId) || pending.has(deviceId)) continue;
      logger?.warn({ deviceId }, "broker account of a device that no longer exists: deleted");
      await deleteAccount(deviceId);
    }
    const missing = [...known].filter((id) => !usernames.has(id) && !pending.has(id)).sort();
    if (missing.length > 0) logger?.warn({ devices: missing.slice(0, 20), count: missing.length }, "devices without a broker account: regenerate their secret");
    const value = JSON.stringify(missing.slice(0, 1_000));
    await db
      .insert(appSettings)
      .values({ key: MISSING_KEY, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
  }

  // ------------------------------------------------ passes: one at a time, under the lease
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  // Passes in a row that left changes unapplied: retried sooner than the poll, backing off.
  let unsettled = 0;
  function schedule(ms: number) {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pass(), ms);
    timer.unref();
  }
  function pass(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      // Past the first await before anything else: a pass that returns at once would otherwise
      // run its `finally` (running = null) before `running` is assigned, and never be cleared.
      await null;
      let retrySoon = false;
      try {
        if (!ready) return;
        const reconcileDue = Date.now() - lastReconcile >= reconcileMs;
        const [anyPending] = await db.select({ id: brokerAccountChanges.deviceId }).from(brokerAccountChanges).limit(1);
        if (!anyPending && !reconcileDue) return;
        if (!(await takeLease())) {
          // Another instance is at it; try again shortly (its pass ends within seconds).
          retrySoon = anyPending !== undefined;
          return;
        }
        try {
          await applyChanges();
          if (reconcileDue && ready) {
            await reconcile();
            lastReconcile = Date.now();
          }
        } finally {
          await releaseLease();
        }
        const [left] = await db.select({ attempts: brokerAccountChanges.attempts }).from(brokerAccountChanges).limit(1);
        retrySoon = left !== undefined;
      } catch (error) {
        logger?.warn({ err: error }, "broker accounts: pass failed");
        retrySoon = true;
      } finally {
        running = null;
        const rerun = again;
        again = false;
        unsettled = retrySoon ? unsettled + 1 : 0;
        schedule(rerun ? 0 : retrySoon ? Math.min(pollMs, 250 * 2 ** Math.min(unsettled, 8)) : pollMs);
      }
    })();
    return running;
  }
  const nudge = () => schedule(0);
  nudges.set(db, nudge);
  schedule(pollMs);

  return {
    get connected() {
      return ready;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      if (nudges.get(db) === nudge) nudges.delete(db);
      await running?.catch(() => {});
      await client.endAsync(true).catch(() => {});
    },
  };
}
