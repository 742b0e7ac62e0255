import fs from "node:fs";
import path from "node:path";
import type { Plugin, ResolvedConfig } from "vite";

// Marketing pages ship no React (docs/decisions/0007-marketing-islands.md). Their few behaviours
// live in one small module, app/islands/marketing.ts, which Vite builds as an extra entry of the
// client build (hashed, under /assets/, with its own code-split chunks such as the chat demo).
// The server build, which prerenders the pages, learns the entry's hashed URL and the chunks it
// imports statically from the client build's manifest, through the `virtual:islands` module.
// In development the URL is the source path, which Vite's dev server transforms on request.

export const ISLAND_ENTRY = "app/islands/marketing.ts";
const VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };

export function islands(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "nidosmart-islands",
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      if (config.command !== "build" || this.environment.name !== "client") return;
      this.emitFile({ type: "chunk", id: path.resolve(config.root, ISLAND_ENTRY), name: "islands" });
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      let island = { src: `/${ISLAND_ENTRY}`, preload: [] as string[] };
      if (config.command === "build") {
        // The client bundle never renders the island tag (marketing pages do not hydrate).
        if (this.environment.name === "client") island = { src: "", preload: [] };
        else island = fromClientManifest(config.root);
      }
      return `export const marketingIsland = ${JSON.stringify(island)};`;
    },
  };
}

/** The client build has finished (React Router builds it first) and its manifest is still on disk. */
function fromClientManifest(root: string): { src: string; preload: string[] } {
  const file = path.resolve(root, "build/client/.vite/manifest.json");
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const entry = manifest[ISLAND_ENTRY];
  if (!entry) throw new Error(`${ISLAND_ENTRY} is missing from the client build's manifest`);
  const preload: string[] = [];
  const walk = (keys: string[] = []) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || preload.includes(`/${chunk.file}`)) continue;
      preload.push(`/${chunk.file}`);
      walk(chunk.imports);
    }
  };
  walk(entry.imports);
  return { src: `/${entry.file}`, preload };
}
