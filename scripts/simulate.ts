import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { connect, type MqttClient } from "mqtt";
import { createDevicePublisher, type DevicePublisher } from "#app/modules/telemetry/device-publisher.ts";
import {
  createSimulatedDevice,
  SCENARIO_LABELS,
  SCENARIOS,
  simulatedDeviceReports,
  simulateReading,
  type Scenario,
  type SimulatedDevice,
} from "#app/modules/telemetry/telemetry-simulator.ts";
import type { TelemetryReadingInput } from "#app/modules/telemetry/telemetry.schema.ts";
import { DemoSetupError, setUpDemoFlats } from "#app/modules/telemetry/simulator-demo.ts";
import { todayIsoDate } from "#app/lib/dates.ts";

// npm run simulate -- [options]: NS-01 devices sending realistic readings to a running server,
// over HTTP or MQTT (docs/DEVICE-PROTOCOL.md). Devices come from --device id:secret, from the
// file of an earlier run (.simulate-devices.json, mode 0600), or are registered as demo devices
// through the staff screen with the admin's credentials (--email/--password or ADMIN_EMAIL /
// ADMIN_PASSWORD), each in a demo flat of its scenario (with a stay where it has guests; issue
// 27), so the engine has somewhere to open incidents. See `npm run simulate -- --help`.

