import { Check } from "lucide-react";
import { ActionButton } from "#app/components/marketing/action-button.tsx";
import type { AssistantPlan, StoryItem, TimelineItem } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

/** Short labels shown as pills (districts, kit contents). */
export function Chips({ items }: { items: string[] }) {
  return (
    <ul className="mx-auto flex max-w-4xl flex-wrap justify-center gap-3">
      {items.map((item) => (
        <li
          key={item}
          className="inline-flex items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-medium shadow-sm"
        >
          <Check className="size-4 text-primary" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export function Timeline({ items }: { items: TimelineItem[] }) {
  return (
    <ol className="mx-auto max-w-3xl border-l-2 border-primary/30 pl-6">
      {items.map((item) => (
        <li key={item.year} className="relative pb-8 last:pb-0">
          <span
            className="absolute -left-[2.15rem] top-0.5 size-4 rounded-full border-4 border-background bg-primary"
            aria-hidden="true"
          />
          <p className="text-sm font-bold text-primary">{item.year}</p>
          <h3 className="mt-1 text-lg font-semibold">{item.title}</h3>
          <p className="mt-1 text-muted-foreground">{item.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function Stories({ items }: { items: StoryItem[] }) {
  return (
    <ul className={cn("grid gap-6", items.length === 2 ? "md:grid-cols-2" : "md:grid-cols-3")}>
      {items.map((item) => (
        <li key={item.title} className="flex flex-col rounded-lg border bg-card p-6 shadow-sm">
          <h3 className="text-lg font-semibold">{item.title}</h3>
          <p className="mt-2 flex-1 text-sm text-muted-foreground">{item.text}</p>
          <p className="mt-4 rounded-md bg-secondary px-3 py-2 text-sm font-semibold text-secondary-foreground">{item.metric}</p>
        </li>
      ))}
    </ul>
  );
}

/** Assistant plans; the Pro plan is the recommended one. */
export function Plans({ plans, note, source }: { plans: AssistantPlan[]; note?: string; source: string }) {
  return (
    <div>
      <ul className="grid gap-6 md:grid-cols-3">
        {plans.map((plan) => {
          const featured = plan.id === "pro";
          return (
            <li
              key={plan.id}
              className={cn(
                "relative flex flex-col rounded-lg border bg-card p-6 shadow-sm",
                featured && "border-primary ring-2 ring-primary",
              )}
            >
              {featured ? (
                <p className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-0.5 text-xs font-bold text-accent-foreground">
                  Recomendado
                </p>
              ) : null}
              <h3 className="text-xl font-bold">{plan.name}</h3>
              <p className="mt-2 text-2xl font-extrabold text-primary lg:text-3xl">{plan.priceLabel}</p>
              <p className="mt-1 text-sm text-muted-foreground">{plan.messagesLabel}</p>
              <ul className="mt-6 grid flex-1 gap-2 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <ActionButton
                action={{ kind: "demo", label: plan.priceEur === null ? "Pedir presupuesto" : `Empezar con ${plan.name}` }}
                source={source}
                variant={featured ? "default" : "outline"}
                size="default"
                className="mt-6"
              />
            </li>
          );
        })}
      </ul>
      {note ? <p className="mt-6 text-center text-sm text-muted-foreground">{note}</p> : null}
    </div>
  );
}
