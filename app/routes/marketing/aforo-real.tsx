import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { aforoRealPage as page } from "#app/content/pages/aforo-real.ts";

export function meta() {
  return pageMeta(page);
}

export default function AforoRealRoute() {
  return <PageSections page={page} />;
}
