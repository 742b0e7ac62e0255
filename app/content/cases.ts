import type { ImageAsset, MarketingPage, Testimonial } from "#app/content/types.ts";

// Success cases (spec §3 "Success case"). Static data: the list, the detail pages, the
// "Casos reales" teasers and the sitemap all read from here.

export type CaseKpi = { label: string; value: string };

export type CaseStudy = {
  slug: string;
  title: string;
  /** Short <title> for search results; the full title is the page's h1. */
  seoTitle: string;
  vertical: SectorKey;
  city: CityKey;
  summary: string;
  heroKpis: CaseKpi[];
  challenge: string;
  approach: string[];
  results: string[];
  evidence: ImageAsset[];
  testimonial?: Testimonial;
  lastModified: string;
};

export const sectorOptions = [
  { key: "apartamentos-turisticos", label: "Apartamentos turísticos" },
  { key: "hoteles", label: "Hoteles" },
  { key: "coliving", label: "Coliving" },
  { key: "promocion-viviendas", label: "Promoción de viviendas" },
] as const;

export const cityOptions = [
  { key: "sevilla", label: "Sevilla" },
  { key: "madrid", label: "Madrid" },
  { key: "barcelona", label: "Barcelona" },
  { key: "malaga", label: "Málaga" },
] as const;

export type SectorKey = (typeof sectorOptions)[number]["key"];
export type CityKey = (typeof cityOptions)[number]["key"];

const evidence = (file: string, alt: string): ImageAsset => ({ src: `/images/cases/${file}`, alt, width: 600, height: 400 });

