import { CircleCheck } from "lucide-react";
import { LeadForm } from "#app/components/leads/lead-form.tsx";
import { ActionButton } from "#app/components/marketing/action-button.tsx";
import type { Action } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

type DemoSectionProps = { text: string; points: string[]; action: Action; source: string; embedForm?: boolean };

/**
 * An in-page lead block: what the visitor gets from a demo and either the button that opens
 * the page's demo dialog or, with `embedForm`, the same lead form right in the page.
 */
export function DemoSection({ text, points, action, source, embedForm = false }: DemoSectionProps) {
  return (
    <div
      className={cn(
        "mx-auto grid max-w-5xl grid-cols-1 gap-8 rounded-xl border-2 border-primary/30 bg-card p-6 shadow-sm sm:p-10 md:items-center",
        // minmax(0, …): a long button label wraps instead of widening the page (360 and 768 px).
        embedForm ? "md:grid-cols-2 md:items-start" : "md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]",
      )}
    >
      <div>
        <p className="text-lg text-muted-foreground">{text}</p>
        <ul className="mt-6 grid gap-3">
          {points.map((point) => (
            <li key={point} className="flex items-start gap-3">
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </div>
      {embedForm ? (
        <div className="rounded-lg bg-secondary p-5 sm:p-6">
          <h3 className="mb-4 text-lg font-semibold text-secondary-foreground">Solicita tu demostración gratuita</h3>
          <LeadForm source={source} submitLabel={action.label} />
        </div>
      ) : (
        <div className="flex flex-col items-stretch gap-3 rounded-lg bg-secondary p-6 text-center">
          <p className="font-semibold text-secondary-foreground">Respuesta en horario laboral, sin compromiso</p>
          <ActionButton action={action} source={source} className="h-auto min-h-11 whitespace-normal py-2" />
        </div>
      )}
    </div>
  );
}
