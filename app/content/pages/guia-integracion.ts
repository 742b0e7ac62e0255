import { images } from "#app/content/images.ts";
import { apiEndpoints, integrationCategories } from "#app/content/integrations.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const guiaIntegracionPage: MarketingPage = {
  path: "/guia-integracion",
  source: "guia-integracion-cta",
  breadcrumb: "Guía de integración",
  seo: {
    title: "Integraciones de NidoSmart con PMS, plataformas y pagos",
    description:
      "Catálogo de integraciones de NidoSmart con PMS, plataformas de reserva y sistemas de pago, cómo conectarlas en cuatro pasos y resumen de la API para desarrolladores.",
    keywords: [
      "integraciones NidoSmart",
      "API NidoSmart",
      "integración PMS sensores",
      "sincronizar iCal Airbnb",
      "webhooks reservas",
    ],
  },
  h1: "Guía de integración",
  sections: [
    {
      type: "hero",
      eyebrow: "Ayuda",
      lead: "NidoSmart se conecta con las herramientas con las que ya gestionas tus reservas y tus cobros, para que umbrales, alarmas y limpiezas se activen solos con cada reserva.",
      highlights: ["PMS, canales y pagos", "API REST y webhooks", "Sincronización iCal cada hora"],
      image: images.integrations,
      actions: [
        { kind: "demo", label: "Solicitar ayuda con la integración" },
        { kind: "link", label: "Ver la API", href: "#api" },
      ],
    },
    {
      type: "integrations",
      heading: "Catálogo de integraciones",
      intro: "Cada integración indica cómo se conecta hoy.",
      categories: integrationCategories,
    },
    {
      type: "steps",
      heading: "Conecta tu sistema en cuatro pasos",
      items: [
        { title: "Elige la integración", text: "En el panel, abre Integraciones y selecciona tu PMS, canal o sistema de pago." },
        { title: "Autoriza el acceso", text: "Introduce tus credenciales o la URL de calendario iCal que te da tu proveedor." },
        { title: "Asigna los alojamientos", text: "Relaciona cada alojamiento del proveedor con su dispositivo NS-01." },
        {
          title: "Comprueba la sincronización",
          text: "Verás las próximas reservas en el panel. Con iCal recomendamos sincronizar cada hora.",
        },
      ],
    },
    {
      type: "api",
      id: "api",
      heading: "API para desarrolladores",
      intro: "Una API REST con autenticación por token para integrar NidoSmart en tus propios sistemas.",
      baseUrl: "https://api.nidosmart.example.com",
      endpoints: apiEndpoints,
      note: "Las respuestas se devuelven en JSON. Pide tus credenciales de desarrollo al equipo comercial; la documentación completa se entrega con el plan para empresas.",
    },
    {
      type: "cta",
      heading: "¿No ves tu herramienta?",
      text: "Cuéntanos qué sistema usas y te decimos cómo conectarlo.",
      actions: [
        { kind: "demo", label: "Solicitar ayuda con la integración" },
        { kind: "link", label: "Contacto", href: "/contacto" },
      ],
    },
  ],
};