export const cases: CaseStudy[] = [
  {
    slug: "apartamentos-sol-sevilla",
    title: "Apartamentos Sol: doce apartamentos en el centro de Sevilla sin una sola queja",
    seoTitle: "Caso de éxito: Apartamentos Sol, doce pisos turísticos en Sevilla",
    vertical: "apartamentos-turisticos",
    city: "sevilla",
    summary:
      "Una gestora familiar con doce apartamentos en el Casco Antiguo acumulaba quejas de la comunidad cada fin de semana. Con NidoSmart las resolvió antes de que llegaran al administrador de la finca.",
    heroKpis: [
      { label: "Quejas vecinales", value: "-94 %" },
      { label: "Sanciones", value: "0" },
      { label: "Ingresos por reserva", value: "+18 %" },
      { label: "Tiempo de respuesta a incidencias", value: "5 min" },
    ],
    challenge:
      "Los apartamentos comparten edificio con vecinos de toda la vida. Las fiestas de algunos grupos durante la Feria y los fines de semana habían llevado a la comunidad a plantear la prohibición del uso turístico en la junta, y la gestora solo se enteraba de los problemas al día siguiente.",
    approach: [
      "Instalación de un NS-01 por apartamento en una sola mañana, sin obras.",
      "Umbrales de ruido calibrados por franja horaria según la normativa andaluza: 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas vecinas.",
      "Aviso automático al huésped a los pocos minutos de superar el umbral y alerta a la gestora si el ruido persistía.",
      "Control de aforo vinculado a cada reserva para detectar invitados de más.",
      "Informe mensual en PDF compartido con el presidente de la comunidad.",
    ],
    results: [
      "Las quejas vecinales bajaron un 94 % en el primer trimestre.",
      "Ninguna sanción desde la instalación y la propuesta de prohibición se retiró de la junta.",
      "Los ingresos por reserva crecieron un 18 % al vender salidas tardías y extras con el sistema de cobro.",
      "La gestora dejó de hacer guardias telefónicas los fines de semana.",
    ],
    evidence: [
      evidence(
        "apartamentos-sol-sevilla-ruido.svg",
        "Gráfico de quejas vecinales por mes: de 17 antes de la instalación a 1 en el tercer mes",
      ),
      evidence(
        "apartamentos-sol-sevilla-panel.svg",
        "Panel con los doce apartamentos de la gestora y su nivel de ruido en verde",
      ),
    ],
    testimonial: {
      quote:
        "Pasamos de temer cada junta de vecinos a enseñar el informe mensual con orgullo. El aviso llega al huésped antes de que nadie tenga que llamar a nadie.",
      author: "Rocío G.",
      role: "Directora de Apartamentos Sol",
    },
    lastModified: "2025-09-01",
  },
  {
    slug: "hotel-urbano-madrid",
    title: "Hotel urbano en Madrid: más RevPAR con datos reales de cada habitación",
    seoTitle: "Caso de éxito: hotel urbano en Madrid con un 15 % más de RevPAR",
    vertical: "hoteles",
    city: "madrid",
    summary:
      "Un hotel de 64 habitaciones en Chamberí conectó NidoSmart con su PMS para conocer la ocupación real, ajustar la climatización y afinar sus tarifas con la demanda de cada momento.",
    heroKpis: [
      { label: "RevPAR", value: "+15 %" },
      { label: "Tiempo de gestión", value: "-50 %" },
      { label: "Consumo energético", value: "-32 %" },
      { label: "Quejas por ruido", value: "-88 %" },
    ],
    challenge:
      "La recepción no sabía qué habitaciones estaban realmente vacías durante el día, la climatización funcionaba en habitaciones sin nadie y las tarifas se revisaban una vez al día con información de la víspera.",
    approach: [
      "Un NS-01 por habitación integrado con el PMS del hotel.",
      "Estimación de la demanda en intervalos de 15 minutos enviada al sistema de gestión de tarifas.",
      "Apagado automático del aire acondicionado en habitaciones vacías.",
      "Avisos de ruido entre habitaciones dirigidos a recepción en lugar de esperar a la queja.",
      "Registro automático de accesos y horarios del personal de pisos.",
    ],
    results: [
      "El RevPAR creció un 15 % en seis meses gracias a tarifas ajustadas con datos reales.",
      "El equipo dedica la mitad de tiempo a tareas de gestión y coordinación de pisos.",
      "El consumo energético bajó un 32 % con la climatización ligada a la ocupación real.",
      "Las quejas por ruido entre habitaciones cayeron un 88 %.",
    ],
    evidence: [
      evidence("hotel-urbano-madrid-revpar.svg", "Gráfico de RevPAR mensual con una subida del 15 % tras la instalación"),
      evidence("hotel-urbano-madrid-energia.svg", "Comparativa del consumo energético antes y después: un 32 % menos"),
    ],
    testimonial: {
      quote:
        "Por primera vez las tarifas se mueven con lo que pasa en el hotel y no con lo que pasó ayer. Y recepción ya no persigue al personal de pisos para saber qué habitación está lista.",
      author: "Javier M.",
      role: "Director del hotel",
    },
    lastModified: "2025-09-01",
  },
  {
    slug: "apartamentos-barcelona-centro",
    title: "Apartamentos en el centro de Barcelona: cumplimiento normativo sin sobresaltos",
    seoTitle: "Caso de éxito: 28 pisos turísticos en Barcelona sin expedientes",
    vertical: "apartamentos-turisticos",
    city: "barcelona",
    summary:
      "Una gestora con 28 viviendas de uso turístico en el Eixample y Ciutat Vella necesitaba demostrar el cumplimiento de la normativa ante el Ayuntamiento y las comunidades de vecinos.",
    heroKpis: [
      { label: "Cumplimiento normativo", value: "98 %" },
      { label: "Incidencias", value: "-45 %" },
      { label: "Expedientes abiertos", value: "0" },
      { label: "Aforo verificado", value: "100 % de las reservas" },
    ],
    challenge:
      "En Barcelona las multas por incumplir la normativa de viviendas de uso turístico llegan a 90.000 €. Dos comunidades habían presentado quejas formales y la gestora no tenía datos objetivos para responder.",
    approach: [
      "Instalación de NS-01 en las 28 viviendas en dos semanas.",
      "Umbrales de ruido según la ordenanza de Barcelona: 55 dB(A) de día y 45 dB(A) de noche.",
      "Verificación del aforo de cada reserva frente al número de plazas de la licencia.",
      "Registro digital de viajeros con exportación del parte a la policía.",
      "Informes certificados mensuales para cada comunidad de vecinos.",
    ],
    results: [
      "El 98 % de las estancias se mantuvo dentro de los límites de ruido y aforo.",
      "Las incidencias bajaron un 45 % en el primer semestre.",
      "Las dos quejas formales se cerraron con los informes certificados, sin expediente.",
      "El registro de viajeros pasó de papel a digital en todas las viviendas.",
    ],
    evidence: [
      evidence(
        "apartamentos-barcelona-centro-cumplimiento.svg",
        "Gráfico de cumplimiento normativo mensual: del 81 % antes de la instalación a más del 97 % después",
      ),
      evidence("apartamentos-barcelona-centro-incidencias.svg", "Gráfico de incidencias por mes con una reducción del 45 %"),
    ],
    lastModified: "2025-09-01",
  },
];

