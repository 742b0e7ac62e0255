import { ChevronDown } from "lucide-react";
import { useId } from "react";
import type { FaqItem } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

// Spec §4 "FAQ accordion": one answer open at a time, and the open one can be closed. Native
// <details> sharing one `name` does exactly that with no script; every answer is in the
// prerendered HTML (crawlers and find-in-page, which also opens a closed answer, see the text).
export function FaqAccordion({ items, className }: { items: FaqItem[]; className?: string }) {
  const name = useId();
  return (
    <div className={cn("mx-auto max-w-3xl divide-y rounded-lg border bg-card shadow-sm", className)}>
      {items.map((item) => (
        <details key={item.question} name={name} className="group">
          <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold hover:bg-muted/60 focus-visible:bg-muted/60 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown
              className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <div className="px-5 pb-5 text-muted-foreground">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
