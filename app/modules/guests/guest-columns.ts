import { guestFullName, type Guest } from "#app/modules/guests/guests.schema.ts";

/**
 * The identity columns of a guest row from a validated guest (signature columns left alone): one
 * mapping for the registration and the staff correction, so a correction stores exactly what a
 * registration would.
 */
export function guestDataColumns(guest: Guest) {
  return {
    givenName: guest.givenName,
    firstSurname: guest.firstSurname,
    secondSurname: guest.secondSurname,
    fullName: guestFullName(guest).slice(0, 160),
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
    addressProvince: guest.addressProvince,
    addressMunicipalityCode: guest.addressMunicipalityCode,
    // The validated type calls it addressMunicipalityName; the column is address_municipality.
    addressMunicipality: guest.addressMunicipalityName,
    addressPostalCode: guest.addressPostalCode,
    kinship: guest.kinship,
  };
}
