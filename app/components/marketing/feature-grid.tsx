import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Icon } from "#app/components/marketing/icon.tsx";
import type { FeatureItem } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

const columnClasses = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

export function FeatureGrid({ items, columns = 3 }: { items: FeatureItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={cn("grid gap-3 sm:gap-6", columnClasses[columns])}>
      {items.map((item) => (
        // On phones the icon sits beside the text, which keeps long grids (16 cards on the
        // home page) from turning into an endless column.
        <li
          key={item.title}
          className="relative flex gap-4 rounded-lg border bg-card p-4 shadow-sm transition-shadow hover:shadow-md sm:flex-col sm:gap-0 sm:p-5"
        >
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-secondary text-primary sm:mb-4">
            <Icon name={item.icon} className="size-5" />
          </span>
          <div className="flex flex-1 flex-col">
            <h3 className="text-base font-semibold">
              {item.href ? (
                // The whole card is clickable through the stretched link; the heading stays the link text.
                <Link
                  to={item.href}
                  prefetch="intent"
                  className="after:absolute after:inset-0 after:rounded-lg hover:text-primary"
                >
                  {item.title}
                </Link>
              ) : (
                item.title
              )}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground sm:mt-2">{item.text}</p>
            {item.href ? (
              <span
                className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-medium text-primary sm:pt-3"
                aria-hidden="true"
              >
                Saber más <ArrowRight className="size-4" />
              </span>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
