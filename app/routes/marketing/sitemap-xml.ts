import { absoluteUrl } from "#app/config/site.ts";
import { publicPages } from "#app/content/site-map.ts";

// /sitemap.xml: every public indexable page with its last modification date.

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function sitemapXml(): string {
  const urls = publicPages
    .map((page) => {
      const priority = page.priority === undefined ? "" : `\n    <priority>${page.priority.toFixed(1)}</priority>`;
      return `  <url>\n    <loc>${escapeXml(absoluteUrl(page.path))}</loc>\n    <lastmod>${page.lastmod}</lastmod>${priority}\n  </url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function loader() {
  return new Response(sitemapXml(), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
