import type { Hono } from "hono";
import type { AppEnv, ServerDeps } from "../types.ts";
import { createChatRoutes } from "./chat.ts";
import { createDoorRoutes } from "./door.ts";
import { createLeadRoutes } from "./leads.ts";
import { createTravellerRoutes } from "./travellers.ts";
import { createVisitRoutes } from "./visits.ts";

// Native API routes, mounted under /api. Each domain contributes one Hono sub-app, registered
// here so the full list of machine-facing endpoints reads in one place.
export function mountApiRoutes(app: Hono<AppEnv>, deps: ServerDeps): void {
  app.route("/api", createChatRoutes(deps));
  app.route("/api", createDoorRoutes(deps));
  app.route("/api", createLeadRoutes(deps));
  app.route("/api", createTravellerRoutes(deps));
  app.route("/api", createVisitRoutes(deps));
}
