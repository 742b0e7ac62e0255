import type { TelemetryReadingInput } from "./telemetry.schema.ts";

// Realistic NS-01 readings for demos, tests and the bench (`npm run simulate`). Each scenario is
// a function of the Madrid local time of the reading, so a backfilled history shows the party at
// 23:00 where it belongs, and of a seeded random source, so a run is reproducible.

export const SCENARIOS = ["quiet-night", "party", "family", "empty", "offline"] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const SCENARIO_LABELS: Record<Scenario, string> = {
  "quiet-night": "Noche tranquila: dos huéspedes que duermen",
  party: "Fiesta desde las 23:00 hasta las 4:00",
  family: "Familia de cuatro",
  empty: "Piso vacío",
  offline: "Se desconecta y luego reenvía lo pendiente",
};

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
export type SimulatedDevice = { scenario: Scenario; random: () => number; battery: number; temp: number };

export function createSimulatedDevice(scenario: Scenario, seed: number): SimulatedDevice {
  const random = seededRandom(seed);
  return { scenario, random, battery: 60 + Math.floor(random() * 40), temp: 20 + random() * 3 };
}

/** The reading a device in `scenario` reports for the window ending at `ts`. */
export function simulateReading(device: SimulatedDevice, ts: Date, windowS: number): TelemetryReadingInput {
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
