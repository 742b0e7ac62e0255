import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";
import { incidentEvents, incidents, intrusionEpisodes } from "#app/db/schema.ts";
import { emitIncidentWebhook, type IncidentRow } from "./incident-webhooks.server.ts";

// A stay typed in (or changed) after the sensor saw people (issue 27): the "Presencia en vivienda
// vacía" and "Posible ocupación" episodes it covers were guests, not an empty flat. Resolved in
// the transaction that saves the reservation, so the screens never show both the stay and the
// alarm it explains.

/** The timeline text of an episode a stay explains. */
export function stayExplainsText(reference: string): string {
  return `Resuelta: hay una estancia registrada (${reference}) que cubre este periodo`;
}

/**
 * Resolves the open empty-presence and intrusion incidents of the reservation's property whose
 * start falls inside the stay (check-in ≤ local date < check-out, in the property's zone, as the
 * engine's stay rule). A cancelled reservation explains nothing. Returns the incidents resolved.
 */
export async function resolveIncidentsExplainedByStay(tx: DbOrTx, reservationId: string, now = new Date()): Promise<string[]> {
  const covered = (await tx.execute(sql`
    select i.id, r.reference, p.name as property_name
    from reservations r
    join properties p on p.id = r.property_id
    join incidents i on i.property_id = r.property_id
    where r.id = ${reservationId} and r.cancelled_at is null
      and i.status = 'open' and i.type in ('empty_presence', 'intrusion')
      and (i.started_at at time zone p.time_zone)::date >= r.check_in_date
      and (i.started_at at time zone p.time_zone)::date < r.check_out_date
    for update of i`)) as unknown as { rows: { id: string; reference: string; property_name: string }[] };
  const resolved: string[] = [];
  for (const c of covered.rows) {
    const [row] = (await tx
      .update(incidents)
      .set({ status: "resolved", resolvedAt: now })
      .where(and(eq(incidents.id, c.id), eq(incidents.status, "open")))
      .returning()) as IncidentRow[];
    if (!row) continue;
    const detail = stayExplainsText(c.reference);
    await tx.insert(incidentEvents).values({ incidentId: row.id, kind: "resolved", at: now, detail });
    // Its intrusion episode ends with it: the score it kept was the guests'.
    if (row.intrusionEpisodeId) {
      await tx
        .update(intrusionEpisodes)
        .set({ status: "closed", closedAt: now, closedReason: detail.slice(0, 200) })
        .where(and(eq(intrusionEpisodes.id, row.intrusionEpisodeId), eq(intrusionEpisodes.status, "open")));
    }
    await emitIncidentWebhook(tx, row, "resolved", { propertyName: c.property_name, now });
    resolved.push(row.id);
  }
  return resolved;
}
