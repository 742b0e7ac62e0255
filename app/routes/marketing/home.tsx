import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { organizationJsonLd, pageMeta, websiteJsonLd } from "#app/components/marketing/seo.ts";
import { homePage } from "#app/content/pages/home.ts";

export function meta() {
  return pageMeta(homePage, { jsonLd: [organizationJsonLd(), websiteJsonLd()] });
}

export default function Home() {
  return <PageSections page={homePage} />;
}
