import type { IconName } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

// Content icons come from one static SVG sprite (public/images/icons.svg, Lucide glyphs)
// instead of icon components: the site uses ~75 of them, and as JavaScript they weighed
// more than all the page code together. The sprite is fetched once, cached, and costs no
// script parsing. Bump SPRITE_VERSION whenever the sprite file changes so browsers refetch it.
const SPRITE_VERSION = "1";
export const ICON_SPRITE = `/images/icons.svg?v=${SPRITE_VERSION}`;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={cn("size-6 shrink-0", className)} aria-hidden="true" focusable="false">
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
