import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { colivingPage as page } from "#app/content/pages/coliving.ts";

export function meta() {
  return pageMeta(page);
}

export default function ColivingRoute() {
  return <PageSections page={page} />;
}
