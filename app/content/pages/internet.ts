import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

// A guide-style page (search intent: "how do I get internet into my rental"), distinct from
// the /wifi product page; it links to both /wifi and home as spec §2 asks.
export const internetPage: MarketingPage = {
  path: "/internet-apartamentos-turisticos",
  source: "internet-apartamentos-turisticos-cta",
  breadcrumb: "Internet para apartamentos turísticos",
  seo: {
    title: "Internet para apartamentos turísticos: guía para elegir conexión",
    description:
      "Qué velocidad necesita un piso turístico, cuántos dispositivos se conectan y cómo ofrecer hasta 300 Mbps para hasta 100 dispositivos sin contratar otra línea.",
    keywords: [
      "internet apartamentos turísticos",
      "fibra piso turístico",
      "conexión alquiler vacacional",
      "velocidad wifi huéspedes",
    ],
  },
  h1: "Internet para apartamentos turísticos: la guía práctica",
  sections: [
    {
      type: "hero",
      eyebrow: "Guía",
      lead: "Tus huéspedes llegan con móviles, portátiles, tabletas y televisiones con plataformas de vídeo. Te explicamos qué conexión necesitas y cómo evitar la reseña de «el WiFi no funcionaba».",
      highlights: ["Hasta 300 Mbps", "Hasta 100 dispositivos", "Sin línea adicional"],
      image: images.wifi,
      actions: [
        { kind: "demo", label: "Solicitar asesoramiento" },
        { kind: "link", label: "Ver WiFi para huéspedes", href: "/wifi" },
      ],
    },
    {
      type: "prose",
      heading: "Por qué la conexión decide la reseña",
      paragraphs: [
        "Un grupo de cuatro huéspedes conecta fácilmente diez o doce dispositivos a la vez. Si además alguien teletrabaja con videollamadas, una conexión doméstica básica se queda corta justo en las horas punta.",
        "Por eso en alojamientos turísticos no basta con «tener fibra»: importa que la red aguante muchos dispositivos, que la clave cambie entre estancias y que alguien se entere cuando se cae.",
      ],
    },
    {
      type: "table",
      heading: "¿Qué velocidad necesitas?",
      caption: "Velocidad orientativa según el tipo de alojamiento y su uso",
      columns: ["Alojamiento", "Uso habitual", "Velocidad recomendada"],
      rows: [
        ["Estudio o apartamento de 1 dormitorio", "Navegación, redes sociales y vídeo", "100 Mbps"],
        ["Apartamento familiar de 2-3 dormitorios", "Varias televisiones y móviles a la vez", "100-200 Mbps"],
        ["Estancias con teletrabajo", "Videollamadas y subida de archivos", "200-300 Mbps"],
        ["Coliving o edificio completo", "Decenas de residentes conectados", "Hasta 300 Mbps y hasta 100 dispositivos"],
      ],
      note: "La conexión de NidoSmart supera los 100 Mbps y admite más de 50 dispositivos; en alojamientos grandes se amplía hasta 300 Mbps y hasta 100 dispositivos.",
    },
    {
      type: "steps",
      heading: "Cuatro pasos para una buena conexión",
      items: [
        {
          title: "Calcula los dispositivos",
          text: "Cuenta tres o cuatro por huésped y suma las televisiones y tus propios sensores.",
        },
        {
          title: "Separa las redes",
          text: "Una red para huéspedes y otra para tus dispositivos, para que nadie toque tu configuración.",
        },
        { title: "Cambia la clave", text: "Una contraseña nueva por estancia evita que antiguos huéspedes sigan conectados." },
        {
          title: "Supervisa la conexión",
          text: "Con una alerta cuando la red cae, la arreglas antes de que el huésped escriba.",
        },
      ],
    },
    {
      type: "links",
      heading: "Sigue leyendo",
      items: [
        {
          href: "/wifi",
          icon: "wifi",
          title: "WiFi para huéspedes",
          text: "La solución de NidoSmart: 98 % de satisfacción y conexión incluida.",
        },
        { href: "/", icon: "home", title: "Todo sobre NidoSmart", text: "Más de 40 servicios para tu alojamiento por 29 €/mes." },
        {
          href: "/comparador",
          icon: "euro",
          title: "Comparar precios",
          text: "Cuánto ahorras frente a contratar internet y sensores por separado.",
        },
      ],
    },
    {
      type: "cta",
      heading: "Deja que nos ocupemos de la conexión",
      text: "Te asesoramos sin compromiso sobre la conexión que necesita tu alojamiento.",
      actions: [
        { kind: "demo", label: "Solicitar asesoramiento" },
        { kind: "link", label: "Volver al inicio", href: "/" },
      ],
    },
  ],
};
