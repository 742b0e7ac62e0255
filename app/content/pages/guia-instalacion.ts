import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

// Figures from spec §9: install 10-15 min, height 1.5-2 m, 2 m cable, 6 mm drill bit,
// device under 1 kg, support 9-18 h on working days.
export const guiaInstalacionPage: MarketingPage = {
  path: "/guia-instalacion",
  source: "guia-instalacion-cta",
  breadcrumb: "Guía de instalación",
  seo: {
    title: "Guía de instalación del NidoSmart NS-01 en 4 pasos",
    description:
      "Instala el NS-01 en 10-15 minutos: elige la ubicación, fíjalo a la pared, conéctalo a la corriente y configúralo. Contenido del kit y solución de problemas.",
    keywords: ["instalar NS-01", "guía instalación NidoSmart", "montaje sensor pared", "configurar dispositivo NidoSmart"],
  },
  h1: "Guía de instalación del NS-01",
  sections: [
    {
      type: "hero",
      eyebrow: "Ayuda",
      lead: "No necesitas técnico: con un taladro y 10-15 minutos tendrás el dispositivo funcionando. Sigue estos cuatro pasos.",
      highlights: ["10-15 minutos", "Sin obras", "Soporte de 9:00 a 18:00 en días laborables"],
      image: images.install,
      actions: [{ kind: "link", label: "Contactar con soporte", href: "/contacto" }],
    },
    {
      type: "chips",
      heading: "Contenido del kit",
      items: [
        "Dispositivo NidoSmart NS-01 (menos de 1 kg)",
        "Soporte de pared",
        "Dos tacos y dos tornillos para broca de 6 mm",
        "Alimentador con cable de 2 metros",
        "Guía rápida con el código de activación",
      ],
    },
    {
      type: "steps",
      heading: "Instalación en cuatro pasos",
      items: [
        {
          title: "Elige la ubicación",
          text: "En la zona común del alojamiento, normalmente el salón, a 1,5-2 metros de altura, lejos de ventanas, electrodomésticos ruidosos y fuentes de calor, y a menos de 2 metros de un enchufe.",
        },
        {
          title: "Fíjalo a la pared",
          text: "Marca los agujeros con el soporte, taladra con broca de 6 mm, coloca los tacos y atornilla el soporte. Encaja el dispositivo hasta oír el clic.",
        },
        {
          title: "Conéctalo a la corriente",
          text: "Enchufa el alimentador con el cable de 2 metros. La luz de estado se pondrá azul mientras arranca.",
        },
        {
          title: "Configuración inicial",
          text: "Conéctate desde el móvil a la red del dispositivo, introduce el código de activación de la guía rápida y asígnalo a tu alojamiento. La luz pasará a verde.",
        },
      ],
    },
    {
      type: "accordion",
      heading: "Solución de problemas",
      items: [
        {
          question: "La luz de estado no se enciende",
          answer:
            "Comprueba que el enchufe tiene corriente con otro aparato y que el conector está bien insertado en el dispositivo. Si sigue apagada, contacta con soporte: te enviamos un equipo de sustitución en 24-48 horas.",
        },
        {
          question: "La luz parpadea en rojo",
          answer:
            "El dispositivo no tiene conexión. Revisa que el router está encendido y que la contraseña introducida es correcta, y repite la configuración inicial desde el móvil.",
        },
        {
          question: "No aparece la red WiFi del dispositivo",
          answer:
            "Desenchúfalo diez segundos y vuelve a enchufarlo. La red de configuración aparece durante los primeros minutos tras el arranque; acércate al dispositivo con el móvil.",
        },
        {
          question: "No puedo acceder al panel",
          answer:
            "Comprueba que usas el correo con el que contrataste y restablece la contraseña si es necesario. Si el dispositivo no aparece en tu cuenta, escríbenos con el código de activación.",
        },
      ],
    },
    {
      type: "cta",
      heading: "¿Necesitas ayuda con la instalación?",
      text: "Nuestro equipo de soporte te atiende de lunes a viernes laborables de 9:00 a 18:00.",
      actions: [
        { kind: "link", label: "Contactar con soporte", href: "/contacto" },
        { kind: "link", label: "Preguntas frecuentes", href: "/faq" },
      ],
    },
  ],
};
