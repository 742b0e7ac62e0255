import { faqItems } from "#app/content/faq.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const faqPage: MarketingPage = {
  path: "/faq",
  source: "faq-cta",
  breadcrumb: "Preguntas frecuentes",
  seo: {
    title: "Preguntas frecuentes sobre NidoSmart y el dispositivo NS-01",
    description:
      "Resolvemos 45 dudas sobre NidoSmart: precio, permanencia, privacidad, instalación, ruido, aforo, WiFi, cobros, integraciones y soporte.",
    keywords: ["preguntas frecuentes NidoSmart", "dudas sensor ruido", "precio dispositivo apartamento turístico", "FAQ NS-01"],
  },
  h1: "Preguntas frecuentes",
  sections: [
    {
      type: "hero",
      lead: "Todo lo que nos preguntan propietarios y gestoras antes de empezar: precio, privacidad, instalación y funcionamiento del NS-01.",
      actions: [{ kind: "link", label: "Contactar", href: "/contacto" }],
    },
    {
      type: "faq",
      heading: "Las 45 dudas más habituales",
      items: faqItems,
      footer: { text: "¿No encuentras tu respuesta?", href: "/contacto", label: "Escríbenos desde la página de contacto" },
    },
  ],
};
