import { CheckCircle2, XCircle } from "lucide-react";
import type { PublicReportFacts } from "#app/modules/evidence/evidence.schema.ts";

// The facts of a signed report, as the public verification page, the share page and the staff
// screen show them: for the PDF and the ZIP, the SHA-256, whether the signature holds and the
// time-stamp. Hashes break anywhere so a phone never scrolls sideways.

const dateTime = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

export const formatInstant = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "-");

function FileFacts({ label, file }: { label: string; file: PublicReportFacts["pdf"] }) {
  return (
    <div className="rounded-md border bg-background p-4">
      <h3 className="font-semibold">{label}</h3>
      <dl className="mt-2 grid gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">SHA-256</dt>
          <dd className="font-mono text-xs [overflow-wrap:anywhere]" data-testid={`${label}-sha256`}>
            {file.sha256}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Firma Ed25519</dt>
          <dd className="flex items-center gap-1.5">
            {file.signatureValid ? (
              <>
                <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" /> <span>Válida</span>
              </>
            ) : (
              <>
                <XCircle className="size-4 text-red-700" aria-hidden="true" /> <span>No válida</span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Sello de tiempo (RFC 3161)</dt>
          <dd>{file.hasTimestamp ? formatInstant(file.timestampAt) : "Sin sello de tiempo"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Tamaño</dt>
          <dd>{file.size.toLocaleString("es-ES")} bytes</dd>
        </div>
      </dl>
    </div>
  );
}

export function ReportFacts({ report }: { report: PublicReportFacts }) {
  return (
    <div className="grid gap-4">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Informe</dt>
          <dd className="font-mono text-xs [overflow-wrap:anywhere]">{report.id}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Firmado el</dt>
          <dd>{formatInstant(report.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Periodo de las lecturas</dt>
          <dd>
            {formatInstant(report.periodFrom)} – {formatInstant(report.periodTo)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Clave de firma</dt>
          <dd>
            <a className="font-mono text-xs underline [overflow-wrap:anywhere]" href={`/.well-known/nidosmart-evidence-key?id=${report.keyId}`}>
              {report.keyId}
            </a>
          </dd>
        </div>
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <FileFacts label="Informe PDF" file={report.pdf} />
        <FileFacts label="Copia forense ZIP" file={report.zip} />
      </div>
    </div>
  );
}
