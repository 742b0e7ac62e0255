import { assistantPage } from "#app/content/chatbot.ts";
import { caseMarketingPage, cases, casesIndexPage } from "#app/content/cases.ts";
import { cities, cityMarketingPage } from "#app/content/cities.ts";
import { legalPages } from "#app/content/legal.ts";
import { antiokupacionApartamentoPage, antiokupacionViviendaPage } from "#app/content/pages/antiokupacion.ts";
import { aforoRealPage } from "#app/content/pages/aforo-real.ts";
import { alarmaBasicaPage } from "#app/content/pages/alarma-basica.ts";
import { apartamentosTuristicosPage } from "#app/content/pages/apartamentos-turisticos.ts";
import { colivingPage } from "#app/content/pages/coliving.ts";
import { comparadorPage } from "#app/content/pages/comparador.ts";
import { contactoPage } from "#app/content/pages/contacto.ts";
import { empresaPage } from "#app/content/pages/empresa.ts";
import { faqPage } from "#app/content/pages/faq-page.ts";
import { guiaInstalacionPage } from "#app/content/pages/guia-instalacion.ts";
import { guiaIntegracionPage } from "#app/content/pages/guia-integracion.ts";
import { homePage } from "#app/content/pages/home.ts";
import { hotelesPage } from "#app/content/pages/hoteles.ts";
import { internetPage } from "#app/content/pages/internet.ts";
import { limpiezaLogisticaPage } from "#app/content/pages/limpieza-logistica.ts";
import { monetizaDispositivoPage } from "#app/content/pages/monetiza-dispositivo.ts";
import { monitorizacionRuidoPage } from "#app/content/pages/monitorizacion-ruido.ts";
import { ns01Page } from "#app/content/pages/ns-01.ts";
import { promocionViviendasPage } from "#app/content/pages/promocion-viviendas.ts";
import { ruidoGuiaPage } from "#app/content/pages/ruido-guia.ts";
import { sensorRuidoPage } from "#app/content/pages/sensor-ruido.ts";
import { sistemaCobroPage } from "#app/content/pages/sistema-cobro.ts";
import { sobreNidosmartPage } from "#app/content/pages/sobre-nidosmart.ts";
import { wifiPage } from "#app/content/pages/wifi.ts";
import type { MarketingPage, Section } from "#app/content/types.ts";

export type { MarketingPage, Section };

// Every public page's SEO, h1 and sections, keyed by path. Route modules import their own
// page module directly (so each page ships only its own copy to the browser); this registry
// is for whole-site consumers: the guest assistant's retrieval, the sitemap test and
// anything that needs "all pages" (`marketingPageList` is the same pages as an array). Server-side or tests only — importing it in a route
// module would put every page's copy into that route's bundle.
export const marketingPageList: MarketingPage[] = [
  homePage,
  ns01Page,
  monitorizacionRuidoPage,
  aforoRealPage,
  alarmaBasicaPage,
  wifiPage,
  internetPage,
  sistemaCobroPage,
  monetizaDispositivoPage,
  apartamentosTuristicosPage,
  ...cities.map(cityMarketingPage),
  sensorRuidoPage,
  ruidoGuiaPage,
  antiokupacionViviendaPage,
  antiokupacionApartamentoPage,
  hotelesPage,
  colivingPage,
  promocionViviendasPage,
  assistantPage,
  limpiezaLogisticaPage,
  casesIndexPage,
  ...cases.map(caseMarketingPage),
  comparadorPage,
  faqPage,
  contactoPage,
  empresaPage,
  sobreNidosmartPage,
  guiaInstalacionPage,
  guiaIntegracionPage,
  ...legalPages,
];

export const marketingPages: Record<string, MarketingPage> = Object.fromEntries(
  marketingPageList.map((page) => [page.path, page]),
);

export function getMarketingPage(path: string): MarketingPage | undefined {
  return marketingPages[path];
}

/**
 * The visible text of one page as plain paragraphs (headings, leads, cards, answers), in
 * reading order. Handy for search indexes such as the guest assistant's retrieval.
 */
export function pageText(page: MarketingPage): string[] {
  const out: string[] = [page.h1];
  for (const section of page.sections) out.push(...sectionText(section));
  return out.filter((line) => line.trim().length > 0);
}

function sectionText(section: Section): string[] {
  switch (section.type) {
    case "hero":
      return [section.lead, ...(section.highlights ?? [])];
    case "features":
      return [section.heading, section.intro ?? "", ...section.items.map((item) => `${item.title}: ${item.text}`)];
    case "steps":
    case "benefits":
      return [section.heading, section.intro ?? "", ...section.items.map((item) => `${item.title}: ${item.text}`)];
    case "stats":
      return [
        section.heading,
        ...section.items.map((item) => `${item.value} ${item.label}`),
        ...(section.testimonial ? [`«${section.testimonial.quote}» (${section.testimonial.author})`] : []),
      ];
    case "testimonial":
      return [`«${section.testimonial.quote}» (${section.testimonial.author}, ${section.testimonial.role})`];
    case "faq":
    case "accordion":
      return section.items.map((item) => `${item.question} ${item.answer}`);
    case "table":
      return [section.heading, section.intro ?? "", ...section.rows.map((row) => row.join(" · ")), section.note ?? ""];
    case "checklist":
      return [section.heading, ...section.features.map((feature) => feature.label)];
    case "costs":
      return [
        section.heading,
        ...section.columns.map(
          (column) =>
            `${column.name}: ${column.lines.map((line) => `${line.label} ${line.amountEur} €`).join(", ")}; total ${column.totalEur} €/mes`,
        ),
        section.savingLabel,
        section.note ?? "",
      ];
    case "cta":
      return [section.heading, section.text];
    case "demo":
      return [section.heading, section.text, ...section.points];
    case "cases":
      return [];
    case "links":
      return [section.heading, ...section.items.map((item) => `${item.title}: ${item.text}`)];
    case "prose":
      return [section.heading, ...section.paragraphs, ...(section.list ?? [])];
    case "carousel":
      return [section.heading, ...section.items.map((item) => `${item.title}: ${item.text} ${item.detail}`)];
    case "hotspots":
      return [section.heading, ...section.spots.map((spot) => `${spot.title}: ${spot.text}`)];
    case "integrations":
      return [
        section.heading,
        ...section.categories.flatMap((category) => [
          category.name,
          ...category.items.map((item) => `${item.name} (${item.status}): ${item.description}`),
        ]),
      ];
    case "api":
      return [
        section.heading,
        ...section.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}: ${endpoint.text}`),
        section.note,
      ];
    case "chips":
      return [section.heading, section.items.join(", ")];
    case "timeline":
      return [section.heading, ...section.items.map((item) => `${item.year} ${item.title}: ${item.text}`)];
    case "stories":
      return [section.heading, ...section.items.map((item) => `${item.title}: ${item.text} ${item.metric}`)];
    case "plans":
      return [
        section.heading,
        ...section.plans.map((plan) => `${plan.name} ${plan.priceLabel}: ${plan.features.join(", ")}`),
        section.note ?? "",
      ];
  }
}
