import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const hotelesPage: MarketingPage = {
  path: "/hoteles",
  source: "hoteles-cta",
  breadcrumb: "Hoteles y aparthoteles",
  seo: {
    title: "Hoteles y aparthoteles: sensores e integración con tu PMS | NidoSmart",
    description:
      "Sensores por habitación, estimación de demanda cada 15 minutos e integración con PMS, RMS, CRM y ERP. Un 15 % más de RevPAR y la mitad de tiempo de gestión.",
    keywords: ["tecnología hotelera", "sensores habitaciones hotel", "integración PMS", "aparthotel gestión", "RevPAR"],
  },
  h1: "Hoteles y aparthoteles más rentables y fáciles de gestionar",
  sections: [
    {
      type: "hero",
      eyebrow: "Por sector",
      lead: "Datos reales de cada habitación conectados con tus sistemas: ocupación, confort, consumo e incidencias en un único panel, desde un hotel boutique hasta una cadena.",
      highlights: ["+15 % de RevPAR", "50 % menos tiempo de gestión", "Demanda cada 15 minutos"],
      image: images.hotel,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Guía de integración", href: "/guia-integracion" },
      ],
    },
    {
      type: "stats",
      heading: "Resultados en hoteles",
      items: [
        { value: "+15 %", label: "de RevPAR" },
        { value: "50 %", label: "menos tiempo de gestión" },
        { value: "15 min", label: "intervalos de estimación de demanda" },
        { value: "hasta 58 %", label: "de ahorro energético" },
      ],
    },
    {
      type: "features",
      heading: "Funciones para hoteles",
      columns: 3,
      items: [
        {
          icon: "users",
          title: "Ocupación real por habitación",
          text: "Sabe qué habitaciones están ocupadas de verdad para limpieza y mantenimiento.",
        },
        {
          icon: "trending-up",
          title: "Demanda en tiempo real",
          text: "Estimación de demanda en intervalos de 15 minutos para ajustar tarifas.",
        },
        {
          icon: "snowflake",
          title: "Climatización inteligente",
          text: "Control remoto del aire acondicionado en habitaciones vacías.",
        },
        {
          icon: "volume",
          title: "Descanso garantizado",
          text: "Avisos de ruido entre habitaciones antes de que llegue la queja a recepción.",
        },
        { icon: "flame", title: "Humo y tabaco", text: "Detección de tabaco en habitaciones de no fumadores y de humo o CO." },
        { icon: "user-check", title: "Personal y turnos", text: "Accesos y horarios del personal registrados automáticamente." },
      ],
    },
    {
      type: "features",
      heading: "Escala con tu establecimiento",
      columns: 3,
      items: [
        {
          icon: "hotel",
          title: "De 10 a 50 habitaciones",
          text: "Hoteles boutique y aparthoteles: puesta en marcha rápida y panel único.",
        },
        {
          icon: "building",
          title: "De 50 a 200 habitaciones",
          text: "Roles por departamento, informes por planta e integración con tu PMS.",
        },
        {
          icon: "network",
          title: "Grandes cadenas",
          text: "Varios establecimientos, API completa e integración con RMS, CRM y ERP corporativos.",
        },
      ],
    },
    {
      type: "features",
      heading: "Integrado con tus sistemas",
      intro: "Los datos del NS-01 llegan a las herramientas que tu equipo ya utiliza.",
      columns: 4,
      items: [
        { icon: "layers", title: "PMS", text: "Estado de habitaciones, llegadas y salidas sincronizados." },
        { icon: "chart", title: "RMS", text: "Señales de demanda y ocupación real para tu estrategia de precios." },
        { icon: "heart", title: "CRM", text: "Preferencias y consumo de cada cliente para fidelizarlo." },
        { icon: "receipt", title: "ERP", text: "Consumos y cobros volcados a tu contabilidad." },
      ],
    },
    {
      type: "cases",
      heading: "Casos reales",
      vertical: "hoteles",
      limit: 1,
    },
    {
      type: "cta",
      heading: "Hablemos de tu hotel",
      text: "Preparamos una demostración con el número de habitaciones y los sistemas que utilizas.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver integraciones", href: "/guia-integracion" },
      ],
    },
  ],
};
