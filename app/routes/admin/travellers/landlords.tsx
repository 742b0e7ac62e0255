import { useEffect } from "react";
import { data, Link, type AppLoadContext } from "react-router";
import { toast } from "sonner";
import { requirePermission } from "#app/auth/guards.server.ts";
import { LandlordsPanel } from "#app/components/admin/travellers/landlords-panel.tsx";
import type { LandlordIntent, TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { LANDLORD_MESSAGES, landlordIdSchema, validateLandlordInput } from "#app/modules/landlords/landlords.schema.ts";
import {
  createLandlordAccount,
  deleteLandlordAccount,
  landlordHasPassword,
  LandlordRuleError,
  listLandlordAccounts,
  updateLandlordAccount,
} from "#app/modules/landlords/landlords.server.ts";
import { loadSesCa } from "#app/modules/ses/ses-ca.server.ts";
import { checkLandlordConnection, type SesConnectionCheck } from "#app/modules/ses/ses-connection.server.ts";
import { resolveSesEndpoint } from "#app/modules/ses/ses-endpoint.ts";
import { ErtzaintzaCertificateError, readSigningCertificate } from "#app/modules/ertzaintza/ertzaintza-certificate.server.ts";
import { checkErtzaintzaConnection } from "#app/modules/ertzaintza/ertzaintza-connection.server.ts";
import {
  ERTZAINTZA_CREDENTIAL_MESSAGES,
  listErtzaintzaCredentials,
  removeErtzaintzaCredentials,
  saveErtzaintzaCredentials,
} from "#app/modules/ertzaintza/ertzaintza-credentials.server.ts";
import { loadErtzaintzaCa, resolveErtzaintzaEndpoint } from "#app/modules/ertzaintza/ertzaintza-endpoint.server.ts";
import type { Route } from "./+types/landlords.ts";

// /admin/viajeros/arrendadores: the SES.HOSPEDAJES web-service accounts (issue 10) and their
// Ertzaintza signing certificates (ADR 0018). Admin and super admin only, on every read and
// every action. Passwords and keys go in, never out: the page gets "has a password" and what is
// printed on the certificate (subject, issuer, dates), and no log line carries the form.

export function meta() {
  return [{ title: "Arrendadores · Gestión de Viajeros | NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

// The page names which accounts hold credentials: no cache may keep it.
const NO_STORE = { "Cache-Control": "private, no-store" };

export function headers() {
  return NO_STORE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "landlords:manage");
  const keyAvailable = context.credentialsKey.key !== null;
  try {
    const [accounts, certificates] = await Promise.all([listLandlordAccounts(context.db), listErtzaintzaCredentials(context.db)]);
    const landlords = accounts.map((account) => {
      const certificate = certificates.get(account.id);
      return {
        ...account,
        ertzaintza: certificate
          ? {
              lessorCode: certificate.lessorCode,
              subject: certificate.subject,
              issuer: certificate.issuer,
              notBefore: certificate.notBefore.toISOString(),
              notAfter: certificate.notAfter.toISOString(),
              fingerprint: certificate.fingerprint,
              taxId: certificate.taxId,
              queueStoppedReason: certificate.queueStoppedReason,
              connectionCheckedAt: certificate.connectionCheckedAt?.toISOString() ?? null,
              connectionOk: certificate.connectionOk,
              connectionMessage: certificate.connectionMessage,
            }
          : null,
      };
    });
    return data({ landlords, keyAvailable, loadError: false }, { headers: NO_STORE });
  } catch (error) {
    context.logger.error({ err: error }, "landlord accounts could not be loaded");
    return data({ landlords: [], keyAvailable, loadError: true }, { headers: NO_STORE });
  }
}

const INTENTS: readonly LandlordIntent[] = ["create", "update", "delete", "test-connection", "ertzaintza-certificate", "ertzaintza-remove", "ertzaintza-test"];

/** A staff click waits for it: shorter than the sender's timeout. */
const CHECK_TIMEOUT_MS = 15_000;

function testConnection(context: AppLoadContext, id: string): Promise<SesConnectionCheck> {
  const { config } = context;
  return checkLandlordConnection(context.db, context.credentialsKey, id, {
    endpoint: resolveSesEndpoint(config),
    ca: loadSesCa(config),
    timeoutMs: Math.min(config.SES_TIMEOUT_MS, CHECK_TIMEOUT_MS),
  });
}

function testErtzaintza(context: AppLoadContext, id: string) {
  const { config } = context;
  return checkErtzaintzaConnection(context.db, context.credentialsKey, id, {
    endpoint: resolveErtzaintzaEndpoint(config),
    ca: loadErtzaintzaCa(config),
    timeoutMs: Math.min(config.SES_TIMEOUT_MS, CHECK_TIMEOUT_MS),
  });
}

/** Saves the uploaded certificate (or only the lessor code), then checks it like a save of SES credentials. */
async function saveCertificate(context: AppLoadContext, id: string, form: Record<string, FormDataEntryValue>): Promise<{ ok: boolean; message: string; status: number }> {
  const file = form.certificate;
  const password = typeof form.certificatePassword === "string" ? form.certificatePassword : "";
  const lessorCode = typeof form.lessorCode === "string" ? form.lessorCode : "";
  let certificate = null;
  if (typeof file === "object" && file !== null && file.size > 0) {
    try {
      certificate = readSigningCertificate(Buffer.from(await file.arrayBuffer()), password);
    } catch (error) {
      if (error instanceof ErtzaintzaCertificateError) return { ok: false, message: error.message, status: 400 };
      throw error;
    }
  }
  const saved = await saveErtzaintzaCredentials(context.db, context.credentialsKey, id, { certificate, lessorCode });
  if (!saved.ok) return saved;
  if (context.config.SES_SENDER !== "on") return { ...saved, status: 200 };
  try {
    const check = await testErtzaintza(context, id);
    return { ok: true, message: `${saved.message}. Prueba de conexión: ${check.message}`, status: 200 };
  } catch (error) {
    context.logger.error({ err: error, landlordId: id }, "Ertzaintza connection check after save failed");
    return { ...saved, status: 200 };
  }
}

/**
 * The save's message followed by the connection check it triggered; the check never undoes the
 * save. An instance with SES_SENDER=off never talks to the ministry by itself (tests, an
 * instance that leaves sending to another): there only the button runs the check.
 */
async function savedAndChecked(context: AppLoadContext, id: string, saved: string): Promise<string> {
  if (context.config.SES_SENDER !== "on") return saved;
  // An account of Basque properties only has no SES password: nothing to test with the ministry.
  if (!(await landlordHasPassword(context.db, id))) return saved;
  try {
    const check = await testConnection(context, id);
    return `${saved}. Prueba de conexión: ${check.message}`;
  } catch (error) {
    context.logger.error({ err: error, landlordId: id }, "landlord connection check after save failed");
    return saved;
  }
}

const result = (intent: LandlordIntent | null, ok: boolean, message: string, status = 200) =>
  data<TravellerActionResult<LandlordIntent>>(ok && intent ? { ok, intent, message } : { ok: false, intent, error: message }, {
    status,
    headers: NO_STORE,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "landlords:manage");
  const form = Object.fromEntries(await request.formData());
  const intentValue = typeof form.intent === "string" ? form.intent : "";
  const intent = (INTENTS as readonly string[]).includes(intentValue) ? (intentValue as LandlordIntent) : null;
  const id = typeof form.id === "string" ? form.id : "";
  const { db, logger, credentialsKey } = context;
  if (!intent) return result(null, false, LANDLORD_MESSAGES.saveError, 400);
  if (intent !== "create" && !landlordIdSchema.safeParse(id).success) return result(intent, false, LANDLORD_MESSAGES.notFound, 404);

  try {
    if (intent === "ertzaintza-certificate") {
      const outcome = await saveCertificate(context, id, form);
      // Never the form: it holds the certificate's key and its password.
      logger.info({ landlordId: id, userId: user.id, ok: outcome.ok }, "Ertzaintza certificate saved");
      return result(intent, outcome.ok, outcome.message, outcome.status);
    }
    if (intent === "ertzaintza-remove") {
      const removed = await removeErtzaintzaCredentials(db, id);
      logger.info({ landlordId: id, userId: user.id, removed }, "Ertzaintza certificate removed");
      return removed ? result(intent, true, ERTZAINTZA_CREDENTIAL_MESSAGES.removed) : result(intent, false, ERTZAINTZA_CREDENTIAL_MESSAGES.noCertificate, 404);
    }
    if (intent === "ertzaintza-test") {
      const check = await testErtzaintza(context, id);
      logger.info({ landlordId: id, userId: user.id, ok: check.ok }, "Ertzaintza connection tested");
      return result(intent, check.ok, check.message);
    }
    if (intent === "test-connection") {
      const check = await testConnection(context, id);
      logger.info({ landlordId: id, userId: user.id, ok: check.ok }, "landlord connection tested");
      return result(intent, check.ok, check.message);
    }
    if (intent === "delete") {
      const outcome = await deleteLandlordAccount(db, id);
      if (outcome === "deleted") {
        logger.info({ landlordId: id, userId: user.id }, "landlord account deleted");
        return result(intent, true, LANDLORD_MESSAGES.deleted);
      }
      return outcome === "in-use"
        ? result(intent, false, LANDLORD_MESSAGES.inUse, 409)
        : result(intent, false, LANDLORD_MESSAGES.notFound, 404);
    }
    const checked = validateLandlordInput(form);
    if (!checked.ok) return result(intent, false, checked.message, 400);
    if (intent === "create") {
      const created = await createLandlordAccount(db, credentialsKey, checked.data, user.id);
      logger.info({ landlordId: created.id, userId: user.id }, "landlord account created");
      return result(intent, true, await savedAndChecked(context, created.id, LANDLORD_MESSAGES.created), 201);
    }
    const updated = await updateLandlordAccount(db, credentialsKey, id, checked.data);
    if (updated) logger.info({ landlordId: id, userId: user.id, passwordChanged: checked.data.wsPassword !== null }, "landlord account updated");
    return updated ? result(intent, true, await savedAndChecked(context, id, LANDLORD_MESSAGES.updated)) : result(intent, false, LANDLORD_MESSAGES.notFound, 404);
  } catch (error) {
    if (error instanceof LandlordRuleError) return result(intent, false, error.message, error.status);
    // The error object may describe the failed statement; never the form, which holds the password.
    logger.error({ err: error, intent, landlordId: id || undefined }, "landlord account action failed");
    const message =
      intent === "delete" ? LANDLORD_MESSAGES.deleteError : intent === "test-connection" || intent === "ertzaintza-test" ? LANDLORD_MESSAGES.checkError : LANDLORD_MESSAGES.saveError;
    return result(intent, false, message, 500);
  }
}

export default function LandlordsRoute({ loaderData }: Route.ComponentProps) {
  const { landlords, keyAvailable, loadError } = loaderData;
  useEffect(() => {
    if (loadError) toast.error(LANDLORD_MESSAGES.loadError);
  }, [loadError]);
  if (loadError) {
    return (
      <Alert variant="destructive">
        {LANDLORD_MESSAGES.loadError}.{" "}
        <Link to="." reloadDocument className="font-medium underline underline-offset-4">
          Reintentar
        </Link>
      </Alert>
    );
  }
  return <LandlordsPanel landlords={landlords} keyAvailable={keyAvailable} />;
}
