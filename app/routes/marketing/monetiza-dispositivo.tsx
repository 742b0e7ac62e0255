import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { monetizaDispositivoPage as page } from "#app/content/pages/monetiza-dispositivo.ts";

export function meta() {
  return pageMeta(page);
}

export default function MonetizaDispositivoRoute() {
  return <PageSections page={page} />;
}
