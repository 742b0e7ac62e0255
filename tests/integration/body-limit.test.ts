import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHAT_ERRORS } from "#app/modules/chat/chat-route.server.ts";
import { LEAD_MESSAGES } from "#app/modules/leads/leads.schema.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";

// Every route that reads a body, against the real production process: a 50 MB body, chunked (no
// Content-Length, so nothing can be refused on the headers) or declared, is answered 413 after at
// most the route's limit was read, without a session, a valid link or a rate-limit check first,
// and the server's memory stays flat (issue 18: 250 MB to the guest form cost the server 577 MB).

const admin = { ADMIN_EMAIL: "limits@nidosmart.test", ADMIN_PASSWORD: "limits-pass-1" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-body-limit-"));
const BODY_BYTES = 50 * 1024 * 1024;
let server: SpawnedServer;
let cookie = "";
let ip = 0;

beforeAll(async () => {
  server = await spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: "true", ...admin });
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": "10.90.0.1" },
    body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}, 90_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** VmRSS and VmHWM (peak) of the server process, in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)![1]) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

type Sent = { status: number; body: string; bytesBeforeAnswer: number };

/**
 * POSTs `BODY_BYTES` of filler in 64 KiB chunks over a raw socket, as fast as the socket takes
 * them, and stops writing as soon as an answer arrives. A raw socket because the server closes
 * the connection right after its early answer: Node's HTTP client, still writing, would report
 * the broken pipe and drop the answer it had already received.
 */
