import type { MetaDescriptor } from "react-router";
import { brand } from "#app/config/brand.ts";
import { absoluteUrl } from "#app/config/site.ts";
import type { City } from "#app/content/cities.ts";
import type { FaqItem, MarketingPage } from "#app/content/types.ts";

// Builds the meta array of a public page: title, description, keywords, canonical link,
// Open Graph, Twitter and JSON-LD. meta() runs at prerender time and again in the browser
// after client-side navigation, so everything here is pure and synchronous.

/** Social preview picture (1200x630): a raster, because social networks ignore SVG. */
export const DEFAULT_OG_IMAGE = {
  path: "/images/og-nidosmart.png",
  width: 1200,
  height: 630,
  alt: "NidoSmart, gestión inteligente de apartamentos turísticos",
};

type JsonLd = Record<string, unknown>;

export type SeoInput = {
  path: string;
  title: string;
  description: string;
  keywords?: string[];
  jsonLd?: JsonLd[];
};

export function buildMeta({ path, title, description, keywords = [], jsonLd = [] }: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(path);
  const image = absoluteUrl(DEFAULT_OG_IMAGE.path);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:locale", content: "es_ES" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(DEFAULT_OG_IMAGE.width) },
    { property: "og:image:height", content: String(DEFAULT_OG_IMAGE.height) },
    { property: "og:image:alt", content: DEFAULT_OG_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (keywords.length > 0) meta.splice(2, 0, { name: "keywords", content: keywords.join(", ") });
  for (const block of jsonLd) meta.push({ "script:ld+json": block });
  return meta;
}

export type Crumb = { name: string; path: string };

/** Inicio › … › page. The home page itself gets no breadcrumb. */
export function breadcrumbTrail(page: Pick<MarketingPage, "path" | "breadcrumb">, parents: Crumb[] = []): Crumb[] {
  return [{ name: "Inicio", path: "/" }, ...parents, { name: page.breadcrumb, path: page.path }];
}

export function breadcrumbJsonLd(trail: Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

function postalAddress(): JsonLd {
  return {
    "@type": "PostalAddress",
    streetAddress: brand.address.street,
    postalCode: brand.address.postalCode,
    addressLocality: brand.address.city,
    addressRegion: brand.address.region,
    addressCountry: brand.address.countryCode,
  };
}

export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": absoluteUrl("/#organization"),
    name: brand.name,
    legalName: brand.legalName,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/favicon.svg"),
    email: brand.email,
    telephone: brand.phoneHref.replace(/^tel:/, ""),
    foundingDate: String(brand.foundedYear),
    address: postalAddress(),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "sales",
      email: brand.salesEmail,
      telephone: brand.phoneHref.replace(/^tel:/, ""),
      availableLanguage: ["es"],
      areaServed: "ES",
    },
  };
}

export function websiteJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: brand.name,
    url: absoluteUrl("/"),
    inLanguage: "es-ES",
    publisher: { "@id": absoluteUrl("/#organization") },
  };
}

export function faqPageJsonLd(items: FaqItem[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

const euros = (min: number, max: number) => `${min} € - ${max} €`;

/** Spec §2: LocalBusiness (with its price ranges when the spec gives them) for a city page. */
export function localBusinessJsonLd(city: City): JsonLd {
  const url = absoluteUrl(city.path);
  const offers = city.priceRanges
    ? [
        { name: "Monitorización de ruido", range: city.priceRanges.noise },
        { name: "WiFi para huéspedes", range: city.priceRanges.wifi },
      ].map(({ name, range }) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name, areaServed: city.name },
        priceSpecification: {
          "@type": "PriceSpecification",
          minPrice: range.minEur,
          maxPrice: range.maxEur,
          priceCurrency: "EUR",
        },
      }))
    : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${url}#negocio`,
    name: `${brand.name} ${city.name}`,
    description: city.seo.description,
    url,
    image: absoluteUrl(city.image.src),
    email: brand.email,
    telephone: brand.phoneHref.replace(/^tel:/, ""),
    address: postalAddress(),
    areaServed: { "@type": "City", name: city.name, containedInPlace: { "@type": "AdministrativeArea", name: city.region } },
    openingHours: brand.openingHoursSpec,
    parentOrganization: { "@id": absoluteUrl("/#organization") },
    ...(city.priceRanges
      ? { priceRange: euros(city.priceRanges.noise.minEur, city.priceRanges.noise.maxEur), makesOffer: offers }
      : {}),
  };
}

/** The usual meta of a content page: its SEO plus a breadcrumb and any extra JSON-LD. */
export function pageMeta(page: MarketingPage, options: { parents?: Crumb[]; jsonLd?: JsonLd[] } = {}): MetaDescriptor[] {
  const jsonLd = page.path === "/" ? [] : [breadcrumbJsonLd(breadcrumbTrail(page, options.parents))];
  return buildMeta({ path: page.path, ...page.seo, jsonLd: [...(options.jsonLd ?? []), ...jsonLd] });
}
