import { formatDay, formatDbA } from "#app/lib/format.ts";
import { monthLabel } from "#app/modules/incidents/incident-screens.ts";
import type { IncidentType } from "#app/modules/incidents/incidents.schema.ts";

// The monthly report's figures on the page, the same the PDF and CSV carry.

export type ReportSummary = {
  incidentsByType: { type: IncidentType; label: string; count: number }[];
  totalIncidents: number;
  noise: { band: string; label: string; start: string; end: string; threshold: number; minutesOver: number; minutesMeasured: number }[];
  stays: { reservationId: string; reference: string; checkIn: string; checkOut: string; booked: number; registered: number; occupancyMax: number | null; minutesOver: number }[];
  offline: { incidents: number; minutes: number; minutesWithoutReadings: number | null };
  partial: boolean;
};

const guests = (n: number, what: string) => (n === 1 ? `1 huésped ${what}` : `${n} huéspedes ${what}s`);

export function MonthlyReportSummary({ report, month }: { report: ReportSummary; month: string }) {
  return (
    <div className="grid gap-4 text-sm">
      <p className="text-muted-foreground">
        {monthLabel(month)}
        {report.partial ? " (mes en curso)" : ""}: {report.totalIncidents === 1 ? "1 incidencia" : `${report.totalIncidents} incidencias`}
        {report.totalIncidents > 0
          ? ` (${report.incidentsByType
              .filter((entry) => entry.count > 0)
              .map((entry) => `${entry.label}: ${entry.count}`)
              .join(" · ")})`
          : ""}
        {`. Sin conexión: ${report.offline.incidents === 1 ? "1 episodio" : `${report.offline.incidents} episodios`}, ${report.offline.minutes} min.`}
      </p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Minutos por encima del umbral por franja">
        <table className="w-full min-w-[18rem]">
          <caption className="sr-only">Minutos por encima del umbral de ruido por franja</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="p-2 font-medium">Franja</th>
              <th scope="col" className="p-2 text-right font-medium">Umbral</th>
              <th scope="col" className="p-2 text-right font-medium">Min. por encima</th>
            </tr>
          </thead>
          <tbody>
            {report.noise.map((band) => (
              <tr key={band.band} className="border-b last:border-0">
                <th scope="row" className="p-2 text-left font-normal">{`${band.label} ${band.start}–${band.end}`}</th>
                <td className="p-2 text-right tabular-nums">{formatDbA(band.threshold, 0)}</td>
                <td className="p-2 text-right tabular-nums">{band.minutesOver}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.stays.length > 0 ? (
        <ul className="grid gap-1">
          {report.stays.map((stay) => (
            <li key={stay.reservationId} className="[overflow-wrap:anywhere]">
              {`${stay.reference} (${formatDay(stay.checkIn)}–${formatDay(stay.checkOut)}): ${stay.registered > 0 ? guests(stay.registered, "registrado") : `${guests(stay.booked, "reservado")}, nadie registrado`}, máximo detectado ${stay.occupancyMax ?? "—"}, ${stay.minutesOver} min con más personas`}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">Ninguna estancia en el mes.</p>
      )}
    </div>
  );
}