export function getCaseBySlug(slug: string | undefined): CaseStudy | undefined {
  return slug ? cases.find((candidate) => candidate.slug === slug) : undefined;
}

export function sectorLabel(key: string): string {
  return sectorOptions.find((option) => option.key === key)?.label ?? key;
}

export function cityLabel(key: string): string {
  return cityOptions.find((option) => option.key === key)?.label ?? key;
}

export function isSectorKey(value: string | null | undefined): value is SectorKey {
  return sectorOptions.some((option) => option.key === value);
}

export function isCityKey(value: string | null | undefined): value is CityKey {
  return cityOptions.some((option) => option.key === value);
}

export type CaseFilter = { vertical?: string | null; city?: string | null; limit?: number };

/**
 * Cases matching every given filter, in catalogue order. An absent, empty or "all" value
 * means "no filter on that field"; `limit` caps the result (no limit when omitted).
 */
export function filterCases({ vertical, city, limit }: CaseFilter = {}): CaseStudy[] {
  const wantVertical = vertical && vertical !== "all" ? vertical : undefined;
  const wantCity = city && city !== "all" ? city : undefined;
  const matching = cases.filter(
    (candidate) => (!wantVertical || candidate.vertical === wantVertical) && (!wantCity || candidate.city === wantCity),
  );
  return limit === undefined ? matching : matching.slice(0, Math.max(0, limit));
}

export function casePath(slug: string): string {
  return `/casos-exito/${slug}`;
}

/** Registry entry for a case detail page (SEO and text for the guest assistant). */
export function caseMarketingPage(caseStudy: CaseStudy): MarketingPage {
  return {
    path: casePath(caseStudy.slug),
    source: `caso-${caseStudy.slug}`,
    breadcrumb: caseStudy.title,
    seo: {
      title: caseStudy.seoTitle,
      description: caseStudy.summary,
      keywords: ["caso de éxito NidoSmart", sectorLabel(caseStudy.vertical).toLowerCase(), cityLabel(caseStudy.city)],
    },
    h1: caseStudy.title,
    sections: [
      {
        type: "stats",
        heading: "Resultados clave",
        items: caseStudy.heroKpis.map((kpi) => ({ value: kpi.value, label: kpi.label })),
      },
      { type: "prose", heading: "El reto", paragraphs: [caseStudy.challenge] },
      { type: "prose", heading: "Qué hicimos", paragraphs: [], list: caseStudy.approach },
      { type: "prose", heading: "Resultados", paragraphs: [], list: caseStudy.results },
      ...(caseStudy.testimonial
        ? [{ type: "testimonial" as const, heading: "Testimonio", testimonial: caseStudy.testimonial }]
        : []),
    ],
  };
}

export const casesIndexPage: MarketingPage = {
  path: "/casos-exito",
  source: "casos-exito-cta",
  breadcrumb: "Casos de éxito",
  seo: {
    title: "Casos de éxito de NidoSmart en apartamentos y hoteles",
    description:
      "Resultados reales de propietarios, gestoras y hoteles que usan NidoSmart en Sevilla, Madrid y Barcelona: menos quejas, cero sanciones y más ingresos.",
    keywords: [
      "casos de éxito NidoSmart",
      "resultados sensor ruido",
      "experiencias apartamentos turísticos",
      "hotel caso de éxito",
    ],
  },
  h1: "Casos de éxito",
  sections: [
    {
      type: "hero",
      lead: "Cómo propietarios, gestoras y hoteles han reducido quejas, evitado sanciones y aumentado sus ingresos con NidoSmart. Filtra por sector o por ciudad.",
      actions: [{ kind: "demo", label: "Quiero resultados así" }],
    },
    {
      type: "cta",
      heading: "¿Quieres ser el próximo caso de éxito?",
      text: "Te enseñamos cómo aplicar lo que funcionó a tus alojamientos.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Contacto", href: "/contacto" },
      ],
    },
  ],
};

export const casesEmptyState = {
  message: "No hay casos de éxito disponibles para los filtros seleccionados.",
  resetLabel: "Ver todos los casos",
};
