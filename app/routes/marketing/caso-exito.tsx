import { ArrowLeft, CircleCheck } from "lucide-react";
import { Link, redirect, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { ActionRow } from "#app/components/marketing/action-button.tsx";
import { Breadcrumbs } from "#app/components/marketing/breadcrumbs.tsx";
import { LazyImage } from "#app/components/marketing/lazy-image.tsx";
import { SectionShell } from "#app/components/marketing/section.tsx";
import { breadcrumbJsonLd, breadcrumbTrail, buildMeta } from "#app/components/marketing/seo.ts";
import { Stats } from "#app/components/marketing/stats.tsx";
import { TestimonialCard } from "#app/components/marketing/testimonial.tsx";
import { caseMarketingPage, cityLabel, getCaseBySlug, sectorLabel } from "#app/content/cases.ts";

// The one marketing route with a loader: an unknown slug must answer with a real redirect
// to /casos-exito (spec §2), which only the server can do. Known slugs are prerendered, so
// the build also writes a small `.data` file per case for client-side navigation.
export function loader({ params }: LoaderFunctionArgs) {
  const caseStudy = getCaseBySlug(params.slug);
  if (!caseStudy) throw redirect("/casos-exito");
  return { caseStudy };
}

const parents = [{ name: "Casos de éxito", path: "/casos-exito" }];

export function meta({ loaderData }: MetaArgs<typeof loader>) {
  if (!loaderData) return [];
  const page = caseMarketingPage(loaderData.caseStudy);
  return buildMeta({ path: page.path, ...page.seo, jsonLd: [breadcrumbJsonLd(breadcrumbTrail(page, parents))] });
}

export default function CasoExitoRoute() {
  const { caseStudy } = useLoaderData<typeof loader>();
  const page = caseMarketingPage(caseStudy);
  const contactHref = `/contacto?ref=caso-${caseStudy.slug}`;

  return (
    <>
      <Breadcrumbs trail={breadcrumbTrail(page, parents)} />
      <header className="mx-auto max-w-6xl px-4 pb-4 pt-6 sm:px-6">
        <Link to="/casos-exito" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Volver a los casos de éxito
        </Link>
        <p className="mt-6 flex flex-wrap gap-2 text-sm">
          <span className="rounded-full bg-secondary px-3 py-0.5 font-semibold text-secondary-foreground">
            {sectorLabel(caseStudy.vertical)}
          </span>
          <span className="rounded-full border px-3 py-0.5">{cityLabel(caseStudy.city)}</span>
        </p>
        <h1 className="mt-4 max-w-4xl text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{caseStudy.title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{caseStudy.summary}</p>
      </header>

      <SectionShell heading="Resultados clave" className="py-10 sm:py-12">
        <Stats items={caseStudy.heroKpis.map((kpi) => ({ value: kpi.value, label: kpi.label }))} />
      </SectionShell>

      <SectionShell heading="El reto" tone="muted" align="left">
        <p className="max-w-3xl text-lg leading-relaxed">{caseStudy.challenge}</p>
      </SectionShell>

      <SectionShell heading="Qué hicimos" align="left">
        <CheckList items={caseStudy.approach} />
      </SectionShell>

      <SectionShell heading="Resultados" tone="muted" align="left">
        <CheckList items={caseStudy.results} />
      </SectionShell>

      <SectionShell heading="Evidencias" align="left">
        <ul className="grid gap-6 md:grid-cols-2">
          {caseStudy.evidence.map((image) => (
            <li key={image.src}>
              <figure>
                <LazyImage image={image} className="ring-1 ring-border" />
                <figcaption className="mt-2 text-sm text-muted-foreground">{image.alt}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </SectionShell>

      {caseStudy.testimonial ? (
        <SectionShell heading="Testimonio" tone="muted">
          <TestimonialCard testimonial={caseStudy.testimonial} />
        </SectionShell>
      ) : null}

      <section aria-labelledby="caso-contacto" className="bg-primary text-primary-foreground">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6">
          <h2 id="caso-contacto" className="text-2xl font-bold tracking-tight sm:text-3xl">
            ¿Quieres resultados como estos?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-primary-foreground/90">
            Cuéntanos tu caso y te explicamos cómo aplicarlo a tus alojamientos.
          </p>
          <ActionRow
            actions={[
              { kind: "link", label: "Contactar sobre este caso", href: contactHref },
              { kind: "link", label: "Ver más casos", href: "/casos-exito" },
            ]}
            source={page.source}
            inverted
            className="mt-8 flex flex-col justify-center gap-3 sm:flex-row"
          />
        </div>
      </section>
    </>
  );
}

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="grid max-w-3xl gap-3">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
