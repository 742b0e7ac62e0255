import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { ertzaintzaCredentials, landlordAccounts, properties } from "#app/db/schema.ts";
import { LANDLORD_MESSAGES, type LandlordInput } from "#app/modules/landlords/landlords.schema.ts";
import { credentialsKeyFor, decryptSecret, encryptSecret, type CredentialsKey } from "./credentials-key.server.ts";

// Landlord accounts (SES "arrendadores"). Nothing here ever returns the stored ciphertext or a
// password to a caller that renders a page: the list says only whether a password is stored.
// getLandlordCredentials is the one door to the clear password, for the sender.

export class LandlordRuleError extends Error {
  override name = "LandlordRuleError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type LandlordAccountView = {
  id: string;
  name: string;
  landlordCode: string;
  wsUser: string;
  application: string;
  autoSend: boolean;
  hasPassword: boolean;
  propertyCount: number;
  /** The last "Probar conexión": null when never run. */
  connectionCheckedAt: Date | null;
  connectionOk: boolean | null;
  connectionMessage: string | null;
  createdAt: Date;
};

const propertyCount = sql<number>`(
  select count(*)::int from ${properties} where ${properties}.landlord_account_id = ${landlordAccounts}.id
)`;

const viewColumns = {
  id: landlordAccounts.id,
  name: landlordAccounts.name,
  landlordCode: landlordAccounts.landlordCode,
  wsUser: landlordAccounts.wsUser,
  application: landlordAccounts.application,
  autoSend: landlordAccounts.autoSend,
  hasPassword: sql<boolean>`(${landlordAccounts.wsPasswordEncrypted} is not null)`,
  propertyCount,
  connectionCheckedAt: landlordAccounts.connectionCheckedAt,
  connectionOk: landlordAccounts.connectionOk,
  connectionMessage: landlordAccounts.connectionMessage,
  createdAt: landlordAccounts.createdAt,
};

export async function listLandlordAccounts(db: DbOrTx): Promise<LandlordAccountView[]> {
  return db.select(viewColumns).from(landlordAccounts).orderBy(asc(landlordAccounts.name), asc(landlordAccounts.landlordCode));
}

const sendsToErtzaintza = sql<boolean>`(${landlordAccounts.autoSend} and exists (
  select 1 from ${ertzaintzaCredentials} where ${ertzaintzaCredentials}.landlord_account_id = ${landlordAccounts}.id
))`;

/** For the property dialog's select and list; `ertzaintzaAutomatic`: sends by itself with a certificate. */
export async function listLandlordChoices(db: DbOrTx): Promise<{ id: string; name: string; landlordCode: string; ertzaintzaAutomatic: boolean }[]> {
  return db
    .select({ id: landlordAccounts.id, name: landlordAccounts.name, landlordCode: landlordAccounts.landlordCode, ertzaintzaAutomatic: sendsToErtzaintza })
    .from(landlordAccounts)
    .orderBy(asc(landlordAccounts.name), asc(landlordAccounts.landlordCode));
}

/** Accounts whose Basque properties file with the Ertzaintza by themselves (auto send + a certificate). */
export async function listErtzaintzaAutomaticLandlordIds(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ id: landlordAccounts.id }).from(landlordAccounts).where(sendsToErtzaintza);
  return new Set(rows.map((row) => row.id));
}

/** Whether an SES password is stored (nothing to test against the ministry without one). */
export async function landlordHasPassword(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ stored: sql<boolean>`(${landlordAccounts.wsPasswordEncrypted} is not null)` }).from(landlordAccounts).where(eq(landlordAccounts.id, id));
  return row?.stored ?? false;
}

export async function landlordAccountExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: landlordAccounts.id }).from(landlordAccounts).where(eq(landlordAccounts.id, id));
  return row !== undefined;
}

const UNIQUE_VIOLATION = "23505";
const REFERENCED_CODES = new Set(["23503", "23001"]);

function hasCode(error: unknown, codes: Set<string>): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (codes.has(String((current as { code?: unknown }).code))) return true;
  }
  return false;
}

/** The rules that depend on the key and on what is stored, checked where the row is written. */
function checkSecrets(key: CredentialsKey, input: LandlordInput, passwordStored: boolean, certificateStored = false): void {
  if (input.wsPassword !== null && !key.key) throw new LandlordRuleError(LANDLORD_MESSAGES.noKeyForPassword, 409);
  if (input.autoSend && !key.key) throw new LandlordRuleError(LANDLORD_MESSAGES.noKeyForAutoSend, 409);
  // Either channel is enough: an account of Basque properties only has a certificate (ADR 0018).
  if (input.autoSend && input.wsPassword === null && !passwordStored && !certificateStored) {
    throw new LandlordRuleError(LANDLORD_MESSAGES.autoSendNeedsPassword, 400);
  }
}

function uniqueCode<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (hasCode(error, new Set([UNIQUE_VIOLATION]))) throw new LandlordRuleError(LANDLORD_MESSAGES.duplicateCode, 409);
    throw error;
  });
}

