import type { LucideIcon } from "lucide-react";
import { Card, CardContent } from "#app/components/ui/card.tsx";

/**
 * One figure of a list's summary (leads, reservations): its label, the number and an icon in the
 * figure's tone. `stat` marks the number for tests and scripts (data-stat).
 */
export function StatCard({ label, value, Icon, tone, stat }: { label: string; value: string; Icon: LucideIcon; tone: string; stat?: string }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-3 p-4">
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold tabular-nums" data-stat={stat}>
            {value}
          </p>
        </div>
        <Icon className={`size-6 shrink-0 ${tone}`} aria-hidden="true" />
      </CardContent>
    </Card>
  );
}
