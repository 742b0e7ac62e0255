import type { Logger } from "pino";
import type { LiveEvent } from "./monitoring.schema.ts";

// The fan-out behind the live device view (ADR 0017). One subscription to the telemetry events
// per server instance, taken while at least one stream is open, feeds every open SSE stream of
// that instance: an open page costs no database query while it waits, whatever the number of
// pages. Each stream sees only the devices it asked for.

export type LiveFilter = { deviceId?: string; propertyId?: string };

/** The source of events: returns its unsubscribe. */
export type LiveSubscribe = (listener: (events: LiveEvent[]) => void) => () => void;

type Client = { filter: LiveFilter; write: (chunk: string) => boolean; end: () => void };

export type LiveHub = {
  /** Registers a stream; returns its removal. `write` returns false when the stream is gone or full. */
  add(filter: LiveFilter, write: (chunk: string) => boolean, end: () => void): () => void;
  /** Ends every stream (server shutdown) and drops the subscription. */
  close(): void;
  readonly size: number;
};

export const HEARTBEAT_MS = 20_000;

export function sseEvent(name: string, data: unknown): string {
  // JSON never contains a raw newline, so one data: line is enough.
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createLiveHub(options: { subscribe: LiveSubscribe; logger?: Logger; heartbeatMs?: number }): LiveHub {
  const clients = new Set<Client>();
  let unsubscribe: (() => void) | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  const remove = (client: Client) => {
    if (!clients.delete(client)) return;
    if (clients.size === 0) {
      unsubscribe?.();
      unsubscribe = null;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
    }
  };

  const deliver = (client: Client, chunk: string) => {
    // A stream that cannot take more (a stalled client) is dropped: EventSource reconnects and
    // the page reloads the current state, which beats buffering without bound.
    if (!client.write(chunk)) {
      client.end();
      remove(client);
    }
  };

  const onEvents = (events: LiveEvent[]) => {
    for (const event of events) {
      const chunk = sseEvent("reading", event);
      for (const client of [...clients]) {
        const { deviceId, propertyId } = client.filter;
        if (deviceId && deviceId !== event.deviceId) continue;
        if (propertyId && propertyId !== event.propertyId) continue;
        deliver(client, chunk);
      }
    }
  };

  return {
    add(filter, write, end) {
      const client: Client = { filter, write, end };
      clients.add(client);
      if (!unsubscribe) {
        try {
          unsubscribe = options.subscribe(onEvents);
        } catch (error) {
          options.logger?.error({ err: error }, "live telemetry subscription failed");
        }
      }
      // Comments keep proxies and the browser from closing an idle stream.
      heartbeat ??= setInterval(() => {
        for (const c of [...clients]) deliver(c, `: ping ${Date.now()}\n\n`);
      }, options.heartbeatMs ?? HEARTBEAT_MS);
      heartbeat.unref?.();
      return () => remove(client);
    },
    close() {
      for (const client of [...clients]) {
        client.end();
        remove(client);
      }
    },
    get size() {
      return clients.size;
    },
  };
}
