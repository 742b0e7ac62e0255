import { BedDouble, CalendarCheck, Cpu, Landmark, Send } from "lucide-react";
import { data, NavLink, Outlet, useLocation } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { ScrollTabs } from "#app/components/ui/scroll-tabs.tsx";
import { cn } from "#app/lib/utils.ts";
import type { Route } from "./+types/layout.ts";

// "Gestión de Viajeros": reservations, properties and devices as sub-tabs (staff-side §2). Each
// child route guards itself; this layout only draws the tabs. A new tab is one more entry in
// TABS: on a phone the bar scrolls within itself (ScrollTabs), so it never widens the page.

const TABS = [
  { to: "/admin/viajeros", label: "Reservas", Icon: CalendarCheck, end: true },
  { to: "/admin/viajeros/viviendas", label: "Viviendas", Icon: BedDouble, end: false },
  { to: "/admin/viajeros/dispositivos", label: "Dispositivos", Icon: Cpu, end: false },
  { to: "/admin/viajeros/arrendadores", label: "Arrendadores", Icon: Landmark, end: false },
  { to: "/admin/viajeros/comunicaciones", label: "Comunicaciones", Icon: Send, end: false },
] as const;

/**
 * A post to /admin/viajeros without "?index" lands here rather than on the Reservas tab. It is
 * guarded like every admin action (401/403 before anything else) and then refused: the tab's
 * own forms always carry ?index.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "travellers:manage");
  return data({ ok: false as const, intent: null, error: "Acción no válida" }, { status: 405 });
}

export default function TravellersLayout() {
  const location = useLocation();
  return (
    // One column no wider than the page: a wide child scrolls or wraps inside itself instead of
    // stretching the column, and with it the tab bar and the heading, past the screen.
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Gestión de Viajeros</h1>
          <p className="text-sm text-muted-foreground">Viviendas, reservas y registro de huéspedes para el parte de viajeros.</p>
        </div>
      </div>
      <ScrollTabs
        aria-label="Gestión de viajeros"
        className="flex"
        listClassName="gap-1 rounded-lg bg-muted p-1"
        fadeClassName="from-muted rounded-lg"
        activeKey={location.pathname}
      >
        {TABS.map(({ to, label, Icon, end }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              end={end}
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  "inline-flex items-center gap-2 whitespace-nowrap rounded-md px-4 py-2 text-sm font-medium transition-colors max-md:min-h-11",
                  isActive ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ScrollTabs>
      <Outlet />
    </div>
  );
}
