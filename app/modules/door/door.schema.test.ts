import { describe, expect, test } from "vitest";
import {
  DEVICE_MESSAGES,
  DOOR_MESSAGES,
  assignDeviceSchema,
  doorCommandRequestSchema,
  doorErrorLine,
  doorLinkPath,
  registerDeviceSchema,
} from "./door.schema.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("the door request contract (public-side §7)", () => {
  test("accepts { device_id, command: 'abrir', token }", () => {
    expect(doorCommandRequestSchema.parse({ device_id: " puerta-1 ", command: "abrir", token: "abc.def" })).toEqual({
      device_id: "puerta-1",
      command: "abrir",
      token: "abc.def",
    });
  });

  test("each wrong field gets its own Spanish message, in field order", () => {
    expect(firstMessage(doorCommandRequestSchema.safeParse({ command: "abrir", token: "t" }))).toBe(DOOR_MESSAGES.missingDevice);
    expect(firstMessage(doorCommandRequestSchema.safeParse({ device_id: "a/b", command: "abrir", token: "t" }))).toBe(
      DOOR_MESSAGES.invalidDevice,
    );
    expect(firstMessage(doorCommandRequestSchema.safeParse({ device_id: "puerta-1", command: "cerrar", token: "t" }))).toBe(
      DOOR_MESSAGES.invalidCommand,
    );
    expect(firstMessage(doorCommandRequestSchema.safeParse({ device_id: "puerta-1", command: "abrir", token: "  " }))).toBe(
      DOOR_MESSAGES.missingToken,
    );
    expect(firstMessage(doorCommandRequestSchema.safeParse({ device_id: "puerta-1", command: "abrir", token: "x".repeat(601) }))).toBe(
      DOOR_MESSAGES.invalidToken,
    );
  });

  test("device ids cannot carry MQTT wildcards or path separators", () => {
    for (const id of ["+", "#", "a/b", "pu+erta", "puerta#1", "..", "ab"]) {
      expect(doorCommandRequestSchema.safeParse({ device_id: id, command: "abrir", token: "t" }).success).toBe(false);
    }
  });
});

describe("the page's status line (public-side §8)", () => {
  test("the server's error, or the spec's fallback", () => {
    expect(doorErrorLine("El dispositivo no respondió a tiempo")).toBe("⚠️ Error: El dispositivo no respondió a tiempo");
    expect(doorErrorLine(undefined)).toBe("⚠️ Error: No se pudo enviar la orden");
    expect(doorErrorLine("   ")).toBe("⚠️ Error: No se pudo enviar la orden");
  });

  test("the link carries the token and the device in the query string", () => {
    const path = doorLinkPath("a+b/c=", "puerta-1");
    const url = new URL(path, "http://x");
    expect(url.pathname).toBe("/apertura-puerta");
    expect(url.searchParams.get("t")).toBe("a+b/c=");
    expect(url.searchParams.get("d")).toBe("puerta-1");
  });
});

describe("staff device forms", () => {
  test("register: id, name and an optional property", () => {
    expect(registerDeviceSchema.parse({ deviceId: "ns01-1", name: " Portal ", propertyId: "" })).toEqual({
      deviceId: "ns01-1",
      name: "Portal",
      propertyId: null,
    });
    // The one sanitiser: bidi overrides, zero-width characters and markup do not reach staff screens.
    expect(registerDeviceSchema.parse({ deviceId: "ns01-1", name: "Port\u200Bal \u202Eetrauq\u202C <b>2</b>" }).name).toBe("Portal etrauq 2");
    expect(firstMessage(registerDeviceSchema.safeParse({ deviceId: "ns01-1", name: "\u200B\u2066" }))).toBe(DEVICE_MESSAGES.missingName);
    expect(firstMessage(registerDeviceSchema.safeParse({ deviceId: "x", name: "Portal" }))).toBe(DEVICE_MESSAGES.invalidId);
    expect(firstMessage(registerDeviceSchema.safeParse({ deviceId: "ns01-1", name: "  " }))).toBe(DEVICE_MESSAGES.missingName);
    expect(firstMessage(registerDeviceSchema.safeParse({ deviceId: "ns01-1", name: "P", propertyId: "nope" }))).toBe(
      DEVICE_MESSAGES.invalidProperty,
    );
  });

  test("assign: a property id or '' to unassign", () => {
    const id = "2f1c3a8e-5b7d-4e2a-9c1f-0a1b2c3d4e5f";
    expect(assignDeviceSchema.parse({ deviceId: "ns01-1", propertyId: id })).toEqual({ deviceId: "ns01-1", propertyId: id });
    expect(assignDeviceSchema.parse({ deviceId: "ns01-1", propertyId: "" })).toEqual({ deviceId: "ns01-1", propertyId: null });
  });
});
