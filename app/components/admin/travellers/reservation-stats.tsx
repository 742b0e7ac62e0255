import { CalendarCheck, CheckCircle2, Clock, Users } from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";
import { StatCard } from "#app/components/admin/stat-card.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import type { ReservationStats } from "#app/modules/reservations/reservations.server.ts";

const numberFormat = new Intl.NumberFormat("es-ES");

const CARDS = [
  { key: "total", label: "Total de reservas", Icon: CalendarCheck, tone: "text-primary" },
  { key: "completed", label: "Completadas", Icon: CheckCircle2, tone: "text-success" },
  { key: "pending", label: "Pendientes", Icon: Clock, tone: "text-amber-600" },
  { key: "totalGuests", label: "Total de huéspedes", Icon: Users, tone: "text-sky-700" },
] as const;

function Section({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <section aria-labelledby="reservation-stats-title" aria-busy={busy || undefined}>
      <h3 id="reservation-stats-title" className="sr-only">
        Resumen de reservas
      </h3>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">{children}</ul>
    </section>
  );
}

export function ReservationStatsSkeleton() {
  return (
    <Section busy>
      {CARDS.map(({ key, label }) => (
        <li key={key}>
          <Card>
            <CardContent className="grid gap-2 p-4" role="status" aria-label={`${label}: cargando`}>
              <span className="h-4 w-24 animate-pulse rounded bg-muted" />
              <span className="h-7 w-12 animate-pulse rounded bg-muted" />
            </CardContent>
          </Card>
        </li>
      ))}
    </Section>
  );
}

export function ReservationStatsCards({ stats }: { stats: ReservationStats | null }) {
  return (
    <Section>
      {CARDS.map(({ key, label, Icon, tone }) => (
        <li key={key}>
          <StatCard label={label} value={stats ? numberFormat.format(stats[key]) : "—"} Icon={Icon} tone={tone} stat={key} />
        </li>
      ))}
    </Section>
  );
}

/**
 * The four cards of the Reservas tab. The loader streams the figures, so the cards show a
 * skeleton until they arrive, and again while the page is being reloaded (`loading`).
 */
export function ReservationStatsSection({
  stats,
  loading,
}: {
  stats: Promise<ReservationStats | null> | ReservationStats | null;
  loading: boolean;
}) {
  if (loading) return <ReservationStatsSkeleton />;
  return (
    <Suspense fallback={<ReservationStatsSkeleton />}>
      <Await resolve={stats}>{(value) => <ReservationStatsCards stats={value} />}</Await>
    </Suspense>
  );
}
