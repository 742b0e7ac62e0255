import { useId } from "react";
import { ActionRow } from "#app/components/marketing/action-button.tsx";
import type { Action } from "#app/content/types.ts";

/** Closing call to action on a primary-coloured band. */
export function CtaBand({
  heading,
  text,
  actions,
  source,
}: {
  heading: string;
  text: string;
  actions: Action[];
  source: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-primary text-primary-foreground">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-16">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {heading}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-primary-foreground/90">{text}</p>
        <ActionRow actions={actions} source={source} inverted className="mt-8 flex flex-col justify-center gap-3 sm:flex-row" />
      </div>
    </section>
  );
}
