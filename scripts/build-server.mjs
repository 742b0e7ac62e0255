// Bundles the Hono server (server/main.ts and the app modules it imports) into build/node/.
// Packages stay external and load from node_modules; the React Router build is loaded at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/node/main.js",
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
