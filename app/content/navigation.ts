// Header and footer link structure (spec §2 "Header and footer"). The desktop menu and the
// mobile drawer render the same data, so a link added here appears in both.

export type NavLink = { href: string; label: string; description?: string };
export type NavColumn = { title: string; links: NavLink[] };
export type NavGroup = { label: string; columns: NavColumn[] };

export const navGroups: NavGroup[] = [
  {
    label: "Dispositivo",
    columns: [
      {
        title: "Hardware",
        links: [{ href: "/ns-01", label: "NidoSmart NS-01", description: "Más de 5 sensores en un solo dispositivo" }],
      },
      {
        title: "Monitorización",
        links: [
          { href: "/monitorizacion-ruido", label: "Monitorización de ruido", description: "Avisos antes de la queja vecinal" },
          { href: "/aforo-real", label: "Aforo real", description: "Cuenta personas sin cámaras" },
        ],
      },
      {
        title: "Seguridad",
        links: [
          { href: "/alarma-basica", label: "Alarma básica", description: "Sirena de 120 dB y aviso al móvil" },
          { href: "/wifi", label: "WiFi para huéspedes", description: "Más de 100 Mbps para más de 50 dispositivos" },
        ],
      },
      {
        title: "Monetización",
        links: [
          { href: "/sistema-cobro", label: "Sistema de cobro", description: "Fianzas y extras con un 1,8 % de comisión" },
          {
            href: "/monetiza-dispositivo",
            label: "Monetiza tu dispositivo",
            description: "Entre un 15 % y un 30 % más de ingresos",
          },
        ],
      },
    ],
  },
  {
    label: "Soluciones",
    columns: [
      {
        title: "Por Sector",
        links: [
          {
            href: "/apartamentos-turisticos",
            label: "Apartamentos turísticos",
            description: "Convivencia vecinal y gestión remota",
          },
          { href: "/hoteles", label: "Hoteles y aparthoteles", description: "Integración con PMS, RMS, CRM y ERP" },
          { href: "/coliving", label: "Coliving", description: "Zonas comunes bajo control" },
          { href: "/promocion-viviendas", label: "Promoción de viviendas", description: "Viviendas conectadas desde la entrega" },
        ],
      },
      {
        title: "Otros Servicios",
        links: [
          {
            href: "/chatbot-apartamentos-turisticos",
            label: "Asistente IA para huéspedes",
            description: "Respuestas 24 h en más de 10 idiomas",
          },
          {
            href: "/antiokupacion-apartamento-turistico",
            label: "Antiokupación",
            description: "Detección de intrusiones con informe firmado",
          },
          { href: "/limpieza-logistica", label: "Limpieza y logística", description: "Rutas, tareas y lavandería en un panel" },
        ],
      },
    ],
  },
];

export const navLinks: NavLink[] = [
  { href: "/sobre-nidosmart", label: "Sobre nosotros" },
  { href: "/faq", label: "FAQ" },
  { href: "/comparador", label: "Precios" },
];

export const footerColumns: NavColumn[] = [
  {
    title: "Producto",
    links: [
      { href: "/ns-01", label: "Características" },
      { href: "/comparador", label: "Precios" },
      { href: "/casos-exito", label: "Casos de éxito" },
      { href: "/guia-instalacion", label: "Guía de instalación" },
      { href: "/guia-integracion", label: "Guía de integración" },
    ],
  },
  {
    title: "Servicios",
    links: [
      { href: "/apartamentos-turisticos", label: "Apartamentos turísticos" },
      { href: "/chatbot-apartamentos-turisticos", label: "Asistente IA para huéspedes" },
      { href: "/antiokupacion-apartamento-turistico", label: "Antiokupación" },
      { href: "/limpieza-logistica", label: "Limpieza y logística" },
    ],
  },
  {
    title: "Ciudades",
    links: [
      { href: "/apartamentos-turisticos-madrid", label: "Madrid" },
      { href: "/apartamentos-turisticos-barcelona", label: "Barcelona" },
      { href: "/apartamentos-turisticos-sevilla", label: "Sevilla" },
      { href: "/apartamentos-turisticos-malaga", label: "Málaga" },
    ],
  },
  {
    title: "Empresa",
    links: [
      { href: "/sobre-nidosmart", label: "Sobre nosotros" },
      { href: "/empresa", label: "Para empresas" },
      { href: "/faq", label: "Preguntas frecuentes" },
      { href: "/contacto", label: "Contacto" },
    ],
  },
];

export const legalLinks: NavLink[] = [
  { href: "/politica-privacidad", label: "Política de privacidad" },
  { href: "/terminos-condiciones", label: "Términos y condiciones" },
  { href: "/politica-cookies", label: "Política de cookies" },
];
