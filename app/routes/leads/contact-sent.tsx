import { CheckCircle2, CircleAlert } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { brand } from "#app/config/brand.ts";
import { isLeadMessageKey, LEAD_MESSAGES, safeReturnPath } from "#app/modules/leads/leads.schema.ts";
import type { Route } from "./+types/contact-sent.ts";

// /contacto/enviado: where POST /api/leads sends a form posted without JavaScript. The marketing
// pages are prerendered and cannot show a per-request result, so this small page, rendered on
// the server, does: the visitor sees the same Spanish message the toast would have shown.

export function meta({ data: result }: Route.MetaArgs) {
  const title = result?.ok ? "Formulario enviado" : "No se ha podido enviar el formulario";
  return [{ title: `${title} | ${brand.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const result = params.get("resultado");
  // Only known result codes are shown, never free text from the URL.
  if (!isLeadMessageKey(result)) throw redirect("/contacto");
  const ok = result === "success";
  const back = safeReturnPath(params.get("volver")) ?? "/contacto";
  const status = ok ? 200 : result === "rateLimited" ? 429 : 400;
  return data({ ok, message: LEAD_MESSAGES[result], back }, { status, headers: { "Cache-Control": "private, no-store" } });
}

export default function ContactSent({ loaderData }: Route.ComponentProps) {
  const { ok, message, back } = loaderData;
  const Icon = ok ? CheckCircle2 : CircleAlert;
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-3xl items-center px-4 py-4">
          <Link reloadDocument to="/" className="text-lg font-bold text-primary">
            {brand.name}
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center">
        <Icon className={ok ? "size-14 text-success" : "size-14 text-destructive"} aria-hidden="true" />
        <h1 className="text-2xl font-semibold">{ok ? "Formulario enviado" : "No se ha podido enviar el formulario"}</h1>
        <Alert variant={ok ? "success" : "destructive"} className="w-full text-base">
          {message}
        </Alert>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link reloadDocument to={back}>{ok ? "Volver a la página" : "Volver al formulario"}</Link>
          </Button>
          {back !== "/" ? (
            <Button asChild variant="outline">
              <Link reloadDocument to="/">Ir al inicio</Link>
            </Button>
          ) : null}
        </div>
      </main>
    </div>
  );
}
