import type { MetaArgs } from "react-router";
import { useLocation } from "react-router";
import { CircleCheck } from "lucide-react";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { getLegalPage, spanishDate } from "#app/content/legal.ts";

// One module for the three legal texts (registered once per path with its own id).

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

export function meta({ location }: MetaArgs) {
  const page = getLegalPage(normalise(location.pathname));
  return page ? pageMeta(page) : [];
}

export default function LegalPage() {
  const { pathname } = useLocation();
  const page = getLegalPage(normalise(pathname));
  if (!page) throw new Response("Documento no encontrado", { status: 404 });
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b pb-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{page.h1}</h1>
        <p className="mt-3 text-sm text-muted-foreground">
          Última actualización: <time dateTime={page.lastUpdated}>{spanishDate(page.lastUpdated)}</time>
        </p>
      </header>
      {page.sections.map((section) =>
        section.type === "prose" ? (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            <div className="mt-3 space-y-3 leading-relaxed text-foreground/90">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.list ? (
                <ul className="grid gap-2">
                  {section.list.map((entry) => (
                    <li key={entry} className="flex items-start gap-2">
                      <CircleCheck className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
                      <span>{entry}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </section>
        ) : null,
      )}
    </article>
  );
}
