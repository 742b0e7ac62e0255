import type { ReactNode } from "react";
import { LeadDialogTrigger, type LeadTriggerProps } from "./lead-dialog-trigger.tsx";

export type ContactSalesButtonProps = {
  /** Origin tag stored as "WEB-{source}" (public-side §3, §9), e.g. "navbar-contact", "hero-cta". */
  source: string;
  children?: ReactNode;
  className?: string;
  variant?: LeadTriggerProps["variant"];
  size?: LeadTriggerProps["size"];
};

/** "Contactar Ventas": opens the contact modal (public-side §2, header and home hero). */
export function ContactSalesButton({ source, children = "Contactar Ventas", className, variant, size }: ContactSalesButtonProps) {
  return (
    <LeadDialogTrigger
      className={className}
      variant={variant}
      size={size}
      dialog={{
        source,
        title: "Contactar con Ventas",
        description: "Cuéntanos qué necesitas y un especialista te contactará en menos de 24 horas laborables.",
        submitLabel: "Enviar solicitud",
      }}
    >
      {children}
    </LeadDialogTrigger>
  );
}
