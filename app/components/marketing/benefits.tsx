import { CircleCheck } from "lucide-react";
import { LazyImage } from "#app/components/marketing/lazy-image.tsx";
import type { ImageAsset, StepItem } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

export function Benefits({ items, image }: { items: StepItem[]; image?: ImageAsset }) {
  return (
    <div className={cn("grid items-center gap-10", image && "lg:grid-cols-2")}>
      <ul className={cn("grid gap-5", !image && "sm:grid-cols-2")}>
        {items.map((item) => (
          <li key={item.title} className="flex gap-4">
            <CircleCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
      {image ? <LazyImage image={image} className="shadow-md ring-1 ring-border" /> : null}
    </div>
  );
}
