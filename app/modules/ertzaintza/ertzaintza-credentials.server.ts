import { eq, isNotNull } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { ertzaintzaCredentials, landlordAccounts } from "#app/db/schema.ts";
import { formatDate } from "#app/lib/dates.ts";
import { credentialsKeyFor, decryptSecret, encryptSecret, type CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import type { SigningCertificate } from "#app/modules/ertzaintza/ertzaintza-certificate.server.ts";
import type { WsseSigningKey } from "#app/modules/ertzaintza/ertzaintza-wsse.server.ts";

// The Ertzaintza signing certificate of each landlord account, at rest (ADR 0018, ADR 0010).
// The certificate and its private key are one AES-256-GCM ciphertext under the key that
// encrypts the SES passwords; its authenticated data is "<account id>:ertzaintza", so neither a
// password's ciphertext nor another account's certificate decrypts in its place. Views carry
// only what is printed on the certificate (subject, issuer, dates, fingerprint, tax id), never
// the key or the ciphertext. getErtzaintzaSigningKey is the one door to the key, for the sender
// and "Probar conexión". Never log what it returns.

export const ERTZAINTZA_CREDENTIAL_MESSAGES = {
  saved: "Certificado guardado",
  lessorSaved: "CIF del arrendador para la Ertzaintza guardado",
  removed: "Certificado eliminado",
  notFound: "El arrendador ya no existe",
  noCertificate: "Este arrendador no tiene certificado para la Ertzaintza",
  noFile: "Sube el certificado (.p12, .pfx o .pem) antes de guardar",
  lessorInvalid: "El CIF/NIF del arrendador debe tener entre 8 y 10 letras o números (sin guiones ni espacios)",
  lessorMissing: "Escribe el CIF/NIF del arrendador: el certificado no lo indica",
  noKey: "No se puede guardar el certificado: falta la clave SES_CREDENTIALS_KEY en la configuración del servidor",
  undecryptable:
    "El certificado guardado no se puede descifrar con la clave actual (¿ha cambiado SES_CREDENTIALS_KEY?). Vuelve a subirlo en Arrendadores.",
  noKeyToRead: "Falta la clave SES_CREDENTIALS_KEY en la configuración del servidor: no se puede usar el certificado",
  resumed: "Envío a la Ertzaintza reanudado para el arrendador",
} as const;

const LESSOR_CODE = /^[A-Z0-9]{8,10}$/;

/** The CIF/NIF as the service's cabecera takes it (≤ 10, upper case, no separators). */
export function normaliseLessorCode(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, "");
}

export function isLessorCode(value: string): boolean {
  return LESSOR_CODE.test(value);
}

export class ErtzaintzaCredentialsError extends Error {
  override name = "ErtzaintzaCredentialsError";
  constructor(
    readonly problem: "not-found" | "no-certificate" | "no-key" | "undecryptable" | "expired",
    message: string,
  ) {
    super(message);
  }
}

const context = (landlordId: string) => `${landlordId}:ertzaintza`;

export type ErtzaintzaCredentialView = {
  landlordAccountId: string;
  lessorCode: string;
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  fingerprint: string;
  taxId: string | null;
  queueStoppedReason: string | null;
  connectionCheckedAt: Date | null;
  connectionOk: boolean | null;
  connectionMessage: string | null;
  updatedAt: Date;
};

const viewColumns = {
  landlordAccountId: ertzaintzaCredentials.landlordAccountId,
  lessorCode: ertzaintzaCredentials.lessorCode,
  subject: ertzaintzaCredentials.subject,
  issuer: ertzaintzaCredentials.issuer,
  notBefore: ertzaintzaCredentials.notBefore,
  notAfter: ertzaintzaCredentials.notAfter,
  fingerprint: ertzaintzaCredentials.fingerprint,
  taxId: ertzaintzaCredentials.taxId,
  queueStoppedReason: ertzaintzaCredentials.queueStoppedReason,
  connectionCheckedAt: ertzaintzaCredentials.connectionCheckedAt,
  connectionOk: ertzaintzaCredentials.connectionOk,
  connectionMessage: ertzaintzaCredentials.connectionMessage,
  updatedAt: ertzaintzaCredentials.updatedAt,
};

