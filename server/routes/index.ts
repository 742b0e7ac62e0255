import type { Hono } from "hono";
import type { LeadNotifier } from "#app/modules/leads/lead-notify.server.ts";
import type { AppEnv, ServerDeps } from "../types.ts";
import { createCalendarRoutes } from "./calendars.ts";
import { createChatRoutes } from "./chat.ts";
import { createDoorRoutes } from "./door.ts";
import { createEvidenceRoutes } from "./evidence.ts";
import { createLeadRoutes } from "./leads.ts";
import { createMossosRoutes } from "./mossos.ts";
import { createMonitoringRoutes } from "./monitoring.ts";
import { createTelemetryRoutes } from "./telemetry.ts";
import { createTravellerRoutes } from "./travellers.ts";
import { createVigilanceRoutes } from "./vigilance.ts";
import { createVisitRoutes } from "./visits.ts";

// Native API routes, mounted under /api. Each domain contributes one Hono sub-app, registered
// here so the full list of machine-facing endpoints reads in one place.
export function mountApiRoutes(app: Hono<AppEnv>, deps: ServerDeps, options: { shutdown?: AbortSignal; leadNotifier?: LeadNotifier } = {}): void {
  app.route("/api", createCalendarRoutes(deps));
  app.route("/api", createChatRoutes(deps));
  app.route("/api", createDoorRoutes(deps));
  app.route("/api", createLeadRoutes(deps, { notifier: options.leadNotifier }));
  app.route("/api", createMossosRoutes(deps));
  app.route("/api", createMonitoringRoutes(deps, { shutdown: options.shutdown }));
  app.route("/api", createTelemetryRoutes(deps));
  app.route("/api", createTravellerRoutes(deps));
  app.route("/api", createVisitRoutes(deps));
  app.route("/api", createVigilanceRoutes(deps));
  // Evidence: the public key under /.well-known, staff downloads under /api, share-link downloads.
  app.route("/", createEvidenceRoutes(deps));
}
