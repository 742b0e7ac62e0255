import type { MetaArgs } from "react-router";
import { useLocation } from "react-router";
import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { localBusinessJsonLd, pageMeta } from "#app/components/marketing/seo.ts";
import { cityMarketingPage, getCityByPath } from "#app/content/cities.ts";

// One module for the four city landing pages; routes.ts registers it once per city with
// its own id, and the page is picked from the URL. Without a loader the pages stay plain
// prerendered HTML.

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

export function meta({ location }: MetaArgs) {
  const city = getCityByPath(normalise(location.pathname));
  if (!city) return [];
  return pageMeta(cityMarketingPage(city), {
    parents: [{ name: "Apartamentos turísticos", path: "/apartamentos-turisticos" }],
    jsonLd: [localBusinessJsonLd(city)],
  });
}

export default function CityPage() {
  const { pathname } = useLocation();
  const city = getCityByPath(normalise(pathname));
  if (!city) throw new Response("Ciudad no encontrada", { status: 404 });
  return <PageSections page={cityMarketingPage(city)} />;
}
