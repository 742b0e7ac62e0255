import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const aforoRealPage: MarketingPage = {
  path: "/aforo-real",
  source: "aforo-real-cta",
  breadcrumb: "Aforo real",
  seo: {
    title: "Control de aforo real sin cámaras para alquiler vacacional | NidoSmart",
    description:
      "Cuenta cuántas personas hay en tu alojamiento sin cámaras ni micrófonos: más del 95 % de precisión, respuesta en 0,1 s y actualización cada segundo.",
    keywords: [
      "control de aforo",
      "contador de personas sin cámaras",
      "evitar fiestas apartamento turístico",
      "sobreocupación alquiler vacacional",
    ],
  },
  h1: "Aforo real: sabe cuántas personas hay en tu alojamiento",
  sections: [
    {
      type: "hero",
      eyebrow: "Monitorización",
      lead: "Si reservan cuatro y entran doce, lo sabrás al momento. El NS-01 cuenta personas de forma anónima, sin cámaras ni micrófonos, y te avisa cuando se supera el aforo de la reserva.",
      highlights: ["Más del 95 % de precisión", "Respuesta en 0,1 s", "Sin cámaras"],
      image: images.occupancy,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo", href: "/ns-01" },
      ],
    },
    {
      type: "stats",
      heading: "Precisión que permite actuar a tiempo",
      items: [
        { value: "95 %+", label: "de precisión en el conteo" },
        { value: "0,1 s", label: "de tiempo de respuesta" },
        { value: "1 s", label: "entre actualizaciones" },
        { value: "0", label: "cámaras y micrófonos de grabación" },
      ],
    },
    {
      type: "features",
      heading: "Cómo te ayuda el control de aforo",
      columns: 3,
      items: [
        { icon: "users", title: "Conteo anónimo", text: "Detecta presencia y movimiento, nunca rostros ni identidades." },
        {
          icon: "calendar",
          title: "Aforo por reserva",
          text: "Compara las personas presentes con las de cada reserva sincronizada.",
        },
        { icon: "bell", title: "Alerta de sobreocupación", text: "Aviso inmediato cuando hay más gente de la permitida." },
        { icon: "volume", title: "Cruce con el ruido", text: "Aforo y ruido juntos distinguen una cena animada de una fiesta." },
        { icon: "zap", title: "Ahorro energético", text: "Sin nadie dentro, la climatización y los enchufes se apagan solos." },
        {
          icon: "chart",
          title: "Histórico por estancia",
          text: "Ocupación real de cada estancia para resolver reclamaciones con datos.",
        },
      ],
    },
    {
      type: "benefits",
      heading: "Beneficios para propietarios y gestoras",
      image: images.dashboard,
      items: [
        { title: "Fiestas evitadas", text: "Actúas cuando llega el cuarto invitado de más, no cuando llama la policía." },
        { title: "Menos desperfectos", text: "Menos personas de las previstas significa menos daños y limpiezas extra." },
        { title: "Seguro y licencia a salvo", text: "Cumples el aforo declarado en la licencia de vivienda de uso turístico." },
        { title: "Cobro justo", text: "Si hay huéspedes de más, tienes datos para cobrar el suplemento acordado." },
      ],
    },
    {
      type: "cta",
      heading: "Ponle límite a las fiestas sin vigilar a nadie",
      text: "Pruébalo en una demostración y comprueba cómo llega la alerta al móvil.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Comparar precios", href: "/comparador" },
      ],
    },
  ],
};
