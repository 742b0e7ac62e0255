import { images } from "#app/content/images.ts";
import type { MarketingPage, Section } from "#app/content/types.ts";

// Two landing pages for the same feature, aimed at two searches: owners of second homes
// that sit empty for months ("vivienda vacacional") and hosts worried about the gaps
// between bookings ("apartamento turístico"). The detection method (spec §1) is shared; the
// framing, titles and examples differ so neither page duplicates the other.

const howItWorks: Section = {
  type: "steps",
  heading: "Cómo detecta una intrusión",
  items: [
    {
      title: "Aprende la normalidad",
      text: "Durante 72 horas registra la actividad habitual de la vivienda vacía: luz, presencia, ruido y aperturas.",
    },
    {
      title: "Correlaciona señales",
      text: "Cruza apertura de puerta o persiana, presencia, picos de ruido y saltos de luz, y calcula una puntuación.",
    },
    {
      title: "Confirma y avisa",
      text: "Si la puntuación supera el umbral, recibes la alerta al instante con los eventos que la provocaron.",
    },
    { title: "Genera la prueba", text: "Crea un informe PDF firmado y con sello de tiempo, más una copia forense de los datos." },
  ],
};

const evidence: Section = {
  type: "features",
  heading: "Pruebas que puedes presentar",
  columns: 3,
  items: [
    {
      icon: "file-check",
      title: "Informe firmado",
      text: "PDF con firma y sello de tiempo que acredita cuándo empezó la ocupación.",
    },
    { icon: "server", title: "Copia forense", text: "Los datos originales se conservan intactos para peritos y abogados." },
    { icon: "qr", title: "Enlace seguro o QR", text: "Comparte el informe con la policía o tu abogado sin enviar archivos." },
  ],
};

export const antiokupacionViviendaPage: MarketingPage = {
  path: "/antiokupacion-vivienda-vacacional",
  source: "antiokupacion-vivienda-vacacional-cta",
  breadcrumb: "Antiokupación vivienda vacacional",
  seo: {
    title: "Antiokupación para viviendas vacacionales y segundas residencias | NidoSmart",
    description:
      "Protege tu segunda residencia cuando está vacía: aprende su actividad en 72 horas, detecta intrusiones y genera un informe firmado con sello de tiempo.",
    keywords: [
      "antiokupación segunda residencia",
      "alarma antiokupas vivienda vacacional",
      "proteger casa vacía",
      "detector okupas",
    ],
  },
  h1: "Antiokupación para tu vivienda vacacional",
  sections: [
    {
      type: "hero",
      eyebrow: "Seguridad",
      lead: "Tu casa de la playa o del pueblo pasa meses cerrada. NidoSmart la vigila por ti y, si alguien entra, te avisa al momento y te entrega las pruebas para actuar en las primeras horas.",
      highlights: ["Línea base de 72 horas", "Informe firmado con sello de tiempo", "Sin cámaras"],
      image: images.antiSquatting,
      actions: [
        { kind: "demo", label: "Solicitar información" },
        { kind: "link", label: "Ver el dispositivo NS-01", href: "/ns-01" },
      ],
    },
    {
      type: "prose",
      heading: "Las primeras horas lo cambian todo",
      paragraphs: [
        "Cuando una vivienda lleva semanas vacía, una ocupación puede pasar desapercibida durante días. Cuanto antes lo sepas y antes puedas demostrar cuándo ocurrió, más sencillo es actuar.",
        "NidoSmart no depende de que un vecino se dé cuenta: el dispositivo conoce cómo es tu casa cuando está vacía y reconoce cualquier cambio que no encaje.",
      ],
      list: [
        "Aviso inmediato al móvil, a cualquier hora",
        "Sirena de 120 dB como disuasión",
        "Pruebas fechadas y firmadas desde el primer minuto",
      ],
    },
    howItWorks,
    evidence,
    {
      type: "cta",
      heading: "Que tu segunda residencia siga siendo tuya",
      text: "Te explicamos cómo funciona la protección antiokupación en tu vivienda.",
      actions: [
        { kind: "demo", label: "Solicitar información" },
        { kind: "link", label: "Ver el dispositivo NS-01", href: "/ns-01" },
      ],
    },
  ],
};

export const antiokupacionApartamentoPage: MarketingPage = {
  path: "/antiokupacion-apartamento-turistico",
  source: "antiokupacion-apartamento-turistico-cta",
  breadcrumb: "Antiokupación apartamento turístico",
  seo: {
    title: "Antiokupación para apartamentos turísticos entre reservas | NidoSmart",
    description:
      "Detecta intrusiones en tu apartamento turístico entre reservas correlacionando puertas, presencia, ruido y luz. Informe PDF firmado y copia forense compartible por QR.",
    keywords: [
      "antiokupación apartamento turístico",
      "okupas piso turístico",
      "seguridad entre reservas",
      "informe intrusión firmado",
    ],
  },
  h1: "Antiokupación para apartamentos turísticos",
  sections: [
    {
      type: "hero",
      eyebrow: "Seguridad",
      lead: "Entre una reserva y la siguiente tu apartamento se queda vacío. NidoSmart distingue al huésped con reserva, al personal de limpieza y a quien no debería estar ahí.",
      highlights: ["Sabe qué reservas hay", "Distingue al personal autorizado", "Prueba compartible por QR"],
      image: images.antiSquatting,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo NS-01", href: "/ns-01" },
      ],
    },
    {
      type: "features",
      heading: "Pensado para el día a día de un alojamiento turístico",
      columns: 3,
      items: [
        {
          icon: "calendar",
          title: "Conectado a tus reservas",
          text: "Fuera de las fechas reservadas, cualquier presencia se analiza como posible intrusión.",
        },
        {
          icon: "user-check",
          title: "Personal autorizado",
          text: "Limpieza y mantenimiento entran con su acceso y no generan falsas alarmas.",
        },
        { icon: "alarm", title: "Disuasión inmediata", text: "Sirena de 120 dB y aviso a tu móvil en el mismo momento." },
      ],
    },
    howItWorks,
    evidence,
    {
      type: "cta",
      heading: "Protege tu apartamento también cuando no hay huéspedes",
      text: "Incluido en el servicio NidoSmart de 29 €/mes, sin permanencia.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo NS-01", href: "/ns-01" },
      ],
    },
  ],
};