const HELP = `Uso: npm run simulate -- [opciones]

  --url URL            Servidor (por defecto http://localhost:3000)
  --devices N          Dispositivos de demostración (por defecto 5, uno por escenario)
  --scenario NOMBRE    ${SCENARIOS.join(" | ")} | mixed (por defecto mixed: cada dispositivo uno)
  --interval S         Segundos entre lecturas de cada dispositivo (= window_s; por defecto 10)
  --send-every S       Segundos entre envíos HTTP (agrupa lecturas; por defecto = interval)
  --history H          Rellena antes las últimas H horas (máx. 167) en lotes de 500
  --duration S         Para tras S segundos (por defecto: hasta Ctrl+C)
  --transport T        http | mqtt (por defecto http)
  --mqtt-url URL       Broker para --transport mqtt (por defecto $MQTT_URL o mqtt://127.0.0.1:1883)
  --offline-s S        Escenario offline: segundos sin conexión en cada ciclo (por defecto 60)
  --event-in S         Antiokupación (cleaner, street-party, night-intrusion, cut-device): el
                       suceso empieza S segundos después de arrancar (por defecto 60; negativo =
                       ya ocurrió, dentro de --history)
  --device ID:SECRETO  Usa un dispositivo ya registrado (repetible)
  --email, --password  Cuenta de administrador para registrar los de demostración y crear
                       sus viviendas (con estancia donde el escenario tiene huéspedes)
  --prefix P           Prefijo de los ids de demostración (por defecto ns01-demo)
`;

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    devices: { type: "string", default: "5" },
    scenario: { type: "string", default: "mixed" },
    interval: { type: "string", default: "10" },
    "send-every": { type: "string" },
    history: { type: "string", default: "0" },
    duration: { type: "string" },
    transport: { type: "string", default: "http" },
    "mqtt-url": { type: "string" },
    "offline-s": { type: "string", default: "60" },
    "event-in": { type: "string", default: "60" },
    device: { type: "string", multiple: true },
    email: { type: "string" },
    password: { type: "string" },
    prefix: { type: "string", default: "ns01-demo" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

const fail = (message: string): never => {
  process.stderr.write(`simulate: ${message}\n`);
  process.exit(1);
};
const num = (name: string, value: string | undefined, min: number, max: number) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} debe estar entre ${min} y ${max}`);
  return n;
};

const baseUrl = values.url.replace(/\/$/, "");
const count = num("devices", values.devices, 1, 10_000);
const interval = num("interval", values.interval, 0.01, 3600);
const sendEvery = values["send-every"] ? num("send-every", values["send-every"], 0.01, 3600) : Math.max(interval, 0.05);
const historyHours = num("history", values.history, 0, 167);
const durationS = values.duration ? num("duration", values.duration, 1, 10_000_000) : Infinity;
const offlineS = num("offline-s", values["offline-s"], 1, 86_400);
const eventInS = num("event-in", values["event-in"], -604_800, 604_800);
const transport = values.transport === "mqtt" ? "mqtt" : values.transport === "http" ? "http" : fail("--transport: http o mqtt");
if (values.scenario !== "mixed" && !(SCENARIOS as readonly string[]).includes(values.scenario)) fail(`--scenario: ${SCENARIOS.join(", ")} o mixed`);
const windowS = Math.max(1, Math.min(3600, Math.round(interval)));

type Known = { id: string; secret: string };
const STORE = path.resolve(".simulate-devices.json");
// Per server: its demo devices under the URL, and the check-out of the demo stays it created
// (flat id → date) under "<URL> estancias".
type Store = Record<string, Known[] | Record<string, string>>;
const STAYS_KEY = `${baseUrl} estancias`;

function loadStore(): Store {
  try {
    return JSON.parse(fs.readFileSync(STORE, "utf8")) as Store;
  } catch {
    return {};
  }
}

function saveStore(store: Store) {
  // Device secrets: readable by this user only.
  fs.writeFileSync(STORE, JSON.stringify(store, null, 2), { mode: 0o600 });
  fs.chmodSync(STORE, 0o600);
}

async function signIn(): Promise<string> {
  const email = values.email ?? process.env.ADMIN_EMAIL;
  const password = values.password ?? process.env.ADMIN_PASSWORD;
  if (!email || !password) {
    fail("para registrar dispositivos de demostración hace falta la cuenta de administrador: --email y --password (o ADMIN_EMAIL / ADMIN_PASSWORD; npm start imprime una la primera vez)");
  }
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) fail(`no se pudo iniciar sesión (${response.status}): ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Registers a device through Dispositivos; the secret is in the answer once (found by trying it). */
async function registerDemo(cookie: string, id: string, label: string): Promise<Known> {
  const response = await fetch(`${baseUrl}/admin/viajeros/dispositivos`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, Cookie: cookie },
    body: new URLSearchParams({ intent: "register", deviceId: id, name: label.slice(0, 120), propertyId: "" }).toString(),
  });
  const text = await response.text();
  if (response.status !== 201) fail(`no se pudo registrar ${id} (${response.status}); ¿ya existe? Bórralo en Dispositivos o usa otro --prefix`);
  for (const candidate of new Set(text.match(/[A-Za-z0-9_-]{43}/g) ?? [])) {
    // An empty batch: 400 once the secret is right (nothing stored), 401 while it is not.
    const probe = await postReadings({ id, secret: candidate }, []);
    if (probe.status === 400) return { id, secret: candidate };
  }
  return fail(`la respuesta del registro de ${id} no traía el secreto`);
}

