import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { guiaIntegracionPage as page } from "#app/content/pages/guia-integracion.ts";

export function meta() {
  return pageMeta(page);
}

export default function GuiaIntegracionRoute() {
  return <PageSections page={page} />;
}
