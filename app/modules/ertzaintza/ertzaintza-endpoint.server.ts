import { readFileSync } from "node:fs";
import { parsePemCertificates } from "#app/modules/ses/ses-ca.server.ts";
import { ERTZAINTZA_ENDPOINTS } from "#app/modules/ertzaintza/ertzaintza-soap.ts";

// Where the A19 service is (REGIONAL-POLICE.md §3.1) and which extra CAs its client trusts.
// Production's chain is publicly trusted; pre-production's is an internal Ertzaintza CA, which
// the operator adds with ERTZAINTZA_CA_FILE (to this client only, never to the process).

export function resolveErtzaintzaEndpoint(env: { ERTZAINTZA_ENVIRONMENT?: "pre" | "prod"; ERTZAINTZA_ENDPOINT?: string }): string {
  return env.ERTZAINTZA_ENDPOINT ?? ERTZAINTZA_ENDPOINTS[env.ERTZAINTZA_ENVIRONMENT ?? "prod"];
}

/** The PEM text of ERTZAINTZA_CA_FILE, checked; undefined when unset. Throws SesCaError (Spanish) when unreadable. */
export function loadErtzaintzaCa(env: { ERTZAINTZA_CA_FILE?: string }): string | undefined {
  if (!env.ERTZAINTZA_CA_FILE) return undefined;
  let text: string;
  try {
    text = readFileSync(env.ERTZAINTZA_CA_FILE, "utf8");
  } catch (error) {
    throw new Error(`ERTZAINTZA_CA_FILE: no se puede leer ${env.ERTZAINTZA_CA_FILE} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  parsePemCertificates(text, env.ERTZAINTZA_CA_FILE);
  return `${text.trim()}\n`;
}
