import { useEffect } from "react";
import { Outlet } from "react-router";
import { LeadDialog } from "#app/components/leads/lead-dialog.tsx";
import { SiteFooter } from "#app/components/site/site-footer.tsx";
import { SiteHeader } from "#app/components/site/site-header.tsx";
import type { IslandsHandle } from "#app/root.tsx";

// Shell of every public page: skip link, header, the page in a <main> landmark, footer and the
// page's one lead dialog. No loader: these pages are prerendered to static HTML.

// The root leaves out React, the router and hydration on these pages and loads the small
// marketing island instead (docs/decisions/0007-marketing-islands.md).
export const handle: IslandsHandle = { islands: true };

export default function MarketingLayout() {
  // These pages never hydrate, so this runs only when a page that does run React (staff area,
  // sign-in, guest flow) navigated here in the browser: the island would not run in such a
  // render, so the page is loaded again as the prerendered document it is.
  useEffect(() => window.location.reload(), []);
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
      <LeadDialog />
    </>
  );
}
