import { ContactSalesButton } from "#app/components/leads/contact-sales-button.tsx";
import { DesktopNav } from "#app/components/site/desktop-nav.tsx";
import { Logo } from "#app/components/site/logo.tsx";
import { MobileDrawer } from "#app/components/site/mobile-drawer.tsx";
import { navGroups, navLinks } from "#app/content/navigation.ts";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo className="mr-2 shrink-0" />
        <DesktopNav groups={navGroups} links={navLinks} />
        <div className="ml-auto flex items-center gap-2">
          <ContactSalesButton source="navbar-contact" size="sm" className="hidden sm:inline-flex">
            Contactar Ventas
          </ContactSalesButton>
          <MobileDrawer groups={navGroups} links={navLinks} />
        </div>
      </div>
    </header>
  );
}
