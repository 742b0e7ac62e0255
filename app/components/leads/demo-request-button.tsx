import type { ReactNode } from "react";
import { LazyLeadDialog, LeadDialogTrigger, type LeadTriggerProps } from "./lead-dialog-trigger.tsx";

const DEFAULT_TITLE = "Solicitar demo gratuita";
const DEFAULT_DESCRIPTION = "Déjanos tus datos y te enseñaremos cómo funciona NidoSmart en tu alojamiento.";

export type DemoRequestDialogProps = {
  open: boolean;
  onClose: () => void;
  source: string;
  title?: string;
  description?: string;
};

/**
 * The one demo-request dialog of every page (public-side §2, §3 "Demo-request dialog inputs":
 * open flag, close handler, source tag, title, description). Same fields and rules as the modal.
 */
export function DemoRequestDialog({ open, onClose, source, title = DEFAULT_TITLE, description = DEFAULT_DESCRIPTION }: DemoRequestDialogProps) {
  return (
    <LazyLeadDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      source={source}
      title={title}
      description={description}
      submitLabel="Solicitar demo"
    />
  );
}

export type DemoRequestButtonProps = {
  /** Origin tag of public-side §9 ("wifi-cta", "conserje-ai", "Limpieza y Logística"...). */
  source: string;
  title?: string;
  description?: string;
  children: ReactNode;
  className?: string;
  variant?: LeadTriggerProps["variant"];
  size?: LeadTriggerProps["size"];
};

/** A page's call to action: opens the demo-request dialog with the page's title and source. */
export function DemoRequestButton({
  source,
  title = DEFAULT_TITLE,
  description = DEFAULT_DESCRIPTION,
  children,
  className,
  variant,
  size,
}: DemoRequestButtonProps) {
  return (
    <LeadDialogTrigger
      className={className}
      variant={variant}
      size={size}
      dialog={{ source, title, description, submitLabel: "Solicitar demo" }}
    >
      {children}
    </LeadDialogTrigger>
  );
}
