import { Link } from "react-router";
import { Benefits } from "#app/components/marketing/benefits.tsx";
import { CasesTeaser } from "#app/components/marketing/cases-teaser.tsx";
import { ChecklistTable, CostComparison } from "#app/components/marketing/comparison-table.tsx";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { DataTable } from "#app/components/marketing/data-table.tsx";
import { DemoSection } from "#app/components/marketing/demo-section.tsx";
import { FaqAccordion } from "#app/components/marketing/faq-accordion.tsx";
import { FeatureCarousel } from "#app/components/marketing/feature-carousel.tsx";
import { FeatureGrid } from "#app/components/marketing/feature-grid.tsx";
import { Hero } from "#app/components/marketing/hero.tsx";
import { Hotspots } from "#app/components/marketing/hotspots.tsx";
import { ApiSummary, IntegrationsCatalogue } from "#app/components/marketing/integrations-catalogue.tsx";
import { LinkCards } from "#app/components/marketing/link-cards.tsx";
import { Prose } from "#app/components/marketing/prose.tsx";
import { SectionShell, type SectionTone } from "#app/components/marketing/section.tsx";
import { Chips, Plans, Stories, Timeline } from "#app/components/marketing/small-blocks.tsx";
import { Stats } from "#app/components/marketing/stats.tsx";
import { Steps } from "#app/components/marketing/steps.tsx";
import { TestimonialCard } from "#app/components/marketing/testimonial.tsx";
import type { MarketingPage, Section } from "#app/content/types.ts";

/**
 * Renders a page's sections in order. The hero carries the page's h1; sections between the
 * hero and the closing call to action alternate plain and muted backgrounds so long pages
 * keep a visible rhythm.
 */
export function PageSections({ page, sections = page.sections }: { page: MarketingPage; sections?: Section[] }) {
  let band = 0;
  return (
    <>
      {sections.map((section, index) => {
        const key = `${section.type}-${index}`;
        if (section.type === "hero") return <Hero key={key} section={section} h1={page.h1} source={page.source} />;
        if (section.type === "cta")
          return (
            <CtaBand key={key} heading={section.heading} text={section.text} actions={section.actions} source={page.source} />
          );
        const tone: SectionTone = band++ % 2 === 1 ? "muted" : "plain";
        return <SectionBlock key={key} section={section} tone={tone} source={page.source} />;
      })}
    </>
  );
}

type BlockSection = Exclude<Section, { type: "hero" } | { type: "cta" }>;

export function SectionBlock({ section, tone, source }: { section: BlockSection; tone: SectionTone; source: string }) {
  const shell = { heading: section.heading, intro: section.intro, id: section.id, tone };
  switch (section.type) {
    case "features":
      return (
        <SectionShell {...shell}>
          <FeatureGrid items={section.items} columns={section.columns} />
        </SectionShell>
      );
    case "steps":
      return (
        <SectionShell {...shell}>
          <Steps items={section.items} />
        </SectionShell>
      );
    case "stats":
      return (
        <SectionShell {...shell}>
          <Stats items={section.items} testimonial={section.testimonial} />
        </SectionShell>
      );
    case "benefits":
      return (
        <SectionShell {...shell}>
          <Benefits items={section.items} image={section.image} />
        </SectionShell>
      );
    case "testimonial":
      return (
        <SectionShell {...shell}>
          <TestimonialCard testimonial={section.testimonial} />
        </SectionShell>
      );
    case "faq":
    case "accordion":
      return (
        <SectionShell {...shell}>
          <FaqAccordion items={section.items} />
          {section.type === "faq" && section.footer ? (
            <p className="mt-8 text-center text-muted-foreground">
              {section.footer.text}{" "}
              <Link
                to={section.footer.href}
                prefetch="intent"
                className="font-semibold text-primary underline underline-offset-4"
              >
                {section.footer.label}
              </Link>
            </p>
          ) : null}
        </SectionShell>
      );
    case "table":
      return (
        <SectionShell {...shell} align="left">
          <DataTable caption={section.caption} columns={section.columns} rows={section.rows} note={section.note} />
        </SectionShell>
      );
    case "checklist":
      return (
        <SectionShell {...shell}>
          <ChecklistTable columns={section.columns} features={section.features} />
        </SectionShell>
      );
    case "costs":
      return (
        <SectionShell {...shell}>
          <CostComparison columns={section.columns} savingLabel={section.savingLabel} note={section.note} />
        </SectionShell>
      );
    case "demo":
      return (
        <SectionShell {...shell}>
          <DemoSection
            text={section.text}
            points={section.points}
            action={section.action}
            source={source}
            embedForm={section.embedForm}
          />
        </SectionShell>
      );
    case "cases":
      return (
        <CasesTeaser
          heading={section.heading}
          intro={section.intro}
          vertical={section.vertical}
          city={section.city}
          limit={section.limit}
          tone={tone}
        />
      );
    case "links":
      return (
        <SectionShell {...shell}>
          <LinkCards items={section.items} />
        </SectionShell>
      );
    case "prose":
      return (
        <SectionShell {...shell} align={section.image ? "left" : "center"}>
          <Prose paragraphs={section.paragraphs} list={section.list} image={section.image} />
        </SectionShell>
      );
    case "carousel":
      return (
        <SectionShell {...shell}>
          <FeatureCarousel items={section.items} label={`Carrusel: ${section.heading}`} />
        </SectionShell>
      );
    case "hotspots":
      return (
        <SectionShell {...shell}>
          <Hotspots image={section.image} spots={section.spots} />
        </SectionShell>
      );
    case "integrations":
      return (
        <SectionShell {...shell}>
          <IntegrationsCatalogue categories={section.categories} />
        </SectionShell>
      );
    case "api":
      return (
        <SectionShell {...shell}>
          <ApiSummary baseUrl={section.baseUrl} endpoints={section.endpoints} note={section.note} />
        </SectionShell>
      );
    case "chips":
      return (
        <SectionShell {...shell}>
          <Chips items={section.items} />
        </SectionShell>
      );
    case "timeline":
      return (
        <SectionShell {...shell}>
          <Timeline items={section.items} />
        </SectionShell>
      );
    case "stories":
      return (
        <SectionShell {...shell}>
          <Stories items={section.items} />
        </SectionShell>
      );
    case "plans":
      return (
        <SectionShell {...shell}>
          <Plans plans={section.plans} note={section.note} source={source} />
        </SectionShell>
      );
  }
}
