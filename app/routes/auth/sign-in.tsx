import { useEffect, useState } from "react";
import { data, redirect, useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { getSessionUser } from "#app/auth/guards.server.ts";
import { signIn } from "#app/auth/sign-in.server.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { signInSchema } from "#app/modules/users/users.schema.ts";
import type { Route } from "./+types/sign-in.ts";

export function meta() {
  return [{ title: "Acceso del equipo | NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(request, context)) throw redirect("/admin");
  return null;
}

type ActionResult = { ok: true } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, error: parsed.error.issues[0]!.message }, { status: 400 });
  }
  const result = await signIn(context, request, parsed.data);
  if (!result.ok) return data<ActionResult>({ ok: false, error: result.error }, { status: result.status });
  // Without JavaScript there is no toast and no timer: go straight to the dashboard.
  if (form.get("client") !== "js") throw redirect("/admin", { headers: result.headers });
  return data<ActionResult>({ ok: true }, { headers: result.headers });
}

export default function SignIn() {
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      toast.success("Sesión iniciada correctamente");
      const timer = setTimeout(() => navigate("/admin"), 500);
      return () => clearTimeout(timer);
    }
    toast.error("Error al iniciar sesión");
  }, [result, fetcher.state, navigate]);

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted p-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-lg font-semibold leading-tight">Acceso del equipo</h1>
          <CardDescription>Inicia sesión para gestionar leads, viviendas y reservas.</CardDescription>
        </CardHeader>
        <CardContent>
          <fetcher.Form method="post" className="grid gap-4">
            <input type="hidden" name="client" value={hydrated ? "js" : "html"} />
            {result && !result.ok ? <Alert variant="destructive">{result.error}</Alert> : null}
            <div className="grid gap-2">
              <Label htmlFor="email">Email</Label>
              <Input id="email" name="email" type="email" autoComplete="username" required maxLength={255} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="password">Contraseña</Label>
              <Input id="password" name="password" type="password" autoComplete="current-password" required maxLength={128} />
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? "Iniciando sesión..." : "Iniciar sesión"}
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>
    </main>
  );
}