function postReadings(device: Known, readings: TelemetryReadingInput[]) {
  return fetch(`${baseUrl}/api/devices/${encodeURIComponent(device.id)}/telemetry`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${device.secret}` },
    body: JSON.stringify({ readings }),
  });
}

async function devicesToUse(): Promise<Known[]> {
  if (values.device?.length) {
    return values.device.map((spec) => {
      const at = spec.indexOf(":");
      if (at < 1) fail("--device: id:secreto");
      return { id: spec.slice(0, at), secret: spec.slice(at + 1) };
    });
  }
  const store = loadStore();
  const known = (store[baseUrl] as Known[] | undefined) ?? [];
  const cookie = await signIn();
  staffCookie = cookie;
  for (let i = known.length; i < count; i++) {
    const id = `${values.prefix}-${String(i + 1).padStart(3, "0")}`;
    known.push(await registerDemo(cookie, id, `Demo ${id}`));
    store[baseUrl] = known;
    saveStore(store);
    process.stdout.write(`registrado ${id}\n`);
  }
  const using = known.slice(0, count);
  // Each in its scenario's demo flat (created once, found by name after), with a stay where the
  // scenario has guests: a device in no flat raises no incident.
  try {
    const setup = await setUpDemoFlats(
      { baseUrl, cookie },
      using.map((k, i) => ({ deviceId: k.id, scenario: scenarioOf(i) })),
      { prefix: values.prefix, today: todayIsoDate(), stayUntil: (store[STAYS_KEY] as Record<string, string> | undefined) ?? {} },
    );
    for (const name of setup.created) process.stdout.write(`vivienda creada: ${name}\n`);
    if (setup.stays.size > 0) {
      store[STAYS_KEY] = { ...((store[STAYS_KEY] as Record<string, string> | undefined) ?? {}), ...Object.fromEntries(setup.stays) };
      saveStore(store);
      process.stdout.write(`${setup.stays.size} estancias de demostración creadas\n`);
    }
  } catch (error) {
    if (error instanceof DemoSetupError) fail(error.message);
    throw error;
  }
  return using;
}

/** The admin's session, kept to open the cleaner's door as staff would (demo devices only). */
let staffCookie: string | null = null;

/**
 * The cleaner scenario's visit: staff open the flat's door from Vigilancia when she arrives, so
 * her presence is a visit and not an intrusion (ADR 0021). Without it the demo raised a false
 * «Posible ocupación».
 */
async function openDoorAsStaff(deviceId: string): Promise<void> {
  if (!staffCookie) return;
  const response = await fetch(`${baseUrl}/api/admin/vigilance/door`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl, Cookie: staffCookie },
    body: JSON.stringify({ device_id: deviceId }),
  }).catch(() => null);
  process.stdout.write(`${deviceId}: puerta abierta por el personal para la limpieza (${response?.status ?? "sin respuesta"})\n`);
}

type Running = { known: Known; sim: SimulatedDevice; next: number; pending: TelemetryReadingInput[]; offlineUntil: number; cycleAt: number; doorOpened: boolean };

let sent = 0;
let accepted = 0;
let duplicates = 0;
let failures = 0;

async function sendHttp(run: Running, readings: TelemetryReadingInput[]): Promise<boolean> {
  for (let i = 0; i < readings.length; i += 500) {
    const slice = readings.slice(i, i + 500);
    try {
      const response = await postReadings(run.known, slice);
      if (response.status === 429) {
        await new Promise((r) => setTimeout(r, Number(response.headers.get("retry-after") ?? 1) * 1000));
        i -= 500;
        continue;
      }
      if (!response.ok) {
        failures++;
        process.stderr.write(`${run.known.id}: ${response.status} ${await response.text()}\n`);
        return response.status === 400; // an invalid batch is dropped, anything else retried
      }
      const body = (await response.json()) as { accepted: number; duplicates: number };
      sent += slice.length;
      accepted += body.accepted;
      duplicates += body.duplicates;
    } catch {
      failures++;
      return false;
    }
  }
  return true;
}

const scenarioOf = (i: number): Scenario => (values.scenario === "mixed" ? SCENARIOS[i % SCENARIOS.length] : (values.scenario as Scenario));

async function main() {
  const known = await devicesToUse();
  const runs: Running[] = known.map((k, i) => ({
    known: k,
    sim: createSimulatedDevice(scenarioOf(i), 1000 + i, { eventAt: Date.now() + eventInS * 1000 }),
    next: 0,
    pending: [],
    offlineUntil: 0,
    cycleAt: Date.now() + offlineS * 1000,
    // A cleaner already in the history (negative --event-in) was let in before this run.
    doorOpened: eventInS < 0,
  }));
  for (const [i, run] of runs.entries()) process.stdout.write(`${run.known.id}: ${SCENARIO_LABELS[scenarioOf(i)]}\n`);

  let mqttClient: MqttClient | null = null;
  let devicePublisher: DevicePublisher | null = null;
  if (transport === "mqtt") {
    mqttClient = connect(values["mqtt-url"] ?? process.env.MQTT_URL ?? "mqtt://127.0.0.1:1883", {
      clientId: `ns01-simulator-${process.pid}`,
      protocolVersion: 5,
    });
    await new Promise<void>((resolve, reject) => {
      mqttClient!.once("connect", () => resolve());
      mqttClient!.once("error", reject);
    });
    devicePublisher = createDevicePublisher(mqttClient);
  }
  /** Sends readings; returns those to keep for the next round (a device's outbox). */
  const publish = async (run: Running, readings: TelemetryReadingInput[]): Promise<TelemetryReadingInput[]> => {
    if (!devicePublisher) return (await sendHttp(run, readings)) ? [] : readings;
    // One reading per message, QoS 1. A PUBACK saying "no matching subscribers" (the moment after
    // a broker restart, before the server subscribes again) means nobody took it: keep it.
    const outcomes = await Promise.all(
      readings.map((r) => devicePublisher!.publish(`nidosmart/devices/${run.known.id}/telemetry`, JSON.stringify(r)).catch(() => "failed" as const)),
    );
    const kept = readings.filter((_, i) => outcomes[i] !== "taken");
    sent += readings.length - kept.length;
    if (kept.length > 0) failures++;
    return kept;
  };

  // History first: the last H hours, oldest first, in batches of 500 per device.
  const now = Date.now();
  for (const run of runs) {
    const start = now - historyHours * 3_600_000;
    const readings: TelemetryReadingInput[] = [];
    for (let t = start + windowS * 1000; t <= now; t += interval * 1000) {
      const reading = simulateReading(run.sim, new Date(t), windowS);
      if (simulatedDeviceReports(run.sim, new Date(t))) readings.push(reading);
    }
    if (readings.length > 0) {
      run.pending = await publish(run, readings);
      process.stdout.write(`${run.known.id}: ${readings.length - run.pending.length} lecturas de historia enviadas\n`);
    }
    run.next = now + interval * 1000;
  }

  const started = Date.now();
  let stopping = false;
  process.on("SIGINT", () => (stopping = true));
  const report = setInterval(() => {
    process.stdout.write(`enviadas ${sent}, aceptadas ${accepted}, duplicadas ${duplicates}, errores ${failures}\n`);
  }, 5_000);
  while (!stopping && Date.now() - started < durationS * 1000) {
    const t = Date.now();
    await Promise.all(
      runs.map(async (run) => {
        if (run.sim.scenario === "cleaner" && !run.doorOpened && t >= run.sim.eventAt) {
          run.doorOpened = true;
          await openDoorAsStaff(run.known.id);
        }
        while (run.next <= t) {
          const reading = simulateReading(run.sim, new Date(run.next), windowS);
          // A cut device stops reporting: nothing is buffered, nothing resent.
          if (simulatedDeviceReports(run.sim, new Date(run.next))) run.pending.push(reading);
          run.next += interval * 1000;
        }
        if (run.sim.scenario === "offline") {
          // Every cycle: offline-s seconds without network, buffering, then the whole backlog at once.
          if (t >= run.cycleAt && run.offlineUntil === 0) {
            run.offlineUntil = t + offlineS * 1000;
            process.stdout.write(`${run.known.id}: sin conexión ${offlineS} s\n`);
          }
          if (run.offlineUntil > t) return;
          if (run.offlineUntil !== 0) {
            process.stdout.write(`${run.known.id}: reconectado, reenvía ${run.pending.length} lecturas\n`);
            run.offlineUntil = 0;
            run.cycleAt = t + 2 * offlineS * 1000;
          }
        }
        if (run.pending.length === 0) return;
        const batch = run.pending;
        run.pending = [];
        // A failed send keeps the readings for the next round, like a device's outbox.
        const kept = await publish(run, batch);
        if (kept.length > 0) run.pending = [...kept, ...run.pending];
      }),
    );
    await new Promise((r) => setTimeout(r, sendEvery * 1000));
  }
  clearInterval(report);
  await mqttClient?.endAsync();
  process.stdout.write(`fin: enviadas ${sent}, aceptadas ${accepted}, duplicadas ${duplicates}, errores ${failures}\n`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
