import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const wifiPage: MarketingPage = {
  path: "/wifi",
  source: "wifi-cta",
  breadcrumb: "WiFi para huéspedes",
  seo: {
    title: "WiFi para huéspedes en apartamentos turísticos | NidoSmart",
    description:
      "WiFi de más de 100 Mbps para más de 50 dispositivos, con un 98 % de satisfacción de los huéspedes. Incluido en el servicio NidoSmart, sin contratar otra línea.",
    keywords: ["wifi apartamento turístico", "wifi huéspedes", "internet alquiler vacacional", "wifi para airbnb"],
  },
  h1: "WiFi rápido y estable para tus huéspedes",
  sections: [
    {
      type: "hero",
      eyebrow: "Conectividad",
      lead: "El WiFi es lo primero que prueban tus huéspedes y lo primero que critican. NidoSmart suministra la conexión del alojamiento y la gestiona por ti.",
      highlights: ["98 % de satisfacción", "Más de 100 Mbps", "Más de 50 dispositivos"],
      image: images.wifi,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Guía de internet", href: "/internet-apartamentos-turisticos" },
      ],
    },
    {
      type: "stats",
      heading: "Una conexión que recibe buenas reseñas",
      items: [
        { value: "98 %", label: "de huéspedes satisfechos con el WiFi" },
        { value: "100+ Mbps", label: "de velocidad" },
        { value: "50+", label: "dispositivos conectados a la vez" },
      ],
    },
    {
      type: "features",
      heading: "Lo que incluye",
      columns: 3,
      items: [
        {
          icon: "wifi",
          title: "Red para huéspedes",
          text: "Una red propia para los huéspedes, separada de la de tus dispositivos.",
        },
        {
          icon: "key",
          title: "Clave por estancia",
          text: "Cambia la contraseña entre reservas para que solo se conecte quien está alojado.",
        },
        {
          icon: "globe",
          title: "Internet incluido",
          text: "La conexión puede ir dentro del servicio, sin contratar otra línea.",
        },
        { icon: "activity", title: "Supervisión 24/7", text: "Si la conexión cae, lo sabemos antes de que el huésped lo note." },
        { icon: "qr", title: "Acceso con QR", text: "Tus huéspedes se conectan escaneando un código, sin teclear contraseñas." },
        { icon: "headphones", title: "Soporte en España", text: "Te atendemos de lunes a viernes de 9:00 a 18:00." },
      ],
    },
    {
      type: "benefits",
      heading: "Por qué importa el WiFi",
      items: [
        { title: "Mejores valoraciones", text: "Una conexión lenta es una de las quejas más repetidas en las reseñas." },
        { title: "Teletrabajo", text: "Atraes estancias largas de profesionales que necesitan videollamadas fiables." },
        { title: "Una factura menos", text: "Si la conexión va incluida, dejas de pagar una línea por cada alojamiento." },
      ],
    },
    {
      type: "cta",
      heading: "Conecta a tus huéspedes sin preocuparte",
      text: "Te contamos cómo llevar internet a tu alojamiento y qué velocidad necesitas.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo", href: "/ns-01" },
      ],
    },
  ],
};
