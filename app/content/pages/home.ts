import { essentialFaq } from "#app/content/faq-essentials.ts";
import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

export const homePage: MarketingPage = {
  path: "/",
  source: "demo-section-cta",
  breadcrumb: "Inicio",
  seo: {
    title: "NidoSmart | Gestión inteligente de apartamentos turísticos",
    description:
      "Dispositivo NS-01 y plataforma para apartamentos turísticos: control de ruido, aforo real sin cámaras, alarma, WiFi y cobros. Dispositivo a 0 € y servicio por 29 €/mes sin permanencia.",
    keywords: [
      "gestión apartamentos turísticos",
      "sensor de ruido apartamento turístico",
      "control de aforo",
      "dispositivo inteligente alquiler vacacional",
      "NidoSmart",
    ],
  },
  h1: "Gestión Inteligente de apartamentos turísticos",
  sections: [
    {
      type: "hero",
      eyebrow: "Dispositivo NS-01 + plataforma",
      lead: "Un único dispositivo de pared vigila el ruido, el aforo y la seguridad de tu alojamiento, da WiFi a tus huéspedes y te ayuda a cobrar extras. Dispositivo a 0 € y servicio por 29 €/mes, sin permanencia.",
      rotatingWords: ["Inteligente", "Eficiente"],
      highlights: ["Mejor convivencia vecinal", "Monitorización en tiempo real", "Hasta un 58 % de ahorro"],
      image: images.home,
      actions: [
        { kind: "contact", label: "Comenzar Ahora", source: "hero-cta" },
        { kind: "link", label: "Conocer el NS-01", href: "/ns-01" },
      ],
    },
    {
      type: "features",
      id: "funciones",
      heading: "Más de 40 servicios en una sola suscripción",
      intro: "Todo lo que necesitas para que tu alojamiento funcione solo, con un dispositivo fabricado al 100 % en España.",
      columns: 4,
      items: [
        {
          icon: "volume",
          title: "Monitorización de ruido",
          text: "Umbrales por franja horaria y avisos antes de que llegue la queja.",
          href: "/monitorizacion-ruido",
        },
        {
          icon: "users",
          title: "Aforo real",
          text: "Cuenta personas sin cámaras ni micrófonos, con más del 95 % de precisión.",
          href: "/aforo-real",
        },
        { icon: "alarm", title: "Alarma básica", text: "Sirena de 120 dB y aviso inmediato a tu móvil.", href: "/alarma-basica" },
        {
          icon: "wifi",
          title: "WiFi para huéspedes",
          text: "Más de 100 Mbps y más de 50 dispositivos conectados.",
          href: "/wifi",
        },
        {
          icon: "credit-card",
          title: "Sistema de cobro",
          text: "Fianzas y extras con tarjeta, un 1,8 % de comisión y liquidación T+1.",
          href: "/sistema-cobro",
        },
        {
          icon: "coins",
          title: "Monetización",
          text: "Servicios premium, comisiones y marketplace para ganar más por reserva.",
          href: "/monetiza-dispositivo",
        },
        {
          icon: "thermometer",
          title: "Temperatura, humedad y presión",
          text: "Confort del huésped y alertas de condensación o calor extremo.",
        },
        { icon: "flame", title: "Humo, tabaco y gases", text: "Detecta humo, tabaco, monóxido de carbono y gases nocivos." },
        {
          icon: "droplets",
          title: "Detección de inundaciones",
          text: "Aviso al primer charco, antes de que llegue al vecino de abajo.",
        },
        { icon: "zap", title: "Control de agua y energía", text: "Consumo por estancia y hasta un 58 % de ahorro energético." },
        {
          icon: "snowflake",
          title: "Aire acondicionado remoto",
          text: "Enciende, apaga y limita la climatización desde el panel.",
        },
        { icon: "door", title: "Puerta, portero y garaje", text: "Apertura remota para llegadas sin llaves ni esperas." },
        { icon: "plug", title: "Enchufes inteligentes", text: "Corta el consumo de los aparatos cuando no hay nadie." },
        { icon: "user-check", title: "Control del personal", text: "Accesos y horarios del equipo de limpieza y mantenimiento." },
        {
          icon: "file-check",
          title: "Check-in digital",
          text: "Registro de viajeros en línea y exportación del parte a la policía.",
        },
        { icon: "shield", title: "Datos certificados", text: "Registros inalterables, roles de acceso e informes en CSV y PDF." },
      ],
    },
    {
      type: "stats",
      heading: "Resultados que se notan desde el primer mes",
      intro: "Propietarios y gestoras de toda España ya trabajan con NidoSmart.",
      items: [
        { value: "500+", label: "propiedades protegidas" },
        { value: "95 %", label: "menos incidencias vecinales" },
        { value: "0", label: "sanciones por ruido" },
        { value: "24/7", label: "monitorización continua" },
      ],
      testimonial: {
        quote:
          "Antes me enteraba de las fiestas por el presidente de la comunidad. Ahora el aviso me llega a mí y al huésped en el primer minuto, y la comunidad ha dejado de quejarse.",
        author: "Carmen R.",
        role: "Propietaria de tres apartamentos turísticos en Madrid",
      },
    },
    {
      type: "links",
      heading: "Una solución para cada tipo de alojamiento",
      items: [
        {
          href: "/apartamentos-turisticos",
          icon: "home",
          title: "Apartamentos turísticos",
          text: "Convivencia vecinal, aforo y gestión remota para uno o cien apartamentos.",
        },
        {
          href: "/hoteles",
          icon: "hotel",
          title: "Hoteles y aparthoteles",
          text: "Más RevPAR y menos tiempo de gestión, integrado con tu PMS.",
        },
        { href: "/coliving", icon: "users", title: "Coliving", text: "Zonas comunes en orden y residentes más satisfechos." },
        {
          href: "/promocion-viviendas",
          icon: "hard-hat",
          title: "Promoción de viviendas",
          text: "Viviendas conectadas desde la entrega que se venden mejor.",
        },
      ],
    },
    {
      type: "steps",
      heading: "Empieza en tres pasos",
      items: [
        { title: "Pide tu NS-01", text: "El dispositivo es gratis: solo pagas 15 € de envío y lo recibes en 24-48 horas." },
        { title: "Instálalo en 15 minutos", text: "Dos tornillos y un enchufe. La guía te acompaña paso a paso, sin técnicos." },
        {
          title: "Configura y despreocúpate",
          text: "Ajusta umbrales y avisos desde el móvil. Desde ese momento vigilamos 24/7.",
        },
      ],
    },
    {
      type: "links",
      heading: "Presentes en las ciudades con más alquiler turístico",
      intro: "Conoce la normativa y los resultados de NidoSmart en tu ciudad.",
      items: [
        {
          href: "/apartamentos-turisticos-madrid",
          image: images.madrid,
          title: "Madrid",
          text: "Menos quejas en Centro, Salamanca o Chamberí.",
        },
        {
          href: "/apartamentos-turisticos-barcelona",
          image: images.barcelona,
          title: "Barcelona",
          text: "Cumplimiento normativo en una de las ciudades más exigentes.",
        },
        {
          href: "/apartamentos-turisticos-sevilla",
          image: images.sevilla,
          title: "Sevilla",
          text: "Eficiencia para gestoras del Casco Antiguo a Triana.",
        },
        {
          href: "/apartamentos-turisticos-malaga",
          image: images.malaga,
          title: "Málaga",
          text: "De Centro a Marbella, toda la Costa del Sol cubierta.",
        },
      ],
    },
    {
      type: "faq",
      heading: "Preguntas frecuentes",
      items: essentialFaq,
      footer: { text: "¿Tienes otra duda?", href: "/faq", label: "Ver las 45 preguntas frecuentes" },
    },
    {
      type: "cta",
      heading: "Tu alojamiento, bajo control desde hoy",
      text: "Te enseñamos la plataforma con datos reales y resolvemos tus dudas sin compromiso.",
      actions: [
        { kind: "demo", label: "Solicitar demo gratuita" },
        { kind: "link", label: "Comparar precios", href: "/comparador" },
      ],
    },
  ],
};
