import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { apartamentosTuristicosPage as page } from "#app/content/pages/apartamentos-turisticos.ts";

export function meta() {
  return pageMeta(page);
}

export default function ApartamentosTuristicosRoute() {
  return <PageSections page={page} />;
}
