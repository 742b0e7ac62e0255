import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const sensorRuidoPage: MarketingPage = {
  path: "/sensor-ruido-apartamentos-turisticos",
  source: "sensor-ruido-apartamentos-turisticos-cta",
  breadcrumb: "Sensor de ruido",
  seo: {
    title: "Sensor de ruido para apartamentos turísticos sin micrófonos | NidoSmart",
    description:
      "Sensor de ruido que mide decibelios sin grabar, avisa al huésped y al propietario y guarda pruebas certificadas. Panel en tiempo real y 95 % menos incidencias vecinales.",
    keywords: [
      "sensor de ruido apartamento turístico",
      "medidor de ruido airbnb",
      "detector de fiestas",
      "sonómetro vivienda turística",
    ],
  },
  h1: "Sensor de ruido para apartamentos turísticos",
  sections: [
    {
      type: "hero",
      eyebrow: "Producto",
      lead: "Un sensor que escucha decibelios, no conversaciones. Detecta el exceso de ruido en segundos y lo resuelve con un aviso al huésped antes de que un vecino descuelgue el teléfono.",
      highlights: ["Sin grabar audio", "Aviso en segundos", "Pruebas certificadas"],
      image: images.noise,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver el NS-01", href: "/ns-01" },
      ],
    },
    {
      type: "prose",
      heading: "El problema: te enteras del ruido cuando ya es tarde",
      paragraphs: [
        "En un apartamento turístico el propietario no está en el edificio. Cuando un grupo sube la música a la una de la madrugada, el primero en saberlo es el vecino de al lado; el segundo, el presidente de la comunidad; y muchas veces, el último, tú.",
        "Cada queja acumulada pesa en la junta de vecinos y en el expediente municipal. Con la Ley 37/2003 del Ruido y las ordenanzas locales, las multas pueden llegar a 30.000 €, y en algunas ciudades está en juego la propia licencia.",
      ],
    },
    {
      type: "benefits",
      heading: "Cuatro beneficios inmediatos",
      items: [
        {
          title: "Prevención",
          text: "El huésped recibe el aviso a los pocos minutos de superar el umbral, cuando aún es fácil bajar el volumen.",
        },
        { title: "Tranquilidad", text: "Dejas de vigilar el móvil: solo te avisamos si el ruido persiste." },
        { title: "Relación con los vecinos", text: "Un 95 % menos de incidencias vecinales en los alojamientos con NidoSmart." },
        {
          title: "Defensa documentada",
          text: "Si alguien reclama, tienes un historial certificado de lo que realmente ocurrió.",
        },
      ],
    },
    {
      type: "features",
      heading: "Seis características del sensor",
      columns: 3,
      items: [
        { icon: "gauge", title: "LAeq y Lmax", text: "Mide el nivel medio y los picos, como exige la normativa." },
        { icon: "moon", title: "Franjas horarias", text: "Umbrales propios para día, tarde y noche." },
        { icon: "mic-off", title: "Sin micrófono de grabación", text: "El audio nunca se almacena ni se transmite." },
        { icon: "bell", title: "Avisos escalonados", text: "Huésped primero, gestor después, solo si hace falta." },
        { icon: "users", title: "Cruce con el aforo", text: "Distingue una conversación animada de una fiesta con invitados." },
        { icon: "shield", title: "Datos inalterables", text: "Registros certificados exportables en PDF y CSV." },
      ],
    },
    {
      type: "prose",
      heading: "Monitorización en tiempo real desde el panel",
      paragraphs: [
        "En el panel ves el nivel sonoro de cada alojamiento en directo, las alertas de los últimos días y la evolución semanal. Puedes filtrar por propiedad, por franja horaria o por reserva.",
        "Cada alerta guarda el nivel medido, la duración y si el huésped respondió al aviso. Así sabes qué reservas dieron problemas y puedes ajustar las normas o el precio de la fianza.",
      ],
      image: images.dashboard,
    },
    {
      type: "cta",
      heading: "Instala el sensor de ruido por 0 €",
      text: "Solo pagas 15 € de envío y 29 €/mes por el servicio completo, sin permanencia.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Guía de normativa de ruido", href: "/apartamentos-turisticos-ruido" },
      ],
    },
  ],
};
