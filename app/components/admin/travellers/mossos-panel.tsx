import { CheckCircle2, Download, FilePlus2, ListChecks } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, opensDialog } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableHeadRow,
  ResponsiveTableRow,
} from "#app/components/ui/responsive-table.tsx";
import { RowActionLabel, RowActions } from "#app/components/ui/row-actions.tsx";
import type { MossosFileView, RegionalPoliceView } from "#app/modules/mossos/mossos.server.ts";
import { ERTZAINTZA_MANUAL_HINT } from "#app/modules/police-routing/police-routing.ts";

// The Mossos d'Esquadra section of Comunicaciones (ADR 0019): the files to upload by hand, their
// state, the tasks a change after upload leaves (also the Ertzaintza's), and which Basque
// properties file by themselves.



const ACTION = "/admin/viajeros/comunicaciones/mossos";
const PORTAL = "https://registreviatgers.mossos.gencat.cat/mossos_hotels/AppJava/login.do";
const dateTime = (iso: string) => new Date(iso).toLocaleString("es-ES", { timeZone: "Europe/Madrid", dateStyle: "short", timeStyle: "short" });
const TONE = { generado: "warning", subido: "success", "fuera de plazo": "destructive", sustituido: "outline" } as const;
const TASK_TITLE: Record<string, string> = {
  "mossos-cancel": "Anular en el portal de los Mossos",
  "mossos-correct": "Corregir en el portal de los Mossos",
  "mossos-invalid": "Fichero no generado: datos que corregir",
  "ertzaintza-cancel": "Anular en el portal de la Ertzaintza",
  "ertzaintza-correct": "Corregir en el portal de la Ertzaintza",
};

