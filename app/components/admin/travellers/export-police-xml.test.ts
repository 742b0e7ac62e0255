import { expect, test } from "vitest";
import { fileNameFromDisposition, policeXmlUrl } from "#app/components/admin/travellers/export-police-xml.ts";

test("the download keeps the file name the server chose", () => {
  expect(fileNameFromDisposition('attachment; filename="registro-huespedes-atico-sol-2026-08-01.xml"')).toBe(
    "registro-huespedes-atico-sol-2026-08-01.xml",
  );
  expect(fileNameFromDisposition("attachment; filename*=UTF-8''registro%20a.xml")).toBe("registro a.xml");
  expect(fileNameFromDisposition("attachment")).toBeNull();
  expect(fileNameFromDisposition(null)).toBeNull();
});

test("the export URL of a reservation", () => {
  expect(policeXmlUrl("3f2504e0-4f89-41d3-9a0c-0305e82c3301")).toBe("/api/admin/reservations/3f2504e0-4f89-41d3-9a0c-0305e82c3301/police.xml");
});
