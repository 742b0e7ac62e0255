import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { DeliveriesPanel } from "#app/components/admin/webhooks/deliveries-panel.tsx";
import type { WebhookActionResult, WebhookIntent } from "#app/components/admin/webhooks/webhook-action.ts";
import { WEBHOOK_LOG_FILTERS, WEBHOOK_MESSAGES, webhookIdSchema, type WebhookLogFilter } from "#app/modules/webhooks/webhooks.schema.ts";
import {
  getWebhookDeliveryDetail,
  getWebhookEndpoint,
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendTestWebhookEvent,
  setWebhookEndpointEnabled,
  WEBHOOK_LOG_PAGE,
  type QueueOutcome,
} from "#app/modules/webhooks/webhooks.server.ts";
import { kickWebhookWorker } from "#app/modules/webhooks/webhook-service.server.ts";
import type { Route } from "./+types/deliveries.ts";

// /admin/webhooks/:endpointId: one endpoint's delivery log (status, attempts, the receiver's
// answer), "Reenviar" per delivery and the attempts of one delivery (?entrega=…). The filter and
// the page live in the URL (?estado=fallidas&antes=…).

export function meta({ data: loaderData }: Route.MetaArgs) {
  const name = loaderData?.found ? loaderData.endpoint.description || "Endpoint" : "Endpoint";
  return [{ title: `${name} · Webhooks | Panel NidoSmart` }, { name: "robots", content: "noindex, nofollow" }];
}

const NO_STORE = { "Cache-Control": "private, no-store" };

export function headers() {
  return NO_STORE;
}

function parseFilter(value: string | null): WebhookLogFilter {
  return value !== null && value in WEBHOOK_LOG_FILTERS ? (value as WebhookLogFilter) : "todas";
}

function parseCursor(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "webhooks:manage");
  const id = webhookIdSchema.safeParse(params.endpointId);
  const endpoint = id.success ? await getWebhookEndpoint(context.db, id.data) : null;
  // Answered, not thrown: a route error boundary would re-run the admin layout's guard.
  if (!endpoint) return data({ found: false as const }, { status: 404, headers: NO_STORE });
  const search = new URL(request.url).searchParams;
  const filter = parseFilter(search.get("estado"));
  const before = parseCursor(search.get("antes"));
  const deliveries = await listWebhookDeliveries(context.db, endpoint.id, { status: WEBHOOK_LOG_FILTERS[filter], before, limit: WEBHOOK_LOG_PAGE });
  const deliveryId = webhookIdSchema.safeParse(search.get("entrega"));
  const detail = deliveryId.success ? await getWebhookDeliveryDetail(context.db, endpoint.id, deliveryId.data) : null;
  const last = deliveries.at(-1);
  return data(
    {
      found: true as const,
      endpoint,
      deliveries,
      detail,
      filter,
      paged: before !== null,
      nextCursor: deliveries.length === WEBHOOK_LOG_PAGE && last ? last.createdAt.toISOString() : null,
    },
    { headers: NO_STORE },
  );
}

const INTENTS: readonly WebhookIntent[] = ["resend", "send-test", "enable", "disable"];

const answer = (result: WebhookActionResult, status = 200) => data<WebhookActionResult>(result, { status, headers: NO_STORE });

const QUEUE_ANSWERS: Record<Exclude<QueueOutcome, "queued">, [string, number]> = {
  "not-found": [WEBHOOK_MESSAGES.deliveryNotFound, 404],
  "endpoint-disabled": [WEBHOOK_MESSAGES.endpointDisabled, 409],
  sending: [WEBHOOK_MESSAGES.deliverySending, 409],
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "webhooks:manage");
  const form = await request.formData();
  const intentValue = String(form.get("intent") ?? "");
  const intent = (INTENTS as readonly string[]).includes(intentValue) ? (intentValue as WebhookIntent) : null;
  if (!intent) return answer({ ok: false, intent: null, error: WEBHOOK_MESSAGES.invalidAction }, 400);
  const endpointId = webhookIdSchema.safeParse(params.endpointId);
  if (!endpointId.success) return answer({ ok: false, intent, error: WEBHOOK_MESSAGES.notFound }, 404);
  const { db, logger } = context;
  try {
    if (intent === "enable" || intent === "disable") {
      if (!(await setWebhookEndpointEnabled(db, endpointId.data, intent === "enable"))) return answer({ ok: false, intent, error: WEBHOOK_MESSAGES.notFound }, 404);
      logger.info({ endpointId: endpointId.data, userId: user.id, enabled: intent === "enable" }, "webhook endpoint switched");
      return answer({ ok: true, intent, message: intent === "enable" ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabled });
    }
    let outcome: QueueOutcome;
    if (intent === "send-test") {
      outcome = await sendTestWebhookEvent(db, endpointId.data);
      if (outcome === "not-found") return answer({ ok: false, intent, error: WEBHOOK_MESSAGES.notFound }, 404);
    } else {
      const deliveryId = webhookIdSchema.safeParse(form.get("deliveryId"));
      if (!deliveryId.success) return answer({ ok: false, intent, error: WEBHOOK_MESSAGES.deliveryNotFound }, 404);
      outcome = await resendWebhookDelivery(db, endpointId.data, deliveryId.data);
    }
    if (outcome !== "queued") {
      const [error, status] = QUEUE_ANSWERS[outcome];
      return answer({ ok: false, intent, error }, status);
    }
    // The commit's NOTIFY wakes every instance; this one is also nudged directly.
    kickWebhookWorker(db);
    logger.info({ endpointId: endpointId.data, userId: user.id, intent }, "webhook delivery queued by staff");
    return answer({ ok: true, intent, message: intent === "resend" ? WEBHOOK_MESSAGES.resent : WEBHOOK_MESSAGES.testQueued });
  } catch (error) {
    logger.error({ err: error, intent, endpointId: endpointId.data }, "webhook delivery action failed");
    return answer({ ok: false, intent, error: WEBHOOK_MESSAGES.actionError }, 500);
  }
}

export default function WebhookDeliveriesRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="grid gap-2 rounded-lg border bg-background p-6 text-center">
        <p className="font-medium">{WEBHOOK_MESSAGES.notFound}</p>
        <Link to="/admin/webhooks" className="text-primary underline-offset-4 hover:underline">
          Volver a Webhooks
        </Link>
      </div>
    );
  }
  return (
    <DeliveriesPanel
      endpoint={loaderData.endpoint}
      deliveries={loaderData.deliveries}
      detail={loaderData.detail}
      filter={loaderData.filter}
      paged={loaderData.paged}
      nextCursor={loaderData.nextCursor}
    />
  );
}
