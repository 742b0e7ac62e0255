import { ArrowRight, MapPin } from "lucide-react";
import { Link } from "react-router";
import { casePath, cityLabel, sectorLabel, type CaseStudy } from "#app/content/cases.ts";

/** One success case as a card: city, sector, title, summary, the first 2 key figures, link. */
export function CaseCard({ caseStudy, headingLevel = 3 }: { caseStudy: CaseStudy; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="relative flex h-full flex-col rounded-lg border bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <MapPin className="size-4" aria-hidden="true" />
          {cityLabel(caseStudy.city)}
        </span>
        <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground">
          {sectorLabel(caseStudy.vertical)}
        </span>
      </p>
      <Heading className="mt-3 text-lg font-semibold leading-snug">{caseStudy.title}</Heading>
      <p className="mt-2 text-sm text-muted-foreground">{caseStudy.summary}</p>
      <dl className="mt-5 grid grid-cols-2 gap-3">
        {caseStudy.heroKpis.slice(0, 2).map((kpi) => (
          <div key={kpi.label} className="flex flex-col-reverse rounded-md bg-muted p-3">
            <dt className="text-xs text-muted-foreground">{kpi.label}</dt>
            <dd className="text-xl font-bold text-primary">{kpi.value}</dd>
          </div>
        ))}
      </dl>
      <Link
        to={casePath(caseStudy.slug)}
        prefetch="intent"
        className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-semibold text-primary after:absolute after:inset-0 after:rounded-lg hover:underline"
      >
        Leer el caso<span className="sr-only">: {caseStudy.title}</span>
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </article>
  );
}
