import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { empresaPage as page } from "#app/content/pages/empresa.ts";

export function meta() {
  return pageMeta(page);
}

export default function EmpresaRoute() {
  return <PageSections page={page} />;
}
