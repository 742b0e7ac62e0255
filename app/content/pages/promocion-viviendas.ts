import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const promocionViviendasPage: MarketingPage = {
  path: "/promocion-viviendas",
  source: "promocion-viviendas-cta",
  breadcrumb: "Promoción de viviendas",
  seo: {
    title: "Viviendas conectadas para promotoras inmobiliarias | NidoSmart",
    description:
      "Entrega viviendas inteligentes que se venden mejor: sensores, accesos y consumo preinstalados. Un 15 % más de valor de venta, más de 500 viviendas equipadas.",
    keywords: [
      "promoción viviendas inteligentes",
      "domótica obra nueva",
      "promotora inmobiliaria tecnología",
      "vivienda conectada",
    ],
  },
  h1: "Promociones de viviendas inteligentes desde el día de la entrega",
  sections: [
    {
      type: "hero",
      eyebrow: "Por sector",
      lead: "Diferencia tu promoción con viviendas conectadas listas para vivir o para alquilar como vivienda turística, sin obras posteriores ni proveedores extra.",
      highlights: ["+15 % de valor de venta", "500+ viviendas equipadas", "50+ promotoras colaboradoras"],
      image: images.developer,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo NS-01", href: "/ns-01" },
      ],
    },
    {
      type: "stats",
      heading: "Promotoras que ya confían en nosotros",
      items: [
        { value: "+15 %", label: "de valor de venta" },
        { value: "500+", label: "viviendas equipadas" },
        { value: "50+", label: "promotoras colaboradoras" },
      ],
    },
    {
      type: "features",
      heading: "Servicios para promotoras",
      columns: 3,
      items: [
        {
          icon: "hard-hat",
          title: "Preinstalación en obra",
          text: "Coordinamos con tu constructora la ubicación y la toma de corriente de cada dispositivo.",
        },
        { icon: "home", title: "Vivienda conectada", text: "Ruido, clima, humo, inundación y consumos desde el primer día." },
        {
          icon: "door",
          title: "Accesos inteligentes",
          text: "Puerta, portero y garaje controlados desde el móvil del comprador.",
        },
        {
          icon: "leaf",
          title: "Eficiencia energética",
          text: "Hasta un 58 % de ahorro energético, un argumento de venta medible.",
        },
        {
          icon: "briefcase",
          title: "Listas para invertir",
          text: "Viviendas preparadas para alquiler turístico con registro de viajeros y cobros.",
        },
        { icon: "headphones", title: "Posventa", text: "Soporte a los compradores y actualizaciones remotas sin visitas." },
      ],
    },
    {
      type: "steps",
      heading: "Un proceso en tres pasos",
      items: [
        { title: "Proyecto", text: "Revisamos planos y memoria de calidades para decidir qué servicios incluye cada tipología." },
        { title: "Instalación", text: "Instalamos y probamos los dispositivos antes de la entrega de llaves." },
        { title: "Entrega", text: "Cada comprador activa su cuenta y recibe su vivienda conectada y funcionando." },
      ],
    },
    {
      type: "benefits",
      heading: "Beneficios para tu promoción",
      items: [
        { title: "Argumento comercial", text: "Una vivienda inteligente destaca frente a la competencia en el mismo barrio." },
        { title: "Mayor valor de venta", text: "Un 15 % más de valor de venta en las promociones equipadas." },
        { title: "Atractiva para inversores", text: "Lista para alquilar desde el primer día, con toda la gestión resuelta." },
      ],
    },
    {
      type: "cta",
      heading: "Equipa tu próxima promoción",
      text: "Cuéntanos el número de viviendas y el calendario de obra y te preparamos una propuesta.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo NS-01", href: "/ns-01" },
      ],
    },
  ],
};
