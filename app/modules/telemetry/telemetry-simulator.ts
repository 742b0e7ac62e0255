import type { TelemetryReadingInput } from "./telemetry.schema.ts";

// Realistic NS-01 readings for demos, tests and the bench (`npm run simulate`). Each scenario is
// a function of the Madrid local time of the reading, so a backfilled history shows the party at
// 23:00 where it belongs, and of a seeded random source, so a run is reproducible.

export const SCENARIOS = [
  "quiet-night",
  "party",
  "family",
  "empty",
  "offline",
  // Anti-squatting (issue 21, ADR 0021): a vacant flat, and what may happen in it from `eventAt`.
  "empty-week",
  "cleaner",
  "street-party",
  "night-intrusion",
  "cut-device",
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const SCENARIO_LABELS: Record<Scenario, string> = {
  "quiet-night": "Noche tranquila: dos huéspedes que duermen",
  party: "Fiesta desde las 23:00 hasta las 4:00",
  family: "Familia de cuatro",
  empty: "Piso vacío",
  offline: "Se desconecta y luego reenvía lo pendiente",
  "empty-week": "Vivienda vacía: nevera, calle y luz del día por la persiana",
  cleaner: "Vivienda vacía; entra la limpieza con la puerta abierta por el personal (90 min)",
  "street-party": "Vivienda vacía; fiesta en la calle (2 h de ruido y destellos)",
  "night-intrusion": "Vivienda vacía; de noche se abre la puerta y entra alguien",
  "cut-device": "Vivienda vacía; el dispositivo deja de informar (cable cortado)",
};

/** The anti-squatting scenarios: a vacant flat in which something may happen at `eventAt`. */
export const VACANT_SCENARIOS = ["empty-week", "cleaner", "street-party", "night-intrusion", "cut-device"] as const satisfies readonly Scenario[];
/** How long the cleaner stays. */
export const CLEANER_VISIT_MS = 90 * 60_000;
/** How long the street party lasts. */
export const STREET_PARTY_MS = 2 * 3_600_000;

/** mulberry32: small, fast, seedable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Made once: building a DateTimeFormat costs far more than using one (the bench makes millions).
const MADRID = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Madrid", hour: "numeric", minute: "numeric", hourCycle: "h23" });
const madridHour = (date: Date): number => {
  const parts = MADRID.formatToParts(date);
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0);
  return hour + minute / 60;
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** One device's state between readings (battery drains, temperature drifts). */
export type SimulatedDevice = {
  scenario: Scenario;
  random: () => number;
  battery: number;
  temp: number;
  /** When the scenario's event happens (cleaner, street party, intrusion, cut), ms since epoch. */
  eventAt: number;
  /** Light of the previous reading (a lamp stays on). */
  light: number;
};

export function createSimulatedDevice(scenario: Scenario, seed: number, options: { eventAt?: number } = {}): SimulatedDevice {
  const random = seededRandom(seed);
  return {
    scenario,
    random,
    battery: 60 + Math.floor(random() * 40),
    temp: 20 + random() * 3,
    eventAt: options.eventAt ?? Date.now() + 60_000,
    light: 0,
  };
}

/** False once a cut device has stopped reporting: the sender drops what it would have sent. */
export function simulatedDeviceReports(device: SimulatedDevice, ts: Date): boolean {
  return device.scenario !== "cut-device" || ts.getTime() < device.eventAt;
}

/**
 * A vacant flat (blinds down): a fridge whose compressor hums 15 minutes in 45, the street
 * through the windows (louder by day, a motorbike now and then), daylight through the blinds
 * rising and falling slowly; nobody inside. Then, from `eventAt`, what the scenario brings.
 */
function vacantReading(device: SimulatedDevice, ts: Date, windowS: number): TelemetryReadingInput {
  const { random } = device;
  const t = ts.getTime();
  const h = madridHour(ts);
  const noise = (spread: number) => (random() - 0.5) * 2 * spread;
  const day = h >= 8 && h < 22;
  const fridge = Math.floor(t / 60_000) % 45 < 15;
  let laeq = (day ? 29 : 25) + (fridge ? 4 : 0) + noise(1.5);
  let lmax = laeq + 4 + random() * 6;
  if (random() < (day ? 0.02 : 0.004)) lmax = Math.min(laeq + 22, lmax + 14); // a motorbike in the street
  const daylight = h >= 8 && h < 20 ? Math.sin(((h - 8) / 12) * Math.PI) * 35 : 0;
  let light = Math.max(0, daylight + noise(1) + 0.5);
  let occupancy = 0;
  let motion = false;
  let doorOpen = false;
  const since = t - device.eventAt;
  const atEvent = since >= 0;
  switch (device.scenario) {
    case "cleaner":
      if (atEvent && since < CLEANER_VISIT_MS) {
        // Door at the start and at the end; vacuum and voices; the ceiling light on.
        doorOpen = since < 20_000 || since > CLEANER_VISIT_MS - 20_000;
        occupancy = 1;
        motion = random() < 0.85;
        laeq = since % (20 * 60_000) < 12 * 60_000 ? 62 + noise(4) : 45 + noise(5);
        lmax = laeq + 8 + random() * 10;
        light = 250 + noise(20);
      }
      break;
    case "street-party":
      if (atEvent && since < STREET_PARTY_MS) {
        // Music and shouting outside, heard through closed windows; coloured lights flashing
        // through the blinds. Nobody inside: no door, no presence.
        laeq = 46 + noise(5);
        lmax = laeq + 10 + random() * 16;
        if (random() < 0.05) light = 14 + random() * 10;
      }
      break;
    case "night-intrusion":
      if (atEvent) {
        // The door is forced and left ajar; one person, then two; torch, then the lamp.
        doorOpen = since < 30_000;
        occupancy = since < 10_000 ? 0 : since < 5 * 60_000 ? 1 : 2;
        motion = since >= 0 && random() < 0.9;
        laeq = 44 + noise(6);
        lmax = laeq + 12 + random() * 14;
        light = since < 30_000 ? light : since < 90_000 ? 15 + noise(3) : 180 + noise(10);
      }
      break;
    default:
      break;
  }
  device.light = light;
  laeq = clamp(round1(laeq), 20, 120);
  device.battery = Math.max(5, device.battery - 0.0005 * windowS);
  device.temp = clamp(device.temp + noise(0.02), 14, 30);
  return {
    ts: ts.toISOString(),
    window_s: windowS,
    laeq,
    lmax: clamp(round1(lmax), laeq, 140),
    occupancy,
    motion,
    door_open: doorOpen,
    smoke: false,
    tamper: false,
    siren: false,
    light_lux: round1(light),
    temp_c: Math.round(device.temp * 100) / 100,
    humidity_pct: round1(50 + noise(3)),
    battery_pct: Math.round(device.battery),
    rssi_dbm: -60 - Math.floor(random() * 10),
  };
}

/** The reading a device in `scenario` reports for the window ending at `ts`. */
export function simulateReading(device: SimulatedDevice, ts: Date, windowS: number): TelemetryReadingInput {
  if ((VACANT_SCENARIOS as readonly Scenario[]).includes(device.scenario)) return vacantReading(device, ts, windowS);
  const { random } = device;
  const h = madridHour(ts);
  const night = h >= 23 || h < 7.5;
  const noise = (spread: number) => (random() - 0.5) * 2 * spread;
  let laeq: number;
  let occupancy: number;
  let motion: boolean;
  let doorOpen = false;
  switch (device.scenario) {
    case "party": {
      const partying = h >= 23 || h < 4;
      laeq = partying ? 74 + noise(8) : night ? 33 + noise(3) : 48 + noise(8);
      occupancy = partying ? 12 + Math.floor(random() * 12) : night ? 4 : 2 + Math.floor(random() * 3);
      motion = partying || random() < 0.4;
      doorOpen = partying ? random() < 0.15 : random() < 0.01;
      break;
    }
    case "empty":
      laeq = 26 + noise(2);
      occupancy = 0;
      motion = false;
      break;
    case "family": {
      const away = h >= 9.5 && h < 17;
      laeq = night ? 31 + noise(3) : away ? 30 + noise(3) : 52 + noise(9);
      occupancy = away ? (random() < 0.2 ? 1 : 0) : 4;
      motion = !night && !away ? random() < 0.7 : random() < 0.05;
      doorOpen = !night && random() < 0.02;
      break;
    }
    case "quiet-night":
    case "offline":
    default:
      laeq = night ? 29 + noise(3) : 44 + noise(7);
      occupancy = 2;
      motion = night ? random() < 0.03 : random() < 0.5;
      doorOpen = !night && random() < 0.01;
      break;
  }
  laeq = clamp(round1(laeq), 20, 120);
  device.battery = Math.max(5, device.battery - 0.0005 * windowS);
  device.temp = clamp(device.temp + noise(0.05) + (occupancy > 6 ? 0.002 * windowS : -0.0005 * windowS), 17, 30);
  return {
    ts: ts.toISOString(),
    window_s: windowS,
    laeq,
    lmax: clamp(round1(laeq + 4 + random() * (occupancy > 6 ? 16 : 8)), laeq, 140),
    occupancy,
    motion,
    door_open: doorOpen,
    smoke: false,
    tamper: false,
    siren: false,
    light_lux: night ? round1(random() * 3) : round1(150 + random() * 300),
    temp_c: Math.round(device.temp * 100) / 100,
    humidity_pct: round1(45 + noise(5) + (occupancy > 6 ? 8 : 0)),
    battery_pct: Math.round(device.battery),
    rssi_dbm: -55 - Math.floor(random() * 20),
  };
}
