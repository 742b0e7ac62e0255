import { createHmac, timingSafeEqual } from "node:crypto";
import { DEVICE_ID_PATTERN, DOOR_TOKEN_MAX_LENGTH } from "./door.schema.ts";

// The guest's door access token: who (reservation), which door (device), when (window),
// signed with HMAC-SHA256 under a server-only secret. It is not encrypted: everything in it
// is what the guest already knows. Format: base64url(JSON claims) "." base64url(MAC).
//
// The token is deterministic for the same claims, so the link shown to staff is stable
// across page loads; revoking it means deleting or reassigning the device, or changing the
// reservation (openDoor re-checks both against the database on every use).

export type DoorTokenClaims = {
  reservationId: string;
  deviceId: string;
  /** Inclusive start of the window. */
  validFrom: Date;
  /** Exclusive end of the window. */
  validUntil: Date;
};

type WireClaims = { v: 1; r: string; d: string; f: number; u: number };

// Domain separation: a MAC made for something else with the same secret never verifies here.
const MAC_CONTEXT = "nidosmart-door-token-v1.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(MAC_CONTEXT).update(payload).digest();
}

export function signDoorToken(secret: string, claims: DoorTokenClaims): string {
  if (!UUID.test(claims.reservationId)) throw new RangeError("reservationId must be a UUID");
  if (!DEVICE_ID_PATTERN.test(claims.deviceId)) throw new RangeError("invalid deviceId");
  const from = claims.validFrom.getTime();
  const until = claims.validUntil.getTime();
  if (!Number.isFinite(from) || !Number.isFinite(until) || until <= from) throw new RangeError("empty or invalid window");
  const wire: WireClaims = { v: 1, r: claims.reservationId.toLowerCase(), d: claims.deviceId, f: from, u: until };
  const payload = Buffer.from(JSON.stringify(wire), "utf8").toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

export type DoorTokenCheck = { ok: true; claims: DoorTokenClaims } | { ok: false };

/** Verifies the MAC in constant time, then the shape of the claims. Anything off is "not valid". */
export function verifyDoorToken(secret: string, token: string): DoorTokenCheck {
  if (typeof token !== "string" || token.length > DOOR_TOKEN_MAX_LENGTH) return { ok: false };
  const dot = token.indexOf(".");
  if (dot <= 0 || dot !== token.lastIndexOf(".")) return { ok: false };
  const payload = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) return { ok: false };
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };

  let wire: unknown;
  try {
    wire = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false };
  }
  if (!isWireClaims(wire)) return { ok: false };
  return {
    ok: true,
    claims: { reservationId: wire.r, deviceId: wire.d, validFrom: new Date(wire.f), validUntil: new Date(wire.u) },
  };
}

function isWireClaims(value: unknown): value is WireClaims {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.v === 1 &&
    typeof v.r === "string" &&
    UUID.test(v.r) &&
    typeof v.d === "string" &&
    DEVICE_ID_PATTERN.test(v.d) &&
    Number.isSafeInteger(v.f) &&
    Number.isSafeInteger(v.u) &&
    (v.u as number) > (v.f as number)
  );
}
