import { images } from "#app/content/images.ts";
import type { CityKey } from "#app/content/cases.ts";
import type { FaqItem, FeatureItem, ImageAsset, MarketingPage, Section, StatItem, Testimonial } from "#app/content/types.ts";

// City landing pages (spec §2 "City landing pages"). Stats, limits, fines and the
// structured-data price ranges are the spec's; Barcelona has no published price range, so
// its structured data carries none rather than an invented one.

export type PriceRange = { minEur: number; maxEur: number };

export type City = {
  key: CityKey;
  name: string;
  path: string;
  /** Demo-dialog source tag (spec §9). */
  source: string;
  region: string;
  seo: MarketingPage["seo"];
  h1: string;
  lead: string;
  image: ImageAsset;
  stats: StatItem[];
  features: FeatureItem[];
  regulation: { heading: string; paragraphs: string[] };
  areasHeading: string;
  areas: string[];
  testimonial: Testimonial;
  faq: FaqItem[];
  /** Barcelona and Sevilla embed their success case (spec §2). */
  showCase: boolean;
  priceRanges?: { noise: PriceRange; wifi: PriceRange };
};

export const cities: City[] = [
  {
    key: "madrid",
    name: "Madrid",
    path: "/apartamentos-turisticos-madrid",
    source: "apartamentos-turisticos-madrid",
    region: "Comunidad de Madrid",
    seo: {
      title: "Sensores para apartamentos turísticos en Madrid | NidoSmart",
      description:
        "Control de ruido y aforo para pisos turísticos en Madrid con los límites de la ordenanza: 35 dB(A) de día y 30 dB(A) de noche. Un 95 % menos de quejas vecinales.",
      keywords: ["apartamentos turísticos Madrid", "sensor ruido Madrid", "pisos turísticos Madrid normativa", "VUT Madrid"],
    },
    h1: "Apartamentos turísticos en Madrid sin quejas vecinales",
    lead: "En Madrid la convivencia decide el futuro de tu vivienda de uso turístico. NidoSmart mide el ruido y el aforo de tu piso y avisa al huésped antes de que el vecino llame al administrador.",
    image: images.madrid,
    stats: [
      { value: "1.200+", label: "apartamentos turísticos" },
      { value: "95 %", label: "menos quejas vecinales" },
      { value: "40 %", label: "de ahorro en gestión" },
      { value: "150+", label: "propietarios" },
    ],
    features: [
      {
        icon: "volume",
        title: "Límites de la ordenanza",
        text: "Umbrales configurados con los 35 dB(A) diurnos y 30 dB(A) nocturnos de referencia en Madrid.",
      },
      { icon: "users", title: "Aforo de la licencia", text: "Aviso cuando entran más personas de las plazas declaradas." },
      { icon: "file-check", title: "Registro de viajeros", text: "Check-in digital y exportación del parte a la policía." },
    ],
    regulation: {
      heading: "Normativa de ruido en Madrid",
      paragraphs: [
        "La Ley 37/2003 del Ruido fija el marco estatal y la ordenanza municipal de Madrid concreta los límites. Como referencia, en el interior de las viviendas se aplican 35 dB(A) de día y 30 dB(A) de noche.",
        "Las infracciones graves pueden acarrear multas de hasta 30.000 €, y las quejas reiteradas de la comunidad pueden complicar la continuidad de la actividad turística.",
      ],
    },
    areasHeading: "Distritos donde trabajamos",
    areas: ["Centro", "Salamanca", "Chamberí", "Retiro", "Arganzuela", "Chamartín", "Moncloa-Aravaca", "Tetuán"],
    testimonial: {
      quote:
        "Mi piso en Lavapiés era el de las quejas del edificio. Desde que el aviso llega al huésped a los cinco minutos, el administrador no ha vuelto a llamarme.",
      author: "Álvaro P.",
      role: "Propietario de un apartamento turístico en Centro",
    },
    faq: [
      {
        question: "¿Qué límites de ruido se aplican a un piso turístico en Madrid?",
        answer:
          "Como referencia, 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas, según la ordenanza municipal que desarrolla la Ley 37/2003 del Ruido.",
      },
      {
        question: "¿Cuánto puede costar una multa por ruido en Madrid?",
        answer:
          "Las infracciones graves en materia de ruido pueden llegar a 30.000 €, además del riesgo para la continuidad de la actividad.",
      },
      {
        question: "¿Dais servicio en toda la ciudad?",
        answer:
          "Sí. Trabajamos en todos los distritos de Madrid, con especial presencia en Centro, Salamanca, Chamberí y Retiro. El dispositivo llega en 24-48 horas.",
      },
      {
        question: "¿Cuánto cuesta NidoSmart en Madrid?",
        answer:
          "Lo mismo que en el resto de España: dispositivo a 0 € más 15 € de envío y 29 €/mes por el servicio, sin permanencia.",
      },
    ],
    showCase: false,
    priceRanges: { noise: { minEur: 49, maxEur: 129 }, wifi: { minEur: 29, maxEur: 79 } },
  },
  {
    key: "barcelona",
    name: "Barcelona",
    path: "/apartamentos-turisticos-barcelona",
    source: "apartamentos-turisticos-barcelona",
    region: "Cataluña",
    seo: {
      title: "Cumplimiento normativo para pisos turísticos en Barcelona | NidoSmart",
      description:
        "Protege tu HUT en Barcelona: ruido dentro de 55 dB(A) de día y 45 dB(A) de noche, aforo verificado y pruebas certificadas frente a multas de hasta 90.000 €.",
      keywords: [
        "pisos turísticos Barcelona",
        "HUT Barcelona normativa",
        "sensor ruido Barcelona",
        "multas apartamentos turísticos Barcelona",
      ],
    },
    h1: "Pisos turísticos en Barcelona: cumple la normativa con datos",
    lead: "Barcelona es una de las ciudades más exigentes con el alquiler turístico. NidoSmart te ayuda a demostrar que tu vivienda respeta los límites de ruido y aforo, todos los días.",
    image: images.barcelona,
    stats: [
      { value: "9.500+", label: "apartamentos turísticos" },
      { value: "98 %", label: "de cumplimiento normativo" },
      { value: "45 %", label: "menos incidencias" },
      { value: "200+", label: "propietarios" },
    ],
    features: [
      {
        icon: "scale",
        title: "Pruebas ante la administración",
        text: "Informes certificados para responder a inspecciones y quejas formales.",
      },
      {
        icon: "volume",
        title: "Límites de la ordenanza",
        text: "Umbrales de 55 dB(A) de día y 45 dB(A) de noche, ajustables por zona.",
      },
      { icon: "users", title: "Plazas de la licencia", text: "Aforo de cada reserva comparado con las plazas autorizadas." },
    ],
    regulation: {
      heading: "Normativa en Barcelona",
      paragraphs: [
        "Además de la Ley 37/2003 del Ruido, la ordenanza de medio ambiente de Barcelona fija límites de referencia de 55 dB(A) de día y 45 dB(A) de noche.",
        "Las multas por incumplir la normativa de viviendas de uso turístico pueden llegar a 90.000 €, por lo que contar con datos objetivos de cada estancia marca la diferencia.",
      ],
    },
    areasHeading: "Distritos donde trabajamos",
    areas: [
      "Ciutat Vella",
      "Eixample",
      "Gràcia",
      "Sants-Montjuïc",
      "Sant Martí",
      "Les Corts",
      "Sarrià-Sant Gervasi",
      "Horta-Guinardó",
    ],
    testimonial: {
      quote:
        "Cuando la comunidad presentó una queja formal, respondimos con tres meses de informes certificados. El expediente no llegó a abrirse.",
      author: "Marta S.",
      role: "Gestora de viviendas turísticas en el Eixample",
    },
    faq: [
      {
        question: "¿Qué multas hay en Barcelona para los pisos turísticos?",
        answer:
          "Las sanciones por incumplir la normativa de viviendas de uso turístico pueden llegar a 90.000 €. En materia de ruido, las infracciones graves alcanzan los 30.000 €.",
      },
      {
        question: "¿Qué límites de ruido configuráis en Barcelona?",
        answer:
          "Partimos de los valores de referencia de la ordenanza: 55 dB(A) de día y 45 dB(A) de noche, y los ajustamos a la zona y al edificio.",
      },
      {
        question: "¿Sirven los informes de NidoSmart ante una inspección?",
        answer:
          "Los registros son datos certificados e inalterables, con fecha y hora, exportables en PDF. Son una prueba objetiva de lo ocurrido en cada estancia.",
      },
      {
        question: "¿Cuánto cuesta NidoSmart en Barcelona?",
        answer: "Dispositivo a 0 € más 15 € de envío y 29 €/mes por el servicio, sin permanencia.",
      },
    ],
    showCase: true,
  },
  {
    key: "sevilla",
    name: "Sevilla",
    path: "/apartamentos-turisticos-sevilla",
    source: "apartamentos-turisticos-sevilla",
    region: "Andalucía",
    seo: {
      title: "Gestión eficiente de apartamentos turísticos en Sevilla | NidoSmart",
      description:
        "Sensores de ruido y aforo para viviendas turísticas en Sevilla con los límites andaluces de 35 dB(A) de día y 30 dB(A) de noche. Un 92 % de satisfacción.",
      keywords: ["apartamentos turísticos Sevilla", "vivienda turística Sevilla", "ruido Casco Antiguo Sevilla", "VFT Andalucía"],
    },
    h1: "Apartamentos turísticos en Sevilla, gestionados con eficiencia",
    lead: "Del Casco Antiguo a Triana, Sevilla vive del turismo y de la convivencia entre vecinos y visitantes. NidoSmart cuida las dos cosas y te ahorra horas de gestión.",
    image: images.sevilla,
    stats: [
      { value: "6.200+", label: "apartamentos turísticos" },
      { value: "92 %", label: "de satisfacción" },
      { value: "35 %", label: "más eficiencia" },
      { value: "24/7", label: "monitorización" },
    ],
    features: [
      {
        icon: "volume",
        title: "Normativa andaluza",
        text: "Umbrales de 35 dB(A) de día y 30 dB(A) de noche, de referencia en Andalucía.",
      },
      {
        icon: "snowflake",
        title: "Climatización bajo control",
        text: "Aire acondicionado en remoto para los veranos sevillanos, sin derroche.",
      },
      {
        icon: "calendar",
        title: "Temporada alta sin sustos",
        text: "Semana Santa y Feria con avisos automáticos de ruido y aforo.",
      },
    ],
    regulation: {
      heading: "Normativa de ruido en Andalucía",
      paragraphs: [
        "La Ley 37/2003 del Ruido y el reglamento andaluz de protección contra la contaminación acústica fijan como referencia 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas.",
        "Las infracciones graves pueden suponer multas de hasta 30.000 €. En barrios con mucha densidad de viviendas turísticas, prevenir es la mejor defensa.",
      ],
    },
    areasHeading: "Distritos donde trabajamos",
    areas: [
      "Casco Antiguo",
      "Triana",
      "Nervión",
      "Macarena",
      "Los Remedios",
      "Sur",
      "Bellavista-La Palmera",
      "San Pablo-Santa Justa",
    ],
    testimonial: {
      quote:
        "En Feria teníamos a alguien de guardia toda la semana. Este año los avisos los gestionó el sistema y solo tuvimos que intervenir una vez.",
      author: "Manuel L.",
      role: "Gestor de apartamentos turísticos en Triana",
    },
    faq: [
      {
        question: "¿Qué límites de ruido se aplican en Sevilla?",
        answer:
          "Como referencia en Andalucía, 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas, según la Ley 37/2003 y el reglamento autonómico.",
      },
      {
        question: "¿Me ayuda con el calor y el consumo en verano?",
        answer:
          "Sí. El control remoto del aire acondicionado y la detección de estancias vacías permiten hasta un 58 % de ahorro energético.",
      },
      {
        question: "¿Funciona en edificios antiguos del Casco Antiguo?",
        answer:
          "Sí. El NS-01 se instala en 10-15 minutos con dos tacos en la pared, sin obras, y se conecta a un enchufe con su cable de 2 metros.",
      },
      {
        question: "¿Cuánto cuesta NidoSmart en Sevilla?",
        answer: "Dispositivo a 0 € más 15 € de envío y 29 €/mes por el servicio, sin permanencia.",
      },
    ],
    showCase: true,
    priceRanges: { noise: { minEur: 45, maxEur: 119 }, wifi: { minEur: 25, maxEur: 69 } },
  },
  {
    key: "malaga",
    name: "Málaga",
    path: "/apartamentos-turisticos-malaga",
    source: "apartamentos-turisticos-malaga",
    region: "Andalucía",
    seo: {
      title: "Apartamentos turísticos en Málaga y la Costa del Sol | NidoSmart",
      description:
        "Control de ruido, aforo y consumo para apartamentos turísticos en Málaga, Marbella, Fuengirola y toda la Costa del Sol, con un 89 % de ocupación media anual.",
      keywords: [
        "apartamentos turísticos Málaga",
        "vivienda turística Costa del Sol",
        "sensor ruido Marbella",
        "alquiler vacacional Málaga",
      ],
    },
    h1: "Apartamentos turísticos en Málaga y la Costa del Sol",
    lead: "Con más de 12.600 apartamentos turísticos en la Costa del Sol y ocupación casi todo el año, en Málaga no hay temporada baja para los problemas. Tampoco para NidoSmart.",
    image: images.malaga,
    stats: [
      { value: "12.600+", label: "apartamentos turísticos en la Costa del Sol" },
      { value: "89 %", label: "de ocupación media anual" },
      { value: "24/7", label: "monitorización" },
      { value: "hasta 58 %", label: "de ahorro energético" },
    ],
    features: [
      {
        icon: "map-pin",
        title: "Toda la costa",
        text: "Del centro de Málaga a Estepona, un solo panel para todos tus apartamentos.",
      },
      {
        icon: "droplets",
        title: "Humedad y clima",
        text: "Alertas de humedad y control del aire acondicionado en apartamentos de playa.",
      },
      {
        icon: "shield-house",
        title: "Segundas residencias",
        text: "Protección antiokupación cuando el apartamento queda vacío entre temporadas.",
      },
    ],
    regulation: {
      heading: "Normativa de ruido en Andalucía",
      paragraphs: [
        "En Málaga y el resto de la Costa del Sol se aplican la Ley 37/2003 del Ruido y el reglamento andaluz, con límites de referencia de 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas.",
        "Las infracciones graves pueden suponer multas de hasta 30.000 €. Con una ocupación media del 89 %, mantener la convivencia es un trabajo de todo el año.",
      ],
    },
    areasHeading: "Zonas de cobertura",
    areas: ["Centro Málaga", "La Malagueta", "Marbella", "Fuengirola", "Torremolinos", "Benalmádena", "Nerja", "Estepona"],
    testimonial: {
      quote:
        "Tengo apartamentos en Torremolinos y Benalmádena y no vivo en ninguno de los dos sitios. Ahora sé lo que pasa en cada uno sin coger el coche.",
      author: "Elena V.",
      role: "Propietaria de cuatro apartamentos en la Costa del Sol",
    },
    faq: [
      {
        question: "¿Cubrís toda la Costa del Sol?",
        answer:
          "Sí: Centro Málaga, La Malagueta, Marbella, Fuengirola, Torremolinos, Benalmádena, Nerja y Estepona, entre otras zonas. El dispositivo llega en 24-48 horas.",
      },
      {
        question: "¿Qué límites de ruido se aplican en Málaga?",
        answer: "Como referencia en Andalucía, 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas.",
      },
      {
        question: "¿Puedo proteger el apartamento cuando no lo alquilo?",
        answer:
          "Sí. La alarma con sirena de 120 dB y el sistema antiokupación, que aprende la actividad normal en 72 horas, vigilan el apartamento vacío.",
      },
      {
        question: "¿Cuánto cuesta NidoSmart en Málaga?",
        answer: "Dispositivo a 0 € más 15 € de envío y 29 €/mes por el servicio, sin permanencia.",
      },
    ],
    showCase: false,
    priceRanges: { noise: { minEur: 55, maxEur: 139 }, wifi: { minEur: 35, maxEur: 89 } },
  },
];

