import { Badge } from "#app/components/ui/badge.tsx";
import { PanelCard, PanelEmpty } from "#app/components/admin/panel-card.tsx";
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableHeadRow,
  ResponsiveTableRow,
} from "#app/components/ui/responsive-table.tsx";
import { formatDate, formatDateTime } from "#app/lib/dates.ts";

export type CommandView = {
  id: number;
  deviceId: string;
  deviceName: string | null;
  reservationId: string | null;
  propertyName: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  command: string;
  result: string;
  error: string | null;
  requestedAt: string | Date;
};

type BadgeVariant = "success" | "destructive" | "warning" | "secondary" | "outline";

export const COMMAND_RESULT_LABELS: Record<string, { label: string; variant: BadgeVariant }> = {
  ok: { label: "Abierta", variant: "success" },
  rejected: { label: "Rechazada", variant: "destructive" },
  failed: { label: "Fallo del dispositivo", variant: "warning" },
  rate_limited: { label: "Límite de intentos", variant: "warning" },
  pending: { label: "En curso", variant: "secondary" },
};

function reservationLabel(command: CommandView): string {
  if (!command.reservationId) return "-";
  if (!command.propertyName) return `Reserva eliminada (${command.reservationId.slice(0, 8)})`;
  return `${command.propertyName} · ${formatDate(command.checkInDate)} - ${formatDate(command.checkOutDate)}`;
}

/** The latest opening attempts, refusals included (DECISIONS.md: every command is recorded). */
export function CommandLog({ commands }: { commands: CommandView[] }) {
  return (
    <PanelCard title="Registro de aperturas" description="Los últimos 100 intentos de apertura, con su resultado.">
      {commands.length === 0 ? (
        <PanelEmpty>Todavía no hay intentos de apertura.</PanelEmpty>
      ) : (
        <ResponsiveTable>
          <caption className="sr-only">Registro de aperturas</caption>
          <ResponsiveTableHeader>
            <ResponsiveTableHeadRow>
              <ResponsiveTableHead>Fecha y hora</ResponsiveTableHead>
              <ResponsiveTableHead>Dispositivo</ResponsiveTableHead>
              <ResponsiveTableHead>Reserva</ResponsiveTableHead>
              <ResponsiveTableHead>Resultado</ResponsiveTableHead>
              <ResponsiveTableHead>Error</ResponsiveTableHead>
            </ResponsiveTableHeadRow>
          </ResponsiveTableHeader>
          <ResponsiveTableBody>
            {commands.map((command) => {
              const result = COMMAND_RESULT_LABELS[command.result] ?? { label: command.result, variant: "outline" as const };
              return (
                <ResponsiveTableRow key={command.id}>
                  <ResponsiveTableCell label="Fecha y hora" className="whitespace-nowrap">
                    {formatDateTime(command.requestedAt)}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Dispositivo" className="max-md:[overflow-wrap:anywhere]">
                    <span className="font-mono text-xs">{command.deviceId || "-"}</span>
                    {command.deviceName ? <span className="block text-xs text-muted-foreground">{command.deviceName}</span> : null}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Reserva" mobile="full">
                    {reservationLabel(command)}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Resultado">
                    <Badge variant={result.variant}>{result.label}</Badge>
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Error" mobile="full" className="max-w-sm text-muted-foreground max-md:max-w-none">
                    {command.error ?? "-"}
                  </ResponsiveTableCell>
                </ResponsiveTableRow>
              );
            })}
          </ResponsiveTableBody>
        </ResponsiveTable>
      )}
    </PanelCard>
  );
}
