import type { ImageAsset } from "#app/content/types.ts";

// Every illustration lives in public/images as a small hand-written SVG. Sizes follow spec
// §9: hero pictures 600x400, the dashboard 500x300. Alt texts describe what the picture
// shows, because several of them carry information (charts, the device's parts).

const hero = (file: string, alt: string): ImageAsset => ({ src: `/images/${file}`, alt, width: 600, height: 400 });

export const images = {
  home: hero(
    "hero-home.svg",
    "Salón de un apartamento turístico con el dispositivo NidoSmart NS-01 en la pared y avisos en el móvil del propietario",
  ),
  device: hero("ns-01.svg", "Dispositivo NidoSmart NS-01 visto de frente, con pantalla, sensores y luz de estado"),
  dashboard: {
    src: "/images/dashboard.svg",
    alt: "Panel de NidoSmart con el nivel de ruido de la última semana, el aforo actual y las alertas recientes",
    width: 500,
    height: 300,
  },
  noise: hero("noise.svg", "Ondas de sonido que se atenúan al llegar al umbral configurado en el dispositivo"),
  occupancy: hero("occupancy.svg", "Contador de aforo que muestra cuatro personas dentro de un apartamento de cuatro plazas"),
  alarm: hero("alarm.svg", "Sirena del dispositivo activada y notificación de intrusión en un teléfono móvil"),
  wifi: hero("wifi.svg", "Router con ondas de WiFi conectando un portátil, un móvil y una televisión"),
  payment: hero("payment.svg", "Datáfono cobrando una fianza con tarjeta sin contacto"),
  monetize: hero("monetize.svg", "Gráfico de ingresos creciente junto a servicios premium ofrecidos al huésped"),
  apartments: hero("apartments.svg", "Edificio de apartamentos turísticos con varios dispositivos conectados"),
  hotel: hero("hotel.svg", "Fachada de un hotel urbano con habitaciones monitorizadas"),
  coliving: hero("coliving.svg", "Espacio de coliving con zona común y habitaciones privadas"),
  developer: hero("developer.svg", "Promoción de viviendas nuevas con grúa y dispositivos preinstalados"),
  antiSquatting: hero("anti-squatting.svg", "Puerta de una vivienda protegida por un escudo y un informe firmado"),
  cleaning: hero("cleaning.svg", "Carro eléctrico de reparto con ropa limpia siguiendo una ruta en el mapa"),
  assistant: hero("assistant.svg", "Conversación entre un huésped y el asistente virtual en el móvil"),
  team: hero("team.svg", "Siete cofundadores de NidoSmart alrededor de una mesa de trabajo"),
  install: hero("install.svg", "Mano fijando el dispositivo NS-01 en la pared con un nivel"),
  integrations: hero("integrations.svg", "NidoSmart conectado con PMS, plataformas de reserva y pasarelas de pago"),
  madrid: hero("city-madrid.svg", "Silueta de Madrid con la Puerta de Alcalá y edificios del centro"),
  barcelona: hero("city-barcelona.svg", "Silueta de Barcelona con la Sagrada Familia y el mar"),
  sevilla: hero("city-sevilla.svg", "Silueta de Sevilla con la Giralda y el río Guadalquivir"),
  malaga: hero("city-malaga.svg", "Silueta de Málaga con la Alcazaba, el puerto y palmeras"),
} satisfies Record<string, ImageAsset>;
