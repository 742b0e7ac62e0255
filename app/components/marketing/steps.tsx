import type { StepItem } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

/** A numbered process; an ordered list so the sequence is announced as one. */
export function Steps({ items }: { items: StepItem[] }) {
  const wide = items.length > 4;
  return (
    <ol
      className={cn(
        "grid gap-6",
        wide ? "sm:grid-cols-2 lg:grid-cols-3" : items.length === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "md:grid-cols-3",
      )}
    >
      {items.map((item, index) => (
        // Number beside the text on phones, above it from the small breakpoint up.
        <li key={item.title} className="relative flex gap-4 rounded-lg border bg-card p-4 shadow-sm sm:block sm:p-6">
          <span
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground sm:mb-4"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="text-lg font-semibold">
              <span className="sr-only">Paso {index + 1}: </span>
              {item.title}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground sm:mt-2">{item.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
