import { brand } from "#app/config/brand.ts";
import { images } from "#app/content/images.ts";
import type { MarketingPage } from "#app/content/types.ts";

// Spec §2 lists /empresa without showing its content, and the company story already lives
// on /sobre-nidosmart. To avoid two pages competing for the same search, /empresa speaks to
// the "companies" audience of spec §1 (professional managers, buildings, businesses) and
// carries the company's registration data.
export const empresaPage: MarketingPage = {
  path: "/empresa",
  source: "empresa-cta",
  breadcrumb: "Para empresas",
  seo: {
    title: "NidoSmart para empresas, gestoras y edificios residenciales",
    description:
      "Gestiona carteras de alojamientos y edificios con un panel multipropiedad, roles con permisos, informes CSV y PDF, API e integraciones. Datos de la empresa operadora.",
    keywords: [
      "NidoSmart empresas",
      "software gestoras alquiler vacacional",
      "gestión multipropiedad",
      "edificios residenciales sensores",
    ],
  },
  h1: "NidoSmart para empresas y gestoras",
  sections: [
    {
      type: "hero",
      eyebrow: "Empresa",
      lead: "Gestoras profesionales, edificios residenciales y empresas con muchos alojamientos trabajan con NidoSmart desde un único panel, con su equipo organizado por roles.",
      highlights: ["500+ propiedades", "80 % menos gestión manual", "Soporte en España"],
      image: images.integrations,
      actions: [
        { kind: "demo", label: "Solicitar demo para empresas" },
        { kind: "link", label: "Guía de integración", href: "/guia-integracion" },
      ],
    },
    {
      type: "features",
      heading: "Herramientas para equipos",
      columns: 3,
      items: [
        {
          icon: "layers",
          title: "Panel multipropiedad",
          text: "Todas las propiedades y ciudades en una vista, con filtros por zona o cliente.",
        },
        {
          icon: "users",
          title: "Roles y permisos",
          text: "Propietario, gestor, limpieza y soporte, cada uno con los permisos que decidas.",
        },
        {
          icon: "file-text",
          title: "Informes CSV y PDF",
          text: "Ruido, aforo, consumos y accesos exportables para tus clientes y auditorías.",
        },
        { icon: "code", title: "API y webhooks", text: "Conecta NidoSmart con tus propios sistemas y automatizaciones." },
        { icon: "user-check", title: "Control del personal", text: "Accesos y horarios del equipo registrados automáticamente." },
        { icon: "refresh", title: "Actualizaciones remotas", text: "Todo el parque de dispositivos al día sin desplazamientos." },
      ],
    },
    {
      type: "steps",
      heading: "Cómo trabajamos con empresas",
      items: [
        {
          title: "Análisis",
          text: "Revisamos tu cartera, tus sistemas y los servicios que necesitas en cada tipo de alojamiento.",
        },
        { title: "Piloto", text: "Empezamos con un grupo de propiedades para medir resultados reales." },
        { title: "Despliegue", text: "Enviamos los dispositivos en 24-48 horas y formamos a tu equipo." },
      ],
    },
    {
      type: "prose",
      heading: "Datos de la empresa",
      paragraphs: [
        `${brand.name} es una marca de ${brand.legalName}, con CIF ${brand.taxId} y domicilio en ${brand.address.street}, ${brand.address.postalCode} ${brand.address.city} (${brand.address.country}).`,
        `Para propuestas comerciales escríbenos a ${brand.salesEmail} o llámanos al ${brand.phone}.`,
      ],
    },
    {
      type: "cta",
      heading: "Hablemos de tu cartera",
      text: "Preparamos una propuesta a medida según el número de alojamientos y tus integraciones.",
      actions: [
        { kind: "demo", label: "Solicitar demo para empresas" },
        { kind: "link", label: "Contacto", href: "/contacto" },
      ],
    },
  ],
};
