import { describe, expect, it } from "vitest";
import { maskSecrets } from "#app/modules/ses/ses-client.server.ts";
import {
  buildComunicacionEnvelope,
  buildConsultaLoteEnvelope,
  parseAnulacionLoteResponse,
  parseComunicacionResponse,
  parseConsultaComunicacionResponse,
  parseConsultaLoteResponse,
  parseSoapEnvelope,
  parseSoapFault,
  SesResponseParseError,
} from "#app/modules/ses/ses-soap.ts";

const wrap = (body: string) =>
  `<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Header/><SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
const NS = 'xmlns:ns3="http://www.soap.servicios.hospedajes.mir.es/comunicacion"';

describe("SOAP requests", () => {
  it("namespaces only the Body element and keeps codes as text", () => {
    const xml = buildComunicacionEnvelope({ codigoArrendador: "0000000001", aplicacion: "NidoSmart & co", tipoOperacion: "A", tipoComunicacion: "RH", solicitud: "UEsDB" });
    expect(xml).toContain("<com:comunicacionRequest><peticion><cabecera><codigoArrendador>0000000001</codigoArrendador>");
    expect(xml).toContain("<aplicacion>NidoSmart &amp; co</aplicacion><tipoOperacion>A</tipoOperacion><tipoComunicacion>RH</tipoComunicacion>");
    expect(xml).toContain("<soapenv:Header/>");
    const parsed = parseSoapEnvelope(xml);
    expect(parsed.operation).toBe("comunicacionRequest");
    expect(buildComunicacionEnvelope({ codigoArrendador: "1", aplicacion: "a", tipoOperacion: "B", solicitud: "x" })).not.toContain("tipoComunicacion");
    expect(buildConsultaLoteEnvelope(["a", "b"])).toContain("<codigosLote><lote>a</lote><lote>b</lote></codigosLote>");
  });
});

describe("SOAP answers, parsed leniently", () => {
  it("reads an accepted alta with its lote, keeping leading zeros", () => {
    const body = parseSoapEnvelope(wrap(`<ns3:comunicacionResponse ${NS}><respuesta><codigo>0</codigo><descripcion>Ok</descripcion><lote>9d1c2f7a-5b3e-4c8d-a6f0-1e2d3c4b5a69</lote></respuesta></ns3:comunicacionResponse>`));
    expect(body.operation).toBe("comunicacionResponse");
    expect(parseComunicacionResponse(body.content)).toEqual({ codigo: 0, descripcion: "Ok", lote: "9d1c2f7a-5b3e-4c8d-a6f0-1e2d3c4b5a69", resultados: [] });
  });

  it("reads a lote in state 6 with the XSD spellings and with the annex misspellings alike", () => {
    const items = (tag: string) =>
      `<resultadoComunicaciones><${tag}><orden>2</orden><tipoError>Error validación de datos</tipoError><error>Error de validación en la comunicación [2]: [apellido2 obligatorio]</error></${tag}>` +
      `<${tag}><orden>1</orden><anulada>true</anulada><codigoComunicacion>3f2b8c1e-0d4a-4e7b-9a51-6c2d8e9f0a11</codigoComunicacion></${tag}></resultadoComunicaciones>`;
    const lote = (tipo: string, codigo: string, tag: string) =>
      wrap(
        `<ns3:consultaLoteResponse ${NS}><respuesta><${codigo}>0</${codigo}><descripcion>Ok</descripcion></respuesta><resultado><lote>L1</lote><${tipo}>PV</${tipo}><tipoOperacion>A</tipoOperacion>` +
          `<fechaPeticion>2025-08-01 16:05:00</fechaPeticion><fechaProcesamiento>2025-08-01T16:05:40.000+02:00</fechaProcesamiento><codigoEstado>6</codigoEstado><descEstado>Con errores</descEstado>` +
          `<identificadorUsuario>U</identificadorUsuario><nombreUsuario>N</nombreUsuario><codigoArrendador>0000000001</codigoArrendador><aplicacion>A</aplicacion>${items(tag)}</resultado></ns3:consultaLoteResponse>`,
      );
    const expected = {
      codigo: 0,
      descripcion: "Ok",
      lotes: [
        {
          lote: "L1",
          tipoComunicacion: "PV",
          tipoOperacion: "A",
          fechaPeticion: "2025-08-01 16:05:00",
          fechaProcesamiento: "2025-08-01T16:05:40.000+02:00",
          codigoEstado: 6,
          descEstado: "Con errores",
          codigoArrendador: "0000000001",
          aplicacion: "A",
          resultados: [
            { orden: 1, ok: true, codigoComunicacion: "3f2b8c1e-0d4a-4e7b-9a51-6c2d8e9f0a11", anulada: true },
            { orden: 2, ok: false, tipoError: "Error validación de datos", error: "Error de validación en la comunicación [2]: [apellido2 obligatorio]", anulada: false },
          ],
        },
      ],
    };
    expect(parseConsultaLoteResponse(parseSoapEnvelope(lote("tipoComunicacion", "codigo", "resultadoComunicacion")).content)).toEqual(expected);
    expect(parseConsultaLoteResponse(parseSoapEnvelope(lote("tipoComuniacion", "codigoRetorno", "resutadoComunicacion")).content)).toEqual(expected);
  });

  it("reads consultaComunicacion, anulacionLote and an empty answer", () => {
    const info = parseConsultaComunicacionResponse(
      parseSoapEnvelope(wrap(`<ns3:consultaComunicacionResponse ${NS}><resultado><codigo>0</codigo><descripcion>Ok</descripcion></resultado><comunicacion><tipo>RH</tipo><codigo>C1</codigo><anulada>true</anulada><referencia>R</referencia><fechaContrato>2025-06-15</fechaContrato><fechaInicio>a</fechaInicio><fechaFin>b</fechaFin><fechaAlta>c</fechaAlta><pago><tipo>PLATF</tipo></pago><personas/></comunicacion></ns3:consultaComunicacionResponse>`)).content,
    );
    expect(info.comunicaciones.map(({ raw: _raw, ...rest }) => rest)).toEqual([{ tipo: "RH", codigo: "C1", anulada: true, referencia: "R", fechaContrato: "2025-06-15", fechaInicio: "a", fechaFin: "b", fechaAlta: "c" }]);
    expect(parseAnulacionLoteResponse(parseSoapEnvelope(wrap(`<ns3:anulacionLoteResponse ${NS}><codigo>0</codigo><descripcion>Ok</descripcion></ns3:anulacionLoteResponse>`)).content)).toEqual({ codigo: 0, descripcion: "Ok" });
    expect(parseConsultaLoteResponse(parseSoapEnvelope(wrap(`<ns3:consultaLoteResponse ${NS}><respuesta><codigo>0</codigo><descripcion>Ok</descripcion></respuesta></ns3:consultaLoteResponse>`)).content).lotes).toEqual([]);
  });

  it("reads a SOAP Fault and refuses HTML and empty bodies", () => {
    const fault = parseSoapEnvelope(wrap("<SOAP-ENV:Fault><faultcode>SOAP-ENV:Server</faultcode><faultstring>Error interno</faultstring></SOAP-ENV:Fault>"));
    expect(fault.operation).toBe("Fault");
    expect(parseSoapFault(fault.content)).toEqual({ faultcode: "SOAP-ENV:Server", faultstring: "Error interno" });
    expect(() => parseSoapEnvelope("<html><head><title>502 Proxy Error</title></head><body><h1>Proxy Error</h1></body></html>")).toThrow(SesResponseParseError);
    expect(() => parseSoapEnvelope("")).toThrow(SesResponseParseError);
  });
});

describe("maskSecrets", () => {
  it("masks the Basic header, the password anywhere, and password fields", () => {
    const basic = Buffer.from("B00000000WS:s3cr3t-Pa55").toString("base64");
    const masked = maskSecrets(
      {
        method: "POST",
        url: "https://user:s3cr3t-Pa55@hospedajes.ses.mir.es/x?password=s3cr3t-Pa55",
        headers: { Authorization: `Basic ${basic}`, "X-Api-Token": "t", "Content-Type": "text/xml" },
        body: `<a><password>other</password><b>s3cr3t-Pa55</b><c>${basic}</c></a>`,
      },
      ["s3cr3t-Pa55", basic],
    );
    const all = JSON.stringify(masked);
    expect(all).not.toContain("s3cr3t-Pa55");
    expect(all).not.toContain(basic);
    expect(all).not.toContain("other");
    expect(masked.headers).toEqual({ Authorization: "Basic ***", "X-Api-Token": "***", "Content-Type": "text/xml" });
    expect(masked.body).toBe("<a><password>***</password><b>***</b><c>***</c></a>");
  });
});
