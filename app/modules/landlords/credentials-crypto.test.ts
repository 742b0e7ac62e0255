import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { credentialsKeyId, decryptSecret, encryptSecret, SecretDecryptError } from "./credentials-key.server.ts";

// AES-256-GCM as the landlord passwords use it: what goes in comes out, and nothing else does.

describe("encryptSecret / decryptSecret", () => {
  const key = randomBytes(32);
  const id = "5b0c2f7a-1d3e-4c8d-a6f0-1e2d3c4b5a69";

  test("round trip, a fresh IV each time, and the key id in the clear part", () => {
    const a = encryptSecret(key, "contraseña:con/símbolos", id);
    const b = encryptSecret(key, "contraseña:con/símbolos", id);
    expect(a).not.toBe(b);
    expect(a.split(".")[1]).toBe(credentialsKeyId(key));
    expect(decryptSecret(key, a, id)).toBe("contraseña:con/símbolos");
    expect(decryptSecret(key, b, id)).toBe("contraseña:con/símbolos");
  });

  test("another key, another account, a flipped bit or an unknown format are refused", () => {
    const stored = encryptSecret(key, "secreta", id);
    expect(() => decryptSecret(randomBytes(32), stored, id)).toThrow(SecretDecryptError);
    expect(() => decryptSecret(key, stored, "otra-cuenta")).toThrow(SecretDecryptError);
    const parts = stored.split(".");
    const body = Buffer.from(parts[4]!, "base64url");
    body[0]! ^= 1;
    parts[4] = body.toString("base64url");
    expect(() => decryptSecret(key, parts.join("."), id)).toThrow(SecretDecryptError);
    expect(() => decryptSecret(key, "secreta", id)).toThrow(SecretDecryptError);
  });
});
