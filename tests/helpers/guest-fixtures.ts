import type { guests } from "#app/db/schema.ts";
import { emptyGuestFormValues, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";

// One valid adult guest for the tests that need "a guest the rules accept" and do not care who:
// a Spanish adult with a DNI, a Madrid address and a typed signature (RD 933/2021: every adult
// signs; typing the name is the simplest valid signature). Tests change what they test with
// overrides, so a new rule is met here once instead of in every file.

/** What the registration form posts for such a guest. */
export function validGuestForm(overrides: Partial<GuestFormValues> = {}): GuestFormValues {
  return {
    ...emptyGuestFormValues(),
    givenName: "Lucía",
    firstSurname: "Ejemplo",
    secondSurname: "Ficticia",
    sex: "M",
    birthDate: "1985-03-20",
    nationality: "ESP",
    documentType: "DNI",
    documentNumber: "12345678Z",
    documentSupport: "ABC123456",
    phone: "+34 600 000 000",
    email: "lucia@example.com",
    addressStreet: "Calle Inventada 1",
    addressCountry: "ESP",
    addressProvince: "28",
    addressMunicipalityCode: "28079",
    addressPostalCode: "28001",
    signatureKind: "typed",
    signatureName: "Lucía Ejemplo Ficticia",
    ...overrides,
  };
}

/** The same guest as a stored row, for tests that seed the database directly. */
export function storedGuestRow(
  reservationId: string,
  overrides: Partial<typeof guests.$inferInsert> = {},
): typeof guests.$inferInsert {
  return {
    reservationId,
    position: 1,
    givenName: "Lucía",
    firstSurname: "Ejemplo",
    secondSurname: "Ficticia",
    fullName: "Lucía Ejemplo Ficticia",
    sex: "M",
    birthDate: "1985-03-20",
    nationality: "ESP",
    documentType: "DNI",
    documentNumber: "12345678Z",
    documentSupport: "ABC123456",
    phone: "+34 600 000 000",
    email: "lucia@example.com",
    addressStreet: "Calle Inventada 1",
    addressCountry: "ESP",
    addressProvince: "28",
    addressMunicipalityCode: "28079",
    addressMunicipality: "Madrid",
    addressPostalCode: "28001",
    signatureKind: "typed",
    signatureTypedName: "Lucía Ejemplo Ficticia",
    signedAt: new Date(),
    ...overrides,
  };
}
