import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const ruidoGuiaPage: MarketingPage = {
  path: "/apartamentos-turisticos-ruido",
  source: "apartamentos-turisticos-ruido-cta",
  breadcrumb: "Normativa de ruido",
  seo: {
    title: "Ruido en apartamentos turísticos: normativa, límites y multas",
    description:
      "Guía sobre el ruido en viviendas turísticas: Ley 37/2003, límites en dB(A) de Madrid, Barcelona y Andalucía, multas de hasta 30.000 € y cinco consejos para evitar quejas.",
    keywords: [
      "ruido apartamentos turísticos",
      "normativa ruido vivienda turística",
      "límites decibelios Madrid",
      "multa ruido piso turístico",
      "Ley 37/2003",
    ],
  },
  h1: "Ruido en apartamentos turísticos: normativa y cómo evitar quejas",
  sections: [
    {
      type: "hero",
      eyebrow: "Guía de normativa",
      lead: "Qué dice la ley, qué límites se aplican en tu ciudad y qué puedes hacer para que el ruido no ponga en riesgo tu licencia ni tu relación con los vecinos.",
      highlights: ["Ley 37/2003 del Ruido", "Multas de hasta 30.000 €", "Cinco consejos prácticos"],
      image: images.noise,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el sensor de ruido", href: "/sensor-ruido-apartamentos-turisticos" },
      ],
    },
    {
      type: "features",
      heading: "Los problemas más habituales",
      columns: 3,
      items: [
        { icon: "users", title: "Fiestas no autorizadas", text: "Grupos que reservan para pocos y se presentan muchos." },
        {
          icon: "moon",
          title: "Horarios distintos",
          text: "Turistas que llegan o cenan tarde en edificios donde los vecinos madrugan.",
        },
        { icon: "building", title: "Zonas comunes", text: "Maletas, portazos y conversaciones en escaleras y rellanos." },
        {
          icon: "scale",
          title: "Denuncias vecinales",
          text: "Quejas que acaban en expedientes municipales y en la junta de la comunidad.",
        },
        { icon: "star", title: "Malas reseñas", text: "Huéspedes molestos por el ruido de otros alojamientos del edificio." },
        {
          icon: "clock",
          title: "Reacción tardía",
          text: "El propietario se entera horas después, cuando ya no puede hacer nada.",
        },
      ],
    },
    {
      type: "table",
      heading: "Límites de ruido de referencia",
      intro:
        "La Ley 37/2003 del Ruido fija el marco estatal y cada comunidad autónoma y ayuntamiento concreta los valores. Estos son ejemplos de límites diurnos y nocturnos que conviene conocer.",
      caption: "Ejemplos de límites de ruido en dB(A) por territorio",
      columns: ["Territorio", "Día", "Noche", "Referencia"],
      rows: [
        ["Madrid", "35 dB(A)", "30 dB(A)", "Ordenanza municipal de protección contra la contaminación acústica"],
        ["Barcelona", "55 dB(A)", "45 dB(A)", "Ordenanza de medio ambiente de Barcelona"],
        ["Andalucía", "35 dB(A)", "30 dB(A)", "Reglamento autonómico de protección contra la contaminación acústica"],
      ],
      note: "Valores orientativos. Los límites exactos dependen de la zona, el tipo de recinto y la franja horaria: consulta siempre la ordenanza vigente de tu municipio. Las sanciones por infracciones graves pueden alcanzar los 30.000 €.",
    },
    {
      type: "steps",
      heading: "Cinco consejos para evitar quejas por ruido",
      items: [
        {
          title: "Normas claras desde la reserva",
          text: "Incluye el horario de descanso en el anuncio, en la confirmación y en un cartel visible en el apartamento.",
        },
        {
          title: "Presenta el alojamiento a los vecinos",
          text: "Un teléfono de contacto directo hace que te llamen a ti antes que a la policía.",
        },
        {
          title: "Mide en lugar de suponer",
          text: "Un sensor de decibelios te dice qué pasa de verdad y a qué hora, sin grabar a nadie.",
        },
        {
          title: "Avisa pronto y con amabilidad",
          text: "Un aviso a los cinco minutos funciona mejor que una llamada tensa a la hora.",
        },
        {
          title: "Vigila el aforo",
          text: "La mayoría de los problemas de ruido empiezan cuando entran más personas de las reservadas.",
        },
      ],
    },
    {
      type: "features",
      heading: "Cómo te ayuda NidoSmart",
      columns: 3,
      items: [
        {
          icon: "gauge",
          title: "Umbrales según tu ordenanza",
          text: "Configura día y noche con los valores de tu municipio.",
          href: "/monitorizacion-ruido",
        },
        {
          icon: "bell",
          title: "Aviso automático al huésped",
          text: "El huésped sabe que se ha pasado antes de que llegue la queja.",
        },
        {
          icon: "file-text",
          title: "Pruebas certificadas",
          text: "Historial inalterable para la comunidad o la administración.",
        },
      ],
    },
    {
      type: "cta",
      heading: "Cumple la normativa sin vigilar a nadie",
      text: "Un 95 % menos de incidencias vecinales y 0 sanciones entre nuestros clientes.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Monitorización de ruido", href: "/monitorizacion-ruido" },
      ],
    },
  ],
};
