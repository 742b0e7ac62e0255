import { Badge } from "#app/components/ui/badge.tsx";
import { deadlineLabel, sesStatusLabel, type SesStatusInput } from "#app/modules/ses/ses-status.ts";

/** One filing's status: a badge, the code or the ministry's text, and the time left. */
export function SesStatusBadge({ kind, status, now }: { kind: string; status: SesStatusInput | undefined; now: number }) {
  const view = sesStatusLabel(status);
  const deadline = deadlineLabel(status, now);
  return (
    <div className="grid min-w-0 gap-0.5 text-xs" data-ses-kind={kind} data-ses-state={status?.state ?? "none"}>
      <span className="inline-flex flex-wrap items-center gap-1">
        <span className="font-medium">{kind}</span>
        <Badge variant={view.tone}>{view.label}</Badge>
      </span>
      {view.detail ? <span className="font-mono text-[11px] text-muted-foreground [overflow-wrap:anywhere]">{view.detail}</span> : null}
      {deadline ? <span className={deadline.overdue ? "font-medium text-destructive" : "text-muted-foreground"}>{deadline.text}</span> : null}
    </div>
  );
}
