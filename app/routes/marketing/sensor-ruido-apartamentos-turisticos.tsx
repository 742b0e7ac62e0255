import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { sensorRuidoPage as page } from "#app/content/pages/sensor-ruido.ts";

export function meta() {
  return pageMeta(page);
}

export default function SensorRuidoRoute() {
  return <PageSections page={page} />;
}
