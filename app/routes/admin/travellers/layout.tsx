import { BedDouble, CalendarCheck, Cpu, Landmark, Send } from "lucide-react";
import { data, Outlet } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { SectionTabs, type SectionTab } from "#app/components/admin/section-tabs.tsx";
import type { Route } from "./+types/layout.ts";

// "Gestión de Viajeros": reservations, properties and devices as sub-tabs (staff-side §2). Each
// child route guards itself; this layout only draws the tabs. A new tab is one more entry in
// TABS: the same tab bar as Monitorización (SectionTabs), which scrolls within itself on a phone.

const TABS: readonly SectionTab[] = [
  { to: "/admin/viajeros", label: "Reservas", Icon: CalendarCheck, end: true },
  { to: "/admin/viajeros/viviendas", label: "Viviendas", Icon: BedDouble, end: false },
  { to: "/admin/viajeros/dispositivos", label: "Dispositivos", Icon: Cpu, end: false },
  { to: "/admin/viajeros/arrendadores", label: "Arrendadores", Icon: Landmark, end: false },
  { to: "/admin/viajeros/comunicaciones", label: "Comunicaciones", Icon: Send, end: false },
];

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
      <SectionTabs label="Gestión de viajeros" tabs={TABS} />
      <Outlet />
    </div>
  );
}
