import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { NavGroup, NavLink } from "#app/content/navigation.ts";

// The drawer's dialog code loads on the first tap (or hover/focus of the button), not with
// every page: most visitors on a large screen never open it.
const MobileDrawerPanel = lazy(() => import("./mobile-drawer-panel.tsx").then((m) => ({ default: m.MobileDrawerPanel })));
const preload = () => void import("./mobile-drawer-panel.tsx");

export function MobileDrawer({ groups, links }: { groups: NavGroup[]; links: NavLink[] }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        className="inline-flex size-10 items-center justify-center rounded-md hover:bg-muted lg:hidden"
      >
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">Abrir menú</span>
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <MobileDrawerPanel groups={groups} links={links} open={open} setOpen={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
