import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Icon } from "#app/components/marketing/icon.tsx";
import { LazyImage } from "#app/components/marketing/lazy-image.tsx";
import type { LinkCard } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

/** Cards that each lead to another page (use cases, cities, related reading). */
export function LinkCards({ items }: { items: LinkCard[] }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2", items.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4")}>
      {items.map((item) => (
        <li
          key={item.href}
          className="group relative flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md"
        >
          {item.image ? <LazyImage image={item.image} decorative className="rounded-none rounded-t-lg" /> : null}
          <div className="flex flex-1 flex-col p-5">
            {item.icon && !item.image ? (
              <span className="mb-4 inline-flex size-10 items-center justify-center rounded-md bg-secondary text-primary">
                <Icon name={item.icon} className="size-5" />
              </span>
            ) : null}
            <h3 className="text-lg font-semibold">
              <Link to={item.href} prefetch="intent" className="after:absolute after:inset-0 group-hover:text-primary">
                {item.title}
              </Link>
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">{item.text}</p>
            <span className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-medium text-primary" aria-hidden="true">
              Ver más <ArrowRight className="size-4" />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
