// SITE_URL is baked in at build time (vite `define`), because prerendered pages carry their
// canonical links in the HTML and meta() also runs in the browser after client navigation.
// `npm start` always builds, so the running server and the pages agree.
declare const __SITE_URL__: string;

export const SITE_URL: string = __SITE_URL__.replace(/\/+$/, "");

export function absoluteUrl(path: string): string {
  return `${SITE_URL}${path.startsWith("/") ? path : `/${path}`}`;
}
