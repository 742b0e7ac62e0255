import path from "node:path";
import { validateAgainstSchemas, type SesXsdResult } from "#app/modules/ses/ses-xsd.server.ts";

// The Ertzaintza A19 PV validated with libxml2 (xmllint-wasm) against the service's own
// schemas (resources/ertzaintza-a19/xsd/, version 1.0.0) before it is sent: a schema error is
// our bug, found here, never a 109 from the service. Like SES's, one libxml2 run validates a
// whole batch (about 0.2 s whatever the count), so the sender validates waiting rows together.

export type ErtzaintzaXsdResult = SesXsdResult;

const PV_SCHEMAS = { directory: path.join("resources", "ertzaintza-a19", "xsd"), main: "comunicacionPV.xsd", preload: ["tiposGenerales.xsd"] } as const;

/** Results in input order. */
export function validateErtzaintzaPvs(xmls: readonly string[]): Promise<ErtzaintzaXsdResult[]> {
  return validateAgainstSchemas(PV_SCHEMAS, xmls);
}

export async function validateErtzaintzaPv(xml: string): Promise<ErtzaintzaXsdResult> {
  const [result] = await validateErtzaintzaPvs([xml]);
  return result;
}
