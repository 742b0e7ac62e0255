import type { ChecklistFeature, CostColumn, MarketingPage } from "#app/content/types.ts";

// Spec §2 "Pricing comparison page": NidoSmart is checked for every feature, the typical
// competitor only for the first 9. The order therefore matters: keep the 9 shared features
// first.
const SHARED_FEATURES = 9;

const featureLabels: { label: string; href?: string }[] = [
  { label: "Monitorización de ruido 24/7" },
  { label: "Alertas en tiempo real en el móvil" },
  { label: "Panel web para varias propiedades" },
  { label: "Sensor de temperatura y humedad" },
  { label: "Informes de actividad" },
  { label: "Sincronización con calendarios de reserva" },
  { label: "Detección de humo" },
  { label: "Soporte técnico en España" },
  { label: "Instalación sin obras" },
  { label: "Aforo real sin cámaras", href: "/aforo-real" },
  { label: "Alarma con sirena de 120 dB", href: "/alarma-basica" },
  { label: "WiFi e internet para huéspedes incluidos", href: "/wifi" },
  { label: "Check-in digital y envío de partes a la policía" },
  { label: "Datáfono con un 1,8 % de comisión", href: "/sistema-cobro" },
  { label: "Monetización y marketplace", href: "/monetiza-dispositivo" },
  { label: "Sistema anti-okupación avanzado", href: "/antiokupacion-apartamento-turistico" },
  { label: "Detección de tabaco, CO y gases nocivos" },
  { label: "Control de agua, energía y aire acondicionado" },
  { label: "Apertura de puerta, portero y garaje" },
  { label: "Datos certificados e inalterables" },
  { label: "Dispositivo 100 % fabricado en España" },
  { label: "Sin permanencia" },
];

export const comparatorFeatures: ChecklistFeature[] = featureLabels.map((feature, index) => ({
  ...feature,
  competitor: index < SHARED_FEATURES,
}));

// Spec §1: competitor 65 €/mes = 20 + 25 + 15 + 5; NidoSmart 29 €/mes; saving up to 36 €.
export const monthlyCosts: CostColumn[] = [
  {
    name: "Competidor habitual",
    lines: [
      { label: "Dispositivo", amountEur: 20 },
      { label: "Internet", amountEur: 25 },
      { label: "Channel manager", amountEur: 15 },
      { label: "Envío de partes de viajeros", amountEur: 5 },
    ],
    totalEur: 65,
  },
  {
    name: "NidoSmart",
    highlight: true,
    lines: [
      { label: "Dispositivo NS-01", amountEur: 0 },
      { label: "Suscripción con más de 40 servicios", amountEur: 29 },
    ],
    totalEur: 29,
  },
];

export const monthlySavingEur = monthlyCosts[0].totalEur - monthlyCosts[1].totalEur;

export const comparadorPage: MarketingPage = {
  path: "/comparador",
  source: "comparador-cta",
  breadcrumb: "Precios",
  seo: {
    title: "Precios de NidoSmart: 29 €/mes frente a 65 €/mes de la competencia",
    description:
      "Compara funciones y costes: NidoSmart cuesta 29 €/mes con dispositivo a 0 € y sin permanencia, frente a 65 €/mes de una solución habitual. Ahorra hasta 36 € al mes.",
    keywords: [
      "precio NidoSmart",
      "comparador sensores apartamentos",
      "coste gestión apartamento turístico",
      "alternativa sensor ruido precio",
    ],
  },
  h1: "Precios: más servicios por menos de la mitad",
  sections: [
    {
      type: "hero",
      eyebrow: "Precios",
      lead: "Un dispositivo a 0 € (solo 15 € de envío) y una suscripción de 29 €/mes con más de 40 servicios, sin permanencia. Compáralo con lo que pagarías contratando cada pieza por separado.",
      highlights: ["Dispositivo a 0 €", "29 €/mes sin permanencia", `Ahorro de hasta ${monthlySavingEur} €/mes`],
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver la comparativa", href: "#funciones" },
      ],
    },
    {
      type: "checklist",
      id: "funciones",
      heading: "Comparativa de funciones",
      intro: "Lo que incluye cada opción por alojamiento.",
      columns: ["NidoSmart", "Competidor habitual"],
      features: comparatorFeatures,
    },
    {
      type: "costs",
      heading: "Coste mensual por alojamiento",
      intro: "Lo que suele costar reunir las mismas piezas con proveedores distintos.",
      columns: monthlyCosts,
      savingLabel: `Ahorras hasta ${monthlySavingEur} € al mes por alojamiento`,
      note: "Precios con el envío del dispositivo aparte: 15 € una sola vez. La suscripción de NidoSmart no tiene permanencia mínima.",
    },
    {
      type: "cta",
      heading: "Empieza a ahorrar este mes",
      text: "Te ayudamos a calcular el ahorro exacto para tus alojamientos.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Preguntas frecuentes", href: "/faq" },
      ],
    },
  ],
};
