import { spawn } from "node:child_process";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { classifySesCode, loteOutcome } from "#app/modules/ses/ses-classify.ts";
import { createSesClient, type SesClient, type SesResult } from "#app/modules/ses/ses-client.server.ts";
import { buildAltaParteHospedaje, buildAltaReservaHospedaje, buildAnulacion, type AltaReservaHospedajeInput } from "#app/modules/ses/ses-documents.ts";
import { buildComunicacionEnvelope, buildConsultaLoteEnvelope } from "#app/modules/ses/ses-soap.ts";
import { zipBase64 } from "#app/modules/ses/ses-zip.ts";
import { DEFAULT_FAKE_ACCOUNT, startFakeSes, type RunningFakeSes } from "#tests/fake-ses/fake-ses.ts";

// The protocol layer against the fake ministry over real loopback HTTP: nothing here mocks
// fetch. Each failure kind of WEB-SERVICE.md §4 is injected and must come back classified
// as §3 says; the reply-lost case must end with exactly one filing.

let fake: RunningFakeSes;
let client: SesClient;

const account = DEFAULT_FAKE_ACCOUNT;
const clientFor = (patch: Partial<Parameters<typeof createSesClient>[0]> = {}) =>
  createSesClient({ endpoint: fake.url, codigoArrendador: account.codigoArrendador, user: account.user, password: account.password, aplicacion: "NidoSmart 1.0", timeoutMs: 10_000, ...patch });

let referenceCounter = 0;
function rhInput(patch: Partial<AltaReservaHospedajeInput["contract"]> = {}): AltaReservaHospedajeInput {
  referenceCounter += 1;
  return {
    establishmentCode: "0000012345",
    timeZone: "Europe/Madrid",
    contract: { reference: `RES-${referenceCounter}`, contractDate: "2026-11-20", checkIn: "2026-12-01", checkOut: "2026-12-04", guestCount: 2, paymentType: "PLATF", ...patch },
    holder: { givenName: "Lucía", firstSurname: "Ejemplo", email: "lucia@example.com" },
  };
}
const rh = (patch: Partial<AltaReservaHospedajeInput["contract"]> = {}) => buildAltaReservaHospedaje(rhInput(patch));

function pv(reference: string, guest: Record<string, string | null> = {}): string {
  return buildAltaParteHospedaje({
    property: { name: "Ático", establishmentCode: "0000012345", internetAvailable: true, timeZone: "Europe/Madrid" },
    reservation: { reference, contractDate: "2026-11-20", checkIn: "2026-12-01", checkOut: "2026-12-04", rooms: 1, paymentType: "TARJT" },
    guests: [
      { givenName: "Tom", firstSurname: "Sample", birthDate: "1983-11-02", documentType: "Pasaporte", documentNumber: "X0000000", addressStreet: "1 Example Street", addressCountry: "IRL", addressMunicipalityName: "Dublin", addressPostalCode: "D02 XY00", email: "tom@example.com", ...guest },
    ],
  });
}

