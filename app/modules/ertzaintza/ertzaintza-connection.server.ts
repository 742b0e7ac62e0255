import type { Db } from "#app/db/client.server.ts";
import type { CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { createErtzaintzaClient } from "#app/modules/ertzaintza/ertzaintza-client.server.ts";
import { ErtzaintzaCredentialsError, getErtzaintzaSigningKey, recordErtzaintzaConnection } from "#app/modules/ertzaintza/ertzaintza-credentials.server.ts";

// "Probar conexión" with the Ertzaintza for one landlord account (ADR 0018): a signed request
// with an empty `solicitud`. The service checks the WS-Security signature and the certificate's
// user first; once both pass it answers PET07 ("the XML is mandatory") and files nothing, so
// the call is harmless (REGIONAL-POLICE.md §3.2, the probe Roomdoo uses). It proves TLS, the
// signature, the certificate's authorisation and the SOAP answer; not the establishment codes,
// which only a real PV carries. The outcome is stored with the certificate.

export const ERTZAINTZA_CONNECTION_MESSAGES = {
  ok: "Conexión correcta con la Ertzaintza: firma aceptada y certificado autorizado (la prueba sin datos no presenta nada)",
  okWithoutTls: "Conexión correcta con la Ertzaintza: firma aceptada y certificado autorizado (sin TLS: ERTZAINTZA_ENDPOINT es http)",
} as const;

export type ErtzaintzaConnectionSettings = { endpoint: string; ca?: string; timeoutMs: number };

export async function checkErtzaintzaConnection(
  db: Db,
  key: CredentialsKey,
  landlordId: string,
  settings: ErtzaintzaConnectionSettings,
): Promise<{ ok: boolean; message: string; checkedAt: Date }> {
  let outcome: { ok: boolean; message: string };
  try {
    const credentials = await getErtzaintzaSigningKey(db, landlordId, key);
    const client = createErtzaintzaClient({
      endpoint: settings.endpoint,
      lessorCode: credentials.lessorCode,
      aplicacion: credentials.aplicacion,
      signingKey: credentials.signingKey,
      timeoutMs: settings.timeoutMs,
      ...(settings.ca ? { ca: settings.ca } : {}),
    });
    const result = await client.probe();
    const secure = new URL(settings.endpoint).protocol === "https:";
    outcome =
      result.outcome === "done"
        ? { ok: true, message: secure ? ERTZAINTZA_CONNECTION_MESSAGES.ok : ERTZAINTZA_CONNECTION_MESSAGES.okWithoutTls }
        : { ok: false, message: result.message };
  } catch (error) {
    if (!(error instanceof ErtzaintzaCredentialsError)) throw error;
    outcome = { ok: false, message: error.message };
  }
  const checked = { ...outcome, checkedAt: new Date() };
  await recordErtzaintzaConnection(db, landlordId, checked);
  return checked;
}
