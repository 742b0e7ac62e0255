import { readFileSync } from "node:fs";
import path from "node:path";

// The Ertzaintza A19 PV validated with libxml2 (xmllint-wasm) against the service's own
// schemas (resources/ertzaintza-a19/xsd/, version 1.0.0) before it is sent: a schema error is
// our bug, found here, never a 109 from the service.

export interface ErtzaintzaXsdResult {
  valid: boolean;
  errors: string[];
}

const schema = (fileName: string) => readFileSync(path.join(process.cwd(), "resources", "ertzaintza-a19", "xsd", fileName), "utf8");

export async function validateErtzaintzaPv(xml: string): Promise<ErtzaintzaXsdResult> {
  const { validateXML } = await import("xmllint-wasm");
  try {
    const result = await validateXML({
      xml: [{ fileName: "pv.xml", contents: xml }],
      schema: [{ fileName: "comunicacionPV.xsd", contents: schema("comunicacionPV.xsd") }],
      preload: [{ fileName: "tiposGenerales.xsd", contents: schema("tiposGenerales.xsd") }],
    });
    if (result.valid) return { valid: true, errors: [] };
    return { valid: false, errors: result.errors.map((error) => error.rawMessage) };
  } catch (error) {
    return { valid: false, errors: [error instanceof Error ? error.message : String(error)] };
  }
}
