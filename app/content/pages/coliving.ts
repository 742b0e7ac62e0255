import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const colivingPage: MarketingPage = {
  path: "/coliving",
  source: "coliving-cta",
  breadcrumb: "Coliving",
  seo: {
    title: "Tecnología para coliving: convivencia y zonas comunes | NidoSmart",
    description:
      "Gestiona espacios de coliving con sensores de ruido, aforo y consumo, accesos sin llaves y normas de convivencia automáticas. Un 92 % de residentes satisfechos.",
    keywords: ["gestión coliving", "tecnología coliving", "convivencia zonas comunes", "residencias estudiantes sensores"],
  },
  h1: "Coliving con buena convivencia y sin sorpresas",
  sections: [
    {
      type: "hero",
      eyebrow: "Por sector",
      lead: "Zonas comunes compartidas por decenas de residentes, horarios distintos y consumos que se disparan. NidoSmart mantiene el equilibrio sin convertir el edificio en un sitio vigilado.",
      highlights: ["92 % de residentes satisfechos", "Sin cámaras", "Accesos sin llaves"],
      image: images.coliving,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo NS-01", href: "/ns-01" },
      ],
    },
    {
      type: "features",
      heading: "Funciones para espacios de coliving",
      columns: 3,
      items: [
        { icon: "volume", title: "Horas de descanso", text: "Umbrales de ruido por zona y franja, con avisos automáticos." },
        {
          icon: "users",
          title: "Aforo de zonas comunes",
          text: "Cocinas, salas y terrazas con el aforo controlado en tiempo real.",
        },
        { icon: "door", title: "Accesos sin llaves", text: "Cada residente entra con su acceso; nada de copias perdidas." },
        { icon: "zap", title: "Consumos repartidos", text: "Energía y agua medidos por zona para un reparto justo." },
        { icon: "flame", title: "Seguridad", text: "Detección de humo, tabaco, CO e inundaciones en todo el edificio." },
        { icon: "wifi", title: "WiFi de calidad", text: "Hasta 300 Mbps y hasta 100 dispositivos en edificios completos." },
      ],
    },
    {
      type: "benefits",
      heading: "Beneficios para el operador",
      items: [
        {
          title: "Residentes más satisfechos",
          text: "Un 92 % de satisfacción cuando las normas de convivencia se cumplen solas.",
        },
        { title: "Menos rotación", text: "Quien descansa bien renueva el contrato." },
        { title: "Gestión remota", text: "Un panel para varios edificios y roles para tu equipo de comunidad." },
      ],
    },
    {
      type: "features",
      heading: "Casos de uso",
      columns: 3,
      items: [
        {
          icon: "graduation",
          title: "Estudiantes",
          text: "Residencias y pisos compartidos con horarios de estudio y descanso respetados.",
        },
        {
          icon: "briefcase",
          title: "Profesionales",
          text: "Espacios para nómadas digitales con WiFi fiable y zonas de trabajo tranquilas.",
        },
        {
          icon: "calendar",
          title: "Estancias temporales",
          text: "Contratos de semanas o meses con accesos que caducan solos al terminar.",
        },
      ],
    },
    {
      type: "cta",
      heading: "Haz que convivir sea fácil",
      text: "Te enseñamos cómo funciona NidoSmart en un coliving como el tuyo.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el dispositivo NS-01", href: "/ns-01" },
      ],
    },
  ],
};
