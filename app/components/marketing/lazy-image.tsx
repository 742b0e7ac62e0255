import type { ImageAsset } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

// Spec §4 "Images": a placeholder until the picture is within 50 px of the viewport (unless
// `priority`), then a fade-in once it has loaded. The box always reserves the picture's
// intrinsic aspect ratio, so nothing below it moves while it loads. The marketing island
// (app/islands/images.ts) watches the boxes marked `data-lazy-image` and puts the picture in;
// without a script the <noscript> copy is shown.
export { LAZY_MARGIN_PX } from "./behaviour-constants.ts";

type LazyImageProps = {
  image: ImageAsset;
  /** Above-the-fold pictures load at once and are fetched with high priority. */
  priority?: boolean;
  className?: string;
  imgClassName?: string;
  /** Decorative use: the picture repeats what the text next to it already says. */
  decorative?: boolean;
};

export function LazyImage({ image, priority = false, className, imgClassName, decorative = false }: LazyImageProps) {
  const alt = decorative ? "" : image.alt;
  const imgClass = cn("h-full w-full object-cover", imgClassName);
  return (
    <div
      className={cn("relative overflow-hidden rounded-lg bg-muted", className)}
      style={{ aspectRatio: `${image.width} / ${image.height}` }}
      data-lazy-image={priority ? undefined : ""}
      data-src={priority ? undefined : image.src}
      data-alt={priority ? undefined : alt}
      data-width={priority ? undefined : image.width}
      data-height={priority ? undefined : image.height}
      data-class={priority ? undefined : imgClass}
    >
      {priority ? (
        <img src={image.src} alt={alt} width={image.width} height={image.height} decoding="async" fetchPriority="high" className={imgClass} />
      ) : (
        <>
          {/* Until the picture is near, screen readers still get its description. */}
          {alt ? <span className="sr-only">{alt}</span> : null}
          <noscript>
            <img src={image.src} alt={alt} width={image.width} height={image.height} className={imgClass} />
          </noscript>
        </>
      )}
    </div>
  );
}
