import { Outlet } from "react-router";
import { SiteFooter } from "#app/components/site/site-footer.tsx";
import { SiteHeader } from "#app/components/site/site-header.tsx";

// Shell of every public page: skip link, header, the page in a <main> landmark, footer.
// No loader: these pages are prerendered to static HTML.
export default function MarketingLayout() {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:font-semibold focus:text-primary-foreground"
      >
        Saltar al contenido principal
      </a>
      <SiteHeader />
      {/* tabIndex lets the skip link move keyboard focus into the page, not just scroll. */}
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
