import { AlertTriangle, BedDouble, Cpu } from "lucide-react";
import { SectionTabs, type SectionTab } from "#app/components/admin/section-tabs.tsx";

// Monitorización's sub-navigation: the devices, their incidents and each property's rules and
// monthly report. The same tab bar as Gestión de Viajeros (SectionTabs).

const TABS: readonly SectionTab[] = [
  { to: "/admin/monitorizacion", label: "Dispositivos", Icon: Cpu, end: true },
  { to: "/admin/monitorizacion/incidencias", label: "Incidencias", Icon: AlertTriangle, end: false },
  { to: "/admin/monitorizacion/viviendas", label: "Reglas e informes", Icon: BedDouble, end: false },
];

export function MonitoringTabs() {
  return <SectionTabs label="Monitorización" tabs={TABS} />;
}
