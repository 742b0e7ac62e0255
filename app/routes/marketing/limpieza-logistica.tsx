import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { limpiezaLogisticaPage as page } from "#app/content/pages/limpieza-logistica.ts";

export function meta() {
  return pageMeta(page);
}

export default function LimpiezaLogisticaRoute() {
  return <PageSections page={page} />;
}
