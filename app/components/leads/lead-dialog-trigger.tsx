import { lazy, Suspense, useState, type ReactNode } from "react";
import { useHydrated } from "#app/components/marketing/use-hydrated.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { LeadDialogProps } from "./lead-dialog.tsx";

// The dialog, the form and its validation load on the first click, not with the page: every
// public page has a call to action, and most visitors never open it.
const LeadDialog = lazy(() => import("./lead-dialog.tsx").then((module) => ({ default: module.LeadDialog })));

/** The lead dialog, loaded on first render. */
export function LazyLeadDialog(props: LeadDialogProps) {
  return (
    <Suspense fallback={null}>
      <LeadDialog {...props} />
    </Suspense>
  );
}

export type LeadTriggerProps = {
  children: ReactNode;
  className?: string;
  variant?: "default" | "destructive" | "outline" | "secondary" | "accent" | "ghost" | "link" | null;
  size?: "default" | "sm" | "lg" | "icon" | null;
  dialog: Omit<LeadDialogProps, "open" | "onOpenChange">;
};

/**
 * A button that opens the lead dialog. Until JavaScript has taken over it is a link to /contacto,
 * so a visitor without JavaScript (or on a slow connection, before hydration) still reaches a
 * working form instead of a dead button.
 */
export function LeadDialogTrigger({ children, className, variant, size, dialog }: LeadTriggerProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  if (!hydrated) {
    return (
      <Button asChild variant={variant} size={size} className={className}>
        <a href="/contacto">{children}</a>
      </Button>
    );
  }
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        // Start fetching the dialog's code as soon as the visitor shows intent.
        onPointerEnter={() => void import("./lead-dialog.tsx")}
        onFocus={() => void import("./lead-dialog.tsx")}
      >
        {children}
      </Button>
      {requested ? <LazyLeadDialog {...dialog} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
