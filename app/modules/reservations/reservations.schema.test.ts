import { describe, expect, test } from "vitest";
import {
  guestRegistrationPath,
  isReservationCompleted,
  RESERVATION_MESSAGES,
  reservationStatusLabel,
  validateReservationInput,
  validateReservationUpdate,
} from "#app/modules/reservations/reservations.schema.ts";

const TODAY = "2026-06-15";
const valid = {
  propertyId: "3F2504E0-4F89-41D3-9A0C-0305E82C3301",
  guestCount: "2",
  checkInDate: "2026-08-01",
  checkOutDate: "2026-08-05",
  holderGivenName: " Lucía ",
  holderFirstSurname: "Ejemplo",
  holderEmail: "Lucia@Example.com",
};

describe("validateReservationInput", () => {
  test("defaults: EFECT, contract today, one room, no notes; the id is lower-cased", () => {
    expect(validateReservationInput(valid, TODAY)).toEqual({
      ok: true,
      data: {
        propertyId: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        guestCount: 2,
        checkInDate: "2026-08-01",
        checkOutDate: "2026-08-05",
        notes: null,
        paymentType: "EFECT",
        contractDate: TODAY,
        rooms: 1,
        holder: {
          givenName: "Lucía",
          firstSurname: "Ejemplo",
          secondSurname: null,
          email: "lucia@example.com",
          phone: null,
          documentType: null,
          documentNumber: null,
          lang: "es",
        },
        bookingChannel: "direct",
      },
    });
  });

  test("the holder: name and first surname, an e-mail or a phone, an optional checked document; the channel", () => {
    const check = (change: Record<string, string>) => validateReservationInput({ ...valid, ...change }, TODAY);
    expect(check({ holderGivenName: "" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.holderNameRequired });
    expect(check({ holderFirstSurname: "<b></b>" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.holderNameRequired });
    // The one sanitiser (ADR 0014): bidi and zero-width characters never reach the holder.
    expect(check({ holderGivenName: "Lu\u202Ecía\u200B", holderFirstSurname: "\u2066Ejemplo\u2069" })).toMatchObject({
      ok: true,
      data: { holder: { givenName: "Lucía", firstSurname: "Ejemplo" } },
    });
    expect(check({ holderFirstSurname: "\u200B\u202E" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.holderNameRequired });
    expect(check({ holderEmail: "" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.holderContactRequired });
    expect(check({ holderEmail: "", holderPhone: "600 000 000" })).toMatchObject({ ok: true, data: { holder: { email: null, phone: "600 000 000" } } });
    expect(check({ holderEmail: "no-es-un-email" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.holderEmailInvalid });
    expect(check({ holderPhone: "abc" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.holderPhoneInvalid });
    expect(check({ holderDocumentType: "NIE" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.holderDocumentIncomplete });
    expect(check({ holderDocumentType: "NIE", holderDocumentNumber: "X1234567A" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.holderDocumentInvalid });
    expect(check({ holderDocumentType: "NIE", holderDocumentNumber: "x-1234567-l" })).toMatchObject({
      ok: true,
      data: { holder: { documentType: "NIE", documentNumber: "X1234567L" } },
    });
    expect(check({ bookingChannel: "booking" })).toMatchObject({ ok: true, data: { bookingChannel: "booking" } });
    // Vrbo since channel calendars (issue 28): an imported Vrbo stay stays editable.
    expect(check({ bookingChannel: "vrbo" })).toMatchObject({ ok: true, data: { bookingChannel: "vrbo" } });
    expect(check({ bookingChannel: "expedia" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.invalidChannel });
  });

  test("a holder's name over the registry's 50 characters is refused, never cut", () => {
    const surname = "Fernández de Córdoba y Pérez de Guzmán Ponce de León Aguilar"; // 61
    expect(validateReservationInput({ ...valid, holderFirstSurname: surname }, TODAY)).toEqual({
      ok: false,
      message: RESERVATION_MESSAGES.holderNameTooLong,
    });
    const fifty = "a".repeat(50);
    const accepted = validateReservationInput({ ...valid, holderSecondSurname: fifty }, TODAY);
    expect(accepted).toMatchObject({ ok: true, data: { holder: { secondSurname: fifty } } });
  });

  test("notes over 2000 characters are refused, never cut; 2000 pass whole", () => {
    expect(validateReservationInput({ ...valid, notes: "ñ".repeat(2001) }, TODAY)).toEqual({ ok: false, message: RESERVATION_MESSAGES.notesTooLong });
    expect(validateReservationInput({ ...valid, notes: "ñ".repeat(2000) }, TODAY)).toMatchObject({ ok: true, data: { notes: "ñ".repeat(2000) } });
  });

  test("the edit form has no property and the same rules", () => {
    const { propertyId: _omit, ...form } = valid;
    const result = validateReservationUpdate(form, TODAY);
    expect(result.ok).toBe(true);
    expect(result.ok && "propertyId" in result.data).toBe(false);
    expect(validateReservationUpdate({ ...form, checkOutDate: "2026-07-01" }, TODAY)).toEqual({ ok: false, message: RESERVATION_MESSAGES.checkOutBeforeCheckIn });
  });

  test.each([
    [{ propertyId: "" }],
    [{ checkInDate: "" }],
    [{ checkOutDate: "  " }],
    [{ guestCount: "0" }],
    [{ guestCount: "" }],
    [{ guestCount: "1.5" }],
    [{ guestCount: "-1" }],
    [{ checkInDate: "01/08/2026" }],
    [{ checkOutDate: "2026-13-01" }],
  ])("missing or unreadable %o → 'Por favor completa todos los campos obligatorios'", (change) => {
    expect(validateReservationInput({ ...valid, ...change }, TODAY)).toEqual({ ok: false, message: RESERVATION_MESSAGES.required });
  });

  test("the other rules, each with its message", () => {
    const check = (change: Record<string, string>) => validateReservationInput({ ...valid, ...change }, TODAY);
    expect(check({ propertyId: "casa-1" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.propertyNotFound });
    expect(check({ guestCount: "11" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.guestCountRange });
    expect(check({ checkOutDate: "2026-08-01" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.checkOutBeforeCheckIn });
    expect(check({ checkOutDate: "2026-07-31" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.checkOutBeforeCheckIn });
    expect(check({ paymentType: "CASH" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.invalidPaymentType });
    expect(check({ contractDate: "2026-02-30" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.invalidContractDate });
    expect(check({ rooms: "0" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.invalidRooms });
    expect(check({ rooms: "1000" })).toEqual({ ok: false, message: RESERVATION_MESSAGES.invalidRooms });
  });

  test("explicit options and notes: markup goes, line breaks stay, over 2000 characters refused", () => {
    const result = validateReservationInput(
      { ...valid, paymentType: "TARJT", contractDate: "2026-05-01", rooms: "3", notes: "  Llegan <b>tarde</b>\r\n\r\n\r\n  Llaves   en buzón  " },
      TODAY,
    );
    expect(result).toMatchObject({ ok: true, data: { paymentType: "TARJT", contractDate: "2026-05-01", rooms: 3, notes: "Llegan tarde\n\nLlaves en buzón" } });
    expect(validateReservationInput({ ...valid, notes: "a".repeat(5000) }, TODAY)).toEqual({ ok: false, message: RESERVATION_MESSAGES.notesTooLong });
  });
});

test("status label uses the status and completed_at; a cancellation wins", () => {
  expect(reservationStatusLabel({ status: "completed", completedAt: new Date(), cancelledAt: new Date() })).toBe("Cancelada");
  expect(reservationStatusLabel({ status: "pending", completedAt: null })).toBe("Pendiente");
  expect(reservationStatusLabel({ status: "completed", completedAt: new Date() })).toBe("Completado");
  expect(isReservationCompleted({ status: "pending", completedAt: "2026-01-01T10:00:00Z" })).toBe(true);
});

test("the guest link path", () => {
  expect(guestRegistrationPath("Ab3xY9")).toBe("/registro-viajeros/Ab3xY9");
});
