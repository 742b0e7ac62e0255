import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { hotelesPage as page } from "#app/content/pages/hoteles.ts";

export function meta() {
  return pageMeta(page);
}

export default function HotelesRoute() {
  return <PageSections page={page} />;
}
