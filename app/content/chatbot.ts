import { images } from "#app/content/images.ts";
import type { AssistantPlan, FaqItem, MarketingPage } from "#app/content/types.ts";

// Copy for /chatbot-apartamentos-turisticos (the page itself is built by the assistant
// team from these exports). Prices and limits are spec §2 "Guest assistant page"; the
// assistant quotes them verbatim, so never add a figure that is not there.

export type { AssistantPlan };

export const assistantPath = "/chatbot-apartamentos-turisticos";
export const assistantSource = "conserje-ai";

export const assistantPlans: AssistantPlan[] = [
  {
    id: "basic",
    name: "Basic",
    priceLabel: "5 €/mes",
    priceEur: 5,
    messagesLabel: "100 mensajes al mes",
    features: ["100 mensajes al mes", "2 idiomas", "Respuestas sobre tu alojamiento: acceso, WiFi, normas y horarios"],
  },
  {
    id: "pro",
    name: "Pro",
    priceLabel: "7 €/mes",
    priceEur: 7,
    messagesLabel: "300 mensajes al mes",
    features: [
      "300 mensajes al mes",
      "Más de 10 idiomas",
      "Gestor de nuevas reservas y ventas",
      "Informes de conversaciones",
      "Nombre e imagen del asistente configurables",
      "Soporte prioritario",
    ],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    priceLabel: "Precio personalizado",
    priceEur: null,
    messagesLabel: "Mensajes ilimitados",
    features: [
      "Mensajes ilimitados",
      "Integración completa con tu PMS",
      "Marca personalizada",
      "API y webhooks",
      "Gestor de cuenta dedicado",
    ],
  },
];

export const assistantFaq: FaqItem[] = [
  {
    question: "¿Qué preguntas puede responder el asistente?",
    answer:
      "Todo lo que le cuentas sobre tu alojamiento: cómo llegar, códigos de acceso, clave del WiFi, normas de la casa, horarios de entrada y salida, electrodomésticos y recomendaciones de la zona. Automatiza más del 60 % de las preguntas frecuentes.",
  },
  {
    question: "¿En qué idiomas atiende?",
    answer:
      "El plan Basic atiende en 2 idiomas y el plan Pro en más de 10 idiomas. El asistente detecta el idioma del huésped y contesta en el mismo.",
  },
  {
    question: "¿Qué pasa si el asistente no sabe una respuesta?",
    answer:
      "No se inventa nada: se lo dice al huésped, le indica cómo contactar contigo y te deja la conversación marcada para que respondas tú.",
  },
  {
    question: "¿Qué ocurre si supero los mensajes de mi plan?",
    answer:
      "El plan Basic incluye 100 mensajes al mes y el Pro 300. Si te acercas al límite te avisamos para que cambies de plan; con Enterprise los mensajes son ilimitados.",
  },
  {
    question: "¿Puedo usar mi propia marca?",
    answer:
      "En el plan Pro puedes configurar el nombre y la imagen del asistente. El plan Enterprise añade marca personalizada completa, API y webhooks.",
  },
  {
    question: "¿Los datos de mis huéspedes están protegidos?",
    answer:
      "Sí. Cada cliente tiene su propio espacio aislado: la información de tus alojamientos y tus conversaciones nunca se mezcla con la de otros clientes ni se usa para responder a terceros.",
  },
];

/** First message of the live demo chat (spec §4: it asks the visitor's name and how to help). */
export const assistantGreeting = "¡Hola! Soy el asistente virtual de NidoSmart. ¿Cómo te llamas y en qué puedo ayudarte hoy?";

export const assistantDemo = {
  heading: "Pruébalo ahora",
  text: "Habla con nuestro asistente de demostración como si fueras un huésped o un propietario: pregúntale por precios, instalación o el WiFi del apartamento.",
  buttonLabel: "Abrir chat de demostración",
  dialogTitle: "Chat de demostración",
};

