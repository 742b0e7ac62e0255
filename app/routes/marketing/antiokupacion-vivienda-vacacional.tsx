import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { antiokupacionViviendaPage as page } from "#app/content/pages/antiokupacion.ts";

export function meta() {
  return pageMeta(page);
}

export default function AntiokupacionViviendaRoute() {
  return <PageSections page={page} />;
}