function UploadedDialog({ target, onOpenChange }: { target: MossosFileView | null; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<TravellerActionResult>();
  const id = useId();
  useActionToast(fetcher, () => onOpenChange(false));
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Marcar como subido</DialogTitle>
          <DialogDescription>
            {target ? `${target.fileName} (${target.propertyName}). ` : ""}Copia la referencia del «comprovant d&apos;enviament» que da el portal al aceptar el fichero.
          </DialogDescription>
        </DialogHeader>
        {target ? (
          <fetcher.Form method="post" action={ACTION} className="grid gap-4" key={target.id}>
            <input type="hidden" name="intent" value="mossos-uploaded" />
            <input type="hidden" name="id" value={target.id} />
            <div className="grid gap-2">
              <Label htmlFor={`${id}-receipt`}>Referencia del comprobante *</Label>
              <Input id={`${id}-receipt`} name="receipt" required maxLength={120} autoComplete="off" spellCheck={false} aria-invalid={error ? true : undefined} />
            </div>
            {error ? <Alert variant="destructive">{error}</Alert> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? "Guardando..." : "Marcar subido"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export function MossosPanel({ files, tasks, mossosProperties, ertzaintzaProperties }: RegionalPoliceView) {
  const fetcher = useFetcher<TravellerActionResult>();
  useActionToast(fetcher);
  const [uploading, setUploading] = useState<MossosFileView | null>(null);
  const act = (intent: string, id: string) => fetcher.submit({ intent, id }, { method: "post", action: ACTION });

  return (
    <section className="grid gap-4" aria-labelledby="mossos-title" data-section="mossos">
      <div className="grid gap-1">
        <h3 id="mossos-title" className="text-lg font-semibold">
          Mossos d&apos;Esquadra (Cataluña)
        </h3>
        <p className="text-sm text-muted-foreground">
          Las viviendas de Cataluña no envían nada a SES. El portal de los Mossos no tiene servicio web: cada día a las 23:00 se genera el fichero de viajeros; descárgalo, súbelo en{" "}
          <a href={PORTAL} className="underline underline-offset-4 [overflow-wrap:anywhere]" target="_blank" rel="noreferrer">
            registreviatgers.mossos.gencat.cat
          </a>{" "}
          › «Fitxers massius de viatgers» y marca aquí la referencia del comprobante, antes de 24 horas desde la llegada.
        </p>
      </div>

      {ertzaintzaProperties.length > 0 ? (
        <Alert role="status" data-ertzaintza-notice>
          <div className="grid gap-1">
            <p className="font-medium">Ertzaintza (País Vasco)</p>
            {ertzaintzaProperties.some((p) => p.automatic) ? (
              <p className="text-sm" data-ertzaintza-automatic>
                Se envían solos al servicio web de la Ertzaintza, firmados con el certificado del arrendador; su estado aparece arriba, en la lista
                de comunicaciones: {ertzaintzaProperties.filter((p) => p.automatic).map((p) => p.name).join(", ")}.
              </p>
            ) : null}
            {ertzaintzaProperties.some((p) => !p.automatic) ? (
              <p className="text-sm" data-ertzaintza-manual>
                Sin envío automático (su arrendador no lo tiene activado o no tiene certificado): {ertzaintzaProperties.filter((p) => !p.automatic).map((p) => p.name).join(", ")}.{" "}
                {ERTZAINTZA_MANUAL_HINT}
              </p>
            ) : null}
          </div>
        </Alert>
      ) : null}

      {mossosProperties.length === 0 ? (
        <p className="rounded-lg border bg-background p-6 text-center text-sm text-muted-foreground">Ninguna vivienda presenta sus partes a los Mossos d&apos;Esquadra.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Viviendas que presentan a los Mossos">
          {mossosProperties.map((property) => (
            <li key={property.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-background p-3">
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{property.name}</span>
              <Button size="sm" variant="outline" onClick={() => act("mossos-generate", property.id)} disabled={fetcher.state !== "idle"}>
                <FilePlus2 aria-hidden="true" /> Generar fichero ahora
              </Button>
            </li>
          ))}
        </ul>
      )}

      {tasks.length > 0 ? (
        <div className="grid gap-2" aria-label="Tareas pendientes en el portal" role="group">
          <h4 className="flex items-center gap-2 font-medium">
            <ListChecks className="size-4" aria-hidden="true" /> Tareas pendientes ({tasks.length})
          </h4>
          {tasks.map((task) => (
            <div key={task.id} className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950/30" data-police-task={task.kind}>
              <p className="font-medium">
                {TASK_TITLE[task.kind] ?? task.kind}: {task.label}
              </p>
              <p className="whitespace-pre-wrap text-xs [overflow-wrap:anywhere]">{task.steps}</p>
              <div>
                <Button size="sm" variant="outline" onClick={() => act("task-done", task.id)}>
                  <CheckCircle2 aria-hidden="true" /> Hecha
                </Button>
              </div>
            </div>
          ))}
        </div>
      ) : null}

      {files.length === 0 ? (
        <p className="rounded-lg border bg-background p-6 text-center text-sm text-muted-foreground">Aún no hay ficheros de los Mossos.</p>
      ) : (
        <div className="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
          <ResponsiveTable>
            <caption className="sr-only">Ficheros de viajeros para los Mossos d&apos;Esquadra</caption>
            <ResponsiveTableHeader>
              <ResponsiveTableHeadRow>
                <ResponsiveTableHead>Fichero</ResponsiveTableHead>
                <ResponsiveTableHead>Vivienda</ResponsiveTableHead>
                <ResponsiveTableHead>Viajeros</ResponsiveTableHead>
                <ResponsiveTableHead>Estado</ResponsiveTableHead>
                <ResponsiveTableHead>Comprobante</ResponsiveTableHead>
                <ResponsiveTableHead className="text-right">Acciones</ResponsiveTableHead>
              </ResponsiveTableHeadRow>
            </ResponsiveTableHeader>
            <ResponsiveTableBody>
              {files.map((file) => (
                <ResponsiveTableRow key={file.id} data-mossos-file={file.fileName} data-mossos-state={file.state}>
                  <ResponsiveTableCell mobile="title" className="font-mono text-sm font-medium">
                    {file.fileName}
                    <p className="font-sans text-xs font-normal text-muted-foreground">
                      {file.origin === "daily" ? `Diario del ${file.day}` : `A petición, ${file.day}`}
                    </p>
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Vivienda">{file.propertyName}</ResponsiveTableCell>
                  <ResponsiveTableCell label="Viajeros" className="tabular-nums">
                    {file.lineCount}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Estado" mobile="full">
                    <span className="grid gap-0.5 text-xs">
                      <span>
                        <Badge variant={TONE[file.state]}>{file.state}</Badge>
                      </span>
                      {file.state === "generado" || file.state === "fuera de plazo" ? (
                        <span className={file.state === "fuera de plazo" ? "font-medium text-destructive" : "text-muted-foreground"}>Plazo: {dateTime(file.dueAt)}</span>
                      ) : null}
                      {file.state === "sustituido" ? <span className="text-muted-foreground">No lo subas: sus viajeros van en el siguiente fichero.</span> : null}
                    </span>
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Comprobante" className="font-mono text-xs [overflow-wrap:anywhere]">
                    {file.receipt ?? "—"}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell mobile="actions" className="whitespace-nowrap text-right">
                    <RowActions>
                      <Button variant="ghost" size="icon" asChild>
                        <a href={`/api/admin/mossos-files/${file.id}`} download={file.fileName} aria-label={`Descargar ${file.fileName}`} title="Descargar">
                          <Download aria-hidden="true" />
                          <RowActionLabel>Descargar</RowActionLabel>
                        </a>
                      </Button>
                      {file.state === "generado" || file.state === "fuera de plazo" ? (
                        <Button variant="ghost" size="icon" aria-label={`Marcar ${file.fileName} como subido`} title="Marcar subido" onClick={() => setUploading(file)} {...opensDialog}>
                          <CheckCircle2 aria-hidden="true" />
                          <RowActionLabel>Marcar subido</RowActionLabel>
                        </Button>
                      ) : null}
                    </RowActions>
                  </ResponsiveTableCell>
                </ResponsiveTableRow>
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        </div>
      )}
      <UploadedDialog target={uploading} onOpenChange={(open) => (open ? null : setUploading(null))} />
    </section>
  );
}
