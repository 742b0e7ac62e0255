import { useId } from "react";
import { LazyImage } from "#app/components/marketing/lazy-image.tsx";
import type { Hotspot, ImageAsset } from "#app/content/types.ts";

/**
 * A picture with numbered points. Every explanation is always written out in the list
 * next to it (nothing is hidden behind a hover), and pressing a point highlights its entry,
 * so the part is just as usable by keyboard, touch or screen reader. The highlight follows
 * `aria-pressed` / `data-active`, which the marketing island switches; without a script the
 * first point stays highlighted and the list still says everything.
 */
export function Hotspots({ image, spots }: { image: ImageAsset; spots: Hotspot[] }) {
  const baseId = useId();
  const active = spots[0]?.id ?? "";

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[3fr_2fr]" data-hotspots="">
      <div className="relative">
        <LazyImage image={image} className="bg-secondary ring-1 ring-border" />
        {spots.map((spot, index) => (
          <button
            key={spot.id}
            type="button"
            data-spot={`${baseId}-${spot.id}`}
            aria-pressed={active === spot.id}
            aria-describedby={`${baseId}-${spot.id}`}
            style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
            className="absolute flex size-9 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-primary text-sm font-bold text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-pressed:scale-110 aria-pressed:bg-accent aria-pressed:text-accent-foreground"
          >
            <span aria-hidden="true">{index + 1}</span>
            <span className="sr-only">{`Punto ${index + 1}: ${spot.title}`}</span>
          </button>
        ))}
      </div>
      <ol className="grid gap-3">
        {spots.map((spot, index) => (
          <li
            key={spot.id}
            id={`${baseId}-${spot.id}`}
            data-active={active === spot.id ? "" : undefined}
            className="group flex gap-3 rounded-lg border bg-card p-4 transition-colors data-active:border-primary data-active:bg-secondary"
          >
            <span
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground group-data-active:bg-accent group-data-active:text-accent-foreground"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold">{spot.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{spot.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