function streamBody(route: { path: string; type: string; auth?: boolean }, declareLength: boolean, totalBytes = BODY_BYTES): Promise<Sent> {
  ip += 1;
  const url = new URL(route.path, server.url);
  const filler = Buffer.alloc(64 * 1024, route.type.includes("json") ? " " : "a");
  // Chunked framing: size in hex, CRLF, data, CRLF.
  const chunk = declareLength ? filler : Buffer.concat([Buffer.from(`${filler.length.toString(16)}\r\n`), filler, Buffer.from("\r\n")]);
  const head = [
    `POST ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    `Content-Type: ${route.type}`,
    `Origin: ${server.url}`,
    `X-Forwarded-For: 10.91.${ip >> 8}.${ip & 255}`,
    ...(route.auth ? [`Cookie: ${cookie}`] : []),
    declareLength ? `Content-Length: ${totalBytes}` : "Transfer-Encoding: chunked",
    "",
    "",
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    let written = 0;
    let bytesBeforeAnswer = -1;
    let received = "";
    const socket = net.connect(Number(url.port), url.hostname);
    const settle = () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (!match) reject(new Error(`${route.path}: no answer after ${written} bytes`));
      else resolve({ status: Number(match[1]), body: received.slice(received.indexOf("\r\n\r\n") + 4), bytesBeforeAnswer });
    };
    socket.setEncoding("utf8");
    socket.on("data", (text: string) => {
      if (bytesBeforeAnswer < 0) bytesBeforeAnswer = written;
      received += text;
    });
    // The server closing while we still write is expected; only a missing answer is a failure.
    socket.on("error", () => {});
    socket.on("close", settle);
    const pump = () => {
      while (bytesBeforeAnswer < 0 && !socket.destroyed && written < totalBytes) {
        written += filler.length;
        if (!socket.write(chunk)) {
          socket.once("drain", pump);
          return;
        }
      }
      if (bytesBeforeAnswer < 0 && written >= totalBytes && !declareLength) socket.write("0\r\n\r\n");
      // Answered: the request is over from our side too.
      if (bytesBeforeAnswer >= 0) socket.end();
    };
    socket.once("connect", () => {
      socket.write(head);
      pump();
    });
    socket.on("data", () => {
      if (!socket.writableEnded) socket.end();
    });
  });
}

// One of each: React Router actions (public, sign-in and staff), better-auth, and every Hono route.
const ROUTES: { name: string; path: string; type: string; auth?: boolean; chunkedStatus?: number; message?: string }[] = [
  { name: "guest registration action (no valid link)", path: "/registro-viajeros/not-a-real-link?lang=es", type: "application/x-www-form-urlencoded" },
  { name: "guest registration, React Router data request", path: "/registro-viajeros/not-a-real-link.data", type: "application/x-www-form-urlencoded" },
  { name: "/auth sign-in action", path: "/auth", type: "application/x-www-form-urlencoded" },
  { name: "better-auth sign-in", path: "/api/auth/sign-in/email", type: "application/json" },
  { name: "staff action: users", path: "/admin/usuarios", type: "application/x-www-form-urlencoded", auth: true },
  { name: "staff action: reservations", path: "/admin/viajeros?index", type: "application/x-www-form-urlencoded", auth: true },
  // Refused on its headers (no session) before its body is read: 401, and the body is left unread.
  { name: "staff action without a session", path: "/admin/viajeros/arrendadores", type: "application/x-www-form-urlencoded", chunkedStatus: 401 },
  { name: "leads", path: "/api/leads", type: "application/json", message: LEAD_MESSAGES.storeError },
  { name: "door", path: "/api/door/command", type: "application/json" },
  { name: "chat", path: "/api/chat", type: "application/json", message: CHAT_ERRORS.tooLarge },
  // The MQTT broker's authentication hook reads its body with no session at all.
  { name: "MQTT auth hook", path: "/api/mqtt/auth", type: "application/json" },
  // A device unknown to the server is refused on its path before its body is read.
  { name: "telemetry of an unknown device", path: "/api/devices/ns01-nobody/telemetry", type: "application/json", chunkedStatus: 404 },
  { name: "an unknown API path", path: "/api/nothing-here", type: "application/json", chunkedStatus: 404 },
  { name: "a page without an action", path: "/no-such-page", type: "application/x-www-form-urlencoded", chunkedStatus: 405 },
];

describe("the body limit, on the real server", () => {
  test("50 MB bodies to every body-reading route are refused with 413 while read, and the server's memory stays flat", async () => {
    // Warm up: every route answered once with a small body, so code loaded on first use is not
    // counted as growth.
    for (const route of ROUTES) {
      await fetch(new URL(route.path, server.url), {
        method: "POST",
        headers: { "Content-Type": route.type, Origin: server.url, ...(route.auth ? { Cookie: cookie } : {}), "X-Forwarded-For": "10.92.0.1" },
        body: route.type.includes("json") ? "{}" : "x=1",
      });
    }
    // …and once refused (a body just over the guest form's limit), so the refusal path is warm too.
    for (const route of ROUTES) await streamBody(route, false, 2 * 1024 * 1024);
    const before = memoryOf(server.child.pid!);
    const results: Record<string, Sent> = {};
    for (const route of ROUTES) {
      for (const declared of [false, true]) {
        const sent = await streamBody(route, declared);
        results[`${route.name} (${declared ? "Content-Length" : "chunked"})`] = sent;
        const expected = declared ? 413 : (route.chunkedStatus ?? 413);
        expect(sent.status, `${route.name}, ${declared ? "declared" : "chunked"}: ${sent.body.slice(0, 300)}`).toBe(expected);
        // Endpoints with a JSON contract keep their own message.
        if (route.message && expected === 413) expect(sent.body).toContain(route.message);
        // Answered long before the body was sent: the server stopped reading.
        expect(sent.bytesBeforeAnswer, route.name).toBeLessThan(BODY_BYTES / 2);
      }
    }
    // The visits beacon's raw fast path requires a Content-Length (411 without) and caps it.
    const beaconChunked = await streamBody({ path: "/api/visits", type: "application/json" }, false);
    expect(beaconChunked.status).toBe(411);
    const beaconDeclared = await streamBody({ path: "/api/visits", type: "application/json" }, true);
    expect(beaconDeclared.status).toBe(413);

    const after = memoryOf(server.child.pid!);
    for (const [name, sent] of Object.entries(results)) console.info(`${name}: ${sent.status} after ${(sent.bytesBeforeAnswer / 1048576).toFixed(1)} MB`);
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    console.info(
      `server RSS ${mb(before.rss)} MB → ${mb(after.rss)} MB, peak ${mb(before.peak)} MB → ${mb(after.peak)} MB ` +
        `after ${Object.keys(results).length + 2} bodies of ${mb(BODY_BYTES)} MB; ` +
        `largest amount sent before an answer: ${mb(Math.max(...Object.values(results).map((r) => r.bytesBeforeAnswer)))} MB`,
    );
    // A memory bound, not a timing one: one 50 MB body read whole would break it.
    expect(after.rss - before.rss).toBeLessThan(40 * 1024 * 1024);
    expect(after.peak - before.peak).toBeLessThan(40 * 1024 * 1024);

    // The guest form's own, larger limit (ten drawn signatures): 1 MB passes the limit and reaches
    // the action, which finds no such link.
    const guestForm = await fetch(new URL("/registro-viajeros/not-a-real-link?lang=es", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": "10.93.0.2" },
      body: `guests%5B0%5D.signatureImage=${"A".repeat(1024 * 1024)}`,
    });
    expect(guestForm.status).toBe(404);

    // The server is fine afterwards and small bodies still pass.
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": "10.93.0.1" },
      body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
  }, 180_000);
});
