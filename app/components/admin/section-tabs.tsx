import type { LucideIcon } from "lucide-react";
import { NavLink, useLocation } from "react-router";
import { ScrollTabs } from "#app/components/ui/scroll-tabs.tsx";
import { cn } from "#app/lib/utils.ts";

// The sub-navigation of a section of the staff area (Monitorización, Gestión de Viajeros): a
// <nav> named by `label`, one link per tab, the current one marked aria-current="page" (by
// NavLink). On a phone the bar scrolls within itself (ScrollTabs), so a new tab never widens the
// page at 360 px.

export type SectionTab = {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** Active only on this exact path (the section's index), not on the paths below it. */
  end: boolean;
};

export function SectionTabs({ label, tabs }: { label: string; tabs: readonly SectionTab[] }) {
  const location = useLocation();
  return (
    <ScrollTabs aria-label={label} className="flex" listClassName="gap-1 rounded-lg bg-muted p-1" fadeClassName="from-muted rounded-lg" activeKey={location.pathname}>
      {tabs.map(({ to, label: text, Icon, end }) => (
        <li key={to} className="shrink-0">
          <NavLink
            to={to}
            end={end}
            prefetch="intent"
            className={({ isActive }) =>
              cn(
                "inline-flex items-center gap-2 whitespace-nowrap rounded-md px-4 py-2 text-sm font-medium transition-colors max-md:min-h-11",
                isActive ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )
            }
          >
            <Icon className="size-4" aria-hidden="true" />
            {text}
          </NavLink>
        </li>
      ))}
    </ScrollTabs>
  );
}
