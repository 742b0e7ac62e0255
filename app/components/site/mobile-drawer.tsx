import { Menu, X } from "lucide-react";
import { Link } from "react-router";
import { ContactSalesButton } from "#app/components/leads/contact-sales-button.tsx";
import { Logo } from "#app/components/site/logo.tsx";
import type { NavGroup, NavLink } from "#app/content/navigation.ts";

export const DRAWER_ID = "site-drawer";

/**
 * The small-screen menu: the same links as the desktop header in a side drawer. A native modal
 * <dialog> opened by an invoker button (`command="show-modal"`), so it opens without any script
 * in browsers that know invoker commands; the marketing island does the same for the others.
 * The browser gives the focus trap, the inert page, Escape to close and focus back to the button.
 */
export function MobileDrawer({ groups, links }: { groups: NavGroup[]; links: NavLink[] }) {
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        // React 19 does not know these two attributes yet; lower case passes them through as is.
        {...{ commandfor: DRAWER_ID, command: "show-modal" }}
        className="inline-flex size-10 items-center justify-center rounded-md hover:bg-muted lg:hidden"
      >
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">Abrir menú</span>
      </button>
      <dialog
        id={DRAWER_ID}
        aria-label="Menú de navegación"
        {...{ closedby: "any" }}
        className="fixed inset-y-0 left-auto right-0 m-0 h-full max-h-none w-[min(22rem,100%)] max-w-none flex-col bg-background text-foreground shadow-xl backdrop:bg-black/50 open:flex focus:outline-none lg:hidden"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b px-4">
          <Logo />
          <button
            type="button"
            {...{ commandfor: DRAWER_ID, command: "close" }}
            className="inline-flex size-10 items-center justify-center rounded-md hover:bg-muted"
          >
            <X className="size-6" aria-hidden="true" />
            <span className="sr-only">Cerrar menú</span>
          </button>
        </div>
        <nav aria-label="Principal" className="flex-1 overflow-y-auto px-4 py-4">
          {groups.map((group) => (
            <DrawerGroup key={group.label} group={group} />
          ))}
          <ul className="mt-2 grid gap-1 border-t pt-4">
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="block rounded-md px-2 py-2.5 font-medium hover:bg-muted">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t p-4">
          <ContactSalesButton source="navbar-contact" className="w-full" />
        </div>
      </dialog>
    </>
  );
}

function DrawerGroup({ group }: { group: NavGroup }) {
  return (
    <div className="mb-4">
      <p className="px-2 text-sm font-bold">{group.label}</p>
      {group.columns.map((column) => (
        <div key={column.title} className="mt-2">
          <p className="px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{column.title}</p>
          <ul aria-label={`${group.label}: ${column.title}`} className="mt-1 grid">
            {column.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="block rounded-md px-2 py-2.5 text-sm hover:bg-muted">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
