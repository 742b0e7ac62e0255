import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { wifiPage as page } from "#app/content/pages/wifi.ts";

export function meta() {
  return pageMeta(page);
}

export default function WifiRoute() {
  return <PageSections page={page} />;
}
