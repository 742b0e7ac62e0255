import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const alarmaBasicaPage: MarketingPage = {
  path: "/alarma-basica",
  source: "alarma-basica-cta",
  breadcrumb: "Alarma básica",
  seo: {
    title: "Alarma básica con sirena de 120 dB para viviendas turísticas | NidoSmart",
    description:
      "Alarma integrada en el NS-01: detección, notificación al móvil y sirena de 120 dB. Se configura en 5 minutos y está incluida en la suscripción.",
    keywords: ["alarma apartamento turístico", "alarma sin cuotas extra", "sirena 120 dB", "seguridad vivienda vacacional"],
  },
  h1: "Alarma básica incluida: detecta, avisa y actúa",
  sections: [
    {
      type: "hero",
      eyebrow: "Seguridad",
      lead: "Protege el alojamiento entre reservas sin contratar otra alarma. El NS-01 detecta la intrusión, te avisa al instante y hace sonar una sirena de 120 dB.",
      highlights: ["Sirena de 120 dB", "Configuración en 5 minutos", "Incluida en los 29 €/mes"],
      image: images.alarm,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Antiokupación avanzada", href: "/antiokupacion-apartamento-turistico" },
      ],
    },
    {
      type: "steps",
      heading: "Cómo funciona",
      intro: "Tres pasos, de la detección a la acción, en cuestión de segundos.",
      items: [
        { title: "Detección", text: "Con la alarma armada, el sensor de presencia detecta movimiento en el alojamiento vacío." },
        { title: "Notificación", text: "Recibes al instante una alerta en el móvil con la hora y el tipo de evento." },
        { title: "Acción", text: "Suena la sirena de 120 dB y decides desde el móvil si avisas a la policía o a tu equipo." },
      ],
    },
    {
      type: "features",
      heading: "Todo lo que incluye",
      columns: 3,
      items: [
        { icon: "alarm", title: "Sirena de 120 dB", text: "Suficiente para disuadir a cualquier intruso y alertar al edificio." },
        { icon: "calendar", title: "Armado automático", text: "Se arma sola entre reservas según tu calendario." },
        {
          icon: "smartphone",
          title: "Control desde el móvil",
          text: "Arma, desarma y silencia la alarma desde cualquier lugar.",
        },
        { icon: "user-check", title: "Accesos del personal", text: "La limpieza entra con su código y no dispara la alarma." },
        {
          icon: "clock",
          title: "Lista en 5 minutos",
          text: "Sin cableado adicional ni instaladores: se configura desde la plataforma.",
        },
        {
          icon: "file-text",
          title: "Registro de eventos",
          text: "Cada activación queda registrada con fecha y hora para tu seguro.",
        },
      ],
    },
    {
      type: "cta",
      heading: "Seguridad sin otra cuota mensual",
      text: "La alarma básica está incluida en la suscripción de 29 €/mes, junto a más de 40 servicios.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo", href: "/ns-01" },
      ],
    },
  ],
};
