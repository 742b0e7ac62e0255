import { AlertTriangle, BedDouble, Cpu } from "lucide-react";
import { NavLink, useLocation } from "react-router";
import { ScrollTabs } from "#app/components/ui/scroll-tabs.tsx";
import { cn } from "#app/lib/utils.ts";

// Monitorización's sub-navigation: the devices, their incidents and each property's rules and
// monthly report. On a phone the bar scrolls within itself (ScrollTabs), never the page.

const TABS = [
  { to: "/admin/monitorizacion", label: "Dispositivos", Icon: Cpu, end: true },
  { to: "/admin/monitorizacion/incidencias", label: "Incidencias", Icon: AlertTriangle, end: false },
  { to: "/admin/monitorizacion/viviendas", label: "Reglas e informes", Icon: BedDouble, end: false },
] as const;

export function MonitoringTabs() {
  const location = useLocation();
  return (
    <ScrollTabs aria-label="Monitorización" className="flex" listClassName="gap-1 rounded-lg bg-muted p-1" fadeClassName="from-muted rounded-lg" activeKey={location.pathname}>
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
  );
}
