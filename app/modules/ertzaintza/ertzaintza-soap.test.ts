import { describe, expect, it } from "vitest";
import { buildEnvioFicheroXmlBody, classifyErtzaintzaAnswer, extractErtzaintzaCode, parseErtzaintzaResponse } from "#app/modules/ertzaintza/ertzaintza-soap.ts";

// Answers as the manual and the 2026 PRE captures show them (REGIONAL-POLICE.md §3.4): two
// namespaces, `ns0:return` or an unqualified `return`, positional error codes.

const envelope = (inner: string, ns = "https://ws.negocio.registroHostelero.a19.gvdi.com", ret = "ns0:return") =>
  `<?xml version="1.0" encoding="UTF-8"?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns0:envioFicheroXMLResponse xmlns:ns0="${ns}"><${ret}>${inner}</${ret}></ns0:envioFicheroXMLResponse></S:Body></S:Envelope>`;

const OK =
  "<respuesta><peticion>7b0c9c2e-1111-4222-8333-944455556666</peticion></respuesta><resultado><codigoEstadoComunicacion>0</codigoEstadoComunicacion>" +
  "<descEstadoComunicacion>OK</descEstadoComunicacion><fechaProcesamiento>2026-09-15T12:45:05.003</fechaProcesamiento></resultado>";
const errors = (...codes: string[]) => `<respuesta>${codes.map((code) => `<error><codigo>${code}</codigo><descripcion>texto ${code}</descripcion></error>`).join("")}<peticion/></respuesta><resultado/>`;

describe("A19 answers", () => {
  it("reads a success in both namespaces and both wrappers", () => {
    for (const xml of [envelope(OK), envelope(OK, "http://gvdi.com/a19.registroHotelero.negocio.ejbs", "return")]) {
      const parsed = parseErtzaintzaResponse(xml);
      expect(parsed).toMatchObject({ kind: "answer", errors: [], codigoEstadoComunicacion: "0", peticion: "7b0c9c2e-1111-4222-8333-944455556666" });
      expect(classifyErtzaintzaAnswer(parsed)).toBe("done");
    }
  });

  it("extracts family codes from positional ones", () => {
    expect(["C_1_CTO01", "C_1|2_PER05_VI", "403", "PET07", "C_2_COM08", "999"].map(extractErtzaintzaCode)).toEqual(["CTO01", "PER05", "403", "PET07", "COM08", "999"]);
  });

  it.each([
    [["403"], {}, "credentials"],
    [["PET10"], {}, "credentials"],
    [["999"], {}, "retry"],
    [["INT01"], {}, "retry"],
    [["904"], {}, "retry"],
    [["PET13"], {}, "split"],
    [["C_1_CTO01"], { resendInDoubt: true }, "done"],
    [["C_1_CTO01"], {}, "data"],
    [["C_1_CTO01", "C_1|2_PER05_VI"], { resendInDoubt: true }, "data"],
    [["C_1|1_PER43_TI"], {}, "data"],
    [["109"], {}, "data"],
  ] as const)("%j %j → %s", (codes, options, outcome) => {
    expect(classifyErtzaintzaAnswer(parseErtzaintzaResponse(envelope(errors(...codes))), options)).toBe(outcome);
  });

  it("a SOAP fault or an HTML page is a retry", () => {
    const fault = `<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault><faultcode>S:Server</faultcode><faultstring>OSB</faultstring></S:Fault></S:Body></S:Envelope>`;
    expect(parseErtzaintzaResponse(fault)).toEqual({ kind: "fault", faultcode: "S:Server", faultstring: "OSB" });
    expect(classifyErtzaintzaAnswer(parseErtzaintzaResponse(fault))).toBe("retry");
    expect(classifyErtzaintzaAnswer(parseErtzaintzaResponse("<html><body>502</body></html>"))).toBe("retry");
  });

  it("the Body carries the document in CDATA under the qualified cabecera and solicitud", () => {
    const body = buildEnvioFicheroXmlBody({ aplicacion: "NidoSmart", codigoArrendador: "B00000000", tipoComunicacion: "PV" }, '<?xml version="1.0" encoding="UTF-8"?>\n<alt:peticion xmlns:alt="x"/>');
    expect(body).toContain('wsu:Id="Body-1"');
    expect(body).toContain("<ws:cabecera><aplicacion>NidoSmart</aplicacion><codigoArrendador>B00000000</codigoArrendador><tipoComunicacion>PV</tipoComunicacion></ws:cabecera>");
    expect(body).toContain('<ws:solicitud><![CDATA[<alt:peticion xmlns:alt="x"/>]]></ws:solicitud>');
    expect(() => buildEnvioFicheroXmlBody({ aplicacion: "a", codigoArrendador: "b", tipoComunicacion: "PV" }, "<a>]]></a>")).toThrow(RangeError);
  });
});
