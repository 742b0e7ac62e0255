import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The one route table. Spanish URLs are defined here and nowhere else.
export default [
  layout("routes/marketing/layout.tsx", [
    // BEGIN marketing routes
    index("routes/marketing/home.tsx"),
    // Dispositivo
    route("ns-01", "routes/marketing/ns-01.tsx"),
    route("monitorizacion-ruido", "routes/marketing/monitorizacion-ruido.tsx"),
    route("aforo-real", "routes/marketing/aforo-real.tsx"),
    route("alarma-basica", "routes/marketing/alarma-basica.tsx"),
    route("wifi", "routes/marketing/wifi.tsx"),
    route("internet-apartamentos-turisticos", "routes/marketing/internet-apartamentos-turisticos.tsx"),
    route("sistema-cobro", "routes/marketing/sistema-cobro.tsx"),
    route("monetiza-dispositivo", "routes/marketing/monetiza-dispositivo.tsx"),
    // Soluciones
    route("apartamentos-turisticos", "routes/marketing/apartamentos-turisticos.tsx"),
    route("apartamentos-turisticos-madrid", "routes/marketing/city-page.tsx", { id: "city-madrid" }),
    route("apartamentos-turisticos-barcelona", "routes/marketing/city-page.tsx", { id: "city-barcelona" }),
    route("apartamentos-turisticos-sevilla", "routes/marketing/city-page.tsx", { id: "city-sevilla" }),
    route("apartamentos-turisticos-malaga", "routes/marketing/city-page.tsx", { id: "city-malaga" }),
    route("sensor-ruido-apartamentos-turisticos", "routes/marketing/sensor-ruido-apartamentos-turisticos.tsx"),
    route("apartamentos-turisticos-ruido", "routes/marketing/apartamentos-turisticos-ruido.tsx"),
    route("antiokupacion-vivienda-vacacional", "routes/marketing/antiokupacion-vivienda-vacacional.tsx"),
    route("antiokupacion-apartamento-turistico", "routes/marketing/antiokupacion-apartamento-turistico.tsx"),
    route("hoteles", "routes/marketing/hoteles.tsx"),
    route("coliving", "routes/marketing/coliving.tsx"),
    route("promocion-viviendas", "routes/marketing/promocion-viviendas.tsx"),
    route("limpieza-logistica", "routes/marketing/limpieza-logistica.tsx"),
    // Casos de éxito
    route("casos-exito", "routes/marketing/casos-exito.tsx"),
    route("casos-exito/:slug", "routes/marketing/caso-exito.tsx"),
    // Empresa, ayuda y legal
    route("comparador", "routes/marketing/comparador.tsx"),
    route("faq", "routes/marketing/faq.tsx"),
    route("contacto", "routes/marketing/contacto.tsx"),
    route("empresa", "routes/marketing/empresa.tsx"),
    route("sobre-nidosmart", "routes/marketing/sobre-nidosmart.tsx"),
    route("guia-instalacion", "routes/marketing/guia-instalacion.tsx"),
    route("guia-integracion", "routes/marketing/guia-integracion.tsx"),
    route("politica-privacidad", "routes/marketing/legal-page.tsx", { id: "legal-privacidad" }),
    route("terminos-condiciones", "routes/marketing/legal-page.tsx", { id: "legal-terminos" }),
    route("politica-cookies", "routes/marketing/legal-page.tsx", { id: "legal-cookies" }),
    // Resource routes (no component: the loader's Response is the whole answer)
    route("sitemap.xml", "routes/marketing/sitemap-xml.ts"),
    route("robots.txt", "routes/marketing/robots-txt.ts"),
    // END marketing routes
  ]),
  // Public but not prerendered: interactive, private or per-visitor pages.
  layout("routes/marketing/layout.tsx", { id: "marketing-dynamic-layout" }, [
    route("chatbot-apartamentos-turisticos", "routes/marketing/chatbot.tsx"),
  ]),
  route("apertura-puerta", "routes/guest/door.tsx"),
  // Evidence reports (ADR 0022): public verification by id, and a staff share link.
  route("verificar/:id", "routes/public/verify.tsx"),
  route("evidencia/:token", "routes/public/evidence-share.tsx"),
  route("registro-viajeros/:link", "routes/guest/registration.tsx"),
  // A property's registration link (issue 28): finds a stay by its booking code.
  route("registro/:token", "routes/guest/stay-lookup.tsx"),
  route("auth", "routes/auth/sign-in.tsx"),
  route("contacto/enviado", "routes/leads/contact-sent.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/leads.tsx"),
      route("viajeros", "routes/admin/travellers/layout.tsx", [
        index("routes/admin/travellers/reservations.tsx"),
        route("viviendas", "routes/admin/travellers/properties.tsx"),
        route("viviendas/:propertyId/calendarios", "routes/admin/travellers/property-calendars.tsx"),
        route("dispositivos", "routes/admin/travellers/devices.tsx"),
        route("arrendadores", "routes/admin/travellers/landlords.tsx"),
        route("comunicaciones", "routes/admin/travellers/communications.tsx"),
        route("comunicaciones/mossos", "routes/admin/travellers/mossos.tsx"),
      ]),
      route("monitorizacion", "routes/admin/monitoring/fleet.tsx"),
      // Static segments rank above ":deviceId", so these never read as a device.
      route("monitorizacion/incidencias", "routes/admin/monitoring/incidents.tsx"),
      route("monitorizacion/incidencias/:incidentId", "routes/admin/monitoring/incident.tsx"),
      route("monitorizacion/viviendas", "routes/admin/monitoring/properties.tsx"),
      route("monitorizacion/viviendas/:propertyId", "routes/admin/monitoring/property.tsx"),
      route("monitorizacion/viviendas/:propertyId/informe", "routes/admin/monitoring/report-file.ts"),
      route("monitorizacion/:deviceId", "routes/admin/monitoring/device.tsx"),
      route("vigilancia", "routes/admin/vigilance/overview.tsx"),
      route("vigilancia/informes/:reportId", "routes/admin/vigilance/report.tsx"),
      route("vigilancia/:propertyId", "routes/admin/vigilance/property.tsx"),
      route("estadisticas", "routes/admin/stats.tsx"),
      route("webhooks", "routes/admin/webhooks/endpoints.tsx"),
      route("webhooks/:endpointId", "routes/admin/webhooks/deliveries.tsx"),
      route("usuarios", "routes/admin/users.tsx"),
      route("avisos", "routes/admin/push-devices.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
