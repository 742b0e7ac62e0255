import { Link } from "react-router";
import { ContactSalesButton } from "#app/components/leads/contact-sales-button.tsx";
import { DemoRequestButton } from "#app/components/leads/demo-request-button.tsx";
import { Button, type ButtonProps } from "#app/components/ui/button.tsx";
import type { Action } from "#app/content/types.ts";

type ActionButtonProps = {
  action: Action;
  /** The page's demo source tag (spec §9); every demo button of a page sends the same one. */
  source: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
};

export function ActionButton({ action, source, variant = "default", size = "lg", className }: ActionButtonProps) {
  switch (action.kind) {
    case "demo":
      return (
        <DemoRequestButton
          source={source}
          title={action.dialogTitle}
          description={action.dialogDescription}
          variant={variant}
          size={size}
          className={className}
        >
          {action.label}
        </DemoRequestButton>
      );
    case "contact":
      return (
        <ContactSalesButton source={action.source} variant={variant} size={size} className={className}>
          {action.label}
        </ContactSalesButton>
      );
    case "link":
      return (
        <Button asChild variant={variant} size={size} className={className}>
          {action.href.startsWith("#") ? (
            <a href={action.href}>{action.label}</a>
          ) : (
            <Link to={action.href} prefetch="intent">
              {action.label}
            </Link>
          )}
        </Button>
      );
  }
}

/** A row of actions: the first is the primary button, the rest are secondary. */
export function ActionRow({
  actions,
  source,
  inverted = false,
  className,
}: {
  actions: Action[];
  source: string;
  /** On a dark (primary-coloured) band the secondary buttons need light outlines. */
  inverted?: boolean;
  className?: string;
}) {
  if (actions.length === 0) return null;
  return (
    <div className={className ?? "flex flex-col gap-3 sm:flex-row sm:flex-wrap"}>
      {actions.map((action, index) => (
        <ActionButton
          key={`${action.kind}-${action.label}`}
          action={action}
          source={source}
          variant={index === 0 ? (inverted ? "accent" : "default") : "outline"}
          className={
            index === 0 ? undefined : inverted ? "border-white/70 bg-transparent text-white hover:bg-white/10" : "bg-background"
          }
        />
      ))}
    </div>
  );
}
