import type { ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";

export type LeadDialogContent = {
  /** The origin tag of public-side §9, stored as "WEB-{source}". */
  source: string;
  title: string;
  description?: string;
  submitLabel?: string;
};

export type LeadTriggerProps = {
  children: ReactNode;
  className?: string;
  variant?: "default" | "destructive" | "outline" | "secondary" | "accent" | "ghost" | "link" | null;
  size?: "default" | "sm" | "lg" | "icon" | null;
  dialog: LeadDialogContent;
};

/**
 * A call to action that opens the page's one lead dialog (LeadDialog in lead-dialog.tsx).
 * In the HTML it is a link to /contacto, so a visitor without JavaScript reaches a working form;
 * the marketing island (app/islands/lead-forms.ts) turns it into a button that fills the
 * dialog with this trigger's title, description, submit label and source, and opens it.
 */
export function LeadDialogTrigger({ children, className, variant, size, dialog }: LeadTriggerProps) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <a
        href="/contacto"
        data-lead-dialog=""
        data-source={dialog.source}
        data-title={dialog.title}
        data-description={dialog.description}
        data-submit={dialog.submitLabel}
      >
        {children}
      </a>
    </Button>
  );
}
