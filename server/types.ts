import type { Logger } from "pino";
import type { AppServices } from "#app/context.ts";

// Per-request values every Hono route can read with c.get(...).
export type AppVariables = {
  clientIp: string;
  requestId: string;
  logger: Logger;
  cspNonce: string;
};

export type AppEnv = { Variables: AppVariables };

export type ServerDeps = AppServices;
