import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A faithful local push service for tests (issue 31): what FCM, Mozilla autopush or Apple check
// and do with a Web Push request, without the network. For each POST to /push/{id} it:
//   - verifies the VAPID authorization (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`,
//     the JWT ES256-signed by that key, `aud` = this service's origin, `exp` in the future and at
//     most 24 h ahead, `sub` a mailto: or https: URL, and `k` the key the test expects;
//   - checks TTL, Urgency and `Content-Encoding: aes128gcm`;
//   - decrypts the body (RFC 8291 over RFC 8188) with the subscription's PRIVATE key and auth
//     secret, which only the test (playing the browser) holds;
//   - answers from the subscription's script (201 unless told: 429 with Retry-After, 410, …).
// Every request is logged with its outcome, so tests count what arrived and what was refused.

export type TestSubscription = {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private side, kept by the test. */
  privateKey: Buffer;
  authSecret: Buffer;
};

export type PushRequest = {
  subscriptionId: string;
  status: number;
  /** The decrypted payload (JSON), or null when the request was refused before. */
  payload: unknown;
  urgency: string | null;
  ttl: number | null;
  /** Why the request was refused (VAPID or encryption), or null. */
  error: string | null;
  at: number;
};

export type FakePush = {
  url: string;
  origin: string;
  requests: PushRequest[];
  /** A new browser subscription at this service (P-256 key pair and a 16-byte auth secret). */
  subscribe(): TestSubscription;
  /** The answers the next requests for `id` get, in order; then 201. */
  script(id: string, answers: { status: number; retryAfter?: string }[]): void;
  /** The VAPID public key requests must be signed with (base64url). */
  expectKey(publicKey: string): void;
  close(): Promise<void>;
};

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

/** RFC 8291 §3.4 + RFC 8188: one aes128gcm record, decrypted with the user agent's keys. */
export function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error("body shorter than the aes128gcm header");
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 0x04) throw new Error("keyid is not the sender's uncompressed P-256 key");
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error("more than one record: a push message must fit one");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(uaPrivate);
  const uaPublic = ecdh.getPublicKey();
  const secret = ecdh.computeSecret(asPublic);
  const ikm = hkdf(authSecret, secret, Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]), 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error("last record without the 0x02 padding delimiter");
  return padded.subarray(0, end);
}

/** RFC 8292: the JWT and key of a `vapid` Authorization; returns why it is wrong, or null. */
export function checkVapid(authorization: string | undefined, audience: string, expectedKey: string | null, now = Date.now()): string | null {
  const match = /^vapid t=([A-Za-z0-9_.-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) return "Authorization is not `vapid t=…, k=…`";
  const [, token, key] = match as unknown as [string, string, string];
  if (expectedKey && key !== expectedKey) return "k= is not the expected VAPID public key";
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 0x04) return "k= is not an uncompressed P-256 point";
  const parts = token.split(".");
  if (parts.length !== 3) return "t= is not a JWS";
  const header = JSON.parse(Buffer.from(parts[0]!, "base64url").toString("utf8")) as { alg?: string; typ?: string };
  if (header.alg !== "ES256") return `JWT alg ${header.alg} is not ES256`;
  const publicKey = createPublicKey({ key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") }, format: "jwk" });
  const signature = Buffer.from(parts[2]!, "base64url");
  if (signature.length !== 64) return "ES256 signature is not 64 bytes (r||s)";
  if (!verify("sha256", Buffer.from(`${parts[0]}.${parts[1]}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, signature)) return "JWT signature does not verify with k=";
  const claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== audience) return `aud ${claims.aud} is not ${audience}`;
  const seconds = now / 1000;
  if (typeof claims.exp !== "number" || claims.exp <= seconds) return "exp missing or past";
  if (claims.exp > seconds + 24 * 3600 + 60) return "exp more than 24 h ahead";
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) return "sub is not a mailto: or https: URL";
  return null;
}

export async function startFakePush(): Promise<FakePush> {
  const requests: PushRequest[] = [];
  const subscriptions = new Map<string, TestSubscription>();
  const scripts = new Map<string, { status: number; retryAfter?: string }[]>();
  let expectedKey: string | null = null;
  let origin = "";

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? "")?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    const log = (status: number, payload: unknown, error: string | null) => {
      const ttl = req.headers.ttl;
      requests.push({ subscriptionId: id ?? "", status, payload, urgency: (req.headers.urgency as string | undefined) ?? null, ttl: ttl === undefined ? null : Number(ttl), error, at: Date.now() });
    };
    if (req.method !== "POST" || !subscription) {
      log(404, null, "no such subscription");
      res.writeHead(404).end();
      return;
    }
    const refused = (status: number, error: string) => {
      log(status, null, error);
      res.writeHead(status, { "content-type": "text/plain" }).end(error);
    };
    const vapid = checkVapid(req.headers.authorization, origin, expectedKey);
    if (vapid) return refused(401, vapid);
    if (req.headers["content-encoding"] !== "aes128gcm") return refused(400, "Content-Encoding is not aes128gcm");
    if (!/^\d+$/.test(String(req.headers.ttl ?? ""))) return refused(400, "TTL header missing");
    if (req.headers.urgency && !["very-low", "low", "normal", "high"].includes(String(req.headers.urgency))) return refused(400, "bad Urgency");
    let payload: unknown;
    try {
      payload = JSON.parse(decryptAes128gcm(body, subscription.privateKey, subscription.authSecret).toString("utf8"));
    } catch (error) {
      return refused(400, `cannot decrypt: ${(error as Error).message}`);
    }
    const answer = scripts.get(subscription.id)?.shift() ?? { status: 201 };
    log(answer.status, payload, null);
    res.writeHead(answer.status, answer.retryAfter ? { "retry-after": answer.retryAfter } : {}).end();
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    origin,
    requests,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomBytes(9).toString("base64url");
      const subscription: TestSubscription = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
        privateKey: ecdh.getPrivateKey(),
        authSecret,
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    script(id, answers) {
      scripts.set(id, [...answers]);
    },
    expectKey(publicKey) {
      expectedKey = publicKey;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
