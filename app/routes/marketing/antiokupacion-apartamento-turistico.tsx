import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { antiokupacionApartamentoPage as page } from "#app/content/pages/antiokupacion.ts";

export function meta() {
  return pageMeta(page);
}

export default function AntiokupacionApartamentoRoute() {
  return <PageSections page={page} />;
}
