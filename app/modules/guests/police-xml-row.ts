import type { guests } from "#app/db/schema.ts";
import type { PoliceXmlGuest } from "#app/modules/guests/police-xml.ts";

type GuestRow = typeof guests.$inferSelect;

/**
 * A stored guest row as the PV builder reads it: one mapping for the staff XML export, the PV the
 * outbox files and the signed PDF, so the three always say the same.
 */
export function policeXmlGuestFromRow(guest: GuestRow): PoliceXmlGuest {
  return {
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
  };
}

