import { describe, expect, test } from "vitest";
import { isTrackedPath } from "./visit-paths.ts";

describe("isTrackedPath", () => {
  test.each(["/", "/wifi", "/casos-exito/hotel-sol", "/contacto", "/administracion", "/authentic", "/apis", "/registros", "/contacto/enviado"])(
    "public page %s is counted",
    (path) => {
      expect(isTrackedPath(path)).toBe(true);
    },
  );

  test.each([
    "/admin",
    "/admin/",
    "/admin/estadisticas",
    "/ADMIN/usuarios",
    "/auth",
    "/auth/sign-out",
    "/registro-viajeros/abc123",
    "/registro/Zq8pLk3Xw9RtYb2Nc5Vd7FaB",
    "/evidencia/Zq8pLk3Xw9RtYb2Nc5Vd7F",
    "/Evidencia/Zq8pLk3Xw9RtYb2Nc5Vd7F/descargar/pdf",
    "/apertura-puerta",
    "/apertura-puerta/x",
    "/api",
    "/api/visits",
    "/%61dmin",
  ])("private screen %s is not counted", (path) => {
    expect(isTrackedPath(path)).toBe(false);
  });

  test("a malformed escape is judged as written", () => {
    expect(isTrackedPath("/%E0%A4%A")).toBe(true);
    expect(isTrackedPath("/admin/%E0%A4%A")).toBe(false);
  });
});
