import { data } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { DevicesPanel } from "#app/components/admin/devices/devices-panel.tsx";
import {
  DEVICE_MESSAGES,
  assignDeviceSchema,
  deviceIdSchema,
  registerDeviceSchema,
  type DevicesActionResult,
} from "#app/modules/door/door.schema.ts";
import {
  assignDeviceProperty,
  deleteDevice,
  DeviceRuleError,
  listDeviceCommands,
  listDevices,
  listPropertyOptions,
  registerDevice,
  rotateDeviceSecret,
} from "#app/modules/door/door.server.ts";
import { listDevicesWithoutBrokerAccount, listPendingBrokerChanges } from "#app/modules/door/broker-accounts.server.ts";
import type { BrokerStatusView } from "#app/modules/door/door.schema.ts";
import type { Route } from "./+types/devices.ts";

// /admin/viajeros/dispositivos: door devices and the log of every opening attempt
// (DECISIONS.md, "Door opening"). Guarded by "devices:manage" for reading and for every action.

export function meta() {
  return [{ title: "Dispositivos | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export const COMMAND_LOG_LIMIT = 100;

// The server refuses to start with MQTT_DYNSEC=on and no credentials key (server/server.ts).
const brokerOptions = (context: Route.ActionArgs["context"]) => ({
  brokerAccounts: context.config.MQTT_DYNSEC === "on" && context.credentialsKey.key ? { key: context.credentialsKey.key } : null,
});

/** How the devices' MQTT accounts are kept (ADR 0025): by the server, by hand, or no broker at all. */
async function loadBrokerStatus(context: Route.LoaderArgs["context"]): Promise<BrokerStatusView> {
  if (!context.config.MQTT_URL) return { mode: "none" };
  if (context.config.MQTT_DYNSEC !== "on") return { mode: "manual" };
  const pending = await listPendingBrokerChanges(context.db);
  const missing = await listDevicesWithoutBrokerAccount(context.db);
  return {
    mode: "dynsec",
    pending: pending.map((p) => ({ deviceId: p.deviceId, action: p.action === "delete" ? "delete" : "sync", lastError: p.lastError })),
    missing,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "devices:manage");
  const devices = await listDevices(context.db);
  const properties = await listPropertyOptions(context.db);
  const commands = await listDeviceCommands(context.db, COMMAND_LOG_LIMIT);
  return { devices, properties, commands, broker: await loadBrokerStatus(context) };
}

// A response that may carry a device secret must never be stored by a cache.
const NO_STORE = { "Cache-Control": "no-store" };
const answer = (result: DevicesActionResult, status = 200) => data<DevicesActionResult>(result, { status, headers: NO_STORE });

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "devices:manage");
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? DEVICE_MESSAGES.invalidAction;
  try {
    if (intent === "register") {
      const parsed = registerDeviceSchema.safeParse(form);
      if (!parsed.success) return answer({ ok: false, error: firstIssue(parsed.error) }, 400);
      const { device, secret } = await registerDevice(context.db, parsed.data, brokerOptions(context));
      context.logger.info({ deviceId: device.id, propertyId: device.propertyId }, "door device registered");
      return answer({ ok: true, message: DEVICE_MESSAGES.registered, secret: { deviceId: device.id, value: secret } }, 201);
    }
    if (intent === "assign") {
      const parsed = assignDeviceSchema.safeParse(form);
      if (!parsed.success) return answer({ ok: false, error: firstIssue(parsed.error) }, 400);
      await assignDeviceProperty(context.db, parsed.data.deviceId, parsed.data.propertyId);
      return answer({ ok: true, message: parsed.data.propertyId ? DEVICE_MESSAGES.assigned : DEVICE_MESSAGES.unassigned });
    }
    if (intent === "rotate-secret") {
      const parsed = deviceIdSchema.safeParse(form);
      if (!parsed.success) return answer({ ok: false, error: firstIssue(parsed.error) }, 400);
      const secret = await rotateDeviceSecret(context.db, parsed.data.deviceId, brokerOptions(context));
      context.logger.info({ deviceId: parsed.data.deviceId }, "door device secret rotated");
      return answer({ ok: true, message: DEVICE_MESSAGES.rotated, secret: { deviceId: parsed.data.deviceId, value: secret } });
    }
    if (intent === "delete") {
      const parsed = deviceIdSchema.safeParse(form);
      if (!parsed.success) return answer({ ok: false, error: firstIssue(parsed.error) }, 400);
      await deleteDevice(context.db, parsed.data.deviceId, brokerOptions(context));
      context.logger.info({ deviceId: parsed.data.deviceId }, "door device deleted");
      return answer({ ok: true, message: DEVICE_MESSAGES.deleted });
    }
  } catch (error) {
    if (error instanceof DeviceRuleError) return answer({ ok: false, error: error.message }, error.status);
    context.logger.error({ err: error, intent }, "devices action failed");
    const fallback =
      intent === "register"
        ? DEVICE_MESSAGES.registerError
        : intent === "delete"
          ? DEVICE_MESSAGES.deleteError
          : DEVICE_MESSAGES.updateError;
    return answer({ ok: false, error: fallback }, 500);
  }
  return answer({ ok: false, error: DEVICE_MESSAGES.invalidAction }, 400);
}

export default function DevicesRoute({ loaderData }: Route.ComponentProps) {
  return <DevicesPanel devices={loaderData.devices} properties={loaderData.properties} commands={loaderData.commands} broker={loaderData.broker} />;
}
