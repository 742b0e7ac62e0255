import { describe, expect, it } from "vitest";
import { classifySesCode, isDuplicateAnswer, loteOutcome } from "#app/modules/ses/ses-classify.ts";
import { resolveSesEndpoint, SES_ENDPOINTS } from "#app/modules/ses/ses-endpoint.ts";

describe("classifySesCode (WEB-SERVICE.md §3 handling classes)", () => {
  it.each([
    [0, "ok"],
    ["network", "retry"],
    ["timeout", "retry"],
    ["soap-fault", "retry"],
    ["soap-client-fault", "retry"],
    ["bad-response", "retry"],
    ["http-502", "retry"],
    ["http-503", "retry"],
    ["http-500", "retry"],
    [10999, "retry"],
    ["http-401", "credentials"],
    ["http-403", "credentials"],
    ["http-404", "credentials"],
    ["tls", "credentials"],
    [10103, "credentials"],
    [10107, "credentials"],
    [10119, "credentials"],
    [10120, "credentials"],
    [10128, "credentials"],
    [10111, "data"],
    [10118, "data"],
    [10121, "data"],
    [10122, "data"],
    [10130, "data"],
    [10131, "data"],
    [10150, "data"],
    [10136, "data"],
    ["http-400", "data"],
  ] as const)("%s → %s", (code, expected) => {
    expect(classifySesCode(code)).toBe(expected);
  });

  it("reads 10121 as the duplicate answer only on a resend whose bytes may have arrived", () => {
    expect(isDuplicateAnswer(10121, true)).toBe(true);
    expect(isDuplicateAnswer(10121, false)).toBe(false);
    expect(isDuplicateAnswer(10111, true)).toBe(false);
  });

  it("maps lote states to what the poller does", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(loteOutcome)).toEqual(["done", "rejected", "resend", "pending", "pending", "partial", "unknown"]);
  });
});

describe("resolveSesEndpoint", () => {
  it("defaults to production, picks PRE, and lets SES_ENDPOINT override", () => {
    expect(resolveSesEndpoint({})).toBe("https://hospedajes.ses.mir.es/hospedajes-web/ws/v1/comunicacion");
    expect(resolveSesEndpoint({ SES_ENVIRONMENT: "pre" })).toBe(SES_ENDPOINTS.pre);
    expect(SES_ENDPOINTS.pre).toBe("https://hospedajes.pre-ses.mir.es/hospedajes-web/ws/v1/comunicacion");
    expect(resolveSesEndpoint({ SES_ENVIRONMENT: "pre", SES_ENDPOINT: "http://127.0.0.1:8089/x" })).toBe("http://127.0.0.1:8089/x");
  });
});
