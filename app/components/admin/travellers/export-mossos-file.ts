import { toast } from "sonner";
import { fileNameFromDisposition } from "#app/components/admin/travellers/export-police-xml.ts";

// Downloads the Mossos d'Esquadra file holding one stay (ADR 0019): the live file if there is one,
// else one made now. Fetched rather than linked, so that a refusal (guests not registered, data
// the portal would reject) arrives as a toast naming the problem.

const ERROR = "Error al generar el fichero de los Mossos";

export function mossosFileUrl(reservationId: string): string {
  return `/api/admin/reservations/${encodeURIComponent(reservationId)}/mossos.txt`;
}

export async function downloadMossosFile(reservationId: string): Promise<boolean> {
  try {
    const response = await fetch(mossosFileUrl(reservationId), { credentials: "same-origin" });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      toast.error(typeof body?.error === "string" && body.error ? body.error : ERROR);
      return false;
    }
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = fileNameFromDisposition(response.headers.get("content-disposition")) ?? "mossos.txt";
    link.style.display = "none";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    toast.success("Fichero de los Mossos descargado: súbelo en su portal y marca el comprobante en Comunicaciones");
    return true;
  } catch {
    toast.error(ERROR);
    return false;
  }
}
