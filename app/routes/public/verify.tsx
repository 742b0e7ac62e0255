import { ShieldCheck } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { ReportFacts } from "#app/components/evidence/report-facts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { brand } from "#app/config/brand.ts";
import { compareWithReport, getReportSummary } from "#app/modules/evidence/evidence.server.ts";
import { EVIDENCE_MESSAGES, publicReportFacts, UUID_PATTERN_EVIDENCE, VERIFY_UPLOAD_MAX_BYTES } from "#app/modules/evidence/evidence.schema.ts";
import { consumeRateLimit, RATE_LIMITS } from "#app/modules/rate-limit/rate-limit.server.ts";
import type { Route } from "./+types/verify.ts";

// /verificar/{id}: anyone holding an evidence report (a judge, the police, a lawyer) checks it
// without an account (ADR 0022). The page shows the report's SHA-256, whether its Ed25519
// signatures hold against the stored bytes and the time-stamps; a file uploaded here is hashed
// and compared with them. Nothing of the episode itself (address, readings) is shown: the id
// only proves which bytes were signed.

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id ?? "";
  const report = UUID_PATTERN_EVIDENCE.test(id) ? await getReportSummary(context.db, id) : null;
  if (!report) throw data({ message: EVIDENCE_MESSAGES.reportNotFound }, { status: 404 });
  // The page data is public too: only what the page shows (hashes, validity, period), never the
  // property, the staff member who signed, the readings count or the peak score.
  return { report: publicReportFacts(report) };
}

type UploadResult = { fileName: string; sha256: string; matches: "pdf" | "zip" | null } | { error: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = params.id ?? "";
  if (!UUID_PATTERN_EVIDENCE.test(id)) throw data({ message: EVIDENCE_MESSAGES.reportNotFound }, { status: 404 });
  const limit = await consumeRateLimit(context.db, RATE_LIMITS.evidenceVerify, context.clientIp);
  if (!limit.allowed) return data<UploadResult>({ error: EVIDENCE_MESSAGES.rateLimited }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // A body over the limit is answered 413 by the body limit; anything else unreadable is a 400.
    return data<UploadResult>({ error: EVIDENCE_MESSAGES.uploadMissing }, { status: 400 });
  }
  const file = form.get("archivo");
  if (!(file instanceof File) || file.size === 0) return data<UploadResult>({ error: EVIDENCE_MESSAGES.uploadMissing }, { status: 400 });
  if (file.size > VERIFY_UPLOAD_MAX_BYTES) return data<UploadResult>({ error: EVIDENCE_MESSAGES.uploadTooLarge }, { status: 413 });
  const compared = await compareWithReport(context.db, id, new Uint8Array(await file.arrayBuffer()));
  if (!compared) throw data({ message: EVIDENCE_MESSAGES.reportNotFound }, { status: 404 });
  return data<UploadResult>({ fileName: file.name.slice(0, 200), sha256: compared.sha256, matches: compared.matches });
}

export function meta() {
  return [{ title: `Verificar un informe de evidencia | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  // "same-origin", not "no-referrer": no other site sees the address as a Referer, and the
  // "Comprobar" form post still carries this site's Origin (under "no-referrer" a browser sends
  // "Origin: null", which the server refuses as cross-site).
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

export default function VerifyRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { report } = loaderData;
  const navigation = useNavigation();
  const result = actionData as UploadResult | undefined;
  return (
    <main id="main" className="mx-auto grid min-h-screen max-w-3xl content-start gap-6 px-4 py-8">
      <header className="grid gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-primary">
          <ShieldCheck className="size-4" aria-hidden="true" /> {brand.name} · Verificación
        </p>
        <h1 className="text-2xl font-semibold">{report.title}</h1>
        <p className="text-sm text-muted-foreground">
          Este informe fue firmado por la plataforma {brand.name}. Compruebe aquí que el archivo que tiene es exactamente el firmado: súbalo y se compara su
          SHA-256 con el registrado. El archivo no se guarda.
        </p>
      </header>
      <ReportFacts report={report} />
      <section aria-labelledby="upload-heading" className="grid gap-3 rounded-md border bg-background p-4">
        <h2 id="upload-heading" className="text-lg font-semibold">
          Comprobar un archivo
        </h2>
        <Form method="post" encType="multipart/form-data" className="grid gap-3" reloadDocument>
          <label className="grid gap-1 text-sm" htmlFor="archivo">
            <span className="font-medium">Archivo (el PDF o el ZIP del informe, hasta 32 MB)</span>
            <input id="archivo" name="archivo" type="file" required className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-muted file:px-3 file:py-2" />
          </label>
          <div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              Comprobar
            </Button>
          </div>
        </Form>
        {result && "error" in result ? (
          <p role="alert" className="text-sm text-red-700">
            {result.error}
          </p>
        ) : result ? (
          <div role="status" className={result.matches ? "rounded-md bg-emerald-50 p-3 text-sm text-emerald-900" : "rounded-md bg-red-50 p-3 text-sm text-red-900"}>
            <p className="font-semibold">
              {result.matches === "pdf"
                ? "Coincide: el archivo es idéntico al informe PDF firmado."
                : result.matches === "zip"
                  ? "Coincide: el archivo es idéntico a la copia forense ZIP firmada."
                  : "No coincide: este archivo no es el informe firmado (ha cambiado al menos un byte, o es otro archivo)."}
            </p>
            <p className="mt-1 [overflow-wrap:anywhere]">
              {result.fileName} · SHA-256 <span className="font-mono text-xs">{result.sha256}</span>
            </p>
          </div>
        ) : null}
      </section>
      <p className="text-xs text-muted-foreground">
        Para comprobar la firma sin esta página: descargue la clave pública (enlace de «Clave de firma») y use{" "}
        <code className="[overflow-wrap:anywhere]">openssl pkeyutl -verify -pubin -inkey clave.pem -rawin -in informe.pdf -sigfile informe.pdf.sig</code>.
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main id="main" className="mx-auto grid min-h-screen max-w-3xl content-start gap-4 px-4 py-8">
      <h1 className="text-2xl font-semibold">Informe no encontrado</h1>
      <p className="text-sm text-muted-foreground">No hay ningún informe de evidencia con este identificador. Compruebe la dirección o el código QR.</p>
    </main>
  );
}
