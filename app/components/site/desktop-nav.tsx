import { ChevronDown } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { NavGroup, NavLink as NavLinkData } from "#app/content/navigation.ts";
import { cn } from "#app/lib/utils.ts";

// Spec §9: a dropdown opens 200 ms after the pointer rests on it. A short grace period on
// leaving lets the pointer travel from the button to the panel without it closing.
export const MENU_HOVER_DELAY_MS = 200;
const MENU_LEAVE_GRACE_MS = 150;

// The WAI-ARIA "disclosure navigation" pattern: each group is a button that shows or hides
// a panel of ordinary links. Unlike a menu widget, the links keep normal Tab order and stay
// in the prerendered HTML (panels are `hidden`), so crawlers see every page of the header.
export function DesktopNav({ groups, links }: { groups: NavGroup[]; links: NavLinkData[] }) {
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // Navigating closes whatever is open.
  useEffect(() => setOpenGroup(null), [location.pathname]);

  useEffect(() => {
    if (openGroup === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenGroup(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openGroup]);

  return (
    <nav ref={navRef} aria-label="Principal" className="hidden lg:block">
      {/* Panels are positioned against the whole list, not their button, so the wide
          "Dispositivo" panel never runs off the right edge of a 1024 px screen. */}
      <ul className="relative flex items-center gap-1">
        {groups.map((group) => (
          <DropdownItem
            key={group.label}
            group={group}
            open={openGroup === group.label}
            onOpenChange={(next) => setOpenGroup((current) => (next ? group.label : current === group.label ? null : current))}
          />
        ))}
        {links.map((link) => (
          <li key={link.href}>
            <NavLink
              to={link.href}
              prefetch="intent"
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

type DropdownItemProps = { group: NavGroup; open: boolean; onOpenChange: (open: boolean) => void };

function DropdownItem({ group, open, onOpenChange }: DropdownItemProps) {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A panel opened by hovering should stay open when the visitor then clicks the button.
  const openedByHover = useRef(false);

  const clearTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => clearTimer, [clearTimer]);

  useEffect(() => {
    if (!open) {
      openedByHover.current = false;
      return;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onOpenChange(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, onOpenChange]);

  const columns = group.columns.length;

  return (
    <li
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse") return;
        clearTimer();
        if (open) return;
        timer.current = setTimeout(() => {
          openedByHover.current = true;
          onOpenChange(true);
        }, MENU_HOVER_DELAY_MS);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== "mouse") return;
        clearTimer();
        if (!openedByHover.current) return;
        timer.current = setTimeout(() => onOpenChange(false), MENU_LEAVE_GRACE_MS);
      }}
      onBlur={(event) => {
        // Tabbing past the last link of the panel closes it.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          clearTimer();
          if (open && openedByHover.current) {
            openedByHover.current = false;
            return;
          }
          onOpenChange(!open);
        }}
        className={cn(
          "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium hover:bg-muted",
          open && "bg-muted",
        )}
      >
        {group.label}
        <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
      </button>
      <div
        id={panelId}
        hidden={!open}
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
            <Link to={link.href} prefetch="intent" className="block rounded-md p-2 hover:bg-muted focus-visible:bg-muted">
              <span className="block text-sm font-semibold">{link.label}</span>
              {link.description ? <span className="mt-0.5 block text-xs text-muted-foreground">{link.description}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
