// Every public, indexable path. It drives prerendering (react-router.config.ts) and the sitemap.
// /apertura-puerta, /auth, /admin and /registro-viajeros are private or token-bound and are
// deliberately absent (robots.txt disallows them too).
export type PublicPage = { path: string; lastmod: string; priority?: number };

// One content revision date for the whole site: the pages were written together. Bump the
// date of a page when its copy changes so crawlers re-read it.
const CONTENT_DATE = "2025-09-01";

const page = (path: string, priority?: number): PublicPage =>
  priority === undefined ? { path, lastmod: CONTENT_DATE } : { path, lastmod: CONTENT_DATE, priority };

export const publicPages: PublicPage[] = [
  page("/", 1),
  // Dispositivo
  page("/ns-01", 0.9),
  page("/monitorizacion-ruido", 0.8),
  page("/aforo-real", 0.8),
  page("/alarma-basica", 0.8),
  page("/wifi", 0.8),
  page("/internet-apartamentos-turisticos", 0.7),
  page("/sistema-cobro", 0.8),
  page("/monetiza-dispositivo", 0.8),
  // Soluciones
  page("/apartamentos-turisticos", 0.9),
  page("/apartamentos-turisticos-madrid", 0.8),
  page("/apartamentos-turisticos-barcelona", 0.8),
  page("/apartamentos-turisticos-sevilla", 0.8),
  page("/apartamentos-turisticos-malaga", 0.8),
  page("/sensor-ruido-apartamentos-turisticos", 0.7),
  page("/apartamentos-turisticos-ruido", 0.7),
  page("/antiokupacion-vivienda-vacacional", 0.7),
  page("/antiokupacion-apartamento-turistico", 0.7),
  page("/hoteles", 0.8),
  page("/coliving", 0.8),
  page("/promocion-viviendas", 0.8),
  page("/chatbot-apartamentos-turisticos", 0.8),
  page("/limpieza-logistica", 0.7),
  // Casos de éxito (the slugs match app/content/cases.ts; a test keeps them in step)
  page("/casos-exito", 0.7),
  page("/casos-exito/apartamentos-sol-sevilla", 0.6),
  page("/casos-exito/hotel-urbano-madrid", 0.6),
  page("/casos-exito/apartamentos-barcelona-centro", 0.6),
  // Empresa y ayuda
  page("/comparador", 0.9),
  page("/faq", 0.7),
  page("/contacto", 0.7),
  page("/empresa", 0.6),
  page("/sobre-nidosmart", 0.6),
  page("/guia-instalacion", 0.6),
  page("/guia-integracion", 0.6),
  // Legal
  page("/politica-privacidad", 0.3),
  page("/terminos-condiciones", 0.3),
  page("/politica-cookies", 0.3),
];

/**
 * Non-HTML resources that should also be rendered at build time. They are not pages, so
 * they stay out of `publicPages` (and therefore out of the sitemap itself).
 */
export const prerenderedResources: string[] = ["/sitemap.xml", "/robots.txt"];
