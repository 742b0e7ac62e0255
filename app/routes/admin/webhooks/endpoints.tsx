import { useEffect } from "react";
import { data, Link } from "react-router";
import { toast } from "sonner";
import { requirePermission } from "#app/auth/guards.server.ts";
import { WebhooksPanel } from "#app/components/admin/webhooks/webhooks-panel.tsx";
import type { WebhookActionResult, WebhookIntent } from "#app/components/admin/webhooks/webhook-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { validateWebhookEndpointInput, WEBHOOK_MESSAGES, webhookIdSchema } from "#app/modules/webhooks/webhooks.schema.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  sendTestWebhookEvent,
  setWebhookEndpointEnabled,
  updateWebhookEndpoint,
  WebhookRuleError,
  type QueueOutcome,
} from "#app/modules/webhooks/webhooks.server.ts";
import { kickWebhookWorker } from "#app/modules/webhooks/webhook-service.server.ts";
import type { Route } from "./+types/endpoints.ts";

// /admin/webhooks: the endpoints that receive incident and device events (issue 20, ADR 0023).
// "webhooks:manage" on every read and every action. A signing secret leaves the server once, in
// the answer to "create" or "rotate-secret" (never cached, never logged); pages get no secret.

export function meta() {
  return [{ title: "Webhooks | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

const NO_STORE = { "Cache-Control": "private, no-store" };

export function headers() {
  return NO_STORE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "webhooks:manage");
  const keyAvailable = context.credentialsKey.key !== null;
  const allowPrivate = context.config.OUTBOUND_ALLOW_PRIVATE || context.config.WEBHOOK_ALLOW_PRIVATE;
  const timeoutMs = context.config.WEBHOOK_TIMEOUT_MS;
  try {
    const endpoints = await listWebhookEndpoints(context.db);
    return data({ endpoints, keyAvailable, allowPrivate, timeoutMs, loadError: false }, { headers: NO_STORE });
  } catch (error) {
    context.logger.error({ err: error }, "webhook endpoints could not be loaded");
    return data({ endpoints: [], keyAvailable, allowPrivate, timeoutMs, loadError: true }, { headers: NO_STORE });
  }
}

const INTENTS: readonly WebhookIntent[] = ["create", "update", "delete", "enable", "disable", "rotate-secret", "send-test"];

const answer = (result: WebhookActionResult, status = 200) => data<WebhookActionResult>(result, { status, headers: NO_STORE });
const failed = (intent: WebhookIntent | null, error: string, status: number) => answer({ ok: false, intent, error }, status);

const QUEUE_ANSWERS: Record<Exclude<QueueOutcome, "queued">, [string, number]> = {
  "not-found": [WEBHOOK_MESSAGES.notFound, 404],
  "endpoint-disabled": [WEBHOOK_MESSAGES.endpointDisabled, 409],
  sending: [WEBHOOK_MESSAGES.deliverySending, 409],
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "webhooks:manage");
  const form = await request.formData();
  const intentValue = String(form.get("intent") ?? "");
  const intent = (INTENTS as readonly string[]).includes(intentValue) ? (intentValue as WebhookIntent) : null;
  if (!intent) return failed(null, WEBHOOK_MESSAGES.invalidAction, 400);
  const id = String(form.get("id") ?? "");
  if (intent !== "create" && !webhookIdSchema.safeParse(id).success) return failed(intent, WEBHOOK_MESSAGES.notFound, 404);
  const { db, logger, credentialsKey } = context;

  try {
    if (intent === "create" || intent === "update") {
      const checked = validateWebhookEndpointInput(
        { url: form.get("url"), description: form.get("description"), events: form.getAll("events"), enabled: form.get("enabled") },
        { allowPrivate: context.config.OUTBOUND_ALLOW_PRIVATE || context.config.WEBHOOK_ALLOW_PRIVATE },
      );
      if (!checked.ok) return failed(intent, checked.message, 400);
      if (intent === "create") {
        const created = await createWebhookEndpoint(db, credentialsKey, checked.data, user.id);
        // Ids only: the URL may carry a customer's token in its path or query.
        logger.info({ endpointId: created.id, userId: user.id }, "webhook endpoint created");
        return answer({ ok: true, intent, message: WEBHOOK_MESSAGES.created, secret: { endpointId: created.id, url: checked.data.url, value: created.secret } }, 201);
      }
      const updated = await updateWebhookEndpoint(db, id, checked.data);
      if (!updated) return failed(intent, WEBHOOK_MESSAGES.notFound, 404);
      logger.info({ endpointId: id, userId: user.id }, "webhook endpoint updated");
      return answer({ ok: true, intent, message: WEBHOOK_MESSAGES.updated });
    }
    if (intent === "enable" || intent === "disable") {
      const changed = await setWebhookEndpointEnabled(db, id, intent === "enable");
      if (!changed) return failed(intent, WEBHOOK_MESSAGES.notFound, 404);
      logger.info({ endpointId: id, userId: user.id, enabled: intent === "enable" }, "webhook endpoint switched");
      return answer({ ok: true, intent, message: intent === "enable" ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabled });
    }
    if (intent === "delete") {
      if (!(await deleteWebhookEndpoint(db, id))) return failed(intent, WEBHOOK_MESSAGES.notFound, 404);
      logger.info({ endpointId: id, userId: user.id }, "webhook endpoint deleted");
      return answer({ ok: true, intent, message: WEBHOOK_MESSAGES.deleted });
    }
    if (intent === "rotate-secret") {
      const secret = await rotateWebhookSecret(db, credentialsKey, id);
      if (secret === null) return failed(intent, WEBHOOK_MESSAGES.notFound, 404);
      logger.info({ endpointId: id, userId: user.id }, "webhook secret rotated");
      return answer({ ok: true, intent, message: WEBHOOK_MESSAGES.rotated, secret: { endpointId: id, url: null, value: secret } });
    }
    const outcome = await sendTestWebhookEvent(db, id);
    if (outcome !== "queued") return failed(intent, ...QUEUE_ANSWERS[outcome]);
    // The commit's NOTIFY wakes every instance; this one is also nudged directly.
    kickWebhookWorker(db);
    logger.info({ endpointId: id, userId: user.id }, "webhook test event queued");
    return answer({ ok: true, intent, message: WEBHOOK_MESSAGES.testQueued });
  } catch (error) {
    if (error instanceof WebhookRuleError) return failed(intent, error.message, error.status);
    // Never the form: it holds the URL, which may carry a customer's token.
    logger.error({ err: error, intent, endpointId: id || undefined }, "webhook action failed");
    return failed(intent, intent === "create" || intent === "update" ? WEBHOOK_MESSAGES.saveError : WEBHOOK_MESSAGES.actionError, 500);
  }
}

export default function WebhooksRoute({ loaderData }: Route.ComponentProps) {
  const { endpoints, keyAvailable, allowPrivate, timeoutMs, loadError } = loaderData;
  useEffect(() => {
    if (loadError) toast.error(WEBHOOK_MESSAGES.loadError);
  }, [loadError]);
  if (loadError) {
    return (
      <Alert variant="destructive">
        {WEBHOOK_MESSAGES.loadError}.{" "}
        <Link to="." reloadDocument className="font-medium underline underline-offset-4">
          Reintentar
        </Link>
      </Alert>
    );
  }
  return <WebhooksPanel endpoints={endpoints} keyAvailable={keyAvailable} allowPrivate={allowPrivate} timeoutMs={timeoutMs} />;
}
