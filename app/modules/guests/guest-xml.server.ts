import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { properties, reservations } from "#app/db/schema.ts";
import { recordGuestDataAccess, selectGuestRows, type GuestDataViewer } from "#app/modules/guests/guests.server.ts";
import { policeXmlGuestFromRow } from "#app/modules/guests/police-xml-row.ts";
import {
  buildAltaParteHospedaje,
  canExportPoliceXml,
  PoliceXmlInputError,
  policeXmlFileName,
  type PropertyTimeZone,
} from "#app/modules/guests/police-xml.ts";

// The police-registry export of one reservation: load, check with the shared rules, build with
// the shared builder, and log who took the file. The HTTP endpoint (server/routes/travellers.ts)
// only maps the result to a response.

export type PoliceXmlExportResult =
  | { ok: true; xml: string; fileName: string; guestCount: number }
  | { ok: false; status: 404 | 409 | 422; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const POLICE_XML_NOT_FOUND = "La reserva ya no existe";
export const POLICE_XML_CANCELLED = "La reserva está cancelada: ya no se comunica al Ministerio";

// The three refusals of staff-side §5: "not completed" and "no guests" describe the stay's state
// (409 Conflict); a missing establishment code is a property setting to fix first (422).
function refusalStatus(message: string): 409 | 422 {
  return message === "Esta vivienda no tiene código de establecimiento asignado" ? 422 : 409;
}

/** What the PV of one reservation is built from, with the PV itself (shared by XML and PDF). */
export type PreparedPoliceRegister = {
  xml: string;
  reservation: {
    checkIn: string;
    completedAt: Date | null;
    propertyName: string;
    propertyAddress: string;
  };
  guests: Awaited<ReturnType<typeof selectGuestRows>>;
};

/**
 * Loads a reservation and its guests, applies the export rules (staff-side §5, and no filing for
 * a cancelled reservation) and builds the PV with the shared builder. The XML export and the
 * signed register both go through here, so they refuse the same cases and print the same data.
 */
export async function preparePoliceRegister(
  db: Db,
  reservationId: string,
): Promise<{ ok: true; register: PreparedPoliceRegister } | { ok: false; status: 404 | 409 | 422; message: string }> {
  if (!UUID.test(reservationId)) return { ok: false, status: 404, message: POLICE_XML_NOT_FOUND };
  const [row] = await db
    .select({
      // The public reference, not the guest link (ADR 0012): it is filed and printed.
      reference: reservations.reference,
      status: reservations.status,
      cancelledAt: reservations.cancelledAt,
      completedAt: reservations.completedAt,
      contractDate: reservations.contractDate,
      checkIn: reservations.checkInDate,
      checkOut: reservations.checkOutDate,
      rooms: reservations.rooms,
      paymentType: reservations.paymentType,
      propertyName: properties.name,
      propertyAddress: properties.address,
      establishmentCode: properties.establishmentCode,
      internetAvailable: properties.internetAvailable,
      timeZone: properties.timeZone,
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(eq(reservations.id, reservationId));
  if (!row) return { ok: false, status: 404, message: POLICE_XML_NOT_FOUND };
  // Cancelled reservations are excluded from what is filed (issue 10).
  if (row.cancelledAt) return { ok: false, status: 409, message: POLICE_XML_CANCELLED };

  const rows = await selectGuestRows(db, reservationId);
  const allowed = canExportPoliceXml({
    reservationStatus: row.status,
    registeredGuests: rows.length,
    establishmentCode: row.establishmentCode,
  });
  if (!allowed.ok) return { ok: false, status: refusalStatus(allowed.message), message: allowed.message };

  try {
    const xml = buildAltaParteHospedaje({
      property: {
        name: row.propertyName,
        establishmentCode: row.establishmentCode,
        internetAvailable: row.internetAvailable,
        timeZone: row.timeZone as PropertyTimeZone,
      },
      reservation: {
        reference: row.reference,
        contractDate: row.contractDate,
        checkIn: row.checkIn,
        checkOut: row.checkOut,
        rooms: row.rooms,
        paymentType: row.paymentType,
      },
      guests: rows.map(policeXmlGuestFromRow),
    });
    return {
      ok: true,
      register: {
        xml,
        reservation: { checkIn: row.checkIn, completedAt: row.completedAt, propertyName: row.propertyName, propertyAddress: row.propertyAddress },
        guests: rows,
      },
    };
  } catch (error) {
    // Stored data the registry would reject (edited by hand, or from an older version): staff
    // get the builder's precise reason instead of a file that fails on upload.
    if (error instanceof PoliceXmlInputError) return { ok: false, status: 422, message: error.message };
    throw error;
  }
}

export async function exportPoliceXml(db: Db, reservationId: string, viewer: GuestDataViewer): Promise<PoliceXmlExportResult> {
  const prepared = await preparePoliceRegister(db, reservationId);
  if (!prepared.ok) return prepared;
  const { xml, reservation, guests } = prepared.register;
  await recordGuestDataAccess(db, { reservationId, viewer, action: "export" });
  return { ok: true, xml, fileName: policeXmlFileName(reservation.propertyName, reservation.checkIn), guestCount: guests.length };
}
