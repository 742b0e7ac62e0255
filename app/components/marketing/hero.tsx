import { Check } from "lucide-react";
import { ActionRow } from "#app/components/marketing/action-button.tsx";
import { LazyImage } from "#app/components/marketing/lazy-image.tsx";
import { RotatingWord } from "#app/components/marketing/rotating-word.tsx";
import type { HeroSection } from "#app/content/types.ts";

type HeroProps = { section: HeroSection; h1: string; source: string };

/** The page header: the page's only h1, its lead, highlights, actions and picture. */
export function Hero({ section, h1, source }: HeroProps) {
  const hasImage = Boolean(section.image);
  return (
    <section className="bg-gradient-to-b from-secondary to-background">
      <div
        className={
          hasImage
            ? "mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2 lg:py-20"
            : "mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16"
        }
      >
        <div>
          {section.eyebrow ? (
            <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-primary">{section.eyebrow}</p>
          ) : null}
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            <HeadingText h1={h1} words={section.rotatingWords} />
          </h1>
          <p className="mt-5 text-lg text-muted-foreground">{section.lead}</p>
          {section.highlights && section.highlights.length > 0 ? (
            <ul
              className={
                hasImage
                  ? "mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6"
                  : "mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2"
              }
            >
              {section.highlights.map((highlight) => (
                <li key={highlight} className="flex items-start gap-2 text-sm font-medium">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span>{highlight}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <ActionRow
            actions={section.actions}
            source={source}
            className={
              hasImage
                ? "mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap"
                : "mt-8 flex flex-col justify-center gap-3 sm:flex-row"
            }
          />
        </div>
        {section.image ? <LazyImage image={section.image} priority className="shadow-lg ring-1 ring-border" /> : null}
      </div>
    </section>
  );
}

function HeadingText({ h1, words }: { h1: string; words?: string[] }) {
  const first = words?.[0];
  const at = first ? h1.indexOf(first) : -1;
  if (!words || !first || at < 0) return <KeepTogether text={h1} />;
  return (
    <>
      <KeepTogether text={h1.slice(0, at)} />
      <RotatingWord words={words} />
      <KeepTogether text={h1.slice(at + first.length)} />
    </>
  );
}

/** Large headings must not break a model name such as "NS-01" at its hyphen. */
function KeepTogether({ text }: { text: string }) {
  const parts = text.split(/(\S+-\S+)/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
