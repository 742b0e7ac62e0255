import { gzipSync, strToU8, zipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { sha256Hex, SesZipError, unzipBase64, zipBase64, SES_ZIP_ENTRY_NAME } from "#app/modules/ses/ses-zip.ts";

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n<rh:peticion xmlns:rh="x"><solicitud>Lucía &amp; Tomás</solicitud></rh:peticion>\n';

// The B and C samples of WEB-SERVICE.md §1.4, zipped by another tool: our reader must accept them.
const DOC_B =
  "UEsDBBQAAAAIAAAAIQA3UtpSnAAAAOsAAAANAAAAc29saWNpdHVkLnhtbHWOQQ6CMBQF95yCdN+WIioQKAsTT6AHKO0XauCXUBCPLyw0bFzPvMkrqnffhS8YvXVYEsEiEgJqZyw2JbnfrjQllQwKhXOXa9fPaLXSqws+XJfo842UpJ2mIed8WRaG0LDW+QGMeoJnvR0ZeL5parzsCkR+q8Y2bk/k4RHXqRZAI5MomsC5ppk6CnrSsUkhe0RKiIL/W//I/q0MPlBLAQIUAxQAAAAIAAAAIQA3UtpSnAAAAOsAAAANAAAAAAAAAAAAAACAAQAAAABzb2xpY2l0dWQueG1sUEsFBgAAAAABAAEAOwAAAMcAAAAAAA==";

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe("zipBase64", () => {
  it("is a real ZIP (Base64 starts UEsDB), one line, one solicitud.xml entry that round-trips byte for byte", () => {
    const encoded = zipBase64(XML);
    expect(encoded.startsWith("UEsDB")).toBe(true);
    expect(encoded).not.toMatch(/\s/);
    expect(unzipBase64(encoded)).toEqual({ entryName: SES_ZIP_ENTRY_NAME, xml: XML });
  });

  it("is deterministic: same XML, same bytes, whatever the time and the time zone", () => {
    process.env.TZ = "UTC";
    const utc = zipBase64(XML);
    process.env.TZ = "Pacific/Kiritimati";
    const farEast = zipBase64(XML);
    process.env.TZ = "America/Los_Angeles";
    const west = zipBase64(XML);
    expect(farEast).toBe(utc);
    expect(west).toBe(utc);
    // DOS date 0x0021 = 1980-01-01, time 0: bytes 10..13 of the local header.
    const header = Buffer.from(utc, "base64").subarray(10, 14);
    expect([...header]).toEqual([0, 0, 0x21, 0]);
    expect(zipBase64(`${XML} `)).not.toBe(utc);
  });

  it("sha256Hex hashes the exact UTF-8 bytes", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("Lucía")).not.toBe(sha256Hex("Lucia"));
  });
});

describe("unzipBase64 (the 10111 check)", () => {
  it("reads the anulación sample of the research notes", () => {
    const { entryName, xml } = unzipBase64(DOC_B);
    expect(entryName).toBe("solicitud.xml");
    expect(xml).toContain("<anul:codigoComunicacion>3f2b8c1e-0d4a-4e7b-9a51-6c2d8e9f0a11</anul:codigoComunicacion>");
  });

  it("refuses plain Base64 XML, gzip, garbage and non-UTF-8 entries", () => {
    expect(() => unzipBase64(Buffer.from(XML).toString("base64"))).toThrow(SesZipError);
    expect(() => unzipBase64(Buffer.from(gzipSync(strToU8(XML))).toString("base64"))).toThrow(SesZipError);
    expect(() => unzipBase64("not base64 at all!")).toThrow(SesZipError);
    expect(() => unzipBase64("")).toThrow(SesZipError);
    const latin1 = zipSync({ "solicitud.xml": new Uint8Array(Buffer.from("<a>Lucía</a>", "latin1")) });
    expect(() => unzipBase64(Buffer.from(latin1).toString("base64"))).toThrow(/UTF-8/);
  });
});
