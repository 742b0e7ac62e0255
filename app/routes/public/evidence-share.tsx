import { Download, FileLock2 } from "lucide-react";
import { data } from "react-router";
import { formatInstant, ReportFacts } from "#app/components/evidence/report-facts.tsx";
import { brand } from "#app/config/brand.ts";
import { getReportSummary, openShareLink } from "#app/modules/evidence/evidence.server.ts";
import { EVIDENCE_MESSAGES, publicReportFacts, verifyPath } from "#app/modules/evidence/evidence.schema.ts";
import type { Route } from "./+types/evidence-share.ts";

// /evidencia/{token}: a share link staff gave to a lawyer or the police (ADR 0022). While it is
// valid it shows the report and lets them download the PDF and the forensic ZIP; every opening
// and every download is logged, and an expired or revoked link says so (410) and is logged too.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const token = params.token ?? "";
  const opened = await openShareLink(context.db, token, "view", { ip: context.clientIp, userAgent: request.headers.get("user-agent") });
  if (!opened.ok) {
    const message = opened.reason === "expired" ? EVIDENCE_MESSAGES.linkExpired : opened.reason === "revoked" ? EVIDENCE_MESSAGES.linkRevoked : EVIDENCE_MESSAGES.linkNotFound;
    throw data({ message }, { status: opened.reason === "not-found" ? 404 : 410 });
  }
  const report = await getReportSummary(context.db, opened.reportId);
  if (!report) throw data({ message: EVIDENCE_MESSAGES.reportNotFound }, { status: 404 });
  // What the page shows, and nothing more: the share page names the flat and the device.
  const shown = { ...publicReportFacts(report), propertyName: report.propertyName, deviceId: report.deviceId };
  return { report: shown, token, label: opened.label, expiresAt: opened.expiresAt };
}

export function meta() {
  return [{ title: `Informe de evidencia | ${brand.name}` }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export default function EvidenceShareRoute({ loaderData }: Route.ComponentProps) {
  const { report, token, label, expiresAt } = loaderData;
  const download = (file: string) => `/evidencia/${token}/descargar/${file}`;
  return (
    <main id="main" className="mx-auto grid min-h-screen max-w-3xl content-start gap-6 px-4 py-8">
      <header className="grid gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-primary">
          <FileLock2 className="size-4" aria-hidden="true" /> {brand.name} · Evidencia compartida
        </p>
        <h1 className="text-2xl font-semibold">{report.title}</h1>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {report.propertyName} · dispositivo {report.deviceId}. Enlace para «{label}», válido hasta el {formatInstant(expiresAt)}. Cada acceso queda registrado.
        </p>
      </header>
      <div className="flex flex-wrap gap-3">
        <a className="inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground" href={download("pdf")}>
          <Download className="size-4" aria-hidden="true" /> Descargar el informe PDF
        </a>
        <a className="inline-flex min-h-11 items-center gap-2 rounded-md border px-4 py-2 text-sm font-medium" href={download("zip")}>
          <Download className="size-4" aria-hidden="true" /> Descargar la copia forense (ZIP)
        </a>
      </div>
      <ReportFacts report={report} />
      <p className="text-sm">
        Compruebe los archivos descargados en{" "}
        <a className="underline" href={verifyPath(report.id)}>
          la página de verificación del informe
        </a>
        .
      </p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = (error as { data?: { message?: string } } | undefined)?.data?.message ?? EVIDENCE_MESSAGES.linkNotFound;
  return (
    <main id="main" className="mx-auto grid min-h-screen max-w-3xl content-start gap-4 px-4 py-8">
      <h1 className="text-2xl font-semibold">Enlace no disponible</h1>
      <p className="text-sm text-muted-foreground">{message}</p>
    </main>
  );
}
