import { scheduleVisit } from "#app/lib/visit-beacon.ts";
import { initCarousels } from "./carousel.ts";
import { initLeadForms } from "./lead-forms.ts";
import { initMenus } from "./menus.ts";
import { initCasesFilter, initChatDemo, initHotspots, initLazyImages } from "./page-parts.ts";

// The one script of every marketing page (docs/decisions/0007-marketing-islands.md): no React,
// no router, no hydration. A module script runs once the HTML is parsed; each part looks for
// its markup and does nothing on pages without it.
scheduleVisit(window.location.pathname, document.referrer);
initMenus();
initLeadForms();
initCarousels();
initHotspots();
initLazyImages();
initCasesFilter();
initChatDemo();
// Says the island ran (browser tests, and a hook for styles that need a script).
document.documentElement.dataset.island = "ready";
