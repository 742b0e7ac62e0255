import { CaseCard } from "#app/components/marketing/case-card.tsx";
import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import {
  casesEmptyState,
  casesIndexPage,
  cityOptions,
  filterCases,
  sectorOptions,
} from "#app/content/cases.ts";

export function meta() {
  return pageMeta(casesIndexPage);
}

/** Link for a filter combination; an absent value is the "all" option (no parameter). */
function filterSearch(vertical: string | null, city: string | null): string {
  const params = new URLSearchParams();
  if (vertical) params.set("v", vertical);
  if (city) params.set("c", city);
  const search = params.toString();
  return search ? `/casos-exito?${search}` : "/casos-exito";
}

/**
 * The page is prerendered without a query string, so the HTML lists every case with the "all"
 * chips current. The marketing island (app/islands/cases-filter.ts) applies `?v=` (sector) and
 * `?c=` (city) in the browser: it hides the cards that do not match, moves `aria-current`, points
 * each chip at its combination with the other filter kept, updates the count and shows the empty
 * state. The chips are ordinary links, so every filter is a plain, shareable URL.
 */
export default function CasosExitoRoute() {
  const results = filterCases({});
  const [hero, ...rest] = casesIndexPage.sections;

  return (
    <>
      <PageSections page={casesIndexPage} sections={[hero]} />
      <section aria-labelledby="casos-listado" className="mx-auto max-w-6xl px-4 py-12 sm:px-6" data-cases-filter="">
        <h2 id="casos-listado" className="sr-only">
          Listado de casos de éxito
        </h2>
        <div className="grid gap-4 rounded-lg border bg-muted p-4 sm:p-5">
          <FilterGroup param="v" label="Sector" allLabel="Todos los sectores" options={sectorOptions} hrefFor={(key) => filterSearch(key, null)} />
          <FilterGroup param="c" label="Ciudad" allLabel="Todas las ciudades" options={cityOptions} hrefFor={(key) => filterSearch(null, key)} />
        </div>
        <p className="mt-6 text-sm text-muted-foreground" role="status" data-cases-count="">
          {countLabel(results.length)}
        </p>
        <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {results.map((caseStudy) => (
            <li key={caseStudy.slug} data-vertical={caseStudy.vertical} data-city={caseStudy.city}>
              <CaseCard caseStudy={caseStudy} />
            </li>
          ))}
        </ul>
        <div className="mt-4 rounded-lg border border-dashed p-10 text-center" data-cases-empty="" hidden>
          <p className="text-lg">{casesEmptyState.message}</p>
          <a href="/casos-exito" className="mt-4 inline-block font-semibold text-primary underline underline-offset-4">
            {casesEmptyState.resetLabel}
          </a>
        </div>
      </section>
      <PageSections page={casesIndexPage} sections={rest} />
    </>
  );
}

function countLabel(count: number): string {
  return count === 1 ? "1 caso de éxito" : `${count} casos de éxito`;
}

type FilterGroupProps = {
  param: "v" | "c";
  label: string;
  allLabel: string;
  options: readonly { key: string; label: string }[];
  hrefFor: (key: string | null) => string;
};

function FilterGroup({ param, label, allLabel, options, hrefFor }: FilterGroupProps) {
  // The current chip is styled from aria-current, which the island moves.
  const chip =
    "inline-flex h-9 items-center rounded-full border bg-background px-4 text-sm font-medium transition-colors hover:border-primary hover:text-primary aria-[current=true]:border-primary aria-[current=true]:bg-primary aria-[current=true]:text-primary-foreground";
  return (
    <nav aria-label={`Filtrar por ${label.toLowerCase()}`} className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <p className="w-20 shrink-0 text-sm font-semibold">{label}</p>
      <ul className="flex flex-wrap gap-2">
        <li>
          <a href={hrefFor(null)} data-filter={param} data-key="" aria-current="true" className={chip}>
            {allLabel}
          </a>
        </li>
        {options.map((option) => (
          <li key={option.key}>
            <a href={hrefFor(option.key)} data-filter={param} data-key={option.key} className={chip}>
              {option.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
