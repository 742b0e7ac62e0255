import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { monitorizacionRuidoPage as page } from "#app/content/pages/monitorizacion-ruido.ts";

export function meta() {
  return pageMeta(page);
}

export default function MonitorizacionRuidoRoute() {
  return <PageSections page={page} />;
}
