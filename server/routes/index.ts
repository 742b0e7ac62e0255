import type { Hono } from "hono";
import type { AppEnv, ServerDeps } from "../types.ts";

// Native API routes, mounted under /api. Each domain contributes one Hono sub-app.
export function mountApiRoutes(app: Hono<AppEnv>, deps: ServerDeps): void {
  void deps;
  void app;
}
