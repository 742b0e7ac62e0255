import type { MarketingPage } from "#app/content/types.ts";

// The address, e-mail, phone and opening hours themselves come from app/config/brand.ts;
// this module only holds the wording around them.
export const contactoPage: MarketingPage = {
  path: "/contacto",
  source: "contacto",
  breadcrumb: "Contacto",
  seo: {
    title: "Contacto: habla con el equipo de NidoSmart",
    description:
      "Escríbenos o llámanos para resolver tus dudas sobre NidoSmart. Atendemos de lunes a viernes de 9:00 a 18:00 y los sábados de 10:00 a 14:00.",
    keywords: ["contacto NidoSmart", "teléfono NidoSmart", "soporte sensor apartamentos", "pedir información NidoSmart"],
  },
  h1: "Contacta con nosotros",
  sections: [
    {
      type: "hero",
      lead: "Cuéntanos cuántos alojamientos gestionas y qué necesitas. Te respondemos en horario laboral, normalmente el mismo día.",
      actions: [],
    },
  ],
};

export const contactCopy = {
  formHeading: "Envíanos un mensaje",
  formIntro: "Rellena el formulario y un especialista te contestará lo antes posible.",
  infoHeading: "Otras formas de contactar",
  addressLabel: "Oficina",
  emailLabel: "Correo electrónico",
  phoneLabel: "Teléfono",
  hoursHeading: "Horario de atención",
  supportNote: "El soporte técnico atiende los días laborables de 9:00 a 18:00. Las alertas del dispositivo funcionan 24/7.",
};
