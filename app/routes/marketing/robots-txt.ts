import { absoluteUrl } from "#app/config/site.ts";

// /robots.txt: crawl delay 1 s (spec §2), the sitemap, and the private areas kept out of
// search engines: staff (/admin, /auth), guest registration links (a stay's and a property's)
// and the door page.
export const DISALLOWED_PATHS = ["/admin", "/auth", "/registro-viajeros", "/registro/", "/apertura-puerta"];

export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "Crawl-delay: 1",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
}

export function loader() {
  return new Response(robotsTxt(), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
