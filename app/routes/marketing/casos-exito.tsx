import { Link, useSearchParams } from "react-router";
import { CaseCard } from "#app/components/marketing/case-card.tsx";
import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { useHydrated } from "#app/components/marketing/use-hydrated.ts";
import {
  casesEmptyState,
  casesIndexPage,
  cityOptions,
  filterCases,
  isCityKey,
  isSectorKey,
  sectorOptions,
} from "#app/content/cases.ts";
import { cn } from "#app/lib/utils.ts";

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

export default function CasosExitoRoute() {
  const [searchParams] = useSearchParams();
  // The page is prerendered without a query string, so the filters (?v= sector, ?c= city)
  // are applied only after hydration; the static HTML always lists every case.
  const hydrated = useHydrated();
  const rawVertical = hydrated ? searchParams.get("v") : null;
  const rawCity = hydrated ? searchParams.get("c") : null;
  const vertical = isSectorKey(rawVertical) ? rawVertical : null;
  const city = isCityKey(rawCity) ? rawCity : null;
  const results = filterCases({ vertical, city });
  const [hero, ...rest] = casesIndexPage.sections;

  return (
    <>
      <PageSections page={casesIndexPage} sections={[hero]} />
      <section aria-labelledby="casos-listado" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="casos-listado" className="sr-only">
          Listado de casos de éxito
        </h2>
        <div className="grid gap-4 rounded-lg border bg-muted p-4 sm:p-5">
          <FilterGroup
            label="Sector"
            allLabel="Todos los sectores"
            options={sectorOptions}
            selected={vertical}
            hrefFor={(key) => filterSearch(key, city)}
          />
          <FilterGroup
            label="Ciudad"
            allLabel="Todas las ciudades"
            options={cityOptions}
            selected={city}
            hrefFor={(key) => filterSearch(vertical, key)}
          />
        </div>
        <p className="mt-6 text-sm text-muted-foreground" role="status">
          {results.length === 1 ? "1 caso de éxito" : `${results.length} casos de éxito`}
        </p>
        {results.length > 0 ? (
          <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {results.map((caseStudy) => (
              <li key={caseStudy.slug}>
                <CaseCard caseStudy={caseStudy} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-4 rounded-lg border border-dashed p-10 text-center">
            <p className="text-lg">{casesEmptyState.message}</p>
            <Link
              to="/casos-exito"
              preventScrollReset
              className="mt-4 inline-block font-semibold text-primary underline underline-offset-4"
            >
              {casesEmptyState.resetLabel}
            </Link>
          </div>
        )}
      </section>
      <PageSections page={casesIndexPage} sections={rest} />
    </>
  );
}

type FilterGroupProps = {
  label: string;
  allLabel: string;
  options: readonly { key: string; label: string }[];
  selected: string | null;
  hrefFor: (key: string | null) => string;
};

function FilterGroup({ label, allLabel, options, selected, hrefFor }: FilterGroupProps) {
  const chip = (active: boolean) =>
    cn(
      "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors",
      active ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:border-primary hover:text-primary",
    );
  return (
    <nav aria-label={`Filtrar por ${label.toLowerCase()}`} className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <p className="w-20 shrink-0 text-sm font-semibold">{label}</p>
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to={hrefFor(null)}
            preventScrollReset
            aria-current={selected === null ? "true" : undefined}
            className={chip(selected === null)}
          >
            {allLabel}
          </Link>
        </li>
        {options.map((option) => (
          <li key={option.key}>
            <Link
              to={hrefFor(option.key)}
              preventScrollReset
              aria-current={selected === option.key ? "true" : undefined}
              className={chip(selected === option.key)}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
