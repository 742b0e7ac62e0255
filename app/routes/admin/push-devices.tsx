import { data } from "react-router";
import { z } from "zod";
import { requirePermission } from "#app/auth/guards.server.ts";
import { PushDevicesPanel, type PushActionResult } from "#app/components/admin/push/push-devices-panel.tsx";
import { vapidKeysFor } from "#app/modules/push/push-keys.server.ts";
import { pushSubscriptionInputSchema } from "#app/modules/push/push.schema.ts";
import { deletePushDevice, listPushDevices, savePushSubscription } from "#app/modules/push/push.server.ts";
import type { Route } from "./+types/push-devices.ts";

// "Mis avisos" (issue 31, ADR 0027): any staff user manages the devices where they receive push
// notifications; only their own.

export function meta() {
  return [{ title: "Mis avisos | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "admin:enter");
  const keys = vapidKeysFor(context.db);
  const devices = await listPushDevices(context.db, user.id);
  return {
    devices: devices.map((d) => ({ id: d.id, label: d.label, createdAt: d.createdAt.toISOString(), lastSuccessAt: d.lastSuccessAt?.toISOString() ?? null })),
    vapidPublicKey: keys?.publicKey ?? null,
    unavailable: keys?.publicKey ? null : "Los avisos push no están configurados en este servidor (VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY, o SES_CREDENTIALS_KEY).",
  };
}

const removeSchema = z.object({ id: z.uuid("Dispositivo no válido") });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "admin:enter");
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "subscribe") {
    const parsed = pushSubscriptionInputSchema.safeParse({ endpoint: form.endpoint, keys: { p256dh: form.p256dh, auth: form.auth } });
    if (!parsed.success) return data<PushActionResult>({ ok: false, error: parsed.error.issues[0]!.message }, { status: 400 });
    // A push service is on the public Internet and speaks https; a local one only where allowed.
    if (!parsed.data.endpoint.startsWith("https://") && !context.config.PUSH_ALLOW_PRIVATE) {
      return data<PushActionResult>({ ok: false, error: "La dirección del servicio de avisos debe ser https" }, { status: 400 });
    }
    if (!vapidKeysFor(context.db)?.publicKey) return data<PushActionResult>({ ok: false, error: "Los avisos push no están configurados en este servidor" }, { status: 409 });
    await savePushSubscription(context.db, user.id, parsed.data, request.headers.get("user-agent"));
    return data<PushActionResult>({ ok: true, message: "Avisos activados en este dispositivo" }, { status: 201 });
  }
  if (form.intent === "remove") {
    const parsed = removeSchema.safeParse(form);
    if (!parsed.success) return data<PushActionResult>({ ok: false, error: "Dispositivo no válido" }, { status: 400 });
    const removed = await deletePushDevice(context.db, user.id, parsed.data.id);
    if (!removed) return data<PushActionResult>({ ok: false, error: "Ese dispositivo ya no está en tu lista" }, { status: 404 });
    return data<PushActionResult>({ ok: true, message: "Dispositivo quitado: ya no recibirá avisos" });
  }
  return data<PushActionResult>({ ok: false, error: "Acción no válida" }, { status: 400 });
}

export default function PushDevicesRoute({ loaderData }: Route.ComponentProps) {
  return <PushDevicesPanel devices={loaderData.devices} vapidPublicKey={loaderData.vapidPublicKey} unavailable={loaderData.unavailable} />;
}
