import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { Link, NavLink } from "react-router";
import type { NavGroup, NavLink as NavLinkData } from "#app/content/navigation.ts";
import { cn } from "#app/lib/utils.ts";

// The WAI-ARIA "disclosure navigation" pattern on the platform: each group is a <details> whose
// <summary> shows or hides a panel of ordinary links. The groups share a `name`, so opening one
// closes the other, and everything works without JavaScript; the links stay in the prerendered
// HTML, so crawlers see every page of the header. The marketing island (app/islands/menus.ts)
// adds what HTML cannot: the spec's 200 ms hover delay (§9), Escape and a click outside closing.
export function DesktopNav({ groups, links }: { groups: NavGroup[]; links: NavLinkData[] }) {
  return (
    <nav aria-label="Principal" className="hidden lg:block">
      {/* Panels are positioned against the whole list, not their button, so the wide
          "Dispositivo" panel never runs off the right edge of a 1024 px screen. */}
      <ul className="relative flex items-center gap-1">
        {groups.map((group) => (
          <DropdownItem key={group.label} group={group} />
        ))}
        {links.map((link) => (
          <li key={link.href}>
            <NavLink
              to={link.href}
              className={({ isActive }) =>
                cn("inline-flex h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-muted", isActive && "text-primary")
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DropdownItem({ group }: { group: NavGroup }) {
  const columns = group.columns.length;
  return (
    <li>
      <details name="site-nav" data-nav-menu="" className="group">
        <summary
          className={cn(
            "inline-flex h-10 cursor-pointer list-none items-center gap-1 rounded-md px-3 text-sm font-medium hover:bg-muted group-open:bg-muted [&::-webkit-details-marker]:hidden",
          )}
        >
          {group.label}
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div
          className={cn(
            "absolute left-0 top-full z-50 mt-2 rounded-lg border bg-background p-5 shadow-xl",
            columns >= 4 ? "w-[52rem]" : "w-[36rem]",
          )}
        >
          <div className={cn("grid gap-6", columns >= 4 ? "grid-cols-4" : "grid-cols-2")}>
            {group.columns.map((column) => (
              <NavColumnBlock key={column.title} title={column.title} links={column.links} />
            ))}
          </div>
        </div>
      </details>
    </li>
  );
}

function NavColumnBlock({ title, links }: { title: string; links: NavLinkData[] }) {
  const titleId = useId();
  return (
    <div>
      {/* Not a heading: the header comes before the page's h1, and headings there would
          break the document outline. The list is labelled by this title instead. */}
      <p id={titleId} className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {title}
      </p>
      <ul aria-labelledby={titleId} className="grid gap-1">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="block rounded-md p-2 hover:bg-muted focus-visible:bg-muted">
              <span className="block text-sm font-semibold">{link.label}</span>
              {link.description ? <span className="mt-0.5 block text-xs text-muted-foreground">{link.description}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
