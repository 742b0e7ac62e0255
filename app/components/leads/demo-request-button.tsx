import type { ReactNode } from "react";
import { LeadDialogTrigger, type LeadTriggerProps } from "./lead-dialog-trigger.tsx";

const DEFAULT_TITLE = "Solicitar demo gratuita";
const DEFAULT_DESCRIPTION = "Déjanos tus datos y te enseñaremos cómo funciona NidoSmart en tu alojamiento.";

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

/**
 * A page's call to action: opens the page's one demo-request dialog (public-side §2, §3
 * "Demo-request dialog inputs": source tag, title, description) with the page's title and source.
 */
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
