import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { alarmaBasicaPage as page } from "#app/content/pages/alarma-basica.ts";

export function meta() {
  return pageMeta(page);
}

export default function AlarmaBasicaRoute() {
  return <PageSections page={page} />;
}
