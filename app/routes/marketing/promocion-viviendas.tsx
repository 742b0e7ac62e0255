import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { promocionViviendasPage as page } from "#app/content/pages/promocion-viviendas.ts";

export function meta() {
  return pageMeta(page);
}

export default function PromocionViviendasRoute() {
  return <PageSections page={page} />;
}
