import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { properties, reservations } from "#app/db/schema.ts";
import { recordGuestDataAccess, selectGuestRows, type GuestDataViewer } from "#app/modules/guests/guests.server.ts";
import {
  buildAltaParteHospedaje,
  canExportPoliceXml,
  PoliceXmlInputError,
  policeXmlFileName,
  type PoliceXmlGuest,
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

// The three refusals of staff-side §5: "not completed" and "no guests" describe the stay's state
// (409 Conflict); a missing establishment code is a property setting to fix first (422).
function refusalStatus(message: string): 409 | 422 {
  return message === "Esta vivienda no tiene código de establecimiento asignado" ? 422 : 409;
}

export async function exportPoliceXml(db: Db, reservationId: string, viewer: GuestDataViewer): Promise<PoliceXmlExportResult> {
  if (!UUID.test(reservationId)) return { ok: false, status: 404, message: POLICE_XML_NOT_FOUND };
  const [row] = await db
    .select({
      reference: reservations.uniqueLink,
      status: reservations.status,
      contractDate: reservations.contractDate,
      checkIn: reservations.checkInDate,
      checkOut: reservations.checkOutDate,
      rooms: reservations.rooms,
      paymentType: reservations.paymentType,
      propertyName: properties.name,
      establishmentCode: properties.establishmentCode,
      internetAvailable: properties.internetAvailable,
      timeZone: properties.timeZone,
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(eq(reservations.id, reservationId));
  if (!row) return { ok: false, status: 404, message: POLICE_XML_NOT_FOUND };

  const rows = await selectGuestRows(db, reservationId);
  const allowed = canExportPoliceXml({
    reservationStatus: row.status,
    registeredGuests: rows.length,
    establishmentCode: row.establishmentCode,
  });
  if (!allowed.ok) return { ok: false, status: refusalStatus(allowed.message), message: allowed.message };

  const guestList: PoliceXmlGuest[] = rows.map((guest) => ({
    givenName: guest.givenName,
    firstSurname: guest.firstSurname,
    secondSurname: guest.secondSurname,
    sex: guest.sex,
    birthDate: guest.birthDate,
    nationality: guest.nationality,
    documentType: guest.documentType,
    documentNumber: guest.documentNumber,
    documentSupport: guest.documentSupport,
    phone: guest.phone,
    email: guest.email,
    addressStreet: guest.addressStreet,
    addressCountry: guest.addressCountry,
    addressMunicipalityCode: guest.addressMunicipalityCode,
    addressMunicipalityName: guest.addressMunicipality,
    addressPostalCode: guest.addressPostalCode,
    kinship: guest.kinship,
  }));

  let xml: string;
  try {
    xml = buildAltaParteHospedaje({
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
      guests: guestList,
    });
  } catch (error) {
    // Stored data the registry would reject (edited by hand, or from an older version): staff
    // get the builder's precise reason instead of a file that fails on upload.
    if (error instanceof PoliceXmlInputError) return { ok: false, status: 422, message: error.message };
    throw error;
  }

  await recordGuestDataAccess(db, { reservationId, viewer, action: "export" });
  return { ok: true, xml, fileName: policeXmlFileName(row.propertyName, row.checkIn), guestCount: rows.length };
}
