import { sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";

// From when a device's readings belong to a property (issue 27): not before the property existed,
// nor before the device was assigned to it (devices.assigned_at). A sensor registered today that
// backfills yesterday, or one moved from another flat, brings readings of somewhere else: they
// never raise that property's incidents nor count in its report.

/** Per device: the first instant (ms) its readings count for `propertyId`. Missing property: no row. */
export async function readingsCountFrom(db: DbOrTx, items: readonly { deviceId: string; propertyId: string }[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (items.length === 0) return result;
  // greatest() skips NULL: a device no longer in that property is bounded by the property alone.
  const rows = (await db.execute(sql`
    select w.d as device_id,
      (extract(epoch from greatest(p.created_at, case when dv.property_id = p.id then dv.assigned_at end)) * 1000)::float8 as from_ms
    from json_to_recordset(${JSON.stringify(items.map((i) => ({ d: i.deviceId, p: i.propertyId })))}::json) as w(d varchar, p uuid)
    join properties p on p.id = w.p
    left join devices dv on dv.id = w.d`)) as unknown as { rows: { device_id: string; from_ms: number | string }[] };
  for (const row of rows.rows) result.set(row.device_id, Number(row.from_ms));
  return result;
}
