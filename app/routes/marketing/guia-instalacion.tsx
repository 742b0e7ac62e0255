import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { guiaInstalacionPage as page } from "#app/content/pages/guia-instalacion.ts";

export function meta() {
  return pageMeta(page);
}

export default function GuiaInstalacionRoute() {
  return <PageSections page={page} />;
}
