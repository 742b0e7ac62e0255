import type { Scenario } from "./telemetry-simulator.ts";

// The demo flats of `npm run simulate` (issue 27): without them the quick start ended with five
// devices in no flat, and a device in no flat raises no incident. Set up through the staff
// screens over HTTP, as an operator would (Viviendas, Reservas, Dispositivos), idempotently: a
// flat is found by its name before one is created, a stay is added only when the flat has none
// of the simulator's still running, and assigning a device to the flat it is in keeps the time it
// was assigned (readings count for a flat only from then, ADR 0024).

export type DemoClient = { baseUrl: string; cookie: string };

/** The flat a scenario's device lives in, and its stay (null: an empty flat, armed by Vigilancia). */
export type DemoFlat = { name: string; address: string; stay: { guests: number; holder: string; email: string } | null };

const FLATS: Record<Scenario, DemoFlat> = {
  "quiet-night": { name: "Ático Gran Vía", address: "Gran Vía 12, 28013 Madrid", stay: { guests: 2, holder: "Lucía", email: "lucia@example.com" } },
  party: { name: "Piso Malasaña", address: "Calle del Pez 21, 28004 Madrid", stay: { guests: 4, holder: "Tom", email: "tom@example.com" } },
  family: { name: "Casa Triana", address: "Calle Betis 3, 41010 Sevilla", stay: { guests: 4, holder: "Anna", email: "anna@example.com" } },
  empty: { name: "Estudio Málaga", address: "Calle Larios 5, 29005 Málaga", stay: null },
  offline: { name: "Loft Ruzafa", address: "Calle Sueca 20, 46006 Valencia", stay: { guests: 2, holder: "Pierre", email: "pierre@example.com" } },
  "empty-week": { name: "Piso Chamberí", address: "Calle de Luchana 8, 28010 Madrid", stay: null },
  cleaner: { name: "Piso Lavapiés", address: "Calle del Ave María 10, 28012 Madrid", stay: null },
  "street-party": { name: "Piso La Latina", address: "Calle de Toledo 45, 28005 Madrid", stay: null },
  "night-intrusion": { name: "Piso Retiro", address: "Calle de Ibiza 30, 28009 Madrid", stay: null },
  "cut-device": { name: "Piso Arganzuela", address: "Paseo de las Delicias 60, 28045 Madrid", stay: null },
};

/** The demo flat of a scenario, named after the simulator's prefix so two demos never share one. */
export function demoFlat(scenario: Scenario, prefix: string): DemoFlat {
  const flat = FLATS[scenario];
  return { ...flat, name: `${flat.name} (${prefix})` };
}

/** Stays of the demo: from yesterday (last night's 23:00 is in it) for a week. */
export const DEMO_STAY_DAYS = { from: -1, to: 6 } as const;

export class DemoSetupError extends Error {}

async function post(client: DemoClient, path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${client.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: client.baseUrl, Cookie: client.cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The screen's own message in a refused form post (its action data, inside the page), if found. */
async function reason(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  const found = text.match(/\\?"error\\?",\\?"((?:[^"\\]|\\[^"])*)\\?"/);
  return found ? `: ${found[1]}` : "";
}

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** The flats the staff see in Monitorización → Reglas e informes: name → id. */
async function listFlats(client: DemoClient): Promise<Map<string, string>> {
  const response = await fetch(`${client.baseUrl}/admin/monitorizacion/viviendas`, { headers: { Cookie: client.cookie }, redirect: "manual" });
  if (response.status !== 200) throw new DemoSetupError(`no se pudo leer la lista de viviendas (${response.status})`);
  const html = await response.text();
  const flats = new Map<string, string>();
  for (const match of html.matchAll(/<tr[^>]*data-property-id="([0-9a-f-]{36})"[^>]*>([\s\S]*?)<\/tr>/g)) {
    const link = match[2]!.match(/<a[^>]*href="\/admin\/monitorizacion\/viviendas\/[0-9a-f-]{36}"[^>]*>([\s\S]*?)<\/a>/);
    if (link) flats.set(decode(link[1]!).trim(), match[1]!);
  }
  return flats;
}

/** yyyy-MM-dd `days` from a date. */
function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

export type DemoPlacement = { deviceId: string; scenario: Scenario };
export type DemoSetup = { propertyIds: Map<string, string>; created: string[]; stays: Map<string, string> };

/**
 * Makes sure each device is in its scenario's demo flat, with a stay where the scenario has
 * guests. `stayUntil` (flat id → check-out date) is what earlier runs stored: a flat whose stay
 * still runs gets no other. Returns the flat of each device and the check-out of each new stay.
 */
export async function setUpDemoFlats(
  client: DemoClient,
  placements: readonly DemoPlacement[],
  options: { prefix: string; today: string; stayUntil?: Record<string, string> },
): Promise<DemoSetup> {
  const wanted = new Map<string, DemoFlat>();
  for (const p of placements) wanted.set(p.scenario, demoFlat(p.scenario, options.prefix));
  let flats = await listFlats(client);
  const created: string[] = [];
  for (const flat of wanted.values()) {
    if (flats.has(flat.name)) continue;
    const response = await post(client, "/admin/viajeros/viviendas", { intent: "create", name: flat.name, address: flat.address, establishmentCode: "0000000001", timeZone: "Europe/Madrid" });
    if (response.status !== 201) throw new DemoSetupError(`no se pudo crear la vivienda ${flat.name} (${response.status}${await reason(response)})`);
    created.push(flat.name);
  }
  if (created.length > 0) flats = await listFlats(client);

  const stays = new Map<string, string>();
  for (const flat of wanted.values()) {
    const propertyId = flats.get(flat.name);
    if (!propertyId) throw new DemoSetupError(`la vivienda ${flat.name} no aparece en la lista`);
    if (!flat.stay) continue;
    const until = options.stayUntil?.[propertyId];
    if (until && until > options.today) continue;
    const checkOutDate = addDays(options.today, DEMO_STAY_DAYS.to);
    const response = await post(client, "/admin/viajeros?index", {
      intent: "create",
      propertyId,
      guestCount: String(flat.stay.guests),
      checkInDate: addDays(options.today, DEMO_STAY_DAYS.from),
      checkOutDate,
      holderGivenName: flat.stay.holder,
      holderFirstSurname: "Demo",
      holderEmail: flat.stay.email,
    });
    if (response.status !== 201) throw new DemoSetupError(`no se pudo crear la estancia de ${flat.name} (${response.status}${await reason(response)})`);
    stays.set(propertyId, checkOutDate);
  }

  const propertyIds = new Map<string, string>();
  for (const p of placements) {
    const propertyId = flats.get(demoFlat(p.scenario, options.prefix).name)!;
    propertyIds.set(p.deviceId, propertyId);
    const response = await post(client, "/admin/viajeros/dispositivos", { intent: "assign", deviceId: p.deviceId, propertyId });
    if (response.status >= 300) throw new DemoSetupError(`no se pudo asignar ${p.deviceId} a su vivienda (${response.status}${await reason(response)})`);
  }
  return { propertyIds, created, stays };
}
