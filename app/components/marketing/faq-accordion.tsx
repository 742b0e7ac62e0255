import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import type { FaqItem } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

// Spec §4 "FAQ accordion": one answer open at a time, and the open one can be closed.
// Built on the WAI-ARIA accordion pattern rather than a library component because every
// answer must be present in the prerendered HTML (closed panels use `hidden`, so crawlers
// and find-in-page still see the text) and because it costs a few hundred bytes.
export function FaqAccordion({ items, className }: { items: FaqItem[]; className?: string }) {
  const baseId = useId();
  const [open, setOpen] = useState<number | null>(null);

  return (
    <div className={cn("mx-auto max-w-3xl divide-y rounded-lg border bg-card shadow-sm", className)}>
      {items.map((item, index) => {
        const isOpen = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question}>
            <h3 className="m-0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen(isOpen ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold hover:bg-muted/60 focus-visible:bg-muted/60"
              >
                <span>{item.question}</span>
                <ChevronDown
                  className={cn("size-5 shrink-0 text-muted-foreground transition-transform", isOpen && "rotate-180")}
                  aria-hidden="true"
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="px-5 pb-5 text-muted-foreground"
            >
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
