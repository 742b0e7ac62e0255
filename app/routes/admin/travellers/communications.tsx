import { data } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { CommunicationsPanel } from "#app/components/admin/travellers/communications-panel.tsx";
import type { TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { isBookingChannel, BOOKING_CHANNELS } from "#app/modules/reservations/reservations.schema.ts";
import { isUuid } from "#app/modules/reservations/reservations.server.ts";
import {
  annulCommunication,
  COMMUNICATION_MESSAGES,
  listAttempts,
  listChannelSettings,
  listCommunications,
  listStoppedLandlords,
  nudgeSesSender,
  recordCommunicationCode,
  resumeLandlordQueue,
  retryCommunication,
  setChannelRhSending,
} from "#app/modules/ses/ses-outbox.server.ts";
import { ERTZAINTZA_CREDENTIAL_MESSAGES, listStoppedErtzaintzaQueues, resumeErtzaintzaQueue } from "#app/modules/ertzaintza/ertzaintza-credentials.server.ts";
import { MossosPanel } from "#app/components/admin/travellers/mossos-panel.tsx";
import { loadRegionalPoliceView } from "#app/modules/mossos/mossos.server.ts";
import type { Route } from "./+types/communications.ts";

// /admin/viajeros/comunicaciones: every filing with the ministry (and the Ertzaintza) and every exchange (request and
// response, passwords masked) for audit, the stopped landlord queues, "reintentar" / "anular",
// and RH sending per booking channel (issue 10 §6). Admin and super admin only.

export function meta() {
  return [{ title: "Comunicaciones · Gestión de Viajeros | NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

const NO_STORE = { "Cache-Control": "private, no-store" };
export function headers() {
  return NO_STORE;
}

export type CommunicationIntent = "retry" | "annul" | "resume" | "resume-ertzaintza" | "channels" | "code";
const INTENTS: readonly CommunicationIntent[] = ["retry", "annul", "resume", "resume-ertzaintza", "channels", "code"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "landlords:manage");
  const [communications, attempts, stopped, ertzaintzaStopped, channels, mossos] = await Promise.all([
    listCommunications(context.db),
    listAttempts(context.db),
    listStoppedLandlords(context.db),
    listStoppedErtzaintzaQueues(context.db),
    listChannelSettings(context.db),
    loadRegionalPoliceView(context.db),
  ]);
  return data({ communications, attempts, stopped, ertzaintzaStopped, channels, mossos, now: Date.now() }, { headers: NO_STORE });
}

const result = (intent: CommunicationIntent | null, ok: boolean, message: string, status = 200) =>
  data<TravellerActionResult<CommunicationIntent>>(ok && intent ? { ok, intent, message } : { ok: false, intent, error: message }, { status, headers: NO_STORE });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "landlords:manage");
  const form = Object.fromEntries(await request.formData());
  const intentValue = typeof form.intent === "string" ? form.intent : "";
  const intent = (INTENTS as readonly string[]).includes(intentValue) ? (intentValue as CommunicationIntent) : null;
  const id = typeof form.id === "string" ? form.id : "";
  const { db, logger } = context;
  if (!intent) return result(null, false, COMMUNICATION_MESSAGES.unexpected, 400);
  if (intent === "channels") {
    for (const { value } of BOOKING_CHANNELS) {
      const field = form[`send_${value}`];
      if (field !== "on" && field !== "off") continue;
      if (isBookingChannel(value)) await setChannelRhSending(db, value, field === "on");
    }
    logger.info({ userId: user.id }, "SES channel settings saved");
    return result(intent, true, COMMUNICATION_MESSAGES.channelSaved);
  }
  if (!isUuid(id)) return result(intent, false, COMMUNICATION_MESSAGES.notFound, 404);
  if (intent === "resume-ertzaintza") {
    const resumed = await resumeErtzaintzaQueue(db, id);
    nudgeSesSender();
    return resumed ? result(intent, true, ERTZAINTZA_CREDENTIAL_MESSAGES.resumed) : result(intent, false, COMMUNICATION_MESSAGES.notFound, 404);
  }
  if (intent === "resume") {
    const resumed = await resumeLandlordQueue(db, id);
    return resumed ? result(intent, true, COMMUNICATION_MESSAGES.resumed) : result(intent, false, COMMUNICATION_MESSAGES.notFound, 404);
  }
  const outcome =
    intent === "retry"
      ? await retryCommunication(db, id)
      : intent === "code"
        ? await recordCommunicationCode(db, id, typeof form.code === "string" ? form.code : "")
        : await annulCommunication(db, id);
  logger.info({ userId: user.id, communicationId: id, intent, ok: outcome.ok }, "SES communication action");
  return result(intent, outcome.ok, outcome.message, outcome.status);
}

export default function CommunicationsRoute({ loaderData }: Route.ComponentProps) {
  const { mossos, ...ses } = loaderData;
  return (
    <div className="grid gap-8">
      <CommunicationsPanel {...ses} />
      <MossosPanel {...mossos} />
    </div>
  );
}
