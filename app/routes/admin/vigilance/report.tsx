import { Download, Link2, Stamp } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { hasPermission } from "#app/auth/permissions.ts";
import { formatInstant, ReportFacts } from "#app/components/evidence/report-facts.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { qrSvgPath } from "#app/lib/qr.ts";
import {
  addMissingTimestamps,
  createShareLink,
  EvidenceError,
  getReportProperty,
  getReportSummary,
  listShareLinks,
  listShareViews,
  revokeShareLink,
} from "#app/modules/evidence/evidence.server.ts";
import {
  EVIDENCE_MESSAGES,
  nonPublicSiteUrlWarning,
  SHARE_DAYS_DEFAULT,
  SHARE_DAYS_MAX,
  shareLinkSchema,
  UUID_PATTERN_EVIDENCE,
  verifyPath,
} from "#app/modules/evidence/evidence.schema.ts";
import { formatScore } from "#app/modules/vigilance/vigilance.schema.ts";
import type { Route } from "./+types/report.ts";

// /admin/vigilancia/informes/{reportId}: one signed evidence report (ADR 0022): its hashes,
// signatures and time-stamps, the downloads, the share links (made with an expiry, shown once
// with a QR code, revocable) and the log of every use of them.

export function meta() {
  return [{ title: "Informe de evidencia | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "evidence:read");
  const id = params.reportId ?? "";
  const report = UUID_PATTERN_EVIDENCE.test(id) ? await getReportSummary(context.db, id) : null;
  if (!report) throw data({ message: EVIDENCE_MESSAGES.reportNotFound }, { status: 404 });
  const [links, views, property] = await Promise.all([listShareLinks(context.db, id), listShareViews(context.db, id), getReportProperty(context.db, id)]);
  // The report's own QR code and link point at SITE_URL: said here when nobody outside can open it.
  const siteWarning = nonPublicSiteUrlWarning(context.config.siteUrl);
  return { report, links, views, propertyId: property?.propertyId ?? null, canManage: hasPermission(user.role, "evidence:manage"), tsa: Boolean(context.config.TSA_URL), now: Date.now(), siteWarning };
}

type ActionResult =
  | { ok: true; intent: "share"; url: string; label: string; expiresAt: string }
  | { ok: true; intent: "revoke" | "timestamp"; message: string }
  | { ok: false; error: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "evidence:manage");
  const id = params.reportId ?? "";
  if (!UUID_PATTERN_EVIDENCE.test(id)) return data<ActionResult>({ ok: false, error: EVIDENCE_MESSAGES.reportNotFound }, { status: 404 });
  const form = await request.formData();
  const name = user.fullName || user.email;
  try {
    switch (String(form.get("intent") ?? "")) {
      case "share": {
        const parsed = shareLinkSchema.safeParse({ label: form.get("label"), days: form.get("days") });
        if (!parsed.success) return data<ActionResult>({ ok: false, error: parsed.error.issues[0]?.message ?? "Datos no válidos." }, { status: 400 });
        const link = await createShareLink(context.db, id, parsed.data, { id: user.id, name });
        context.logger.info({ reportId: id, linkId: link.id, userId: user.id }, "evidence share link created");
        return data<ActionResult>({ ok: true, intent: "share", url: `${context.config.siteUrl}${link.path}`, label: parsed.data.label, expiresAt: link.expiresAt });
      }
      case "revoke": {
        const revoked = await revokeShareLink(context.db, id, String(form.get("linkId") ?? ""), { name });
        if (!revoked) return data<ActionResult>({ ok: false, error: "El enlace no existe o ya estaba revocado." }, { status: 404 });
        return data<ActionResult>({ ok: true, intent: "revoke", message: "Enlace revocado: deja de funcionar ahora mismo." });
      }
      case "timestamp": {
        const result = await addMissingTimestamps(context.db, { tsaUrl: context.config.TSA_URL ?? null }, id);
        return result.ok
          ? data<ActionResult>({ ok: true, intent: "timestamp", message: "Sello de tiempo añadido." })
          : data<ActionResult>({ ok: false, error: `Sin sello de tiempo: ${result.error}` }, { status: 502 });
      }
      default:
        return data<ActionResult>({ ok: false, error: "Acción no válida." }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof EvidenceError) return data<ActionResult>({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
}

function QrCode({ text }: { text: string }) {
  const { viewBox, path } = qrSvgPath(text);
  return (
    <svg viewBox={`0 0 ${viewBox} ${viewBox}`} className="size-40 bg-white" role="img" aria-label="Código QR del enlace">
      <path d={path} fill="#111" />
    </svg>
  );
}

const ACTION_LABELS: Record<string, string> = {
  view: "Abrió la página",
  pdf: "Descargó el PDF",
  zip: "Descargó el ZIP",
  "refused-expired": "Rechazado: caducado",
  "refused-revoked": "Rechazado: revocado",
};

export default function EvidenceReportRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { report, links, views, propertyId, canManage, tsa, now, siteWarning } = loaderData;
  const result = actionData as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const file = (name: string) => `/api/admin/evidence/reports/${report.id}/files/${name}`;
  const missingStamp = !report.pdf.hasTimestamp || !report.zip.hasTimestamp;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        {propertyId ? (
          <Link to={`/admin/vigilancia/${propertyId}`} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            ← {report.propertyName}
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold">{report.title}</h1>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {report.propertyName} · {report.deviceId} · {report.readingsCount} lecturas
          {report.peakScore !== null ? ` · puntuación máxima ${formatScore(report.peakScore)}` : ""} · firmado por {report.createdByName ?? "-"}
        </p>
      </div>
      {siteWarning ? (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {siteWarning}
        </p>
      ) : null}
      {result && !("url" in result) ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "rounded-md bg-emerald-50 p-3 text-sm text-emerald-900" : "rounded-md bg-red-50 p-3 text-sm text-red-900"}>
          {result.ok ? result.message : result.error}
        </p>
      ) : null}

      <section aria-labelledby="files-heading" className="grid gap-3 rounded-md border bg-background p-4">
        <h2 id="files-heading" className="text-lg font-semibold">
          Archivos
        </h2>
        <div className="flex flex-wrap gap-2">
          <a className="inline-flex min-h-10 items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground" href={file("pdf")}>
            <Download className="size-4" aria-hidden="true" /> Informe PDF
          </a>
          <a className="inline-flex min-h-10 items-center gap-2 rounded-md border px-4 py-2 text-sm font-medium" href={file("zip")}>
            <Download className="size-4" aria-hidden="true" /> Copia forense ZIP
          </a>
          <a className="inline-flex min-h-10 items-center gap-2 rounded-md border px-4 py-2 text-sm" href={file("zip.sig")}>
            Firma del ZIP
          </a>
          {report.zip.hasTimestamp ? (
            <a className="inline-flex min-h-10 items-center gap-2 rounded-md border px-4 py-2 text-sm" href={file("zip.tst")}>
              Sello del ZIP
            </a>
          ) : null}
          <a className="inline-flex min-h-10 items-center gap-2 rounded-md border px-4 py-2 text-sm" href={verifyPath(report.id)}>
            Página pública de verificación
          </a>
        </div>
        {report.tsaError ? <p className="text-sm text-amber-900">Sello de tiempo pendiente: {report.tsaError}</p> : null}
        {canManage && tsa && missingStamp ? (
          <Form method="post">
            <input type="hidden" name="intent" value="timestamp" />
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              <Stamp aria-hidden="true" /> Pedir el sello de tiempo
            </Button>
          </Form>
        ) : null}
        <ReportFacts report={report} />
      </section>

      <section aria-labelledby="share-heading" className="grid gap-3 rounded-md border bg-background p-4">
        <h2 id="share-heading" className="text-lg font-semibold">
          Compartir
        </h2>
        {result && "url" in result ? (
          <div role="status" className="grid gap-3 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950 sm:grid-cols-[auto_1fr]">
            <QrCode text={result.url} />
            <div className="grid content-start gap-2">
              <p className="font-semibold">Enlace para «{result.label}», válido hasta el {formatInstant(result.expiresAt)}.</p>
              <p>Cópialo ahora: por seguridad no se vuelve a mostrar (puedes crear otro).</p>
              <Input readOnly value={result.url} aria-label="Enlace para compartir" onFocus={(e) => e.currentTarget.select()} />
            </div>
          </div>
        ) : null}
        {canManage ? (
          <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
            <input type="hidden" name="intent" value="share" />
            <label className="grid gap-1 text-sm" htmlFor="share-label">
              <span className="font-medium">Para quién</span>
              <Input id="share-label" name="label" maxLength={120} placeholder="Abogado, Policía Nacional…" required />
            </label>
            <label className="grid gap-1 text-sm" htmlFor="share-days">
              <span className="font-medium">Caduca en (días)</span>
              <Input id="share-days" name="days" type="number" min={1} max={SHARE_DAYS_MAX} defaultValue={SHARE_DAYS_DEFAULT} required />
            </label>
            <Button type="submit" disabled={busy}>
              <Link2 aria-hidden="true" /> Crear enlace
            </Button>
          </Form>
        ) : null}
        {links.length === 0 ? (
          <p className="text-sm text-muted-foreground">Ningún enlace creado.</p>
        ) : (
          <ul className="grid gap-2">
            {links.map((link) => {
              const expired = Date.parse(link.expiresAt) <= now;
              return (
                <li key={link.id} className="grid gap-2 rounded-md border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
                  <div className="grid gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium [overflow-wrap:anywhere]">{link.label}</span>
                      {link.revokedAt ? <Badge variant="secondary">Revocado</Badge> : expired ? <Badge variant="secondary">Caducado</Badge> : <Badge variant="success">Activo</Badge>}
                    </div>
                    <span className="text-muted-foreground">
                      Creado {formatInstant(link.createdAt)} por {link.createdByName ?? "-"} · caduca {formatInstant(link.expiresAt)} · {link.views} accesos
                      {link.revokedAt ? ` · revocado ${formatInstant(link.revokedAt)} por ${link.revokedByName ?? "-"}` : ""}
                    </span>
                  </div>
                  {canManage && !link.revokedAt && !expired ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="linkId" value={link.id} />
                      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Revocar el enlace de ${link.label}`}>
                        Revocar
                      </Button>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="views-heading" className="grid gap-3 rounded-md border bg-background p-4">
        <h2 id="views-heading" className="text-lg font-semibold">
          Registro de accesos
        </h2>
        {views.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nadie ha usado todavía un enlace de este informe.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {views.map((view) => (
              <li key={view.id} className="[overflow-wrap:anywhere]">
                {formatInstant(view.viewedAt)} · {view.linkLabel} · {ACTION_LABELS[view.action] ?? view.action} · {view.clientIp ?? "-"}
                <span className="text-muted-foreground"> · {view.userAgent ?? ""}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