/** Every account's certificate as staff may see it, by landlord account id. */
export async function listErtzaintzaCredentials(db: DbOrTx): Promise<Map<string, ErtzaintzaCredentialView>> {
  const rows = await db.select(viewColumns).from(ertzaintzaCredentials);
  return new Map(rows.map((row) => [row.landlordAccountId, row]));
}

export async function hasErtzaintzaCertificate(db: DbOrTx, landlordId: string): Promise<boolean> {
  const [row] = await db.select({ id: ertzaintzaCredentials.landlordAccountId }).from(ertzaintzaCredentials).where(eq(ertzaintzaCredentials.landlordAccountId, landlordId));
  return row !== undefined;
}

export type SaveCertificateOutcome = { ok: true; message: string } | { ok: false; message: string; status: number };

/**
 * Stores a certificate read by readSigningCertificate (replacing any), or only the lessor code
 * when `certificate` is null and one is stored. Saving resumes a stopped Ertzaintza queue and
 * forgets the last connection check, which was about the previous certificate.
 */
export async function saveErtzaintzaCredentials(
  db: Db,
  key: CredentialsKey,
  landlordId: string,
  input: { certificate: SigningCertificate | null; lessorCode: string },
): Promise<SaveCertificateOutcome> {
  const lessorCode = normaliseLessorCode(input.lessorCode) || input.certificate?.taxId || "";
  if (lessorCode === "") return { ok: false, message: ERTZAINTZA_CREDENTIAL_MESSAGES.lessorMissing, status: 400 };
  if (!isLessorCode(lessorCode)) return { ok: false, message: ERTZAINTZA_CREDENTIAL_MESSAGES.lessorInvalid, status: 400 };
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: landlordAccounts.id }).from(landlordAccounts).where(eq(landlordAccounts.id, landlordId)).for("update");
    if (!account) return { ok: false as const, message: ERTZAINTZA_CREDENTIAL_MESSAGES.notFound, status: 404 };
    const reset = { queueStoppedReason: null, queueStoppedAt: null, connectionCheckedAt: null, connectionOk: null, connectionMessage: null, updatedAt: new Date() };
    if (!input.certificate) {
      const rows = await tx.update(ertzaintzaCredentials).set({ lessorCode, ...reset }).where(eq(ertzaintzaCredentials.landlordAccountId, landlordId)).returning({ id: ertzaintzaCredentials.landlordAccountId });
      return rows.length > 0 ? { ok: true as const, message: ERTZAINTZA_CREDENTIAL_MESSAGES.lessorSaved } : { ok: false as const, message: ERTZAINTZA_CREDENTIAL_MESSAGES.noFile, status: 400 };
    }
    if (!key.key) return { ok: false as const, message: ERTZAINTZA_CREDENTIAL_MESSAGES.noKey, status: 409 };
    const { certificate } = input;
    const values = {
      lessorCode,
      certificateEncrypted: encryptSecret(key.key, JSON.stringify({ certificatePem: certificate.certificatePem, privateKeyPem: certificate.privateKeyPem }), context(landlordId)),
      subject: certificate.subject,
      issuer: certificate.issuer,
      notBefore: certificate.notBefore,
      notAfter: certificate.notAfter,
      fingerprint: certificate.fingerprint,
      taxId: certificate.taxId,
      ...reset,
    };
    await tx
      .insert(ertzaintzaCredentials)
      .values({ landlordAccountId: landlordId, ...values })
      .onConflictDoUpdate({ target: ertzaintzaCredentials.landlordAccountId, set: values });
    return { ok: true as const, message: ERTZAINTZA_CREDENTIAL_MESSAGES.saved };
  });
}

export async function removeErtzaintzaCredentials(db: DbOrTx, landlordId: string): Promise<boolean> {
  const rows = await db.delete(ertzaintzaCredentials).where(eq(ertzaintzaCredentials.landlordAccountId, landlordId)).returning({ id: ertzaintzaCredentials.landlordAccountId });
  return rows.length > 0;
}

export type ErtzaintzaSigningCredentials = { lessorCode: string; aplicacion: string; signingKey: WsseSigningKey; notAfter: Date };

/**
 * The decrypted certificate and key of one account, for the sender and the connection check.
 * The key defaults to the one the server registered for this Db (pass the Db, not a
 * transaction); code inside the React Router build passes context.credentialsKey. Throws
 * ErtzaintzaCredentialsError (Spanish message) when it cannot be used, expired included.
 */