function expectOk<T>(result: SesResult<T>): asserts result is Extract<SesResult<T>, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.failure)}`);
}
function failureOf<T>(result: SesResult<T>) {
  if (result.ok) throw new Error("expected a failure");
  return result.failure;
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
}

async function accepted(tipo: "PV" | "RH", xml: string): Promise<string> {
  const sent = await client.sendAlta(tipo, xml);
  expectOk(sent);
  return sent.lote;
}

async function filedCode(lote: string): Promise<string> {
  await fake.control.settle();
  const query = await client.consultaLote([lote]);
  expectOk(query);
  const first = query.lotes[0].resultados[0];
  if (!first?.ok) throw new Error(`not filed: ${JSON.stringify(query.lotes)}`);
  return first.codigoComunicacion;
}

beforeAll(async () => {
  fake = await startFakeSes();
  client = clientFor();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.control.reset();
});

describe("operations", () => {
  it("RH alta: lote accepted in state 5, then 4, then 1 with a codigoComunicacion the ministry can show", async () => {
    const lote = await accepted("RH", rh());
    const states: number[] = [];
    for (let step = 0; step < 3; step++) {
      const query = await client.consultaLote([lote]);
      expectOk(query);
      states.push(query.lotes[0].codigoEstado);
      await fake.control.advance();
    }
    expect(states).toEqual([5, 4, 1]);
    const code = await filedCode(lote);
    const info = await client.consultaComunicacion([code]);
    expectOk(info);
    expect(info.comunicaciones).toHaveLength(1);
    expect(info.comunicaciones[0]).toMatchObject({ tipo: "RH", codigo: code, anulada: false, fechaInicio: "2026-12-01T00:00:00" });
    expect(fake.control.filings()).toHaveLength(1);
  });

  it("the request carries the headers of §1.1 and no password in the audit copy", async () => {
    const sent = await client.sendAlta("RH", rh());
    expectOk(sent);
    expect(sent.exchange.request.headers).toEqual({ "Content-Type": "text/xml; charset=utf-8", SOAPAction: '""', Authorization: "Basic ***" });
    expect(JSON.stringify(sent.exchange)).not.toContain(account.password);
    expect(JSON.stringify(sent.exchange)).not.toContain(Buffer.from(`${account.user}:${account.password}`).toString("base64"));
    expect(sent.exchange.response?.status).toBe(200);
    expect(sent.exchange.request.body).toContain("<tipoComunicacion>RH</tipoComunicacion></cabecera><solicitud>UEsDB");
  });

  it("PV alta built by the staff export's builder is filed", async () => {
    const code = await filedCode(await accepted("PV", pv("PV-1")));
    expect(fake.control.filings()).toMatchObject([{ codigoComunicacion: code, tipo: "PV", referencia: "PV-1", establecimiento: "0000012345" }]);
  });

  it("state 6: the failed communication carries the ministry's text, the corrected resend is filed", async () => {
    fake.control.rejectReference("RES-BAD", "apellido2 obligatorio");
    const lote = await accepted("RH", buildAltaReservaHospedaje({ ...rhInput(), contract: { ...rhInput().contract, reference: "RES-BAD" } }));
    await fake.control.settle();
    const query = await client.consultaLote([lote]);
    expectOk(query);
    expect(loteOutcome(query.lotes[0].codigoEstado)).toBe("partial");
    expect(query.lotes[0].resultados).toEqual([{ orden: 1, ok: false, tipoError: "VALID", error: "Error de validación en la comunicación [1]: [apellido2 obligatorio]", anulada: false }]);
    expect(fake.control.filings()).toHaveLength(0);
    expect(fake.control.emails()).toEqual([{ codigoArrendador: account.codigoArrendador, lote, codigoEstado: 6, errors: ["Error de validación en la comunicación [1]: [apellido2 obligatorio]"] }]);
    const corrected = buildAltaReservaHospedaje({ ...rhInput(), contract: { ...rhInput().contract, reference: "RES-BAD", guestCount: 3 } });
    await filedCode(await accepted("RH", corrected));
    expect(fake.control.filings()).toHaveLength(1);
  });

  it("the fake applies the service rules the XSD cannot: NIF without apellido2 → per-item error", async () => {
    const xml = pv("PV-NIF", { documentType: "DNI", documentNumber: "12345678Z", documentSupport: "ABC123456", secondSurname: "X", addressCountry: "ESP", addressMunicipalityCode: "28079", addressMunicipalityName: null })
      .replace(/\s*<apellido2>X<\/apellido2>/, "");
    await fake.control.settle();
    const lote = await accepted("PV", xml);
    await fake.control.settle();
    const query = await client.consultaLote([lote]);
    expectOk(query);
    expect(query.lotes[0].codigoEstado).toBe(6);
    expect(query.lotes[0].resultados[0]).toMatchObject({ ok: false, error: expect.stringContaining("apellido2 obligatorio") });
  });

  it("an inner document that fails the XSD ends the lote in state 2 (rejected), nothing filed", async () => {
    const lote = await accepted("RH", rh().replace("<numPersonas>2</numPersonas>", "<numPersonas>dos</numPersonas>"));
    await fake.control.settle();
    const query = await client.consultaLote([lote]);
    expectOk(query);
    expect(loteOutcome(query.lotes[0].codigoEstado)).toBe("rejected");
    expect(fake.control.filings()).toHaveLength(0);
  });

  it("B cancels by codigoComunicacion; consultaComunicacion then says anulada; an unknown code fails the item", async () => {
    const code = await filedCode(await accepted("RH", rh()));
    const cancel = await client.sendAnulacion(buildAnulacion([code]));
    expectOk(cancel);
    await fake.control.settle();
    const state = await client.consultaLote([cancel.lote]);
    expectOk(state);
    expect(state.lotes[0]).toMatchObject({ tipoOperacion: "B", codigoEstado: 1, resultados: [] });
    const info = await client.consultaComunicacion([code]);
    expectOk(info);
    expect(info.comunicaciones[0].anulada).toBe(true);

    const unknown = await client.sendAnulacion(buildAnulacion(["0b6e4d2c-1a3f-4e5d-8c7b-2f1e0d9c8b7a"]));
    expectOk(unknown);
    await fake.control.settle();
    const unknownState = await client.consultaLote([unknown.lote]);
    expectOk(unknownState);
    expect(unknownState.lotes[0].codigoEstado).toBe(6);
  });

  it("anulacionLote cancels every communication of a processed lote, synchronously", async () => {
    const lote = await accepted("RH", rh());
    const early = await client.anulacionLote(lote);
    expect(failureOf(early)).toMatchObject({ class: "data" });
    const code = await filedCode(lote);
    const cancelled = await client.anulacionLote(lote);
    expectOk(cancelled);
    const query = await client.consultaLote([lote]);
    expectOk(query);
    expect(query.lotes[0].resultados[0]).toMatchObject({ ok: true, codigoComunicacion: code, anulada: true });
  });

  it("consultaLote returns only this landlord's lotes, through consultaLote and through C alike", async () => {
    const mine = await accepted("RH", rh());
    fake.control.addAccount({ ...account, user: "OTHERWS", password: "other-pass", codigoArrendador: "0000000002", establecimientos: ["0000099999"] });
    const other = clientFor({ user: "OTHERWS", password: "other-pass", codigoArrendador: "0000000002" });
    const theirs = await other.sendAlta("RH", buildAltaReservaHospedaje({ ...rhInput(), establishmentCode: "0000099999" }));
    expectOk(theirs);
    const plain = await client.consultaLote([mine, theirs.lote, "9d1c2f7a-5b3e-4c8d-a6f0-1e2d3c4b5a69"]);
    expectOk(plain);
    expect(plain.lotes.map((lote) => lote.lote)).toEqual([mine]);
    const viaC = await client.consultaLoteC([mine, theirs.lote]);
    expectOk(viaC);
    expect(viaC.lotes.map((lote) => lote.lote)).toEqual([mine]);
    await expect(client.consultaLote(Array.from({ length: 11 }, () => mine))).rejects.toThrow(RangeError);
  });

  it("catalogo lists the tables and serves TIPO_PAGO", async () => {
    const tables = await client.catalogo("");
    expectOk(tables);
    expect(tables.tuplas.map((tupla) => tupla.codigo)).toContain("TIPO_DOCUMENTO");
    const payments = await client.catalogo("TIPO_PAGO");
    expectOk(payments);
    expect(payments.tuplas.map((tupla) => tupla.codigo)).toContain("PLATF");
  });

  it("parses the annex spellings, long tipoError and table date format when the service answers with them", async () => {
    fake.control.setOptions({ annexSpellings: true });
    try {
      const code = await filedCode(await accepted("RH", rh()));
      expect(code).toMatch(/^[0-9a-f-]{36}$/);
      fake.control.rejectReference("RES-ANNEX", "dato incorrecto");
      const lote = await accepted("RH", buildAltaReservaHospedaje({ ...rhInput(), contract: { ...rhInput().contract, reference: "RES-ANNEX" } }));
      await fake.control.settle();
      const query = await client.consultaLote([lote]);
      expectOk(query);
      expect(query.lotes[0]).toMatchObject({ tipoComunicacion: "RH", codigoEstado: 6, resultados: [{ ok: false, tipoError: "Error validación de datos" }] });
      expect(query.lotes[0].fechaPeticion).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    } finally {
      fake.control.setOptions({ annexSpellings: false });
    }
  });
});

describe("refusals and their classes", () => {
  it("wrong password → HTTP 401 → credentials", async () => {
    const failure = failureOf(await clientFor({ password: "wrong" }).sendAlta("RH", rh()));
    expect(failure).toMatchObject({ class: "credentials", code: "http-401" });
    expect(fake.control.counts().lotes).toBe(0);
  });

  it("header codes: 10103, 10107, 10120, 10119 are credentials; 10150 and 10118 are data with the ministry's text", async () => {
    fake.control.addAccount({ ...account, user: "OFFWS", password: "p", codigoArrendador: "0000000003", wsEnabled: false });
    fake.control.addAccount({ ...account, user: "PVONLY", password: "p", codigoArrendador: "0000000004", tipos: ["PV"] });
    const cases: [SesClient, "PV" | "RH", string, number, string][] = [
      [clientFor({ codigoArrendador: "9999999999" }), "RH", rh(), 10103, "credentials"],
      [clientFor({ codigoArrendador: "0000000003" }), "RH", rh(), 10107, "credentials"],
      [clientFor({ user: "OFFWS", password: "p", codigoArrendador: "0000000003" }), "RH", rh(), 10120, "credentials"],
      [clientFor({ user: "PVONLY", password: "p", codigoArrendador: "0000000004" }), "RH", rh(), 10119, "credentials"],
      [clientFor({ aplicacion: "x".repeat(51) }), "RH", rh(), 10150, "data"],
      [client, "PV", rh(), 10118, "data"],
    ];
    for (const [caller, tipo, xml, code, kind] of cases) {
      const failure = failureOf(await caller.sendAlta(tipo, xml));
      expect(failure).toMatchObject({ code, class: kind, duplicate: false });
      expect(failure.message.length).toBeGreaterThan(0);
    }
    expect(fake.control.counts().lotes).toBe(0);
  });

  it("10111 for anything that is not ZIP+Base64 (plain Base64, gzip-like bytes, text), 10136 beyond 10 lotes", async () => {
    const post = async (body: string) => {
      const response = await fetch(fake.url, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: '""', Authorization: `Basic ${Buffer.from(`${account.user}:${account.password}`).toString("base64")}` }, body });
      return response.text();
    };
    const envelope = (solicitud: string) => buildComunicacionEnvelope({ codigoArrendador: account.codigoArrendador, aplicacion: "t", tipoOperacion: "A", tipoComunicacion: "RH", solicitud });
    for (const solicitud of [Buffer.from(rh()).toString("base64"), Buffer.from([0x1f, 0x8b, 8, 0, 0, 0]).toString("base64"), "esto no es base64"]) {
      expect(await post(envelope(solicitud))).toContain("<codigo>10111</codigo>");
    }
    expect(await post(envelope(zipBase64(rh())))).toContain("<codigo>0</codigo>");
    const lotes = Array.from({ length: 11 }, (_, index) => `lote-${index}`);
    expect(await post(buildConsultaLoteEnvelope(lotes))).toContain("<codigo>10136</codigo>");
  });

  it("GET ?wsdl is not served", async () => {
    expect((await fetch(`${fake.url}?wsdl`)).status).toBe(404);
  });
});

describe("injected failures are classified as §3 says", () => {
  it.each([
    ["http-502", "http-502", "retry"],
    ["http-503", "http-503", "retry"],
    ["soap-fault", "soap-fault", "retry"],
    ["reset", "network", "retry"],
    ["code-10999", 10999, "retry"],
    ["code-10111", 10111, "data"],
    ["code-10120", 10120, "credentials"],
  ] as const)("%s → %s (%s), and nothing was filed", async (kind, code, expected) => {
    fake.control.failNext(kind);
    const failure = failureOf(await client.sendAlta("RH", rh()));
    expect(failure.code).toBe(code);
    expect(failure.class).toBe(expected);
    expect(classifySesCode(failure.code)).toBe(expected);
    expect(fake.control.counts().lotes).toBe(0);
    // The next attempt goes through.
    expect((await client.sendAlta("RH", rh())).ok).toBe(true);
  });

  it("a 502 page keeps its body in the exchange for audit", async () => {
    fake.control.failNext("http-502");
    const result = await client.sendAlta("RH", rh());
    expect(result.exchange.response).toMatchObject({ status: 502, body: expect.stringContaining("Proxy Error") });
  });

  it("a failure aimed at one operation leaves the others alone (a sender and a poller share the endpoint)", async () => {
    const lote = await accepted("RH", rh());
    fake.control.failNext("http-502", { operation: "comunicacion" });
    expectOk(await client.consultaLote([lote]));
    expect(failureOf(await client.sendAlta("RH", rh())).code).toBe("http-502");
    expectOk(await client.sendAlta("RH", rh()));
  });

  it("the other operations classify injected failures too", async () => {
    fake.control.failNext("code-10999");
    expect(failureOf(await client.consultaLote(["9d1c2f7a-5b3e-4c8d-a6f0-1e2d3c4b5a69"]))).toMatchObject({ code: 10999, class: "retry" });
    fake.control.failNext("soap-fault");
    expect(failureOf(await client.consultaComunicacion(["9d1c2f7a-5b3e-4c8d-a6f0-1e2d3c4b5a69"]))).toMatchObject({ code: "soap-fault", class: "retry" });
    fake.control.failNext("reset");
    expect(failureOf(await client.anulacionLote("9d1c2f7a-5b3e-4c8d-a6f0-1e2d3c4b5a69"))).toMatchObject({ code: "network", class: "retry" });
  });

  it("a slow answer within the timeout is a success; a stuck lote stays pending until released", async () => {
    fake.control.failNext("slow", { delayMs: 300 });
    fake.control.failNext("stuck");
    const lote = await accepted("RH", rh());
    await fake.control.settle();
    const stuck = await client.consultaLote([lote]);
    expectOk(stuck);
    expect(loteOutcome(stuck.lotes[0].codigoEstado)).toBe("pending");
    fake.control.unstick();
    await filedCode(lote);
  });

  it("state 3: resend the same bytes as a new attempt, which is not a duplicate", async () => {
    fake.control.failNext("state-3");
    const xml = rh();
    const first = await accepted("RH", xml);
    await fake.control.settle();
    const query = await client.consultaLote([first]);
    expectOk(query);
    expect(loteOutcome(query.lotes[0].codigoEstado)).toBe("resend");
    await filedCode(await accepted("RH", xml));
    expect(fake.control.filings()).toHaveLength(1);
  });
});

describe("lote created but the reply lost (§3 idempotency)", () => {
  it("the byte-identical resend is answered 'Lote duplicado': one filing, recorded as filed with lote unknown", async () => {
    const xml = rh();
    fake.control.failNext("reply-lost");
    const lost = failureOf(await client.sendAlta("RH", xml));
    expect(lost).toMatchObject({ code: "network", class: "retry", mayHaveArrived: true });
    expect(fake.control.counts().lotes).toBe(1);

    const resend = failureOf(await client.sendAlta("RH", xml, { resendInDoubt: true }));
    expect(resend).toMatchObject({ code: 10121, duplicate: true, message: "Lote duplicado" });
    await fake.control.settle();
    expect(fake.control.filings()).toHaveLength(1);
    expect(fake.control.counts().lotes).toBe(1);
  });

  it("a reply delayed past the client's timeout is the same case", async () => {
    const xml = rh();
    fake.control.failNext("reply-delayed", { delayMs: 2_500 });
    const late = failureOf(await clientFor({ timeoutMs: 500 }).sendAlta("RH", xml));
    expect(late).toMatchObject({ code: "timeout", class: "retry", mayHaveArrived: true });
    // On a loaded machine the fake may still be reading the request when the client gives up.
    await waitFor(() => fake.control.counts().lotes === 1);
    expect(failureOf(await client.sendAlta("RH", xml, { resendInDoubt: true })).duplicate).toBe(true);
    await fake.control.settle();
    expect(fake.control.filings()).toHaveLength(1);
  });

  it("where the service answers a replay with the first lote, consultaLote and consultaComunicacion recover the filing", async () => {
    fake.control.setOptions({ duplicates: "same-lote" });
    try {
      const xml = rh();
      fake.control.failNext("reply-lost");
      expect(failureOf(await client.sendAlta("RH", xml)).class).toBe("retry");
      const replay = await client.sendAlta("RH", xml);
      expectOk(replay);
      const code = await filedCode(replay.lote);
      const info = await client.consultaComunicacion([code]);
      expectOk(info);
      expect(info.comunicaciones.map((item) => item.codigo)).toEqual([code]);
      expect(fake.control.filings()).toHaveLength(1);
    } finally {
      fake.control.setOptions({ duplicates: "reject" });
    }
  });
});

describe("control API over HTTP, for tests in another process", () => {
  it("drives failures, advances lotes and reports filings and counts", async () => {
    const control = (path: string, body?: unknown) =>
      fetch(`${fake.origin}/__fake/${path}`, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((response) => response.json() as Promise<unknown>);
    await control("fail-next", { kind: "http-502" });
    expect(failureOf(await client.sendAlta("RH", rh())).code).toBe("http-502");
    const lote = await accepted("RH", rh());
    expect(await control("advance", {})).toEqual({ moved: 1 });
    await control("settle", {});
    expect(await control("filings")).toMatchObject([{ lote, tipo: "RH" }]);
    expect(await control("counts")).toMatchObject({ comunicacionRequest: 2, lotes: 1, filings: 1 });
    await control("reset", {});
    expect(await control("counts")).toEqual({ lotes: 0, filings: 0 });
  });

  it("npm run fake-ses starts it standalone and lotes advance when polled", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/fake-ses/main.ts"], { env: { ...process.env, FAKE_SES_PORT: "0" }, stdio: ["ignore", "pipe", "inherit"] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const match = /SES_ENDPOINT=(\S+)/.exec(output);
          if (match) resolve(match[1]);
        });
        child.once("exit", (code) => reject(new Error(`fake-ses exited with ${code}: ${output}`)));
      });
      const standalone = clientFor({ endpoint: url });
      const sent = await standalone.sendAlta("RH", rh());
      expectOk(sent);
      const states: number[] = [];
      for (let poll = 0; poll < 3; poll++) {
        const query = await standalone.consultaLote([sent.lote]);
        expectOk(query);
        states.push(query.lotes[0].codigoEstado);
      }
      expect(states).toEqual([4, 1, 1]);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
