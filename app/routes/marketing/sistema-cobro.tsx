import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { sistemaCobroPage as page } from "#app/content/pages/sistema-cobro.ts";

export function meta() {
  return pageMeta(page);
}

export default function SistemaCobroRoute() {
  return <PageSections page={page} />;
}
