import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import type { LandlordView } from "#app/components/admin/travellers/landlord-dialog.tsx";
import { useActionToast, type LandlordIntent, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { formatDate, formatDateTime } from "#app/lib/dates.ts";

// The landlord account's signing certificate for the Ertzaintza's A19 web service (ADR 0018).
// Upload a .p12/.pfx with its password (or a PEM); the page only ever shows what is printed on
// the certificate. The file and its password go to the server in one multipart POST and are
// never kept in the browser's state.

const DAY = 86_400_000;

/** "válido hasta 01/12/2027", with a warning tone in its last 30 days. */
export function certificateValidity(notAfter: string, now = Date.now()): { text: string; tone: "success" | "warning" | "destructive" } {
  const left = new Date(notAfter).getTime() - now;
  if (left <= 0) return { text: `caducó el ${formatDate(notAfter)}`, tone: "destructive" };
  return { text: `válido hasta ${formatDate(notAfter)}`, tone: left < 30 * DAY ? "warning" : "success" };
}

export function ErtzaintzaCertificateDialog({
  landlord,
  keyAvailable,
  onOpenChange,
}: {
  landlord: LandlordView | null;
  keyAvailable: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<TravellerActionResult<LandlordIntent>>();
  const testFetcher = useFetcher<TravellerActionResult<LandlordIntent>>();
  const removeFetcher = useFetcher<TravellerActionResult<LandlordIntent>>();
  const id = useId();
  const [formKey, setFormKey] = useState(0);
  useActionToast(fetcher, () => setFormKey((key) => key + 1));
  useActionToast(testFetcher);
  useActionToast(removeFetcher, () => onOpenChange(false));
  useEffect(() => {
    if (landlord) setFormKey((key) => key + 1);
  }, [landlord]);
  const certificate = landlord?.ertzaintza ?? null;
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const validity = certificate ? certificateValidity(certificate.notAfter) : null;

  return (
    <Dialog open={landlord !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Certificado para la Ertzaintza</DialogTitle>
          <DialogDescription>
            {landlord ? `${landlord.name}. ` : ""}El certificado cualificado del arrendador (FNMT, Izenpe, DNIe o Camerfirma) dado de alta en el Registro Hostelero
            de la Ertzaintza. Firma cada parte de viajeros de sus viviendas del País Vasco.
          </DialogDescription>
        </DialogHeader>

        {certificate && validity ? (
          <section className="grid gap-3 rounded-lg border p-3 text-sm" aria-label="Certificado guardado" data-ertzaintza-certificate="">
            <p className="flex flex-wrap items-center gap-2">
              <Badge variant="success">Certificado guardado</Badge>
              <Badge variant={validity.tone}>{validity.text}</Badge>
            </p>
            <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-4">
              <dt className="text-muted-foreground">Titular</dt>
              <dd className="[overflow-wrap:anywhere]">{certificate.subject}</dd>
              <dt className="text-muted-foreground">Emisor</dt>
              <dd className="[overflow-wrap:anywhere]">{certificate.issuer}</dd>
              <dt className="text-muted-foreground">Validez</dt>
              <dd>
                del {formatDate(certificate.notBefore)} al {formatDate(certificate.notAfter)}
              </dd>
              <dt className="text-muted-foreground">CIF/NIF enviado</dt>
              <dd className="font-mono">{certificate.lessorCode}</dd>
              <dt className="text-muted-foreground">Huella SHA-256</dt>
              <dd className="font-mono text-xs [overflow-wrap:anywhere]">{certificate.fingerprint}</dd>
            </dl>
            {certificate.queueStoppedReason ? <Alert variant="destructive">{certificate.queueStoppedReason}</Alert> : null}
            {certificate.connectionCheckedAt ? (
              <p className={`text-xs [overflow-wrap:anywhere] ${certificate.connectionOk ? "text-muted-foreground" : "text-destructive"}`} data-ertzaintza-connection={certificate.connectionOk ? "ok" : "error"}>
                Última prueba ({formatDateTime(certificate.connectionCheckedAt)}): {certificate.connectionMessage}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">Sin probar.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={testFetcher.state !== "idle"}
                onClick={() => testFetcher.submit({ intent: "ertzaintza-test", id: landlord!.id }, { method: "post" })}
              >
                {testFetcher.state !== "idle" ? "Probando…" : "Probar conexión con la Ertzaintza"}
              </Button>
              <ConfirmDialog
                title="¿Quitar el certificado?"
                description={`Se borrará el certificado de ${landlord?.name ?? "este arrendador"} y sus partes para la Ertzaintza esperarán a que subas otro.`}
                onConfirm={() => removeFetcher.submit({ intent: "ertzaintza-remove", id: landlord!.id }, { method: "post" })}
                trigger={
                  <Button type="button" variant="ghost" size="sm" disabled={removeFetcher.state !== "idle"}>
                    Quitar certificado
                  </Button>
                }
              />
            </div>
          </section>
        ) : null}

        {landlord ? (
          <fetcher.Form method="post" encType="multipart/form-data" noValidate autoComplete="off" className="grid gap-4" key={formKey}>
            <input type="hidden" name="intent" value="ertzaintza-certificate" />
            <input type="hidden" name="id" value={landlord.id} />
            <div className="grid gap-2">
              <Label htmlFor={`${id}-file`}>{certificate ? "Sustituir por otro certificado" : "Archivo del certificado *"}</Label>
              <Input
                id={`${id}-file`}
                name="certificate"
                type="file"
                accept=".p12,.pfx,.pem,.crt,.key,application/x-pkcs12"
                disabled={!keyAvailable}
                aria-describedby={`${id}-file-hint`}
                className="max-w-full"
              />
              <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
                {keyAvailable
                  ? "El .p12 o .pfx exportado con su clave privada (o un .pem con el certificado y la clave). Se guarda cifrado y nunca se vuelve a mostrar."
                  : "No disponible: falta la clave SES_CREDENTIALS_KEY."}
              </p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-2">
                <Label htmlFor={`${id}-password`}>Contraseña del certificado</Label>
                <Input id={`${id}-password`} name="certificatePassword" type="password" autoComplete="off" maxLength={200} disabled={!keyAvailable} />
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor={`${id}-lessor`}>CIF/NIF del arrendador</Label>
                <Input
                  id={`${id}-lessor`}
                  name="lessorCode"
                  defaultValue={certificate?.lessorCode ?? ""}
                  maxLength={12}
                  spellCheck={false}
                  className="font-mono"
                  placeholder="El del certificado"
                  aria-describedby={`${id}-lessor-hint`}
                />
                <p id={`${id}-lessor-hint`} className="text-xs text-muted-foreground">
                  Va como «código de arrendador». Vacío: el CIF/NIF que indica el certificado.
                </p>
              </div>
            </div>
            {error ? <Alert variant="destructive">{error}</Alert> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={busy || !keyAvailable}>
                {busy ? "Guardando..." : "Guardar certificado"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
