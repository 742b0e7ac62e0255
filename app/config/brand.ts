// The one place where the operator's identity lives (DECISIONS.md, "Product identity").
// A real operator changes these values and nothing else. Contact data is deliberately fictional.
export const brand = {
  name: "NidoSmart",
  device: "NidoSmart NS-01",
  deviceShort: "NS-01",
  legalName: "NidoSmart Tecnologías S.L.",
  taxId: "B00000000",
  address: {
    street: "Calle de la Innovación 12, 3.ª planta",
    postalCode: "28001",
    city: "Madrid",
    region: "Comunidad de Madrid",
    country: "España",
    countryCode: "ES",
  },
  email: "hola@nidosmart.example.com",
  salesEmail: "ventas@nidosmart.example.com",
  privacyEmail: "privacidad@nidosmart.example.com",
  phone: "900 000 000",
  phoneHref: "tel:+34900000000",
  openingHours: [
    { days: "Lunes a viernes", hours: "9:00 - 18:00" },
    { days: "Sábados", hours: "10:00 - 14:00" },
    { days: "Domingos", hours: "Cerrado" },
  ],
  /** schema.org openingHours strings for the same schedule. */
  openingHoursSpec: ["Mo-Fr 09:00-18:00", "Sa 10:00-14:00"],
  foundedYear: 2022,
} as const;

export type Brand = typeof brand;
