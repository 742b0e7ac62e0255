import type { Logger } from "pino";
import type { Auth } from "#app/auth/auth.server.ts";
import type { AppConfig } from "#app/config/env.server.ts";
import type { Db } from "#app/db/client.server.ts";
import type { EvidenceKey } from "#app/modules/evidence/evidence-key.server.ts";
import type { CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";

// What the Hono server hands to every React Router loader and action. Loaders never open the
// database themselves, so the same build can be imported for prerendering without one.
export type AppServices = {
  db: Db;
  auth: Auth;
  config: AppConfig;
  logger: Logger;
  /** Encrypts the SES web-service passwords; key null when there is none (see credentials-key.server.ts). */
  credentialsKey: CredentialsKey;
  /** Signs evidence reports; privateKey null when there is none (see evidence-key.server.ts). */
  evidenceKey: EvidenceKey;
};

export type RequestContext = AppServices & {
  clientIp: string;
  requestId: string;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
