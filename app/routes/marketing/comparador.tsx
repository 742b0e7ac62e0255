import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { comparadorPage as page } from "#app/content/pages/comparador.ts";

export function meta() {
  return pageMeta(page);
}

export default function ComparadorRoute() {
  return <PageSections page={page} />;
}
