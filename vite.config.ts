import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islands } from "./scripts/vite-islands.ts";

const siteUrl = process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islands()],
  define: {
    __SITE_URL__: JSON.stringify(siteUrl),
  },
  build: {
    // Inline nothing: every script must be an external file or carry a CSP hash.
    assetsInlineLimit: 0,
  },
  ssr: {
    // Server-only packages stay outside the SSR bundle and are loaded from node_modules.
    external: ["@electric-sql/pglite", "pg", "pino", "better-auth", "nodemailer", "mqtt"],
  },
});
