// Bundles the Hono server (server/main.ts and the app modules it imports) into build/node/.
// Packages stay external and load from node_modules; the React Router build is loaded at run time.
import { build } from "esbuild";

// The worker thread that decodes guests' signatures and builds signed register PDFs (ADR 0013)
// is its own entry: app/modules/guests/guest-worker-pool.server.ts finds it as
// build/node/guest-worker.js from both bundles (this one and React Router's build/server).
await build({
  entryPoints: { main: "server/main.ts", "guest-worker": "app/modules/guests/guest-worker.server.ts" },
  outdir: "build/node",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

// Start-up work moved to build time (ADR 0008): the static files' encodings and a migrated
// embedded-database template for a first start.
const { precompressClient } = await import("./precompress-client.mjs");
precompressClient("build");
const { buildDbTemplate } = await import("./build-db-template.mjs");
await buildDbTemplate("build");
