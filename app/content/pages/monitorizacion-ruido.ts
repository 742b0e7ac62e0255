import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const monitorizacionRuidoPage: MarketingPage = {
  path: "/monitorizacion-ruido",
  source: "monitorizacion-ruido-cta",
  breadcrumb: "Monitorización de ruido",
  seo: {
    title: "Monitorización de ruido en tiempo real para alojamientos | NidoSmart",
    description:
      "Mide el ruido sin grabar conversaciones, con umbrales por franja horaria y avisos al huésped y al propietario. Un 95 % menos de incidencias vecinales.",
    keywords: [
      "monitorización de ruido",
      "control de ruido apartamentos",
      "sonómetro alquiler vacacional",
      "quejas vecinos piso turístico",
    ],
  },
  h1: "Monitorización de ruido que evita la queja antes de que ocurra",
  sections: [
    {
      type: "hero",
      eyebrow: "Monitorización",
      lead: "El NS-01 mide el nivel sonoro de tu alojamiento las 24 horas y avisa al huésped en cuanto se pasa del límite. Tú recibes la alerta con el historial y decides si hace falta actuar.",
      highlights: ["95 % menos incidencias vecinales", "0 sanciones", "Sin grabar audio"],
      image: images.noise,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo", href: "/ns-01" },
      ],
    },
    {
      type: "features",
      heading: "Qué hace la monitorización de ruido",
      columns: 3,
      items: [
        { icon: "gauge", title: "Medición continua", text: "Nivel sonoro en decibelios, segundo a segundo, con LAeq y Lmax." },
        {
          icon: "moon",
          title: "Umbrales por franja",
          text: "Límites distintos para el día, la tarde y la noche, calibrados para cada alojamiento.",
        },
        {
          icon: "bell",
          title: "Avisos escalonados",
          text: "Primero un mensaje amable al huésped; si el ruido sigue, alerta a ti o a tu equipo.",
        },
        {
          icon: "mic-off",
          title: "Privacidad total",
          text: "Mide decibelios, no palabras. Nunca se graba ni se transmite audio.",
        },
        {
          icon: "file-text",
          title: "Informes certificados",
          text: "Historial inalterable exportable en PDF o CSV para tu comunidad o la administración.",
        },
        {
          icon: "layers",
          title: "Todas tus propiedades",
          text: "Un panel para ver el ruido de todos tus alojamientos de un vistazo.",
        },
      ],
    },
    {
      type: "benefits",
      heading: "Por qué te conviene",
      image: images.dashboard,
      items: [
        {
          title: "Convivencia vecinal",
          text: "Los vecinos dejan de sufrir fiestas y tú dejas de recibir llamadas de la comunidad.",
        },
        { title: "Licencia protegida", text: "Evitas expedientes y multas que, según la normativa, pueden llegar a 30.000 €." },
        { title: "Mejores huéspedes", text: "Las normas se cumplen solas y las reseñas negativas por ruido desaparecen." },
        { title: "Pruebas objetivas", text: "Si hay una reclamación, tienes datos certificados para demostrar lo que ocurrió." },
      ],
    },
    {
      type: "demo",
      heading: "Comprueba cómo sonaría tu alojamiento",
      text: "Déjanos tus datos y un especialista te enseña en directo el panel de ruido con umbrales adaptados a la normativa de tu ciudad.",
      points: [
        "Revisión de la normativa de ruido de tu municipio",
        "Propuesta de umbrales para día, tarde y noche",
        "Demostración del aviso al huésped",
        "Sin compromiso de contratación",
      ],
      action: { kind: "demo", label: "Quiero mi demostración", dialogTitle: "Demostración de monitorización de ruido" },
      // Spec §2: this page embeds the lead form in the page itself.
      embedForm: true,
    },
    {
      type: "cta",
      heading: "Duerme tranquilo aunque tus huéspedes no lo hagan",
      text: "Dispositivo a 0 € + 15 € de envío. Servicio completo por 29 €/mes, sin permanencia.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Guía de normativa de ruido", href: "/apartamentos-turisticos-ruido" },
      ],
    },
  ],
};
