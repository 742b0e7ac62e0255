import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const ns01Page: MarketingPage = {
  path: "/ns-01",
  source: "ns01-cta",
  breadcrumb: "NidoSmart NS-01",
  seo: {
    title: "Dispositivo NidoSmart NS-01: sensores para apartamentos turísticos",
    description:
      "El NS-01 reúne más de 5 sensores: ruido, aforo sin cámaras, temperatura, humedad, humo y gases. Fabricado en España, se instala en 15 minutos y el dispositivo cuesta 0 €.",
    keywords: [
      "NidoSmart NS-01",
      "dispositivo apartamento turístico",
      "sensor ruido y aforo",
      "sensor inteligente alquiler vacacional",
    ],
  },
  h1: "NidoSmart NS-01: todo tu alojamiento en un solo dispositivo",
  sections: [
    {
      type: "hero",
      eyebrow: "Hardware",
      lead: "Más de 5 sensores, alarma con sirena, conectividad y actualizaciones remotas en un dispositivo de menos de 1 kg fabricado al 100 % en España. Tú solo pagas 15 € de envío.",
      highlights: ["Sin cámaras ni micrófonos de grabación", "Instalación en 10-15 minutos", "Envío en 24-48 horas"],
      image: { ...images.device, alt: "Dispositivo NidoSmart NS-01 visto de frente" },
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Ver precios", href: "/comparador" },
      ],
    },
    {
      type: "carousel",
      heading: "Funciones del NS-01",
      intro: "Desliza para recorrer lo que hace el dispositivo. Abre cualquier tarjeta para ver el detalle.",
      items: [
        {
          icon: "volume",
          title: "Ruido por franjas",
          text: "Mide el nivel sonoro de forma continua con umbrales LAeq y Lmax.",
          detail:
            "Configura límites distintos para el día, la tarde y la noche. Al superarlos, el huésped recibe un aviso amable y tú una alerta con el historial.",
        },
        {
          icon: "users",
          title: "Aforo real",
          text: "Cuenta personas sin cámaras, con más del 95 % de precisión.",
          detail:
            "Responde en 0,1 segundos y se actualiza cada segundo. Si entran más personas de las reservadas, lo sabes al momento.",
        },
        {
          icon: "alarm",
          title: "Alarma con sirena",
          text: "Sirena de 120 dB y notificación inmediata.",
          detail: "Detección, notificación y acción en tres pasos. Se configura en 5 minutos desde la plataforma.",
        },
        {
          icon: "thermometer",
          title: "Clima interior",
          text: "Temperatura, humedad y presión en tiempo real.",
          detail: "Detecta calefacción olvidada, ventanas abiertas con el aire encendido o humedad que puede acabar en moho.",
        },
        {
          icon: "flame",
          title: "Humo y gases",
          text: "Humo, tabaco, CO y gases nocivos.",
          detail:
            "Te avisa si alguien fuma en un alojamiento de no fumadores y ante cualquier concentración peligrosa de monóxido de carbono.",
        },
        {
          icon: "wifi",
          title: "WiFi para huéspedes",
          text: "Más de 100 Mbps para más de 50 dispositivos.",
          detail: "La conexión del alojamiento puede ir incluida en el servicio, sin contratar una línea aparte.",
        },
        {
          icon: "door",
          title: "Accesos",
          text: "Puerta, portero automático y garaje.",
          detail:
            "Abre en remoto para los huéspedes y registra los accesos del personal de limpieza y mantenimiento con sus horarios.",
        },
        {
          icon: "zap",
          title: "Energía y agua",
          text: "Consumos por estancia y enchufes inteligentes.",
          detail:
            "Controla el aire acondicionado en remoto y corta el consumo de los aparatos cuando no hay nadie: hasta un 58 % de ahorro.",
        },
        {
          icon: "refresh",
          title: "Actualizaciones remotas",
          text: "Nuevas funciones sin visitas técnicas.",
          detail: "El dispositivo recibe mejoras y parches de seguridad por el aire (OTA) y conserva tu configuración.",
        },
      ],
    },
    {
      type: "hotspots",
      heading: "Conoce el dispositivo por dentro",
      intro: "Pulsa cada punto para ver qué hace cada parte del NS-01.",
      image: { ...images.device, alt: "Frontal del NS-01 con sus partes señaladas por números" },
      spots: [
        {
          id: "presencia",
          x: 50,
          y: 19,
          title: "Sensor de presencia",
          text: "Detecta personas de forma anónima para contar el aforo real. No capta imágenes.",
        },
        {
          id: "pantalla",
          x: 50,
          y: 42,
          title: "Pantalla de estado",
          text: "Muestra el nivel de ruido y avisa al huésped de forma visible cuando se acerca al límite.",
        },
        {
          id: "sonido",
          x: 36,
          y: 66,
          title: "Sonómetro",
          text: "Mide decibelios, no conversaciones: el audio nunca se graba ni se envía.",
        },
        {
          id: "led",
          x: 64,
          y: 66,
          title: "Luz de estado",
          text: "Verde: todo correcto. Azul: configurando. Rojo intermitente: sin conexión.",
        },
        {
          id: "ambiente",
          x: 70,
          y: 45,
          title: "Sensores ambientales",
          text: "Temperatura, humedad, presión, humo, tabaco, CO y gases nocivos.",
        },
        {
          id: "alimentacion",
          x: 50,
          y: 87,
          title: "Alimentación y sirena",
          text: "Cable de 2 metros a la corriente y sirena integrada de 120 dB.",
        },
      ],
    },
    {
      type: "accordion",
      heading: "Especificaciones técnicas",
      items: [
        {
          question: "Sensores",
          answer:
            "Más de 5 sensores: sonido, presencia y aforo, temperatura, humedad y presión, humo, tabaco, CO y gases nocivos. Ampliable con detección de inundación, control de agua y energía, enchufes inteligentes y apertura de puertas.",
        },
        {
          question: "Peso y montaje",
          answer:
            "Menos de 1 kg. Montaje en pared a 1,5-2 metros de altura con dos tacos y broca de 6 mm. Instalación en 10-15 minutos.",
        },
        { question: "Alimentación", answer: "Conexión a la corriente con cable de 2 metros incluido." },
        {
          question: "Precisión del aforo",
          answer: "Precisión superior al 95 %, tiempo de respuesta de 0,1 segundos y actualización cada segundo.",
        },
        { question: "Alarma", answer: "Sirena integrada de 120 dB. Configuración en 5 minutos desde la plataforma." },
        {
          question: "Privacidad",
          answer:
            "Sin cámaras ni micrófonos de grabación. Los datos se guardan certificados e inalterables y se exportan en CSV o PDF.",
        },
        {
          question: "Actualizaciones y garantía",
          answer: "Actualizaciones remotas (OTA). Sustitución exprés en 24-48 horas mientras la suscripción esté activa.",
        },
        { question: "Fabricación", answer: "Diseñado y fabricado al 100 % en España." },
      ],
    },
    {
      type: "cta",
      heading: "Pide tu NS-01 por 0 €",
      text: "Solo pagas 15 € de envío y 29 €/mes por el servicio, sin permanencia.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Guía de instalación", href: "/guia-instalacion" },
      ],
    },
  ],
};
