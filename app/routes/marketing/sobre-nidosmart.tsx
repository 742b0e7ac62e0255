import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { sobreNidosmartPage as page } from "#app/content/pages/sobre-nidosmart.ts";

export function meta() {
  return pageMeta(page);
}

export default function SobreNidosmartRoute() {
  return <PageSections page={page} />;
}
