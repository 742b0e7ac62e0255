import { and, eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { guests, landlordAccounts, properties, reservations } from "#app/db/schema.ts";
import "#app/modules/guests/guest-catalogues.server.ts";
import { guestCatalogue, isGuestLang } from "#app/modules/guests/guest-i18n.ts";
import { buildSignedRegisterPdfOffThread, normaliseSignatureOffThread } from "#app/modules/guests/guest-worker-pool.server.ts";
import { preparePoliceRegister } from "#app/modules/guests/guest-xml.server.ts";
import { recordGuestDataAccess, type GuestDataViewer } from "#app/modules/guests/guests.server.ts";
import { getMunicipality } from "#app/modules/guests/ine.server.ts";
import { policeXmlFileName } from "#app/modules/guests/police-xml.ts";
import { readNormalisedSignature, signaturePngDataUrl } from "#app/modules/guests/signature-normalise.server.ts";
import { parseSignatureDataUrl } from "#app/modules/guests/signature.ts";
import type { SignedRegisterFonts, SignedRegisterSignature } from "#app/modules/guests/signed-register-pdf.ts";

// The signed register of one reservation for staff: the same checks and the same PV as the XML
// export (preparePoliceRegister), then the PDF built from that PV plus the signatures, the
// landlord account and the INE names, in a worker thread (ADR 0013); the download is written to
// the guest-data access log (action "register-pdf").

export type SignedRegisterExportResult =
  | { ok: true; pdf: Uint8Array; fileName: string; guestCount: number }
  | { ok: false; status: 404 | 409 | 422; message: string };

/**
 * The fonts of the PDF, one per script (README, ADR 0013). Debian's fonts-dejavu-core (Latin,
 * Greek, Cyrillic), fonts-noto-core (Arabic, Hebrew) and fonts-wqy-zenhei (Chinese, Japanese,
 * Korean; TrueType, which pdf-lib subsets correctly, unlike the CFF-based Noto Sans CJK).
 */
export function signedRegisterFonts(env: NodeJS.ProcessEnv = process.env): SignedRegisterFonts {
  return {
    regular: env.GUEST_PDF_FONT || "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    bold: env.GUEST_PDF_FONT_BOLD || "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    arabic: env.GUEST_PDF_FONT_ARABIC || "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
    hebrew: env.GUEST_PDF_FONT_HEBREW || "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf",
    cjk: env.GUEST_PDF_FONT_CJK || "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
  };
}

/** parte-entrada-{property}-{yyyy-MM-dd}.pdf, the same slug as the XML's file name. */
export function signedRegisterFileName(propertyName: string, checkIn: string): string {
  return policeXmlFileName(propertyName, checkIn).replace(/^registro-huespedes-/, "parte-entrada-").replace(/\.xml$/, ".pdf");
}

/**
 * A stored drawn signature as the PDF embeds it. Rows stored before normalisation existed
 * hold the guest's PNG as sent: it is normalised once, in the worker, and written back (only if
 * the row still holds that image). Null when it cannot be read.
 */
async function normalisedImage(db: Db, guestId: string, image: string | null): Promise<string | null> {
  const bytes = image ? parseSignatureDataUrl(image) : null;
  if (!image || !bytes) return null;
  if (readNormalisedSignature(bytes)) return image;
  const result = await normaliseSignatureOffThread(bytes);
  if (!result.ok) return null;
  const normalised = signaturePngDataUrl(result.png);
  await db
    .update(guests)
    .set({ signatureImage: normalised })
    .where(and(eq(guests.id, guestId), eq(guests.signatureImage, image)));
  return normalised;
}

/** The declaration the guest signed; none for rows from before the language was kept. */
function declarationOf(lang: string | null, minor: boolean): SignedRegisterSignature["declaration"] {
  if (!isGuestLang(lang)) return null;
  const key = minor ? "signatureDeclarationForMinor" : "signatureDeclaration";
  const es = guestCatalogue("es")[key];
  const guest = lang !== "es" ? guestCatalogue(lang)[key] : null;
  return { es, guest };
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

  const [landlord] = await db
    .select({ name: landlordAccounts.name, code: landlordAccounts.landlordCode })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .innerJoin(landlordAccounts, eq(landlordAccounts.id, properties.landlordAccountId))
    .where(eq(reservations.id, reservationId));

  const municipalities: Record<string, { name: string; province: string }> = {};
  for (const guest of rows) {
    const municipality = guest.addressMunicipalityCode ? getMunicipality(guest.addressMunicipalityCode) : null;
    if (municipality) municipalities[municipality.code] = { name: municipality.name, province: municipality.provinceName };
  }

  const signatures: (SignedRegisterSignature | null)[] = [];
  for (const guest of rows) {
    if (guest.signatureKind !== "drawn" && guest.signatureKind !== "typed") {
      signatures.push(null);
      continue;
    }
    signatures.push({
      kind: guest.signatureKind,
      image: guest.signatureKind === "drawn" ? await normalisedImage(db, guest.id, guest.signatureImage) : null,
      typedName: guest.signatureTypedName,
      signedByPosition: guest.signedByPosition,
      signedAt: guest.signedAt,
      declaration: declarationOf(guest.signatureLang, guest.signedByPosition !== null),
    });
  }

  const pdf = await buildSignedRegisterPdfOffThread({
    xml,
    property: { name: row.propertyName, address: row.propertyAddress },
    landlord: landlord ?? null,
    municipalities,
    signatures,
    registeredAt: row.completedAt,
    generatedAt: now,
    fonts: signedRegisterFonts(),
  });
  await recordGuestDataAccess(db, { reservationId, viewer, action: "register-pdf" });
  return { ok: true, pdf, fileName: signedRegisterFileName(row.propertyName, row.checkIn), guestCount: rows.length };
}
