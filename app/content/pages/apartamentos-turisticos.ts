import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const apartamentosTuristicosPage: MarketingPage = {
  path: "/apartamentos-turisticos",
  source: "apartamentos-turisticos-cta",
  breadcrumb: "Apartamentos turísticos",
  seo: {
    title: "Solución para apartamentos turísticos: ruido, aforo y gestión | NidoSmart",
    description:
      "Gestiona tus apartamentos turísticos en remoto: control de ruido y aforo, check-in digital, WiFi y cobros. Un 25 % más de ingresos y un 80 % menos de incidencias.",
    keywords: [
      "software apartamentos turísticos",
      "gestión vivienda de uso turístico",
      "control ruido piso turístico",
      "check-in digital apartamentos",
    ],
  },
  h1: "La solución completa para apartamentos turísticos",
  sections: [
    {
      type: "hero",
      eyebrow: "Por sector",
      lead: "Desde un estudio en el centro hasta una cartera de cien pisos: NidoSmart vigila la convivencia, automatiza el registro de viajeros y te ayuda a ganar más con cada estancia.",
      highlights: ["+25 % de ingresos", "-80 % de incidencias", "Sin permanencia"],
      image: images.apartments,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo", href: "/ns-01" },
      ],
    },
    {
      type: "stats",
      heading: "Lo que consiguen nuestros clientes",
      items: [
        { value: "+25 %", label: "de ingresos" },
        { value: "-80 %", label: "de incidencias" },
        { value: "500+", label: "propiedades protegidas" },
        { value: "80 %", label: "menos gestión manual" },
      ],
    },
    {
      type: "features",
      heading: "Todo lo que necesita un apartamento turístico",
      columns: 3,
      items: [
        {
          icon: "volume",
          title: "Convivencia vecinal",
          text: "Avisos de ruido por franja horaria antes de que llegue la queja.",
          href: "/monitorizacion-ruido",
        },
        {
          icon: "users",
          title: "Aforo de la reserva",
          text: "Alerta si entran más personas de las reservadas.",
          href: "/aforo-real",
        },
        {
          icon: "file-check",
          title: "Registro de viajeros",
          text: "Enlace privado para que los huéspedes se registren y exportación del parte a la policía.",
        },
        { icon: "door", title: "Llegadas sin llaves", text: "Apertura remota de puerta, portero y garaje." },
        { icon: "wifi", title: "WiFi incluido", text: "Más de 100 Mbps para más de 50 dispositivos.", href: "/wifi" },
        {
          icon: "credit-card",
          title: "Fianzas y extras",
          text: "Cobros con tarjeta con un 1,8 % de comisión.",
          href: "/sistema-cobro",
        },
      ],
    },
    {
      type: "benefits",
      heading: "Por qué los propietarios eligen NidoSmart",
      image: images.dashboard,
      items: [
        {
          title: "Licencia protegida",
          text: "Cero sanciones por ruido entre nuestros clientes: las quejas se resuelven antes de ser denuncias.",
        },
        {
          title: "Gestión desde el móvil",
          text: "Un panel para todas tus propiedades, con roles para tu equipo de limpieza y mantenimiento.",
        },
        {
          title: "Ahorro real",
          text: "Hasta 36 € al mes frente a contratar dispositivo, internet, channel manager y partes por separado.",
        },
        { title: "Hecho en España", text: "Dispositivo fabricado al 100 % en España y soporte en tu idioma." },
      ],
    },
    {
      type: "cases",
      heading: "Casos reales",
      intro: "Propietarios y gestoras de apartamentos turísticos que ya trabajan con NidoSmart.",
      vertical: "apartamentos-turisticos",
      limit: 3,
    },
    {
      type: "links",
      heading: "Apartamentos turísticos por ciudad",
      items: [
        {
          href: "/apartamentos-turisticos-madrid",
          image: images.madrid,
          title: "Madrid",
          text: "Límites de 35 dB(A) de día y 30 dB(A) de noche.",
        },
        {
          href: "/apartamentos-turisticos-barcelona",
          image: images.barcelona,
          title: "Barcelona",
          text: "Multas de hasta 90.000 € por incumplir la normativa.",
        },
        {
          href: "/apartamentos-turisticos-sevilla",
          image: images.sevilla,
          title: "Sevilla",
          text: "Gestión eficiente del Casco Antiguo a Triana.",
        },
        {
          href: "/apartamentos-turisticos-malaga",
          image: images.malaga,
          title: "Málaga",
          text: "Más de 12.600 apartamentos turísticos en la Costa del Sol.",
        },
      ],
    },
    {
      type: "cta",
      heading: "Tus apartamentos, en piloto automático",
      text: "Dispositivo a 0 € + 15 € de envío y servicio por 29 €/mes. Te lo enseñamos en una demo.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Comparar precios", href: "/comparador" },
      ],
    },
  ],
};
