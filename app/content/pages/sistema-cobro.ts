import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const sistemaCobroPage: MarketingPage = {
  path: "/sistema-cobro",
  source: "sistema-cobro-cta",
  breadcrumb: "Sistema de cobro",
  seo: {
    title: "Datáfono para apartamentos turísticos: fianzas y extras | NidoSmart",
    description:
      "Cobra fianzas, salidas tardías y servicios premium con tarjeta: 1,8 % de comisión, liquidación T+1, 0 € de cuota mensual y sin coste de instalación.",
    keywords: ["datáfono apartamento turístico", "cobrar fianza huésped", "cobro late check-out", "tpv alquiler vacacional"],
  },
  h1: "Sistema de cobro para fianzas, extras y servicios premium",
  sections: [
    {
      type: "hero",
      eyebrow: "Monetización",
      lead: "Cobra en el propio alojamiento todo lo que hoy se te escapa: fianzas, salidas tardías y servicios extra, con tarjeta o móvil y el dinero en tu cuenta al día siguiente.",
      highlights: ["1,8 % por operación", "Liquidación T+1", "0 € de cuota mensual"],
      image: images.payment,
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Monetiza tu dispositivo", href: "/monetiza-dispositivo" },
      ],
    },
    {
      type: "stats",
      heading: "Condiciones claras",
      items: [
        { value: "1,8 %", label: "de comisión por operación" },
        { value: "T+1", label: "liquidación al día hábil siguiente" },
        { value: "0 €", label: "de cuota mensual" },
        { value: "0 €", label: "de coste de instalación" },
      ],
    },
    {
      type: "features",
      heading: "Métodos de pago aceptados",
      columns: 3,
      items: [
        {
          icon: "credit-card",
          title: "Tarjetas de débito y crédito",
          text: "Las principales redes de tarjetas, nacionales e internacionales.",
        },
        {
          icon: "smartphone",
          title: "Pago con el móvil",
          text: "Monederos digitales y pago sin contacto desde el teléfono o el reloj.",
        },
        { icon: "qr", title: "Enlace o QR de pago", text: "Envía un enlace o muestra un QR para cobrar antes de la llegada." },
      ],
    },
    {
      type: "features",
      heading: "Casos de uso",
      columns: 2,
      items: [
        { icon: "lock", title: "Fianzas", text: "Bloquea la fianza al llegar y libérala al salir sin mover efectivo." },
        {
          icon: "clock",
          title: "Salida tardía y llegada anticipada",
          text: "Vende horas extra en el momento en que el huésped las pide.",
        },
        { icon: "sparkles", title: "Servicios premium", text: "Limpieza adicional, cuna, traslados o cesta de bienvenida." },
        { icon: "receipt", title: "Conciliación automática", text: "Cada cobro queda asociado a su reserva en los informes." },
      ],
    },
    {
      type: "cta",
      heading: "Empieza a cobrar lo que ya ofreces",
      text: "Sin cuota mensual ni instalación: solo pagas el 1,8 % de lo que cobras.",
      actions: [
        { kind: "demo", label: "Solicitar demo" },
        { kind: "link", label: "Comparar precios", href: "/comparador" },
      ],
    },
  ],
};
