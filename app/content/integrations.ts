import type { ApiEndpoint, IntegrationCategory, IntegrationStatus } from "#app/content/types.ts";

// The status labels are marketing labels only (spec §4): they say how a connection is made
// today, not a contractual commitment. Calendar-only connections are honest "iCal" rather
// than "Nativo".

export const integrationStatuses: { status: IntegrationStatus; meaning: string }[] = [
  { status: "Nativo", meaning: "Conexión directa mantenida por NidoSmart, se activa desde el panel." },
  { status: "API", meaning: "Conexión mediante la API del proveedor con tus credenciales." },
  { status: "Webhook", meaning: "El proveedor nos avisa de cada cambio en tiempo real." },
  { status: "iCal", meaning: "Sincronización de calendario; recomendamos actualizar cada hora." },
  { status: "XML + Webhook", meaning: "Intercambio de datos en XML con avisos de cambios por webhook." },
  { status: "En desarrollo", meaning: "Integración en construcción; pídenos acceso anticipado." },
];

export const integrationCategories: IntegrationCategory[] = [
  {
    name: "Sistemas de gestión de propiedades (PMS)",
    description: "Reservas, llegadas y salidas sincronizadas para activar umbrales, alarmas y limpiezas.",
    items: [
      { name: "Avantio", status: "API", description: "Reservas y fichas de alojamiento sincronizadas automáticamente." },
      { name: "Hostaway", status: "API", description: "Reservas, huéspedes y mensajes para avisos de ruido y aforo." },
      { name: "Guesty", status: "Webhook", description: "Cambios de reserva notificados al instante." },
      { name: "Smoobu", status: "iCal", description: "Calendario de ocupación por alojamiento." },
      { name: "Lodgify", status: "iCal", description: "Calendario de ocupación por alojamiento." },
      { name: "Cloudbeds", status: "En desarrollo", description: "Integración para hoteles y aparthoteles." },
    ],
  },
  {
    name: "Plataformas de reserva",
    description: "El calendario de cada canal llega a NidoSmart para saber quién debería estar en el alojamiento.",
    items: [
      { name: "Airbnb", status: "iCal", description: "Calendario de reservas y bloqueos." },
      { name: "Booking.com", status: "XML + Webhook", description: "Reservas y modificaciones mediante intercambio XML." },
      { name: "Vrbo", status: "iCal", description: "Calendario de reservas y bloqueos." },
      { name: "Motor de reservas propio", status: "Nativo", description: "Tu web de reservas directa conectada desde el panel." },
    ],
  },
  {
    name: "Sistemas de pago",
    description: "Fianzas, extras y servicios premium conciliados con cada reserva.",
    items: [
      { name: "Datáfono NidoSmart", status: "Nativo", description: "1,8 % de comisión, liquidación T+1 y 0 € de cuota mensual." },
      { name: "Stripe", status: "API", description: "Cobros con enlace de pago antes de la llegada." },
      { name: "Redsys", status: "Webhook", description: "Confirmación de pagos de tu TPV virtual bancario." },
      { name: "PayPal", status: "En desarrollo", description: "Cobro de extras con cuenta PayPal." },
    ],
  },
];

export const apiEndpoints: ApiEndpoint[] = [
  { method: "GET", path: "/api/v1/properties", text: "Lista tus propiedades con su dispositivo y su estado." },
  { method: "POST", path: "/api/v1/bookings", text: "Crea una reserva para activar umbrales y aforo en sus fechas." },
  { method: "PUT", path: "/api/v1/access-codes", text: "Actualiza los códigos de acceso de una reserva." },
  { method: "DELETE", path: "/api/v1/bookings/{id}", text: "Cancela una reserva y libera sus accesos." },
];
