import { useEffect, useRef, useState } from "react";
import type { ImageAsset } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

// Spec §4 "Images": a placeholder until the picture is within 50 px of the viewport (unless
// `priority`), then a fade-in once it has loaded. The box always reserves the picture's
// intrinsic aspect ratio, so nothing below it moves while it loads.
const LAZY_MARGIN_PX = 50;

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
  const boxRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(priority);
  const [loaded, setLoaded] = useState(priority);
  const alt = decorative ? "" : image.alt;

  useEffect(() => {
    if (near) return;
    const box = boxRef.current;
    if (!box) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_MARGIN_PX}px` },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div
      ref={boxRef}
      className={cn("relative overflow-hidden rounded-lg bg-muted", className)}
      style={{ aspectRatio: `${image.width} / ${image.height}` }}
    >
      {near ? (
        <img
          src={image.src}
          alt={alt}
          width={image.width}
          height={image.height}
          decoding="async"
          fetchPriority={priority ? "high" : undefined}
          // A cached picture can finish before React attaches onLoad; the ref catches that.
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0) setLoaded(true);
          }}
          onLoad={() => setLoaded(true)}
          className={cn(
            "h-full w-full object-cover transition-opacity duration-500",
            loaded ? "opacity-100" : "opacity-0",
            imgClassName,
          )}
        />
      ) : (
        <>
          {/* Until the picture is near, screen readers still get its description. */}
          {alt ? <span className="sr-only">{alt}</span> : null}
          <noscript>
            <img src={image.src} alt={alt} width={image.width} height={image.height} className="h-full w-full object-cover" />
          </noscript>
        </>
      )}
    </div>
  );
}
