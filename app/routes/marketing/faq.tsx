import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { faqPageJsonLd, pageMeta } from "#app/components/marketing/seo.ts";
import { faqItems } from "#app/content/faq.ts";
import { faqPage } from "#app/content/pages/faq-page.ts";

export function meta() {
  return pageMeta(faqPage, { jsonLd: [faqPageJsonLd(faqItems)] });
}

export default function FaqRoute() {
  return <PageSections page={faqPage} />;
}
