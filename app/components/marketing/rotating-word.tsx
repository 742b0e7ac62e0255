import { useEffect, useState } from "react";

// Spec §2 "Home hero": the headline word alternates every 3 s. aria-live is off so screen
// readers are not interrupted every 3 seconds; they read the first word with the heading.
// Visitors who ask for reduced motion get the first word only.
export const ROTATION_INTERVAL_MS = 3000;

export function RotatingWord({ words }: { words: string[] }) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (words.length < 2) return;
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      stop();
      if (!motion.matches) timer = setInterval(() => setIndex((current) => (current + 1) % words.length), ROTATION_INTERVAL_MS);
      else setIndex(0);
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    start();
    motion.addEventListener("change", start);
    return () => {
      stop();
      motion.removeEventListener("change", start);
    };
  }, [words.length]);

  return (
    <span aria-live="off" className="relative inline-grid align-baseline">
      {/* Every word is laid out in the same grid cell so the line never changes width. */}
      {words.map((word, position) => (
        <span
          key={word}
          aria-hidden={position === index ? undefined : true}
          className={
            position === index
              ? "col-start-1 row-start-1 text-primary transition-opacity duration-500"
              : "invisible col-start-1 row-start-1 opacity-0"
          }
        >
          {word}
        </span>
      ))}
    </span>
  );
}
