import { CircleCheck } from "lucide-react";
import { LazyImage } from "#app/components/marketing/lazy-image.tsx";
import type { ImageAsset } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

/** Running text with an optional checklist and an optional picture beside it. */
export function Prose({ paragraphs, list, image }: { paragraphs: string[]; list?: string[]; image?: ImageAsset }) {
  return (
    <div className={cn("grid items-center gap-10", image ? "lg:grid-cols-2" : "mx-auto max-w-3xl")}>
      <div className="space-y-4 text-base leading-relaxed text-foreground/90 sm:text-lg">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {list && list.length > 0 ? (
          <ul className="grid gap-3 pt-2">
            {list.map((entry) => (
              <li key={entry} className="flex items-start gap-3 text-base">
                <CircleCheck className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span>{entry}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {image ? <LazyImage image={image} className="shadow-md ring-1 ring-border" /> : null}
    </div>
  );
}
