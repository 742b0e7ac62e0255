import { useId, type ReactNode } from "react";
import { cn } from "#app/lib/utils.ts";

export type SectionTone = "plain" | "muted";

type SectionShellProps = {
  heading?: string;
  intro?: string;
  id?: string;
  tone?: SectionTone;
  /** Centre the heading block (grids) or keep it left-aligned (prose, tables). */
  align?: "center" | "left";
  className?: string;
  children: ReactNode;
};

// Every marketing section is a labelled <section> with one h2, so the page outline is
// h1 (hero) › h2 (section) › h3 (card) everywhere.
export function SectionShell({ heading, intro, id, tone = "plain", align = "center", className, children }: SectionShellProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={heading ? headingId : undefined}
      className={cn("scroll-mt-20 py-14 sm:py-20", tone === "muted" && "bg-muted", className)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {heading ? (
          <div className={cn("mb-10 max-w-3xl", align === "center" && "mx-auto text-center")}>
            <h2 id={headingId} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
              {heading}
            </h2>
            {intro ? <p className="mt-3 text-base text-muted-foreground sm:text-lg">{intro}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
