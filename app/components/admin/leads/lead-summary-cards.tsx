import { AlertTriangle, CheckCircle2, Clock, PhoneCall, Users } from "lucide-react";
import { StatCard } from "#app/components/admin/stat-card.tsx";
import { sourceLabel } from "#app/modules/leads/leads.schema.ts";

export type LeadSummaryData = {
  total: number;
  pending: number;
  contacted: number;
  qualified: number;
  highPriority: number;
  topSources: { source: string; count: number }[];
};

const numberFormat = new Intl.NumberFormat("es-ES");
export const formatCount = (value: number) => numberFormat.format(value);

/** The five dashboard cards (staff-side §2), computed by the server over ALL leads. */
export function LeadSummaryCards({ summary }: { summary: LeadSummaryData }) {
  const cards = [
    { label: "Total de leads", value: summary.total, Icon: Users, tone: "text-primary" },
    { label: "Pendientes", value: summary.pending, Icon: Clock, tone: "text-amber-600" },
    { label: "Contactados", value: summary.contacted, Icon: PhoneCall, tone: "text-sky-700" },
    { label: "Cualificados", value: summary.qualified, Icon: CheckCircle2, tone: "text-success" },
    { label: "Alta prioridad", value: summary.highPriority, Icon: AlertTriangle, tone: "text-destructive" },
  ];
  return (
    <section aria-labelledby="lead-summary-title" className="grid gap-3">
      <h2 id="lead-summary-title" className="sr-only">
        Resumen de leads
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        {/* Five cards in two columns on a phone: the total takes the whole first row. */}
        {cards.map(({ label, value, Icon, tone }) => (
          <li key={label} className="first:col-span-2 md:first:col-span-1">
            <StatCard label={label} value={formatCount(value)} Icon={Icon} tone={tone} />
          </li>
        ))}
      </ul>
      {summary.topSources.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">Principales orígenes:</span>{" "}
          {summary.topSources.map((entry, index) => (
            <span key={entry.source}>
              {index > 0 ? " · " : ""}
              {sourceLabel(entry.source)} ({formatCount(entry.count)})
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
