import type { FaqItem } from "#app/content/types.ts";

// The five answers the home page shows inline. They live apart from the other 40 so the home
// page's JavaScript carries only these five; faq.ts places them at their spot in the full list,
// so each answer is still written exactly once.

export const faqPrice: FaqItem = {
  question: "¿Cuánto cuesta NidoSmart?",
  answer:
    "El dispositivo NS-01 cuesta 0 €: solo pagas 15 € de envío. El servicio cuesta 29 € al mes e incluye más de 40 servicios, sin permanencia mínima.",
};

export const faqNoCommitment: FaqItem = {
  question: "¿Hay permanencia o penalización por cancelar?",
  answer:
    "No. La suscripción de 29 € al mes no tiene permanencia mínima: puedes darla de baja cuando quieras y deja de facturarse el mes siguiente.",
};

export const faqNoRecording: FaqItem = {
  question: "¿El dispositivo graba audio o vídeo?",
  answer:
    "No. El NS-01 no tiene cámaras ni micrófonos de grabación: mide niveles de sonido en decibelios y cuenta personas de forma anónima. Nunca se almacena una conversación ni una imagen de los huéspedes.",
};

export const faqInstallation: FaqItem = {
  question: "¿Es difícil instalarlo?",
  answer:
    "No. La instalación lleva entre 10 y 15 minutos: eliges la ubicación, lo fijas a la pared con dos tacos (broca de 6 mm), lo conectas a la corriente con el cable de 2 metros y terminas la configuración inicial desde el móvil. Si te atascas, el soporte te atiende de lunes a viernes de 9:00 a 18:00.",
};

export const faqNeighbours: FaqItem = {
  question: "¿Reduce de verdad las quejas de los vecinos?",
  answer:
    "Sí. Los alojamientos con NidoSmart registran un 95 % menos de incidencias vecinales, porque el aviso llega en los primeros minutos y no cuando el vecino ya ha llamado a la policía.",
};

export const essentialFaq: FaqItem[] = [faqPrice, faqNoCommitment, faqNoRecording, faqInstallation, faqNeighbours];