export async function getErtzaintzaSigningKey(db: Db, landlordId: string, key: CredentialsKey = credentialsKeyFor(db), now = new Date()): Promise<ErtzaintzaSigningCredentials> {
  const [row] = await db
    .select({ lessorCode: ertzaintzaCredentials.lessorCode, encrypted: ertzaintzaCredentials.certificateEncrypted, notAfter: ertzaintzaCredentials.notAfter, aplicacion: landlordAccounts.application })
    .from(landlordAccounts)
    .leftJoin(ertzaintzaCredentials, eq(ertzaintzaCredentials.landlordAccountId, landlordAccounts.id))
    .where(eq(landlordAccounts.id, landlordId));
  if (!row) throw new ErtzaintzaCredentialsError("not-found", ERTZAINTZA_CREDENTIAL_MESSAGES.notFound);
  if (!row.encrypted || !row.lessorCode || !row.notAfter) throw new ErtzaintzaCredentialsError("no-certificate", ERTZAINTZA_CREDENTIAL_MESSAGES.noCertificate);
  if (row.notAfter.getTime() <= now.getTime()) {
    throw new ErtzaintzaCredentialsError("expired", `El certificado para la Ertzaintza caducó el ${formatDate(row.notAfter)}: sube el renovado en Arrendadores`);
  }
  if (!key.key) throw new ErtzaintzaCredentialsError("no-key", ERTZAINTZA_CREDENTIAL_MESSAGES.noKeyToRead);
  let parsed: { certificatePem: string; privateKeyPem: string };
  try {
    parsed = JSON.parse(decryptSecret(key.key, row.encrypted, context(landlordId))) as typeof parsed;
  } catch {
    throw new ErtzaintzaCredentialsError("undecryptable", ERTZAINTZA_CREDENTIAL_MESSAGES.undecryptable);
  }
  return { lessorCode: row.lessorCode, aplicacion: row.aplicacion, signingKey: parsed, notAfter: row.notAfter };
}

/** Stops this account's Ertzaintza filings (its SES ones go on) until staff act. */
export async function stopErtzaintzaQueue(db: DbOrTx, landlordId: string, reason: string): Promise<void> {
  await db
    .update(ertzaintzaCredentials)
    .set({ queueStoppedReason: reason.slice(0, 500), queueStoppedAt: new Date() })
    .where(eq(ertzaintzaCredentials.landlordAccountId, landlordId));
}

export async function resumeErtzaintzaQueue(db: DbOrTx, landlordId: string): Promise<boolean> {
  const rows = await db
    .update(ertzaintzaCredentials)
    .set({ queueStoppedReason: null, queueStoppedAt: null })
    .where(eq(ertzaintzaCredentials.landlordAccountId, landlordId))
    .returning({ id: ertzaintzaCredentials.landlordAccountId });
  return rows.length > 0;
}

export async function recordErtzaintzaConnection(db: DbOrTx, landlordId: string, check: { ok: boolean; message: string; checkedAt: Date }): Promise<void> {
  await db
    .update(ertzaintzaCredentials)
    .set({ connectionCheckedAt: check.checkedAt, connectionOk: check.ok, connectionMessage: check.message.slice(0, 500) })
    .where(eq(ertzaintzaCredentials.landlordAccountId, landlordId));
}

export type StoppedErtzaintzaQueue = { id: string; name: string; reason: string; stoppedAt: string };

export async function listStoppedErtzaintzaQueues(db: DbOrTx): Promise<StoppedErtzaintzaQueue[]> {
  const rows = await db
    .select({ id: landlordAccounts.id, name: landlordAccounts.name, reason: ertzaintzaCredentials.queueStoppedReason, stoppedAt: ertzaintzaCredentials.queueStoppedAt })
    .from(ertzaintzaCredentials)
    .innerJoin(landlordAccounts, eq(landlordAccounts.id, ertzaintzaCredentials.landlordAccountId))
    .where(isNotNull(ertzaintzaCredentials.queueStoppedReason));
  return rows.map((row) => ({ id: row.id, name: row.name, reason: row.reason ?? "", stoppedAt: (row.stoppedAt ?? new Date()).toISOString() }));
}
