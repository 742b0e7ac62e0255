import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { internetPage as page } from "#app/content/pages/internet.ts";

export function meta() {
  return pageMeta(page);
}

export default function InternetRoute() {
  return <PageSections page={page} />;
}
