import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import type { Db } from "#app/db/client.server.ts";
import { guests, leads, reservations } from "#app/db/schema.ts";
import { todayIsoDate } from "#app/lib/dates.ts";
import { emptyGuestFormValues, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { createProperty } from "#app/modules/properties/properties.server.ts";
import { validatePropertyInput } from "#app/modules/properties/properties.schema.ts";
import { createReservation } from "#app/modules/reservations/reservations.server.ts";
import { validateReservationInput } from "#app/modules/reservations/reservations.schema.ts";

// Shared by the fault suites: the two public writes the faults are aimed at (a lead from the
// contact modal, a two-guest registration), as a browser would post them.

let ipCounter = 0;
/** A fresh client IP per request (the servers run with TRUST_PROXY), so rate limits stay out of the way. */
export const nextIp = (): string => {
  ipCounter += 1;
  return `10.${77 + ((ipCounter >> 16) & 63)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export const leadBody = (email: string): string =>
  JSON.stringify({
    form: "modal",
    name: "Lucía Carga",
    email,
    phone: "+34 600 000 000",
    owner_type: "individual",
    message: "Quiero información del NS-01, por favor.",
  });

export function postLead(url: string, email: string, ip = nextIp()): Promise<Response> {
  return fetch(`${url}/api/leads`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, "X-Forwarded-For": ip },
    body: leadBody(email),
  });
}

export function formPost(url: string, pathname: string, body: Record<string, string>, cookie?: string): Promise<Response> {
  return fetch(`${url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: url,
      "X-Forwarded-For": nextIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });
}

/** The registration form of a two-person stay, every input posted as the browser does. */
export function twoGuestsForm(seq: number): Record<string, string> {
  const base: Partial<GuestFormValues> = {
    firstSurname: "Ejemplo",
    secondSurname: "Ficticia",
    birthDate: "1985-03-20",
    nationality: "ESP",
    documentType: "DNI",
    documentNumber: "12345678Z",
    documentSupport: "ABC123456",
    phone: "+34 600 000 000",
    addressStreet: "Calle Inventada 1",
    addressCountry: "ESP",
    addressProvince: "28",
    addressMunicipalityCode: "28079",
    addressPostalCode: "28001",
    signatureKind: "typed",
  };
  const list: Partial<GuestFormValues>[] = [
    { ...base, givenName: `Lucía${seq}`, sex: "M", signatureName: `Lucía${seq} Ejemplo` },
    { ...base, givenName: `Pablo${seq}`, sex: "H", documentNumber: "00000000T", documentSupport: "XYZ987654", signatureName: `Pablo${seq} Ejemplo` },
  ];
  const fields: Record<string, string> = { client: "js" };
  list.forEach((guest, index) => {
    for (const [field, value] of Object.entries({ ...emptyGuestFormValues(), ...guest })) {
      fields[guestInputName(index, field as keyof GuestFormValues)] = value ?? "";
    }
  });
  return fields;
}

export function registerTwoGuests(url: string, link: string, seq: number): Promise<Response> {
  return formPost(url, `/registro-viajeros/${link}?lang=es&personas=2`, twoGuestsForm(seq));
}

export async function signInAs(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, "X-Forwarded-For": nextIp() },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/**
 * What the faults are aimed at needs stays to register: a property and `count` two-guest
 * reservations, stored by the functions the staff forms call ("Nueva vivienda", "Nueva reserva"),
 * after the same validation, straight into the database before the load (the faults are not
 * about the staff forms, and a server start or a request each is only waiting). Their guest links.
 */
export async function seedStays(db: Db, count: number, property: { name: string; address: string; establishmentCode: string }): Promise<string[]> {
  const checkedProperty = validatePropertyInput(property);
  if (!checkedProperty.ok) throw new Error(`property: ${checkedProperty.message}`);
  const { id: propertyId } = await createProperty(db, checkedProperty.data, null);
  const checked = validateReservationInput(
    { holderGivenName: "Lucía", holderFirstSurname: "Ejemplo", holderEmail: "titular@example.com", propertyId, guestCount: "2", checkInDate: "2026-08-01", checkOutDate: "2026-08-05" },
    todayIsoDate(),
  );
  if (!checked.ok) throw new Error(`reservation: ${checked.message}`);
  const links: string[] = [];
  for (let i = 0; i < count; i++) links.push((await createReservation(db, checked.data, null)).uniqueLink);
  return links;
}

/** Reservations as the invariant sees them: a status, the guests it expects and those stored. */
export type ReservationState = { link: string; status: string; expected: number; stored: number };

/** All or nothing: every guest stored and completed, or none stored and still pending. */
export const registrationShape = (r: ReservationState): string => `${r.status}:${r.stored}`;
export const wholeShapes = (r: ReservationState): string[] => [`completed:${r.expected}`, "pending:0"];

/** What the faults may have touched: every lead's e-mail and every reservation's state. */
export async function readWrites(db: Db): Promise<{ leadEmails: Set<string>; reservations: ReservationState[] }> {
  const leadRows = await db.select({ email: leads.email }).from(leads);
  const all = await db.select().from(reservations);
  const guestRows = await db.select({ reservationId: guests.reservationId }).from(guests);
  const guestCount = new Map<string, number>();
  for (const g of guestRows) guestCount.set(g.reservationId, (guestCount.get(g.reservationId) ?? 0) + 1);
  return {
    leadEmails: new Set(leadRows.map((l) => l.email)),
    reservations: all.map((r) => ({ link: r.uniqueLink, status: r.status, expected: r.guestCount, stored: guestCount.get(r.id) ?? 0 })),
  };
}
