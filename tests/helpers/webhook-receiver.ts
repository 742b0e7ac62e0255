import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

// A webhook receiver for tests and the bench: a real HTTP server on 127.0.0.1 that records every
// request and checks its signature with the standardwebhooks library's own verify (as a
// customer's receiver would), against the secrets it was given. What it answers is chosen per
// path by `respond` (default 204).

export type ReceivedWebhook = {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The secret (by index in `secrets`) whose verify() accepted it; -1 when none did. */
  verifiedWith: number;
  /** Every secret verify() accepted. */
  verifiedBy: number[];
  receivedAt: number;
};

export type Reply = { status: number; body?: string | Buffer; headers?: Record<string, string> } | "hang";

export type WebhookReceiver = {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Secrets to verify with (add the one the server showed once). */
  secrets: string[];
  respond: (request: ReceivedWebhook, countForPath: number) => Reply;
  onReceive?: (request: ReceivedWebhook) => void;
  close(): Promise<void>;
};

export async function startWebhookReceiver(options: { host?: string } = {}): Promise<WebhookReceiver> {
  const counts = new Map<string, number>();
  const receiver: WebhookReceiver = {
    url: "",
    port: 0,
    received: [],
    secrets: [],
    respond: () => ({ status: 204 }),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
      const verifiedBy: number[] = [];
      receiver.secrets.forEach((secret, index) => {
        try {
          new Webhook(secret).verify(body, headers);
          verifiedBy.push(index);
        } catch {
          // not this secret
        }
      });
      const path = req.url ?? "/";
      const entry: ReceivedWebhook = { path, headers, body, verifiedWith: verifiedBy[0] ?? -1, verifiedBy, receivedAt: performance.now() };
      receiver.received.push(entry);
      receiver.onReceive?.(entry);
      const count = (counts.get(path) ?? 0) + 1;
      counts.set(path, count);
      const reply = receiver.respond(entry, count);
      if (reply === "hang") return;
      res.writeHead(reply.status, reply.headers ?? {});
      res.end(reply.body ?? "");
    });
  });
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const port = (server.address() as AddressInfo).port;
  receiver.port = port;
  receiver.url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
