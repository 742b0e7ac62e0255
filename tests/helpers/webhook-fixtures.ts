import { eq } from "drizzle-orm";
import { webhookEndpoints } from "#app/db/schema.ts";
import { WEBHOOK_EVENT_TYPES } from "#app/modules/webhooks/webhooks.schema.ts";
import { enqueueWebhookEvent } from "#app/modules/webhooks/webhooks.server.ts";
import { TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// Webhook endpoints for the screens of the staff area (the phone walk of tests/e2e/staff-mobile),
// created through the Webhooks action over real HTTP, with events queued the way the incidents
// engine queues them. The server needs WEBHOOK_ALLOW_PRIVATE=1: the endpoint is a path of the test
// server itself, which answers 404, so the log fills with retries and their answers without any
// other network. Long texts on purpose: a phone layout must cope with them.

export async function seedWebhookFixtures(server: TestServer): Promise<{ endpointId: string }> {
  const cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const create = async (url: string, description: string, events: readonly string[]) => {
    const response = await fetch(`${server.url}/admin/webhooks`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie, "X-Forwarded-For": "10.78.0.1" },
      body: new URLSearchParams([["intent", "create"], ["url", url], ["description", description], ["enabled", "true"], ...events.map((e) => ["events", e])]),
    });
    if (response.status !== 201) throw new Error(`webhook fixture not created: ${response.status} ${await response.text()}`);
    const [row] = await server.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.url, url));
    return row!.id;
  };
  const endpointId = await create(
    `${server.url}/api/recepcion-de-webhooks/pms-apartamentos-costa-del-sol/integraciones/nidosmart?cuenta=apartamentos-turisticos-ejemplo`,
    "PMS de la oficina de Málaga (apartamentos turísticos de la Costa del Sol)",
    WEBHOOK_EVENT_TYPES,
  );
  await create(`${server.url}/api/domotica/avisos`, "Domótica del edificio Triana", ["device.offline", "device.online"]);
  await enqueueWebhookEvent(server.db, {
    type: "incident.opened",
    key: "fixture:incident:1:opened",
    data: { incidentId: "fixture-1", type: "Ruido excesivo", propertyName: "Ático con terraza en el centro histórico", laeq: 72.4 },
  });
  await enqueueWebhookEvent(server.db, {
    type: "device.offline",
    key: "fixture:device:1:offline",
    data: { deviceId: "ns01-fixture-1", propertyName: "Ático con terraza en el centro histórico" },
  });
  return { endpointId };
}
