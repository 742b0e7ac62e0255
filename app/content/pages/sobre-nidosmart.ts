import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

// Company history from spec §1: origin 2022, first commercial version 2023, seven
// co-founders, values innovation, quality and trust.
export const sobreNidosmartPage: MarketingPage = {
  path: "/sobre-nidosmart",
  source: "sobre-nidosmart-cta",
  breadcrumb: "Sobre nosotros",
  seo: {
    title: "Sobre NidoSmart: quiénes somos y por qué lo hacemos",
    description:
      "NidoSmart nació en 2022 para que el alquiler turístico y la convivencia vecinal sean compatibles. Siete cofundadores, un dispositivo 100 % fabricado en España.",
    keywords: ["sobre NidoSmart", "empresa tecnología alquiler vacacional", "startup española proptech", "equipo NidoSmart"],
  },
  h1: "Sobre NidoSmart",
  sections: [
    {
      type: "hero",
      eyebrow: "Quiénes somos",
      lead: "Creemos que el alquiler turístico y una buena convivencia con los vecinos pueden ir de la mano. Para eso diseñamos y fabricamos en España un dispositivo que cuida cada alojamiento sin vigilar a nadie.",
      highlights: ["Desde 2022", "Siete cofundadores", "100 % fabricado en España"],
      image: images.team,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Contactar", href: "/contacto" },
      ],
    },
    {
      type: "prose",
      heading: "Nuestra historia",
      paragraphs: [
        "NidoSmart empezó en 2022, cuando un grupo de propietarios e ingenieros se cansó de enterarse de los problemas de sus apartamentos por las quejas de los vecinos. Buscaban algo que avisara a tiempo sin poner cámaras ni micrófonos en casa de sus huéspedes, y no lo encontraron.",
        "En 2023 lanzamos la primera versión comercial del NS-01. Desde entonces hemos sumado monitorización de aforo, alarma, WiFi, cobros y más de 40 servicios, siempre con la misma idea: un solo dispositivo, un solo panel y una cuota sin permanencia.",
      ],
    },
    {
      type: "timeline",
      heading: "Hitos",
      items: [
        {
          year: "2022",
          title: "El origen",
          text: "Siete cofundadores unen experiencia en alquiler turístico, electrónica y software.",
        },
        {
          year: "2023",
          title: "Primera versión comercial",
          text: "El NS-01 llega a los primeros apartamentos turísticos con monitorización de ruido y aforo.",
        },
        {
          year: "Hoy",
          title: "Más de 500 propiedades",
          text: "Apartamentos, hoteles, colivings y promociones en toda España confían en NidoSmart.",
        },
      ],
    },
    {
      type: "features",
      heading: "Nuestros valores",
      columns: 3,
      items: [
        {
          icon: "lightbulb",
          title: "Innovación",
          text: "Resolvemos problemas reales del alquiler turístico con tecnología sencilla de usar.",
        },
        {
          icon: "award",
          title: "Calidad",
          text: "Diseñamos y fabricamos en España y probamos cada dispositivo antes de enviarlo.",
        },
        { icon: "handshake", title: "Confianza", text: "Sin permanencia, sin letra pequeña y sin grabar a nadie." },
      ],
    },
    {
      type: "stats",
      heading: "NidoSmart en cifras",
      items: [
        { value: "7", label: "cofundadores" },
        { value: "500+", label: "propiedades protegidas" },
        { value: "95 %", label: "menos incidencias vecinales" },
        { value: "100 %", label: "fabricado en España" },
      ],
    },
    {
      type: "cta",
      heading: "¿Hablamos?",
      text: "Cuéntanos tu caso y te enseñamos cómo trabajamos.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Para empresas", href: "/empresa" },
      ],
    },
  ],
};
