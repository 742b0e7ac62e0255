import { describe, expect, test } from "vitest";
import { deadlineLabel, sesStatusLabel } from "./ses-status.ts";

// How filing states read on the Reservas rows and Comunicaciones (issue 10 §6).

const at = (state: string, dueAt: string, extra: Partial<{ codigoComunicacion: string; errorText: string }> = {}) => ({
  state,
  dueAt,
  codigoComunicacion: extra.codigoComunicacion ?? null,
  errorText: extra.errorText ?? null,
});
const now = Date.parse("2026-11-24T10:00:00Z");

describe("sesStatusLabel and deadlineLabel", () => {
  test.each([
    ["validating", "en cola"],
    ["queued", "en cola"],
    ["sending", "enviado"],
    ["sent", "enviado"],
    ["accepted", "aceptado"],
    ["error", "error"],
    ["invalid", "error"],
    ["annulled", "anulado"],
    ["dropped", "anulado"],
    ["pending", "pendiente"],
  ])("%s reads %s", (state, label) => {
    expect(sesStatusLabel(at(state, "2026-11-25T10:00:00Z")).label).toBe(label);
  });

  test("no filing at all is pendiente with no deadline", () => {
    expect(sesStatusLabel(undefined).label).toBe("pendiente");
    expect(deadlineLabel(undefined, now)).toBeNull();
  });

  test("accepted shows its code and no deadline; an error shows the ministry's text", () => {
    const accepted = at("accepted", "2026-11-24T09:00:00Z", { codigoComunicacion: "3f2b8c1e" });
    expect(sesStatusLabel(accepted).detail).toBe("3f2b8c1e");
    expect(deadlineLabel(accepted, now)).toBeNull();
    expect(sesStatusLabel(at("error", "2026-11-25T10:00:00Z", { errorText: "apellido2 obligatorio" })).detail).toBe("apellido2 obligatorio");
  });

  test("time left, and fuera de plazo once past", () => {
    expect(deadlineLabel(at("queued", "2026-11-25T08:30:00Z"), now)).toEqual({ text: "quedan 22 h 30 min", overdue: false });
    expect(deadlineLabel(at("sent", "2026-11-24T10:45:00Z"), now)).toEqual({ text: "quedan 45 min", overdue: false });
    expect(deadlineLabel(at("pending", "2026-11-24T09:59:00Z"), now)).toEqual({ text: "fuera de plazo", overdue: true });
  });
});