export const assistantPage: MarketingPage = {
  path: assistantPath,
  source: assistantSource,
  breadcrumb: "Asistente IA",
  seo: {
    title: "Chatbot para apartamentos turísticos con IA | NidoSmart",
    description:
      "Asistente virtual con IA que responde a tus huéspedes 24 horas en más de 10 idiomas y automatiza más del 60 % de las preguntas. Desde 5 €/mes.",
    keywords: [
      "chatbot apartamentos turísticos",
      "asistente virtual huéspedes",
      "conserje IA",
      "atención al huésped 24 horas",
      "chatbot alquiler vacacional",
    ],
  },
  h1: "Un conserje con IA que atiende a tus huéspedes a cualquier hora",
  sections: [
    {
      type: "hero",
      eyebrow: "Asistente para huéspedes",
      lead: "Responde al instante, en el idioma de cada huésped, a las preguntas que hoy te llegan por WhatsApp a las tres de la madrugada. Automatiza más del 60 % de las consultas frecuentes.",
      highlights: ["Más de 10 idiomas", "Más del 60 % de preguntas automatizadas", "Desde 5 €/mes"],
      image: images.assistant,
      actions: [
        { kind: "demo", label: "Solicitar demo gratuita" },
        { kind: "link", label: "Ver Planes", href: "#precios" },
      ],
    },
    {
      type: "steps",
      heading: "Cómo funciona",
      intro: "En tres pasos tienes un asistente que conoce tu alojamiento tan bien como tú.",
      items: [
        {
          title: "Cuéntale tu alojamiento",
          text: "Añade la información de cada propiedad: acceso, WiFi, normas, horarios, electrodomésticos y tus recomendaciones de la zona.",
        },
        {
          title: "Comparte el enlace",
          text: "Envía el enlace del asistente con la confirmación de la reserva o colócalo en un código QR dentro del apartamento.",
        },
        {
          title: "Deja que responda",
          text: "El asistente contesta al momento y te avisa solo cuando hace falta una persona. Tú revisas las conversaciones cuando quieras.",
        },
      ],
    },
    {
      type: "prose",
      heading: "Qué es un conserje con inteligencia artificial",
      paragraphs: [
        "Es un asistente de conversación entrenado únicamente con la información de tus alojamientos. No responde con generalidades: sabe dónde está la llave del buzón, a qué hora pasa la recogida de basura y qué restaurante recomiendas a dos calles.",
        "Cuando una pregunta no está en su información, no improvisa: se lo dice al huésped y te pasa la conversación. Así mantienes el control y tus huéspedes reciben siempre una respuesta fiable.",
      ],
    },
    {
      type: "features",
      heading: "Ventajas para tu negocio",
      columns: 3,
      items: [
        { icon: "clock", title: "Atención 24 horas", text: "Tus huéspedes resuelven sus dudas de madrugada sin despertarte." },
        {
          icon: "languages",
          title: "Más de 10 idiomas",
          text: "Cada huésped recibe la respuesta en su propio idioma, sin traductores.",
        },
        {
          icon: "star",
          title: "Mejores reseñas",
          text: "Respuestas inmediatas y correctas se notan en la valoración final de la estancia.",
        },
        {
          icon: "trending-up",
          title: "Menos mensajes repetidos",
          text: "Más del 60 % de las preguntas frecuentes se resuelven solas.",
        },
        {
          icon: "shopping-bag",
          title: "Ventas durante la estancia",
          text: "Ofrece salida tardía, limpieza extra o traslados en el momento justo.",
        },
        {
          icon: "chart",
          title: "Informes claros",
          text: "Descubre qué preguntan tus huéspedes para mejorar tus guías y tu anuncio.",
        },
      ],
    },
    {
      type: "demo",
      heading: "Captación de nuevas reservas con el plan Pro",
      text: "El gestor de nuevas reservas y ventas del plan Pro detecta cuándo un huésped pregunta por otras fechas u otros alojamientos y le ofrece disponibilidad al momento.",
      points: [
        "Detecta intención de repetir estancia o de reservar para amigos",
        "Propone tus otros alojamientos disponibles",
        "Ofrece extras de pago durante la estancia",
        "Te deja los contactos interesados en el informe",
      ],
      action: { kind: "demo", label: "Quiero captar más reservas" },
    },
    {
      type: "plans",
      id: "precios",
      heading: "Planes y precios",
      intro: "Sin permanencia. Empieza con Basic y cambia de plan cuando crezcas.",
      plans: assistantPlans,
      note: "Precios por alojamiento. El plan Enterprise se presupuesta según el volumen y las integraciones.",
    },
    {
      type: "features",
      heading: "Privacidad y espacio propio para cada cliente",
      intro: "La plataforma es multicliente: cada propietario o gestora trabaja en un espacio aislado.",
      columns: 3,
      items: [
        {
          icon: "lock",
          title: "Datos aislados",
          text: "La información de tus alojamientos solo se usa para responder a tus huéspedes.",
        },
        {
          icon: "shield",
          title: "Sin datos sensibles en el chat",
          text: "El asistente no pide ni guarda documentos de identidad ni datos de pago.",
        },
        {
          icon: "users",
          title: "Acceso por roles",
          text: "Decide qué miembros de tu equipo ven las conversaciones y los informes.",
        },
      ],
    },
    {
      type: "stories",
      heading: "Historias de éxito",
      items: [
        {
          title: "Gestora con 25 apartamentos en Valencia",
          text: "Dejó de atender por teléfono las llegadas nocturnas: el asistente explica el acceso paso a paso y solo escala los casos excepcionales.",
          metric: "65 % de preguntas resueltas sin intervención",
        },
        {
          title: "Propietaria de dos apartamentos en Granada",
          text: "Sus huéspedes internacionales reciben las normas de la casa en su idioma, y las dudas sobre el WiFi o la calefacción ya no llegan a su móvil.",
          metric: "Respuestas en 6 idiomas",
        },
        {
          title: "Aparthotel de 40 unidades en Palma",
          text: "Con el plan Pro ofrece salida tardía y traslados al aeropuerto dentro de la conversación, y revisa cada semana el informe de consultas.",
          metric: "Ventas de extras desde el chat",
        },
      ],
    },
    {
      type: "faq",
      heading: "Preguntas frecuentes sobre el asistente",
      items: assistantFaq,
    },
    {
      type: "cta",
      heading: "Tus huéspedes, atendidos incluso mientras duermes",
      text: "Te enseñamos el asistente funcionando con la información de uno de tus alojamientos.",
      actions: [
        { kind: "demo", label: "Solicitar demo gratuita" },
        { kind: "link", label: "Ver Planes", href: "#precios" },
      ],
    },
  ],
};
