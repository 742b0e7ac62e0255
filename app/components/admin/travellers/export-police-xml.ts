import { toast } from "sonner";
import { RESERVATION_MESSAGES } from "#app/modules/reservations/reservations.schema.ts";

// Downloads a reservation's police-registry XML. Fetched rather than linked so that a refusal
// (not completed, no guests, no establishment code) arrives as the spec's toast instead of a
// JSON page, and the file keeps the server's name.

export function policeXmlUrl(reservationId: string): string {
  return `/api/admin/reservations/${encodeURIComponent(reservationId)}/police.xml`;
}

/** The file name of a Content-Disposition header (plain or RFC 5987 form), if any. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

export async function downloadPoliceXml(reservationId: string): Promise<boolean> {
  try {
    const response = await fetch(policeXmlUrl(reservationId), { credentials: "same-origin", headers: { Accept: "application/xml" } });
    if (!response.ok) {
      let message: string = RESERVATION_MESSAGES.exportError;
      if (response.status === 409 || response.status === 422) {
        const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
        if (typeof body?.error === "string" && body.error) message = body.error;
      }
      toast.error(message);
      return false;
    }
    const blob = await response.blob();
    const fileName = fileNameFromDisposition(response.headers.get("content-disposition")) ?? "registro-huespedes.xml";
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.style.display = "none";
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked later: some browsers start reading the blob only after click() has returned.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    toast.success(RESERVATION_MESSAGES.exportSuccess);
    return true;
  } catch {
    toast.error(RESERVATION_MESSAGES.exportError);
    return false;
  }
}
