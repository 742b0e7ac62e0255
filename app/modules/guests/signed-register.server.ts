import { readFile } from "node:fs/promises";
import type { Db } from "#app/db/client.server.ts";
import { preparePoliceRegister } from "#app/modules/guests/guest-xml.server.ts";
import { recordGuestDataAccess, type GuestDataViewer } from "#app/modules/guests/guests.server.ts";
import { policeXmlFileName } from "#app/modules/guests/police-xml.ts";
import { buildSignedRegisterPdf, type SignedRegisterSignature } from "#app/modules/guests/signed-register-pdf.ts";

// The signed register of one reservation for staff: the same checks and the same PV as the XML
// export (preparePoliceRegister), then the PDF built from that PV plus the signatures; the download is written to the
// guest-data access log (action "register-pdf").

export type SignedRegisterExportResult =
  | { ok: true; pdf: Uint8Array; fileName: string; guestCount: number }
  | { ok: false; status: 404 | 409 | 422; message: string };

/**
 * DejaVu Sans (Debian's fonts-dejavu-core, installed wherever Chromium is) covers Latin,
 * Greek and Cyrillic; `GUEST_PDF_FONT` may name another TrueType file. Read once; when none is
 * found the PDF falls back to its standard fonts (see SignedRegisterInput.unicodeFont).
 */
const FONT_CANDIDATES = [process.env.GUEST_PDF_FONT, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"];
let unicodeFont: Promise<Uint8Array | null> | undefined;

function loadUnicodeFont(): Promise<Uint8Array | null> {
  unicodeFont ??= (async () => {
    for (const file of FONT_CANDIDATES) {
      if (!file) continue;
      try {
        return new Uint8Array(await readFile(file));
      } catch {
        // Try the next one.
      }
    }
    return null;
  })();
  return unicodeFont;
}

/** parte-entrada-{property}-{yyyy-MM-dd}.pdf, the same slug as the XML's file name. */
export function signedRegisterFileName(propertyName: string, checkIn: string): string {
  return policeXmlFileName(propertyName, checkIn).replace(/^registro-huespedes-/, "parte-entrada-").replace(/\.xml$/, ".pdf");
}

export async function exportSignedRegisterPdf(
  db: Db,
  reservationId: string,
  viewer: GuestDataViewer,
  now: Date = new Date(),
): Promise<SignedRegisterExportResult> {
  const prepared = await preparePoliceRegister(db, reservationId);
  if (!prepared.ok) return prepared;
  const { xml, reservation: row, guests: rows } = prepared.register;

  const signatures = rows.map((guest): SignedRegisterSignature | null =>
    guest.signatureKind === "drawn" || guest.signatureKind === "typed"
      ? {
          kind: guest.signatureKind,
          image: guest.signatureImage,
          typedName: guest.signatureTypedName,
          signedByPosition: guest.signedByPosition,
          signedAt: guest.signedAt,
        }
      : null,
  );
  const pdf = await buildSignedRegisterPdf({
    xml,
    property: { name: row.propertyName, address: row.propertyAddress },
    signatures,
    registeredAt: row.completedAt,
    generatedAt: now,
    unicodeFont: await loadUnicodeFont(),
  });
  await recordGuestDataAccess(db, { reservationId, viewer, action: "register-pdf" });
  return { ok: true, pdf, fileName: signedRegisterFileName(row.propertyName, row.checkIn), guestCount: rows.length };
}
