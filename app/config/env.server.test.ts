import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, outboundAllowPrivate } from "#app/config/env.server.ts";
import { resolveSesEndpoint } from "#app/modules/ses/ses-endpoint.ts";

describe("SES configuration", () => {
  it("defaults to production and a 30 s first poll", () => {
    const config = loadConfig({});
    expect(config.SES_ENVIRONMENT).toBe("prod");
    expect(config.SES_ENDPOINT).toBeUndefined();
    expect(config.SES_POLL_INTERVAL_MS).toBe(30_000);
    expect(resolveSesEndpoint(config)).toBe("https://hospedajes.ses.mir.es/hospedajes-web/ws/v1/comunicacion");
  });

  it("accepts pre, an http(s) endpoint override and a poll interval", () => {
    const config = loadConfig({ SES_ENVIRONMENT: "pre", SES_ENDPOINT: "http://127.0.0.1:8089/hospedajes-web/ws/v1/comunicacion", SES_POLL_INTERVAL_MS: "500" });
    expect(resolveSesEndpoint(config)).toBe("http://127.0.0.1:8089/hospedajes-web/ws/v1/comunicacion");
    expect(resolveSesEndpoint({ ...config, SES_ENDPOINT: undefined })).toBe("https://hospedajes.pre-ses.mir.es/hospedajes-web/ws/v1/comunicacion");
    expect(config.SES_POLL_INTERVAL_MS).toBe(500);
  });

  it("stops with a clear message on a wrong value", () => {
    expect(() => loadConfig({ SES_ENVIRONMENT: "test" })).toThrow(ConfigError);
    expect(() => loadConfig({ SES_ENVIRONMENT: "test" })).toThrow(/SES_ENVIRONMENT/);
    expect(() => loadConfig({ SES_ENDPOINT: "ftp://x" })).toThrow(/SES_ENDPOINT/);
    expect(() => loadConfig({ SES_POLL_INTERVAL_MS: "0" })).toThrow(/SES_POLL_INTERVAL_MS/);
  });

  it("SES_TICK_MS: the sender's safety-net wake-up, 1 s unless set, 10 ms to 60 s", () => {
    expect(loadConfig({}).SES_TICK_MS).toBe(1_000);
    expect(loadConfig({ SES_TICK_MS: "" }).SES_TICK_MS).toBe(1_000);
    expect(loadConfig({ SES_TICK_MS: "25" }).SES_TICK_MS).toBe(25);
    for (const wrong of ["9", "60001", "1.5", "soon"]) expect(() => loadConfig({ SES_TICK_MS: wrong })).toThrow(/SES_TICK_MS/);
  });
});

describe("PGLITE_SHARED_BUFFERS", () => {
  it("a PostgreSQL size is accepted, unset means the built-in default, anything else is refused by name", () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "64MB" }).PGLITE_SHARED_BUFFERS).toBe("64MB");
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "" }).PGLITE_SHARED_BUFFERS).toBeUndefined();
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: "lots" })).toThrow(ConfigError);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: "32MB; drop" })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });
});

describe("CHAT_WORD_DELAY_MS", () => {
  it("the pause between the words of the offline chat answer: 15 ms unless set, 0 to 1000", () => {
    expect(loadConfig({}).CHAT_WORD_DELAY_MS).toBe(15);
    expect(loadConfig({ CHAT_WORD_DELAY_MS: "" }).CHAT_WORD_DELAY_MS).toBe(15);
    expect(loadConfig({ CHAT_WORD_DELAY_MS: "0" }).CHAT_WORD_DELAY_MS).toBe(0);
    for (const wrong of ["-1", "1001", "2.5", "fast"]) expect(() => loadConfig({ CHAT_WORD_DELAY_MS: wrong })).toThrow(/CHAT_WORD_DELAY_MS/);
  });
});

