import { Badge } from "#app/components/ui/badge.tsx";
import { webhookStatusLabel } from "#app/modules/webhooks/webhooks.schema.ts";

/** A delivery's state in words: Entregado, Reintentando, En cola, Enviando, Fallido. */
export function DeliveryStatusBadge({ status, attempts }: { status: string; attempts: number }) {
  const label = webhookStatusLabel(status, attempts);
  const variant = status === "delivered" ? "success" : status === "failed" ? "destructive" : attempts > 0 ? "warning" : "secondary";
  return (
    <Badge variant={variant} data-status={status}>
      {label}
    </Badge>
  );
}
