import { describe, expect, test } from "vitest";
import {
  guestRegistrationPath,
  isReservationCompleted,
  RESERVATION_MESSAGES,
  reservationStatusLabel,
  validateReservationInput,
} from "#app/modules/reservations/reservations.schema.ts";

const TODAY = "2026-06-15";
const valid = {
  propertyId: "3F2504E0-4F89-41D3-9A0C-0305E82C3301",
  guestCount: "2",
  checkInDate: "2026-08-01",
  checkOutDate: "2026-08-05",
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
      },
    });
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

  test("explicit options and notes: markup goes, line breaks stay, 2000 characters at most", () => {
    const result = validateReservationInput(
      { ...valid, paymentType: "TARJT", contractDate: "2026-05-01", rooms: "3", notes: "  Llegan <b>tarde</b>\r\n\r\n\r\n  Llaves   en buzón  " },
      TODAY,
    );
    expect(result).toMatchObject({ ok: true, data: { paymentType: "TARJT", contractDate: "2026-05-01", rooms: 3, notes: "Llegan tarde\n\nLlaves en buzón" } });
    const long = validateReservationInput({ ...valid, notes: "a".repeat(5000) }, TODAY);
    expect(long.ok && long.data.notes?.length).toBe(2000);
  });
});

test("status label uses the status and completed_at", () => {
  expect(reservationStatusLabel({ status: "pending", completedAt: null })).toBe("Pendiente");
  expect(reservationStatusLabel({ status: "completed", completedAt: new Date() })).toBe("Completado");
  expect(isReservationCompleted({ status: "pending", completedAt: "2026-01-01T10:00:00Z" })).toBe(true);
});

test("the guest link path", () => {
  expect(guestRegistrationPath("Ab3xY9")).toBe("/registro-viajeros/Ab3xY9");
});
