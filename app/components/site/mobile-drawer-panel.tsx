import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { Link } from "react-router";
import { ContactSalesButton } from "#app/components/leads/contact-sales-button.tsx";
import { Logo } from "#app/components/site/logo.tsx";
import type { NavGroup, NavLink } from "#app/content/navigation.ts";

// The small-screen menu: the same links as the desktop header in a side drawer. Radix
// Dialog gives the focus trap, Escape to close, return of focus to the menu button and
// inert background that a drawer needs.
export function MobileDrawerPanel({
  groups,
  links,
  open,
  setOpen,
  returnFocusTo,
}: {
  groups: NavGroup[];
  links: NavLink[];
  open: boolean;
  setOpen: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,100%)] flex-col bg-background shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b px-4">
            <Logo />
            <DialogPrimitive.Close className="inline-flex size-10 items-center justify-center rounded-md hover:bg-muted">
              <X className="size-6" aria-hidden="true" />
              <span className="sr-only">Cerrar menú</span>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Title className="sr-only">Menú de navegación</DialogPrimitive.Title>
          <nav aria-label="Principal" className="flex-1 overflow-y-auto px-4 py-4">
            {groups.map((group) => (
              <DrawerGroup key={group.label} group={group} onNavigate={() => setOpen(false)} />
            ))}
            <ul className="mt-2 grid gap-1 border-t pt-4">
              {links.map((link) => (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    onClick={() => setOpen(false)}
                    className="block rounded-md px-2 py-2.5 font-medium hover:bg-muted"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t p-4">
            <ContactSalesButton source="navbar-contact" className="w-full" />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function DrawerGroup({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  return (
    <div className="mb-4">
      <p className="px-2 text-sm font-bold">{group.label}</p>
      {group.columns.map((column) => (
        <div key={column.title} className="mt-2">
          <p className="px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{column.title}</p>
          <ul aria-label={`${group.label}: ${column.title}`} className="mt-1 grid">
            {column.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} onClick={onNavigate} className="block rounded-md px-2 py-2 text-sm hover:bg-muted">
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
