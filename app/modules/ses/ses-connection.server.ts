import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { landlordAccounts } from "#app/db/schema.ts";
import type { CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { getLandlordCredentials, LandlordCredentialsError } from "#app/modules/landlords/landlords.server.ts";
import { classifySesCode } from "#app/modules/ses/ses-classify.ts";
import { createSesClient, type SesFailure } from "#app/modules/ses/ses-client.server.ts";

// "Probar conexión" (Arrendadores): one landlord account's credentials against the ministry,
// told to staff in words: was TLS verified, were the credentials accepted, was the SOAP answer
// the expected one. It calls the lightest operation, `catalogo` with no table (the list of
// tables: no data, no side effect), which proves TLS, the Basic credentials and SOAP. It does
// not prove the landlord code: only `comunicacion` carries it, and a wrong one (10103/10107/
// 10120) stops that account's queue with the ministry's words at the first filing. The outcome
// is stored on the account.

export const SES_CONNECTION_MESSAGES = {
  ok: "Conexión correcta: TLS verificado, credenciales aceptadas",
  okWithoutTls: "Conexión correcta: credenciales aceptadas (sin TLS: SES_ENDPOINT es http)",
  credentials: "El ministerio rechazó las credenciales",
  landlord: "El ministerio no acepta este código de arrendador con este usuario",
  unreachable: "No se pudo conectar con el ministerio",
  unavailable: "El servicio del ministerio no está disponible ahora; pruebe más tarde",
  unexpected: "Respuesta SOAP inesperada",
} as const;

export type SesConnectionCheck = { ok: boolean; message: string; checkedAt: Date };

/** What a failed call means for the connection, in words for staff. */
export function describeConnectionFailure(failure: SesFailure): string {
  const { code, message } = failure;
  if (code === "tls") return message;
  if (code === "http-401" || code === "http-403") return `${SES_CONNECTION_MESSAGES.credentials} (usuario o contraseña del servicio web, HTTP ${code.slice(5)})`;
  if (typeof code === "number" && classifySesCode(code) === "credentials") return `${SES_CONNECTION_MESSAGES.landlord}: ${message} (código ${code})`;
  if (code === "network" || code === "timeout") return `${SES_CONNECTION_MESSAGES.unreachable}: ${message}`;
  if (typeof code === "string" && /^http-5\d\d$/.test(code)) return `${SES_CONNECTION_MESSAGES.unavailable} (HTTP ${code.slice(5)})`;
  return `${SES_CONNECTION_MESSAGES.unexpected}: ${message}${typeof code === "number" ? ` (código ${code})` : ""}`;
}

export type SesConnectionSettings = { endpoint: string; ca?: string; timeoutMs: number };

/** Tests the account's connection and stores the outcome on it. Never throws for the ministry's answers. */
export async function checkLandlordConnection(db: Db, key: CredentialsKey, landlordId: string, settings: SesConnectionSettings): Promise<SesConnectionCheck> {
  const outcome = await runCheck(db, key, landlordId, settings);
  const checked = { ...outcome, checkedAt: new Date() };
  await db
    .update(landlordAccounts)
    .set({ connectionCheckedAt: checked.checkedAt, connectionOk: checked.ok, connectionMessage: checked.message.slice(0, 500) })
    .where(eq(landlordAccounts.id, landlordId));
  return checked;
}

async function runCheck(db: Db, key: CredentialsKey, landlordId: string, settings: SesConnectionSettings): Promise<{ ok: boolean; message: string }> {
  let credentials;
  try {
    credentials = await getLandlordCredentials(db, landlordId, key);
  } catch (error) {
    if (error instanceof LandlordCredentialsError) return { ok: false, message: error.message };
    throw error;
  }
  const client = createSesClient({
    endpoint: settings.endpoint,
    codigoArrendador: credentials.codigoArrendador,
    user: credentials.user,
    password: credentials.password,
    aplicacion: credentials.aplicacion,
    timeoutMs: settings.timeoutMs,
    ...(settings.ca ? { ca: settings.ca } : {}),
  });
  const tables = await client.catalogo("");
  if (!tables.ok) return { ok: false, message: describeConnectionFailure(tables.failure) };
  if (tables.tuplas.length === 0) return { ok: false, message: `${SES_CONNECTION_MESSAGES.unexpected}: el catálogo llegó vacío` };
  const secure = new URL(settings.endpoint).protocol === "https:";
  return { ok: true, message: secure ? SES_CONNECTION_MESSAGES.ok : SES_CONNECTION_MESSAGES.okWithoutTls };
}
