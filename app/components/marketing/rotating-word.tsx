// Spec §2 "Home hero": the headline word alternates every 3 s. Pure CSS (the `rotate-word`
// keyframes in app.css): both words sit in one grid cell, so the line never changes width, and
// each is shown for half of a 2 × 3 s cycle. Screen readers read the first word with the
// heading and are never interrupted; visitors who ask for reduced motion get the first word.
export const ROTATION_INTERVAL_MS = 3000;

export function RotatingWord({ words }: { words: string[] }) {
  const cycle = (ROTATION_INTERVAL_MS * words.length) / 1000;
  return (
    <span className="relative inline-grid align-baseline" data-rotating-word="">
      {words.map((word, position) => (
        <span
          key={word}
          aria-hidden={position === 0 ? undefined : true}
          className={
            position === 0
              ? "rotating-word col-start-1 row-start-1 text-primary"
              : "rotating-word invisible col-start-1 row-start-1 text-primary"
          }
          style={
            words.length > 1
              ? { animationDuration: `${cycle}s`, animationDelay: `${(-cycle * (words.length - position)) / words.length}s` }
              : undefined
          }
        >
          {word}
        </span>
      ))}
    </span>
  );
}
