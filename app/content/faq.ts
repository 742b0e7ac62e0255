import { faqInstallation, faqNeighbours, faqNoCommitment, faqNoRecording, faqPrice } from "#app/content/faq-essentials.ts";
import type { FaqItem } from "#app/content/types.ts";

export type { FaqItem };

// The 45 answers shown on /faq (and as FAQPage structured data). The guest assistant
// answers from these same texts, so every figure here must match spec §1 and §9 exactly:
// change a number here only together with the commercial terms.
export const faqItems: FaqItem[] = [
  // Producto y servicio
  {
    question: "¿Qué es NidoSmart?",
    answer:
      "NidoSmart es un dispositivo inteligente de pared, el NS-01, unido a una plataforma web para gestionar apartamentos turísticos, hoteles, colivings y promociones de viviendas. Mide ruido y aforo real sin cámaras ni micrófonos, incluye alarma con sirena, WiFi para huéspedes, cobros con datáfono y herramientas para generar ingresos extra.",
  },
  {
    question: "¿A quién va dirigido?",
    answer:
      "A propietarios particulares, gestoras profesionales, edificios residenciales y empresas que explotan alojamientos. Funciona igual con un solo apartamento que con cientos de unidades repartidas por varias ciudades.",
  },
  faqPrice,
  faqNoCommitment,
  {
    question: "¿Cuánto puedo ahorrar frente a otras soluciones?",
    answer:
      "Una combinación habitual de dispositivo (20 €), internet (25 €), channel manager (15 €) y envío de partes de viajeros (5 €) suma 65 € al mes. NidoSmart cuesta 29 € al mes, así que el ahorro llega hasta 36 € al mes por alojamiento.",
  },
  {
    question: "¿Qué incluyen los más de 40 servicios?",
    answer:
      "Monitorización de ruido, aforo real, alarma básica, WiFi e internet para huéspedes, cobros con datáfono, monetización, sensores de temperatura, humedad y presión, detección de humo, tabaco, CO, gases nocivos e inundación, control de agua y energía, control remoto del aire acondicionado, apertura de puerta, portero y garaje, enchufes inteligentes, control de accesos y horarios del personal, datos certificados, check-in digital con exportación de partes a la policía, roles, informes CSV y PDF y actualizaciones remotas.",
  },
  {
    question: "¿Dónde se fabrica el dispositivo?",
    answer: "El NS-01 es un dispositivo 100 % fabricado en España, y el equipo de soporte también está en España.",
  },
  {
    question: "¿Cuántos alojamientos usan ya NidoSmart?",
    answer:
      "Más de 500 propiedades confían en NidoSmart. De media registran un 95 % menos de incidencias vecinales y, hasta la fecha, 0 sanciones por ruido con el sistema activo.",
  },
  // Dispositivo y privacidad
  faqNoRecording,
  {
    question: "¿Qué sensores incluye el NS-01?",
    answer:
      "Más de 5 sensores: nivel de ruido, presencia y aforo, temperatura, humedad y presión, además de detección de humo, tabaco, CO y gases nocivos. Con accesorios se añaden detección de inundación, control de agua y energía y apertura de puertas.",
  },
  {
    question: "¿Cuánto pesa y qué tamaño tiene?",
    answer:
      "Pesa menos de 1 kg y se monta en la pared como un pequeño termostato. Se coloca a una altura de entre 1,5 y 2 metros para medir bien el ruido y la ocupación.",
  },
  {
    question: "¿Cómo se actualiza el dispositivo?",
    answer:
      "Por actualizaciones remotas (OTA). Las nuevas funciones y mejoras de seguridad llegan solas, sin visitas técnicas ni desmontar nada.",
  },
  {
    question: "¿Los datos que registra tienen validez ante terceros?",
    answer:
      "Los registros se guardan como datos certificados e inalterables, con fecha y hora. Puedes exportarlos en informes PDF o CSV para presentarlos ante tu comunidad de vecinos, tu aseguradora o la administración.",
  },
  {
    question: "¿Cumple NidoSmart con el RGPD?",
    answer:
      "Sí. Solo tratamos los datos necesarios para prestar el servicio, no grabamos audio ni imágenes y los datos de los huéspedes se usan únicamente para el registro legal de viajeros. Tienes el detalle en nuestra política de privacidad.",
  },
  {
    question: "¿Qué pasa si el dispositivo se estropea?",
    answer:
      "Mientras tengas la suscripción activa, te enviamos un equipo de sustitución exprés en 24-48 horas. Tus umbrales y configuración se restauran automáticamente desde la plataforma.",
  },
  {
    question: "¿Qué pasa si se va la luz o internet?",
    answer:
      "El dispositivo guarda las mediciones y las envía en cuanto recupera la conexión, de modo que no pierdes el histórico. Si la desconexión se alarga, la plataforma te avisa para que puedas revisarlo.",
  },
  // Instalación y puesta en marcha
  {
    question: "¿Cuánto tarda en llegar el dispositivo?",
    answer: "El envío tarda entre 24 y 48 horas. Los gastos de envío son 15 € y el dispositivo es gratuito.",
  },
  faqInstallation,
  {
    question: "¿Dónde debo colocar el dispositivo?",
    answer:
      "En la zona común del alojamiento, normalmente el salón, a una altura de 1,5 a 2 metros, lejos de ventanas, electrodomésticos ruidosos y fuentes de calor, y cerca de un enchufe.",
  },
  {
    question: "¿Se integra con mi PMS o con Airbnb y Booking.com?",
    answer:
      "Sí. Hay conexiones con los principales PMS y plataformas de reserva por API, webhooks o iCal. Con iCal recomendamos sincronizar el calendario cada hora. Consulta el catálogo completo en la guía de integración.",
  },
  {
    question: "¿Puedo gestionar varios alojamientos desde la misma cuenta?",
    answer:
      "Sí. Un único panel reúne todas tus propiedades y te permite crear roles para propietarios, gestores, personal de limpieza y soporte, cada uno con sus permisos.",
  },
  // Ruido
  {
    question: "¿Cómo funciona la monitorización de ruido?",
    answer:
      "El NS-01 mide el nivel sonoro de forma continua y lo compara con umbrales calibrados por franja horaria (LAeq y Lmax). Si se superan, avisa al huésped y a ti en tiempo real para que el problema se corrija antes de que llegue una queja.",
  },
  {
    question: "¿Qué límites de ruido se aplican en un apartamento turístico?",
    answer:
      "La referencia estatal es la Ley 37/2003 del Ruido, que cada comunidad y ayuntamiento concreta. Como ejemplo, Madrid y Andalucía fijan 35 dB(A) de día y 30 dB(A) de noche en el interior de viviendas, y las multas pueden llegar a 30.000 €.",
  },
  {
    question: "¿Puedo ajustar los umbrales de ruido?",
    answer:
      "Sí. Puedes fijar umbrales distintos para el día, la tarde y la noche en cada alojamiento, y decidir quién recibe cada aviso: huésped, gestor o personal de guardia.",
  },
  {
    question: "¿Cómo se avisa al huésped cuando hay ruido?",
    answer:
      "Con un mensaje automático amable y, si el nivel persiste, con un segundo aviso. Tú recibes la alerta en el móvil con el historial de la medición para actuar si hace falta.",
  },
  faqNeighbours,
  // Aforo y seguridad
  {
    question: "¿Cómo se cuenta el aforo sin cámaras?",
    answer:
      "Con sensores de presencia que detectan personas de forma anónima. La precisión es superior al 95 %, con un tiempo de respuesta de 0,1 segundos y actualización cada segundo.",
  },
  {
    question: "¿Para qué sirve controlar el aforo real?",
    answer:
      "Para detectar fiestas y sobreocupación: si entran más personas de las reservadas, recibes un aviso al momento y puedes actuar antes de que haya daños o quejas.",
  },
  {
    question: "¿Cómo funciona la alarma básica?",
    answer:
      "La alarma funciona en tres pasos: detección de una intrusión o evento, notificación inmediata al móvil y acción, con una sirena de 120 dB. Se configura en 5 minutos desde la plataforma.",
  },
  {
    question: "¿Qué es el sistema antiokupación?",
    answer:
      "Registra durante 72 horas la actividad normal del alojamiento vacío y, a partir de ahí, detecta intrusiones correlacionando apertura de puertas o persianas, presencia, picos de ruido y saltos de luz frente a una puntuación umbral.",
  },
  {
    question: "¿Qué pruebas obtengo si alguien entra en mi vivienda?",
    answer:
      "Un informe PDF firmado y con sello de tiempo, además de una copia forense de los datos. Puedes compartirlo con la policía o tu abogado mediante un enlace seguro o un código QR.",
  },
  {
    question: "¿Detecta humo, tabaco o fugas de gas?",
    answer:
      "Sí. Detecta humo, tabaco, monóxido de carbono y gases nocivos, y con el accesorio correspondiente también inundaciones. Cada evento genera una alerta inmediata.",
  },
  // WiFi, cobros y monetización
  {
    question: "¿Cómo es el WiFi para huéspedes?",
    answer:
      "Ofrece velocidades de más de 100 Mbps y admite más de 50 dispositivos conectados, con un 98 % de satisfacción de los huéspedes. En alojamientos grandes se puede ampliar hasta 300 Mbps y hasta 100 dispositivos.",
  },
  {
    question: "¿Necesito contratar internet aparte?",
    answer:
      "No es necesario: NidoSmart puede suministrar la conexión a internet del alojamiento dentro del servicio, lo que te ahorra una línea independiente.",
  },
  {
    question: "¿Qué comisión tiene el sistema de cobro?",
    answer:
      "Un 1,8 % por operación, con liquidación en T+1 (al día hábil siguiente), 0 € de cuota mensual y sin coste de instalación.",
  },
  {
    question: "¿Qué puedo cobrar con el datáfono?",
    answer:
      "Fianzas, salidas tardías, llegadas anticipadas, servicios premium como limpieza extra o traslados y cualquier extra que ofrezcas durante la estancia, con tarjeta o móvil.",
  },
  {
    question: "¿Cuánto puedo ganar con la monetización del dispositivo?",
    answer:
      "Nuestras estimaciones son de un 15 % a un 30 % más de ingresos, de 50 a 100 € al mes en comisiones por ventas y de 2 a 5 € adicionales por reserva.",
  },
  {
    question: "¿Qué es el marketplace de servicios?",
    answer:
      "Un catálogo de servicios de partners locales (traslados, experiencias, comida a domicilio) que tus huéspedes contratan desde el alojamiento. Tú decides qué se ofrece y recibes una comisión por cada venta.",
  },
  // Otros servicios
  {
    question: "¿Qué hace el asistente con IA para huéspedes?",
    answer:
      "Responde a tus huéspedes a cualquier hora y en más de 10 idiomas: códigos de acceso, normas, WiFi, recomendaciones y más. Automatiza más del 60 % de las preguntas frecuentes. El plan Basic cuesta 5 € al mes y el Pro 7 € al mes.",
  },
  {
    question: "¿Ofrecéis limpieza y logística?",
    answer:
      "Sí. Planificamos la limpieza diaria de forma automática, asignamos tareas, optimizamos las rutas de los carros eléctricos de reparto, seguimos la ruta por GPS, registramos cada entrega con QR o foto, controlamos la lavandería y enviamos informes diarios.",
  },
  {
    question: "¿Sirve para hoteles y aparthoteles?",
    answer:
      "Sí. La solución escala para hoteles de 10 a 50 habitaciones, de 50 a 200 y para grandes cadenas, con integración con PMS, RMS, CRM y ERP y estimación de la demanda en intervalos de 15 minutos.",
  },
  {
    question: "¿Cómo ayuda con el registro de viajeros?",
    answer:
      "Cada reserva tiene un enlace privado donde los huéspedes se registran en español o en inglés. Los datos se validan y se preparan para la exportación del parte de viajeros que exige la policía.",
  },
  // Soporte y contratación
  {
    question: "¿Qué horario tiene el soporte?",
    answer:
      "El soporte atiende de lunes a viernes laborables de 9:00 a 18:00. La monitorización y las alertas funcionan 24/7, también fines de semana y festivos.",
  },
  {
    question: "¿Cómo solicito una demostración?",
    answer:
      "Pulsa cualquier botón de «Solicitar demo» o escríbenos desde la página de contacto. Un especialista te llama y te enseña la plataforma con datos reales.",
  },
  {
    question: "¿Cuánto ahorro energético puedo conseguir?",
    answer:
      "Hasta un 58 % de ahorro energético gracias al control remoto del aire acondicionado, los enchufes inteligentes y la detección de estancias vacías, y hasta un 80 % menos de gestión manual.",
  },
];
