import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { ruidoGuiaPage as page } from "#app/content/pages/ruido-guia.ts";

export function meta() {
  return pageMeta(page);
}

export default function RuidoGuiaRoute() {
  return <PageSections page={page} />;
}
