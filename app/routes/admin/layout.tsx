import { Loader2, LogOut, RefreshCw } from "lucide-react";
import { Form, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { canManageUsers, hasPermission } from "#app/auth/permissions.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ScrollTabs } from "#app/components/ui/scroll-tabs.tsx";
import { cn } from "#app/lib/utils.ts";
import type { Route } from "./+types/layout.ts";

export function meta() {
  return [{ title: "Panel de administración | NidoSmart" }, { name: "robots", content: "noindex, nofollow" }, { name: "theme-color", content: "#0f766e" }];
}

// Every staff page makes the panel installable (issue 31): the manifest and the home-screen icon.
export function links() {
  return [
    { rel: "manifest", href: "/admin/manifest.webmanifest" },
    { rel: "apple-touch-icon", href: "/admin/icon-192.png" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "admin:enter");
  return { user };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  // The spinner covers a switch to another tab, not the quiet reload after a row action.
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/admin") &&
    navigation.location.pathname !== location.pathname;
  const tabs = [
    { to: "/admin", label: "Gestión de Leads", end: true },
    { to: "/admin/viajeros", label: "Gestión de Viajeros" },
    ...(hasPermission(user.role, "monitoring:read") ? [{ to: "/admin/monitorizacion", label: "Monitorización" }] : []),
    ...(hasPermission(user.role, "vigilance:read") ? [{ to: "/admin/vigilancia", label: "Vigilancia" }] : []),
    { to: "/admin/estadisticas", label: "Estadísticas Web" },
    ...(hasPermission(user.role, "webhooks:manage") ? [{ to: "/admin/webhooks", label: "Webhooks" }] : []),
    ...(canManageUsers(user.role) ? [{ to: "/admin/usuarios", label: "Usuarios" }] : []),
    { to: "/admin/avisos", label: "Mis avisos" },
  ];

  return (
    <div className="min-h-screen bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wide text-primary">NidoSmart · Panel</p>
            {/* A long e-mail address breaks instead of widening the page on a phone. */}
            <p className="text-lg font-semibold [overflow-wrap:anywhere]">{`Bienvenido, ${user.fullName || user.email}`}</p>
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" /> Actualizar
            </Button>
            <Form method="post" action="/auth/sign-out">
              <Button type="submit" variant="ghost" size="sm">
                <LogOut aria-hidden="true" /> Cerrar sesión
              </Button>
            </Form>
          </div>
        </div>
        <ScrollTabs aria-label="Secciones del panel" className="mx-auto max-w-7xl px-4" listClassName="-mb-px gap-1" activeKey={location.pathname}>
          {tabs.map((tab) => (
            <li key={tab.to} className="shrink-0">
              <NavLink
                to={tab.to}
                end={tab.end}
                prefetch="intent"
                className={({ isActive }) =>
                  cn(
                    "inline-block whitespace-nowrap border-b-2 px-4 py-3 text-sm font-medium",
                    isActive ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:text-foreground",
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ScrollTabs>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        {loading ? (
          <div role="status" className="flex items-center justify-center gap-2 py-24 text-muted-foreground">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" /> Cargando dashboard...
          </div>
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}
