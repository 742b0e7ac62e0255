import { useId, useState } from "react";
import { LazyImage } from "#app/components/marketing/lazy-image.tsx";
import type { Hotspot, ImageAsset } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

/**
 * A picture with numbered points. Every explanation is always written out in the list
 * next to it (nothing is hidden behind a hover), and pressing a point highlights its entry,
 * so the part is just as usable by keyboard, touch or screen reader.
 */
export function Hotspots({ image, spots }: { image: ImageAsset; spots: Hotspot[] }) {
  const baseId = useId();
  const [active, setActive] = useState(spots[0]?.id ?? "");

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
      <div className="relative">
        <LazyImage image={image} className="bg-secondary ring-1 ring-border" />
        {spots.map((spot, index) => (
          <button
            key={spot.id}
            type="button"
            onClick={() => setActive(spot.id)}
            aria-pressed={active === spot.id}
            aria-describedby={`${baseId}-${spot.id}`}
            style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
            className={cn(
              "absolute flex size-9 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white text-sm font-bold shadow-lg transition-transform focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
              active === spot.id
                ? "scale-110 bg-accent text-accent-foreground"
                : "bg-primary text-primary-foreground hover:scale-105",
            )}
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
            className={cn(
              "flex gap-3 rounded-lg border bg-card p-4 transition-colors",
              active === spot.id && "border-primary bg-secondary",
            )}
          >
            <span
              className={cn(
                "flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold",
                active === spot.id ? "bg-accent text-accent-foreground" : "bg-primary text-primary-foreground",
              )}
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
