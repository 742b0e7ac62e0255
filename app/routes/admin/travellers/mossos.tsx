import { data } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import type { TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { todayIn } from "#app/modules/guests/identity.ts";
import {
  completePoliceTask,
  makeMossosFile,
  markMossosFileUploaded,
  MOSSOS_MESSAGES,
  MOSSOS_TIME_ZONE,
  mossosOptionsFrom,
} from "#app/modules/mossos/mossos.server.ts";
import { isUuid } from "#app/modules/reservations/reservations.server.ts";
import { MossosPanel } from "#app/components/admin/travellers/mossos-panel.tsx";
import { loadRegionalPoliceView } from "#app/modules/mossos/mossos.server.ts";
import type { Route } from "./+types/mossos.ts";

// /admin/viajeros/comunicaciones/mossos: the Mossos d'Esquadra section on its own (ADR 0019), and
// where that section's actions post from Comunicaciones too — make a property's file now, tick a
// file as uploaded with the portal's receipt, close a staff task. Admins only, as Comunicaciones.

export function meta() {
  return [{ title: "Mossos d'Esquadra · Gestión de Viajeros | NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "landlords:manage");
  return data(await loadRegionalPoliceView(context.db), { headers: { "Cache-Control": "private, no-store" } });
}

export default function MossosRoute({ loaderData }: Route.ComponentProps) {
  return <MossosPanel {...loaderData} />;
}

export type MossosIntent = "mossos-generate" | "mossos-uploaded" | "task-done";
const INTENTS: readonly MossosIntent[] = ["mossos-generate", "mossos-uploaded", "task-done"];
const NO_STORE = { "Cache-Control": "private, no-store" };

const result = (intent: MossosIntent | null, ok: boolean, message: string, status = 200) =>
  data<TravellerActionResult<MossosIntent>>(ok && intent ? { ok, intent, message } : { ok: false, intent, error: message }, { status, headers: NO_STORE });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "landlords:manage");
  const form = Object.fromEntries(await request.formData());
  const intentValue = typeof form.intent === "string" ? form.intent : "";
  const intent = (INTENTS as readonly string[]).includes(intentValue) ? (intentValue as MossosIntent) : null;
  const id = typeof form.id === "string" ? form.id : "";
  if (!intent) return result(null, false, "Acción no reconocida", 400);
  if (!isUuid(id)) return result(intent, false, MOSSOS_MESSAGES.notFound, 404);
  const { db, logger } = context;
  if (intent === "mossos-uploaded") {
    const outcome = await markMossosFileUploaded(db, id, typeof form.receipt === "string" ? form.receipt.slice(0, 1000) : "", user.id);
    logger.info({ userId: user.id, fileId: id, ok: outcome.ok }, "Mossos file marked uploaded");
    return result(intent, outcome.ok, outcome.message, outcome.status);
  }
  if (intent === "task-done") {
    const outcome = await completePoliceTask(db, id, user.id);
    return result(intent, outcome.ok, outcome.message, outcome.status);
  }
  const now = new Date();
  const made = await makeMossosFile(db, { propertyId: id, origin: "on-demand", day: todayIn(MOSSOS_TIME_ZONE, now), now, userId: user.id, options: mossosOptionsFrom(context.config) });
  logger.info({ userId: user.id, propertyId: id, status: made.status }, "Mossos file on demand");
  if (made.status === "created") return result(intent, true, MOSSOS_MESSAGES.created, 201);
  if (made.status === "not-mossos") return result(intent, false, MOSSOS_MESSAGES.notMossos, 409);
  if (made.status === "invalid") return result(intent, false, made.problems.join(" "), 422);
  return result(intent, false, MOSSOS_MESSAGES.empty, 409);
}
