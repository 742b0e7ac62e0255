import { describe, expect, test } from "vitest";
import { formatGuestDate, guestMessages, isGuestLang } from "#app/modules/guests/guest-i18n.ts";

describe("guest messages", () => {
  test("both languages define the same strings, none empty", () => {
    const esKeys = Object.keys(guestMessages.es).sort();
    expect(Object.keys(guestMessages.en).sort()).toEqual(esKeys);
    expect(Object.keys(guestMessages.en.fieldLabels).sort()).toEqual(
      Object.keys(guestMessages.es.fieldLabels).sort(),
    );
    for (const lang of ["es", "en"] as const) {
      for (const [key, value] of Object.entries(guestMessages[lang])) {
        if (typeof value === "string") expect(value.trim(), `${lang}.${key}`).not.toBe("");
      }
    }
  });

  test("keep the spec's wording", () => {
    expect(guestMessages.es.invalidLinkTitle).toBe("Enlace No Válido");
    expect(guestMessages.es.alreadyCompletedTitle).toBe("¡Registro Completado!");
    expect(guestMessages.es.documentSupportHint).toBe("Obligatorio para NIE y DNI");
    expect(guestMessages.en.documentSupportHint).toBe("Required for NIE and DNI");
    expect(guestMessages.es.tooManyAttempts).toBe(
      "Demasiados intentos. Por favor, espera unos minutos.",
    );
    expect(guestMessages.en.tooManyAttempts).toBe("Too many attempts. Please wait a few minutes.");
    expect(guestMessages.es.saveError).toBe("Error al guardar los datos");
    expect(guestMessages.en.saveError).toBe("Error saving data");
    expect(guestMessages.es.saveSuccess).toBe("Registro completado exitosamente");
    expect(guestMessages.en.saveSuccess).toBe("Registration completed successfully");
  });

  test("format the per-guest error and the guest count", () => {
    expect(guestMessages.es.guestFieldError(3, "documentSupport")).toBe(
      "Huésped 3: Número de soporte *",
    );
    expect(guestMessages.en.guestFieldError(1, "givenName")).toBe("Guest 1: First name *");
    expect(guestMessages.es.guestCountOption(1)).toBe("1 persona");
    expect(guestMessages.es.guestCountOption(4)).toBe("4 personas");
    expect(guestMessages.en.guestCountOption(1)).toBe("1 person");
    expect(guestMessages.en.guestCountOption(2)).toBe("2 people");
  });

  test("dates show as dd/MM/yyyy", () => {
    expect(formatGuestDate("2025-08-01")).toBe("01/08/2025");
    expect(formatGuestDate("not a date")).toBe("not a date");
  });

  test("recognise the two languages only", () => {
    expect(isGuestLang("es")).toBe(true);
    expect(isGuestLang("en")).toBe(true);
    expect(isGuestLang("fr")).toBe(false);
  });
});
