import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const monetizaDispositivoPage: MarketingPage = {
  path: "/monetiza-dispositivo",
  source: "monetiza-dispositivo-cta",
  breadcrumb: "Monetiza tu dispositivo",
  seo: {
    title: "Monetiza tu dispositivo: más ingresos por reserva | NidoSmart",
    description:
      "Convierte el NS-01 en una fuente de ingresos: servicios premium, pago por uso y marketplace con comisión. Estimamos entre un 15 % y un 30 % más de ingresos.",
    keywords: [
      "monetizar apartamento turístico",
      "ingresos extra alquiler vacacional",
      "marketplace huéspedes",
      "servicios premium huéspedes",
    ],
  },
  h1: "Monetiza tu dispositivo y gana más con cada reserva",
  sections: [
    {
      type: "hero",
      eyebrow: "Monetización",
      lead: "El NS-01 no solo protege tu alojamiento: también vende. Activa funciones de pago por uso, ofrece servicios premium y cobra comisión por lo que tus huéspedes contratan a tus partners.",
      highlights: ["+15-30 % de ingresos", "50-100 € al mes en comisiones", "2-5 € más por reserva"],
      image: images.monetize,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Sistema de cobro", href: "/sistema-cobro" },
      ],
    },
    {
      type: "stats",
      heading: "Lo que puedes ganar",
      intro: "Estimaciones según el tipo de alojamiento y los servicios activados.",
      items: [
        { value: "+15-30 %", label: "de ingresos" },
        { value: "50-100 €", label: "al mes en comisiones por ventas" },
        { value: "2-5 €", label: "adicionales por reserva" },
      ],
    },
    {
      type: "steps",
      heading: "Cuatro pasos para monetizar",
      items: [
        {
          title: "Activa funciones",
          text: "Elige qué funciones del dispositivo ofreces con pago por uso, como el aire acondicionado o el acceso al garaje.",
        },
        {
          title: "Configura servicios",
          text: "Define tus servicios premium con su precio: salida tardía, limpieza extra o cesta de bienvenida.",
        },
        {
          title: "Conecta partners",
          text: "Suma traslados, experiencias o comida a domicilio desde el marketplace y cobra comisión por cada venta.",
        },
        { title: "Optimiza", text: "Revisa en los informes qué se vende y ajusta precios y ofertas cada temporada." },
      ],
    },
    {
      type: "features",
      heading: "Fuentes de ingreso",
      columns: 4,
      items: [
        { icon: "star", title: "Servicios premium", text: "Extras con precio fijo que el huésped paga al momento." },
        { icon: "handshake", title: "Comisiones por ventas", text: "Un porcentaje de cada servicio de partner contratado." },
        {
          icon: "plug",
          title: "Pago por uso",
          text: "Funciones que se activan al pagar, como la climatización en estancias económicas.",
        },
        { icon: "shopping-bag", title: "Marketplace", text: "Catálogo de servicios locales con comisión para el propietario." },
      ],
    },
    {
      type: "stories",
      heading: "Historias de éxito",
      items: [
        {
          title: "Apartamento de playa en Alicante",
          text: "Su propietario activó la salida tardía y el alquiler de sombrillas y tumbonas a través del marketplace. Los huéspedes lo contratan desde el propio apartamento.",
          metric: "Entre 2 y 5 € más por reserva",
        },
        {
          title: "Gestora con 18 pisos en Valencia",
          text: "Conectó traslados al aeropuerto y visitas guiadas de partners locales. La comisión cubre buena parte de la suscripción de sus alojamientos.",
          metric: "Hasta 100 € al mes en comisiones",
        },
      ],
    },
    {
      type: "cta",
      heading: "Haz que tu dispositivo trabaje para ti",
      text: "Te ayudamos a elegir los servicios que mejor funcionan en tu zona.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Casos de éxito", href: "/casos-exito" },
      ],
    },
  ],
};