/** `key` is the server's (context.credentialsKey): null key = passwords cannot be stored. */
export async function createLandlordAccount(db: Db, key: CredentialsKey, input: LandlordInput, createdBy: string | null): Promise<{ id: string }> {
  checkSecrets(key, input, false);
  const id = randomUUID();
  return uniqueCode(async () => {
    const [row] = await db
      .insert(landlordAccounts)
      .values({
        id,
        name: input.name,
        landlordCode: input.landlordCode,
        wsUser: input.wsUser,
        wsPasswordEncrypted: input.wsPassword !== null && key.key ? encryptSecret(key.key, input.wsPassword, id) : null,
        application: input.application,
        autoSend: input.autoSend,
        createdBy,
      })
      .returning({ id: landlordAccounts.id });
    return row;
  });
}

/** False when the account no longer exists. An empty password keeps the stored one. */
export async function updateLandlordAccount(db: Db, key: CredentialsKey, id: string, input: LandlordInput): Promise<boolean> {
  return uniqueCode(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          passwordStored: sql<boolean>`(${landlordAccounts.wsPasswordEncrypted} is not null)`,
          certificateStored: sql<boolean>`exists (select 1 from ${ertzaintzaCredentials} where ${ertzaintzaCredentials}.landlord_account_id = ${landlordAccounts}.id)`,
        })
        .from(landlordAccounts)
        .where(eq(landlordAccounts.id, id))
        .for("update");
      if (!current) return false;
      checkSecrets(key, input, current.passwordStored, current.certificateStored);
      await tx
        .update(landlordAccounts)
        .set({
          name: input.name,
          landlordCode: input.landlordCode,
          wsUser: input.wsUser,
          application: input.application,
          autoSend: input.autoSend,
          // Editing the account is how staff fix refused credentials: the SES queue resumes.
          queueStoppedReason: null,
          queueStoppedAt: null,
          ...(input.wsPassword !== null && key.key ? { wsPasswordEncrypted: encryptSecret(key.key, input.wsPassword, id) } : {}),
        })
        .where(eq(landlordAccounts.id, id));
      return true;
    }),
  );
}

export type DeleteLandlordResult = "deleted" | "not-found" | "in-use";

/**
 * Deletes an account no property uses. The count answers the common case; the foreign key
 * (ON DELETE RESTRICT) answers a property assigned at the same moment.
 */
export async function deleteLandlordAccount(db: DbOrTx, id: string): Promise<DeleteLandlordResult> {
  const [row] = await db.select({ propertyCount }).from(landlordAccounts).where(eq(landlordAccounts.id, id));
  if (!row) return "not-found";
  if (row.propertyCount > 0) return "in-use";
  try {
    const rows = await db.delete(landlordAccounts).where(eq(landlordAccounts.id, id)).returning({ id: landlordAccounts.id });
    return rows.length > 0 ? "deleted" : "not-found";
  } catch (error) {
    if (hasCode(error, REFERENCED_CODES)) return "in-use";
    throw error;
  }
}

// ---------------------------------------------------------------- for the sender

export type LandlordCredentials = {
  codigoArrendador: string;
  user: string;
  password: string;
  aplicacion: string;
  autoSend: boolean;
};

export type LandlordCredentialsProblem = "not-found" | "no-key" | "no-password" | "undecryptable";

/** Why the credentials of an account cannot be used; the message is for staff, in Spanish. */
export class LandlordCredentialsError extends Error {
  override name = "LandlordCredentialsError";
  constructor(
    readonly problem: LandlordCredentialsProblem,
    message: string,
  ) {
    super(message);
  }
}

const CREDENTIALS_MESSAGES: Record<LandlordCredentialsProblem, string> = {
  "not-found": LANDLORD_MESSAGES.notFound,
  "no-key": "Falta la clave SES_CREDENTIALS_KEY en la configuración del servidor: no se pueden usar las credenciales",
  "no-password": "El arrendador no tiene guardada la contraseña del servicio web",
  undecryptable:
    "La contraseña guardada no se puede descifrar con la clave actual (¿ha cambiado SES_CREDENTIALS_KEY?). Vuelve a introducirla en Arrendadores.",
};

/**
 * The decrypted credentials of one account, for the SES sender. The key defaults to the one
 * the server registered for this Db at start-up (pass that Db, not a transaction); code that
 * runs inside the React Router build has its own copy of this module and must pass
 * context.credentialsKey instead. Throws LandlordCredentialsError when they cannot be used.
 * Never log the result.
 */
export async function getLandlordCredentials(
  db: Db,
  landlordId: string,
  key: CredentialsKey = credentialsKeyFor(db),
): Promise<LandlordCredentials> {
  const fail = (problem: LandlordCredentialsProblem) => new LandlordCredentialsError(problem, CREDENTIALS_MESSAGES[problem]);
  const [row] = await db.select().from(landlordAccounts).where(eq(landlordAccounts.id, landlordId));
  if (!row) throw fail("not-found");
  if (!key.key) throw fail("no-key");
  if (row.wsPasswordEncrypted === null) throw fail("no-password");
  let password: string;
  try {
    password = decryptSecret(key.key, row.wsPasswordEncrypted, row.id);
  } catch {
    throw fail("undecryptable");
  }
  return { codigoArrendador: row.landlordCode, user: row.wsUser, password, aplicacion: row.application, autoSend: row.autoSend };
}
