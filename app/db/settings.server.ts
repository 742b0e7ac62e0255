import { eq } from "drizzle-orm";
import type { Db } from "./client.server.ts";
import { appSettings } from "./schema.ts";

/**
 * Returns the stored value for `key`, storing `create()` first if there is none. Concurrent
 * instances race safely: the insert is ignored on conflict and everyone reads the winner.
 */
export async function getOrCreateSetting(db: Db, key: string, create: () => string): Promise<string> {
  const existing = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (existing[0]) return existing[0].value;
  await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
  const stored = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return stored[0]!.value;
}