export function getCityByPath(path: string): City | undefined {
  return cities.find((city) => city.path === path);
}

/** The page sections of a city landing page, in display order. */
export function cityMarketingPage(city: City): MarketingPage {
  const otherCities = cities.filter((other) => other.key !== city.key);
  const sections: Section[] = [
    {
      type: "hero",
      eyebrow: `Apartamentos turísticos · ${city.name}`,
      lead: city.lead,
      highlights: ["Dispositivo a 0 € + 15 € de envío", "29 €/mes sin permanencia", "Sin cámaras ni micrófonos"],
      image: city.image,
      actions: [
        { kind: "demo", label: "Solicitar demo", dialogTitle: `Solicitar demo en ${city.name}` },
        { kind: "link", label: "Ver el dispositivo", href: "/ns-01" },
      ],
    },
    { type: "stats", heading: `${city.name} en cifras`, items: city.stats },
    { type: "features", heading: `Pensado para ${city.name}`, columns: 3, items: city.features },
    { type: "prose", heading: city.regulation.heading, paragraphs: city.regulation.paragraphs },
    { type: "chips", heading: city.areasHeading, items: city.areas },
    { type: "testimonial", heading: `Propietarios en ${city.name}`, testimonial: city.testimonial },
    ...(city.showCase ? [{ type: "cases" as const, heading: "Casos reales", city: city.key, limit: 1 }] : []),
    {
      type: "links",
      heading: "Compara con otras ciudades",
      items: otherCities.map((other) => ({
        href: other.path,
        title: other.name,
        text: `${other.stats[0].value} ${other.stats[0].label}`,
        icon: "map-pin" as const,
      })),
    },
    { type: "faq", heading: `Preguntas frecuentes en ${city.name}`, items: city.faq },
    {
      type: "cta",
      heading: `Empieza hoy en ${city.name}`,
      text: "Te enseñamos la plataforma con los umbrales de tu ciudad y resolvemos tus dudas sin compromiso.",
      actions: [
        { kind: "demo", label: "Solicitar demo", dialogTitle: `Solicitar demo en ${city.name}` },
        { kind: "link", label: "Comparar precios", href: "/comparador" },
      ],
    },
  ];
  return {
    path: city.path,
    source: city.source,
    breadcrumb: city.name,
    seo: city.seo,
    h1: city.h1,
    sections,
  };
}
