import type { Config } from "@react-router/dev/config";
import { prerenderedResources, publicPages } from "./app/content/site-map.ts";

export default {
  ssr: true,
  // Marketing pages are rendered once at build time and served from memory by the Hono server.
  async prerender() {
    return [...publicPages.map((page) => page.path), ...prerenderedResources];
  },
} satisfies Config;
