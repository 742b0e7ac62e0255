import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const limpiezaLogisticaPage: MarketingPage = {
  path: "/limpieza-logistica",
  // Spec §9 gives this page's source tag as a human label, not a slug; kept verbatim so the
  // sales team's existing reports keep grouping it.
  source: "Limpieza y Logística",
  breadcrumb: "Limpieza y logística",
  seo: {
    title: "Limpieza y logística para apartamentos turísticos | NidoSmart",
    description:
      "Planificación automática de la limpieza, rutas para carros eléctricos con GPS, entregas con QR o foto, control de lavandería e informes diarios en un solo panel.",
    keywords: ["limpieza apartamentos turísticos", "logística alquiler vacacional", "gestión lavandería", "rutas limpieza GPS"],
  },
  h1: "Limpieza y logística sin hojas de cálculo",
  sections: [
    {
      type: "hero",
      eyebrow: "Otros servicios",
      lead: "Cada salida genera una limpieza, un cambio de ropa y un reparto. NidoSmart lo planifica solo, asigna las tareas y te enseña en un mapa dónde está cada carro.",
      highlights: ["Planificación diaria automática", "Seguimiento GPS", "Informes diarios"],
      image: images.cleaning,
      actions: [
        { kind: "demo", label: "Solicitar demo gratuita" },
        { kind: "link", label: "Volver al inicio", href: "/" },
      ],
    },
    {
      type: "features",
      heading: "Todo lo que coordina",
      columns: 4,
      items: [
        {
          icon: "calendar",
          title: "Calendario de limpieza",
          text: "El plan diario se genera solo a partir de las entradas y salidas.",
        },
        { icon: "clipboard", title: "Asignación de tareas", text: "Cada persona recibe sus apartamentos y su orden de trabajo." },
        { icon: "route", title: "Rutas optimizadas", text: "Recorridos más cortos para los carros eléctricos de reparto." },
        { icon: "navigation", title: "Seguimiento GPS", text: "Terminal Android de mano con 4G para ver cada carro en el mapa." },
        { icon: "qr", title: "Entregas con QR o foto", text: "Cada entrega queda registrada con un escaneo o una fotografía." },
        { icon: "file-text", title: "Informes diarios", text: "Resumen de tareas completadas, incidencias y tiempos." },
        {
          icon: "washing",
          title: "Control de lavandería",
          text: "Juegos de ropa enviados, recibidos y pendientes por alojamiento.",
        },
        { icon: "dashboard", title: "Panel de control", text: "Toda la operación del día en una sola pantalla." },
      ],
    },
    {
      type: "steps",
      heading: "Cómo funciona, paso a paso",
      items: [
        { title: "Sincroniza reservas", text: "Las entradas y salidas llegan desde tu calendario o tu PMS." },
        { title: "Se genera el plan", text: "Cada mañana se crea la lista de limpiezas con su prioridad." },
        { title: "Se asignan las tareas", text: "El equipo recibe sus apartamentos según zona y disponibilidad." },
        { title: "Salen los carros", text: "Cada carro eléctrico sigue su ruta optimizada con el terminal GPS." },
        { title: "Se registran las entregas", text: "QR o foto en cada puerta: sabes qué se entregó, dónde y cuándo." },
        { title: "Recibes el informe", text: "Al cierre del día, informe con tiempos, incidencias y lavandería." },
      ],
    },
    {
      type: "benefits",
      heading: "Beneficios",
      items: [
        { title: "Menos tiempo por limpieza", text: "Rutas y tareas ordenadas reducen los desplazamientos y las esperas." },
        { title: "Nada se queda sin hacer", text: "Cada entrada tiene su limpieza asignada y confirmada." },
        { title: "Ropa bajo control", text: "Sabes cuántos juegos tienes en cada alojamiento y en la lavandería." },
        { title: "Reparto sostenible", text: "Carros eléctricos con rutas cortas: menos consumo y menos ruido en el barrio." },
      ],
    },
    {
      type: "stories",
      heading: "Resultados de nuestros clientes",
      items: [
        {
          title: "Gestora en Sevilla con 40 apartamentos",
          text: "Pasó de organizar las limpiezas por mensajería a un plan diario automático con tareas asignadas y rutas por zonas.",
          metric: "30 % menos tiempo de limpieza diaria",
        },
        {
          title: "Flota de 5 carros eléctricos",
          text: "Cada carro sigue una ruta optimizada y registra sus entregas con QR o foto; la oficina ve su posición en el mapa en tiempo real.",
          metric: "5 carros coordinados desde un panel",
        },
      ],
    },
    {
      type: "cta",
      heading: "Ordena tu operación de limpieza",
      text: "Te enseñamos el panel con un día de trabajo real de una gestora.",
      actions: [
        { kind: "demo", label: "Solicitar demo gratuita" },
        { kind: "link", label: "Volver al inicio", href: "/" },
      ],
    },
  ],
};
