import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { ns01Page as page } from "#app/content/pages/ns-01.ts";

export function meta() {
  return pageMeta(page);
}

export default function Ns01Route() {
  return <PageSections page={page} />;
}
