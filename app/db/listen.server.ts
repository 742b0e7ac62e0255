import type { Logger } from "pino";
import type { Database } from "./client.server.ts";

// LISTEN on one channel for this process: PGlite through its own listen(), PostgreSQL through a
// dedicated client (a pooled one would lose the LISTEN when released) that reconnects every 2 s
// when the server goes away. A notification is delivered only once its transaction commits, so
// `onNotify` means "something committed". Callers must still poll now and then: a notification
// sent while the connection was down is lost.

export type Listening = { close(): Promise<void> };

export async function listenForNotifications(
  database: Database,
  channel: string,
  onNotify: (payload: string) => void,
  logger?: Logger,
): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  if (database.kind === "pglite") {
    const client = (database.db as unknown as { $client: { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> } }).$client;
    const unlisten = await client.listen(channel, onNotify);
    return { close: () => unlisten().catch(() => {}) };
  }
  const pool = (database.db as unknown as { $client: { options: Record<string, unknown> } }).$client;
  const { default: pg } = await import("pg");
  let closed = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ ...(pool.options as object), connectionTimeoutMillis: 5_000 } as ConstructorParameters<typeof pg.Client>[0]);
    next.on("error", () => {});
    next.on("end", () => {
      if (client === next) client = null;
      if (!closed) retry = setTimeout(() => void connect(), 2_000);
    });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      if (closed) await next.end().catch(() => {});
    } catch (error) {
      logger?.warn({ err: error, channel }, "LISTEN connection failed, retrying");
      await next.end().catch(() => {});
    }
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