describe("MQTT_DYNSEC and MQTT_SHARE_GROUP", () => {
  it("dynsec management is off unless set, needs MQTT_URL, and takes only on/off; the share group has no default (a stored secret)", () => {
    expect(loadConfig({}).MQTT_DYNSEC).toBe("off");
    expect(loadConfig({}).MQTT_SHARE_GROUP).toBeUndefined();
    expect(loadConfig({ MQTT_SHARE_GROUP: "grupo_1" }).MQTT_SHARE_GROUP).toBe("grupo_1");
    expect(loadConfig({ MQTT_URL: "mqtt://u:p@broker:1883", MQTT_DYNSEC: "on" }).MQTT_DYNSEC).toBe("on");
    expect(() => loadConfig({ MQTT_DYNSEC: "on" })).toThrow(/MQTT_DYNSEC=on needs MQTT_URL/);
    expect(() => loadConfig({ MQTT_URL: "mqtt://broker", MQTT_DYNSEC: "yes" })).toThrow(/MQTT_DYNSEC must be on or off/);
    expect(() => loadConfig({ MQTT_SHARE_GROUP: "a/b" })).toThrow(/MQTT_SHARE_GROUP/);
  });
});

describe("outgoing requests and channel calendars", () => {
  it("OUTBOUND_ALLOW_PRIVATE or WEBHOOK_ALLOW_PRIVATE lifts the address guard; off unless set", () => {
    expect(outboundAllowPrivate(loadConfig({}))).toBe(false);
    expect(outboundAllowPrivate(loadConfig({ OUTBOUND_ALLOW_PRIVATE: "1" }))).toBe(true);
    expect(outboundAllowPrivate(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "1" }))).toBe(true);
    expect(outboundAllowPrivate(loadConfig({ OUTBOUND_ALLOW_PRIVATE: "0", WEBHOOK_ALLOW_PRIVATE: "" }))).toBe(false);
  });

  it("CALENDAR_SYNC_INTERVAL_S: 900 unless set, 60 to 86400; CALENDAR_FETCH_TIMEOUT_MS 15 s, 100 ms to 60 s", () => {
    expect(loadConfig({}).CALENDAR_SYNC_INTERVAL_S).toBe(900);
    expect(loadConfig({ CALENDAR_SYNC_INTERVAL_S: "60" }).CALENDAR_SYNC_INTERVAL_S).toBe(60);
    expect(loadConfig({ CALENDAR_SYNC_INTERVAL_S: "86400" }).CALENDAR_SYNC_INTERVAL_S).toBe(86_400);
    for (const wrong of ["59", "86401", "1.5", "often"]) expect(() => loadConfig({ CALENDAR_SYNC_INTERVAL_S: wrong })).toThrow(/CALENDAR_SYNC_INTERVAL_S/);
    expect(loadConfig({}).CALENDAR_FETCH_TIMEOUT_MS).toBe(15_000);
    for (const wrong of ["99", "60001", "x"]) expect(() => loadConfig({ CALENDAR_FETCH_TIMEOUT_MS: wrong })).toThrow(/CALENDAR_FETCH_TIMEOUT_MS/);
  });
});

describe("web push (VAPID_*, PUSH_ALLOW_PRIVATE)", () => {
  const pair = { VAPID_PUBLIC_KEY: `B${"A".repeat(86)}`, VAPID_PRIVATE_KEY: "a".repeat(43) };
  it("a key pair is set together or not at all; the subject is mailto: or https:", () => {
    const config = loadConfig({ ...pair, VAPID_SUBJECT: "mailto:guardia@nido.example" });
    expect(config.VAPID_PUBLIC_KEY).toBe(pair.VAPID_PUBLIC_KEY);
    expect(config.VAPID_SUBJECT).toBe("mailto:guardia@nido.example");
    expect(loadConfig({}).PUSH_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_PRIVATE: "1" }).PUSH_ALLOW_PRIVATE).toBe(true);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: "short" })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: "not a key" })).toThrow(/VAPID_PUBLIC_KEY/);
    for (const wrong of ["http://nido.example", "guardia@nido.example", "mailto:"]) expect(() => loadConfig({ VAPID_SUBJECT: wrong })).toThrow(/VAPID_SUBJECT/);
  });
});
