// English renderings of the site's Spanish content, for the guest assistant's answers to
// English questions (issue 12). Keyed by the exact Spanish string that knowledge.ts reads
// from app/content (and brand.ts), so that a Spanish edit leaves its English rendering
// without a key and knowledge-en.test.ts fails until the new text is translated. The test
// also checks that each rendering carries exactly the figures of its Spanish text and opens
// with the same yes or no: a translation can be reworded, never disagree.
//
// When the test lists a missing Spanish string, add it here with its English rendering
// (and delete the entry of the text it replaced, which the test reports as unused).
// Figures keep their value and use English notation: "29 €" → "€29", "1,8 %" → "1.8%".

export const englishText: Readonly<Record<string, string>> = {
  "¿Qué es NidoSmart?":
    "What is NidoSmart?",
  "NidoSmart es un dispositivo inteligente de pared, el NS-01, unido a una plataforma web para gestionar apartamentos turísticos, hoteles, colivings y promociones de viviendas. Mide ruido y aforo real sin cámaras ni micrófonos, incluye alarma con sirena, WiFi para huéspedes, cobros con datáfono y herramientas para generar ingresos extra.":
    "NidoSmart is a smart wall-mounted device, the NS-01, combined with a web platform for managing tourist apartments, hotels, colivings and housing developments. It measures noise and real occupancy without cameras or microphones, and includes an alarm with a siren, WiFi for guests, card payments with a payment terminal and tools to earn extra income.",
  "¿A quién va dirigido?":
    "Who is it for?",
  "A propietarios particulares, gestoras profesionales, edificios residenciales y empresas que explotan alojamientos. Funciona igual con un solo apartamento que con cientos de unidades repartidas por varias ciudades.":
    "For private owners, professional property managers, residential buildings and companies that run accommodation. It works the same with a single apartment as with hundreds of units spread across several cities.",
  "¿Cuánto cuesta NidoSmart?":
    "How much does NidoSmart cost?",
  "El dispositivo NS-01 cuesta 0 €: solo pagas 15 € de envío. El servicio cuesta 29 € al mes e incluye más de 40 servicios, sin permanencia mínima.":
    "The NS-01 device costs €0: you only pay €15 for shipping. The service costs €29 a month and includes more than 40 services, with no minimum commitment.",
  "¿Hay permanencia o penalización por cancelar?":
    "Is there a minimum term or a cancellation penalty?",
  "No. La suscripción de 29 € al mes no tiene permanencia mínima: puedes darla de baja cuando quieras y deja de facturarse el mes siguiente.":
    "No. The €29 monthly subscription has no minimum term: you can cancel whenever you want, and billing stops the following month.",
  "¿Cuánto puedo ahorrar frente a otras soluciones?":
    "How much can I save compared with other solutions?",
  "Una combinación habitual de dispositivo (20 €), internet (25 €), channel manager (15 €) y envío de partes de viajeros (5 €) suma 65 € al mes. NidoSmart cuesta 29 € al mes, así que el ahorro llega hasta 36 € al mes por alojamiento.":
    "A typical combination of a device (€20), internet (€25), a channel manager (€15) and sending guest registration forms (€5) adds up to €65 a month. NidoSmart costs €29 a month, so you save up to €36 a month per property.",
  "¿Qué incluyen los más de 40 servicios?":
    "What do the more than 40 services include?",
  "Monitorización de ruido, aforo real, alarma básica, WiFi e internet para huéspedes, cobros con datáfono, monetización, sensores de temperatura, humedad y presión, detección de humo, tabaco, CO, gases nocivos e inundación, control de agua y energía, control remoto del aire acondicionado, apertura de puerta, portero y garaje, enchufes inteligentes, control de accesos y horarios del personal, datos certificados, check-in digital con exportación de partes a la policía, roles, informes CSV y PDF y actualizaciones remotas.":
    "Noise monitoring, real occupancy, basic alarm, WiFi and internet for guests, card payments with a payment terminal, monetisation, temperature, humidity and pressure sensors, detection of smoke, tobacco, CO, harmful gases and flooding, water and energy control, remote control of the air conditioning, door, entry phone and garage opening, smart plugs, staff access and hours control, certified data, digital check-in with guest registration forms exported to the police, roles, CSV and PDF reports and remote updates.",
  "¿Dónde se fabrica el dispositivo?":
    "Where is the device made?",
  "El NS-01 es un dispositivo 100 % fabricado en España, y el equipo de soporte también está en España.":
    "The NS-01 is a device 100% made in Spain, and the support team is in Spain too.",
  "¿Cuántos alojamientos usan ya NidoSmart?":
    "How many properties already use NidoSmart?",
  "Más de 500 propiedades confían en NidoSmart. De media registran un 95 % menos de incidencias vecinales y, hasta la fecha, 0 sanciones por ruido con el sistema activo.":
    "More than 500 properties trust NidoSmart. On average they record 95% fewer neighbour incidents and, to date, 0 noise fines with the system active.",
  "¿El dispositivo graba audio o vídeo?":
    "Does the device record audio or video?",
  "No. El NS-01 no tiene cámaras ni micrófonos de grabación: mide niveles de sonido en decibelios y cuenta personas de forma anónima. Nunca se almacena una conversación ni una imagen de los huéspedes.":
    "No. The NS-01 has no recording cameras or microphones: it measures sound levels in decibels and counts people anonymously. No conversation and no image of the guests is ever stored.",
  "¿Qué sensores incluye el NS-01?":
    "Which sensors does the NS-01 include?",
  "Más de 5 sensores: nivel de ruido, presencia y aforo, temperatura, humedad y presión, además de detección de humo, tabaco, CO y gases nocivos. Con accesorios se añaden detección de inundación, control de agua y energía y apertura de puertas.":
    "More than 5 sensors: noise level, presence and occupancy, temperature, humidity and pressure, plus detection of smoke, tobacco, CO and harmful gases. Accessories add flood detection, water and energy control and door opening.",
  "¿Cuánto pesa y qué tamaño tiene?":
    "How much does it weigh and how big is it?",
  "Pesa menos de 1 kg y se monta en la pared como un pequeño termostato. Se coloca a una altura de entre 1,5 y 2 metros para medir bien el ruido y la ocupación.":
    "It weighs less than 1 kg and is mounted on the wall like a small thermostat. It goes at a height of between 1.5 and 2 metres to measure noise and occupancy properly.",
  "¿Cómo se actualiza el dispositivo?":
    "How is the device updated?",
  "Por actualizaciones remotas (OTA). Las nuevas funciones y mejoras de seguridad llegan solas, sin visitas técnicas ni desmontar nada.":
    "Through remote updates (OTA). New features and security improvements arrive on their own, with no technician visits and nothing to take apart.",
  "¿Los datos que registra tienen validez ante terceros?":
    "Is the data it records valid for third parties?",
  "Los registros se guardan como datos certificados e inalterables, con fecha y hora. Puedes exportarlos en informes PDF o CSV para presentarlos ante tu comunidad de vecinos, tu aseguradora o la administración.":
    "Records are kept as certified, unalterable data, with date and time. You can export them as PDF or CSV reports to present them to your residents' association, your insurer or the authorities.",
  "¿Cumple NidoSmart con el RGPD?":
    "Does NidoSmart comply with the GDPR?",
  "Sí. Solo tratamos los datos necesarios para prestar el servicio, no grabamos audio ni imágenes y los datos de los huéspedes se usan únicamente para el registro legal de viajeros. Tienes el detalle en nuestra política de privacidad.":
    "Yes. We only process the data needed to provide the service, we do not record audio or images, and guests' data is used only for the legal guest registration. You will find the details in our privacy policy.",
  "¿Qué pasa si el dispositivo se estropea?":
    "What happens if the device breaks down?",
  "Mientras tengas la suscripción activa, te enviamos un equipo de sustitución exprés en 24-48 horas. Tus umbrales y configuración se restauran automáticamente desde la plataforma.":
    "While your subscription is active, we send you an express replacement unit within 24-48 hours. Your thresholds and settings are restored automatically from the platform.",
  "¿Qué pasa si se va la luz o internet?":
    "What happens if the power or the internet goes down?",
  "El dispositivo guarda las mediciones y las envía en cuanto recupera la conexión, de modo que no pierdes el histórico. Si la desconexión se alarga, la plataforma te avisa para que puedas revisarlo.":
    "The device stores its measurements and sends them as soon as the connection is back, so you do not lose the history. If the outage lasts, the platform alerts you so you can check it.",
  "¿Cuánto tarda en llegar el dispositivo?":
    "How long does the device take to arrive?",
  "El envío tarda entre 24 y 48 horas. Los gastos de envío son 15 € y el dispositivo es gratuito.":
    "Shipping takes between 24 and 48 hours. Shipping costs €15 and the device is free.",
  "¿Es difícil instalarlo?":
    "Is it hard to install?",
  "No. La instalación lleva entre 10 y 15 minutos: eliges la ubicación, lo fijas a la pared con dos tacos (broca de 6 mm), lo conectas a la corriente con el cable de 2 metros y terminas la configuración inicial desde el móvil. Si te atascas, el soporte te atiende de lunes a viernes de 9:00 a 18:00.":
    "No. Installation takes between 10 and 15 minutes: you choose the spot, fix it to the wall with two wall plugs (6 mm drill bit), plug it into the mains with the 2-metre cable and finish the initial set-up from your phone. If you get stuck, support is there Monday to Friday from 9:00 to 18:00.",
  "¿Dónde debo colocar el dispositivo?":
    "Where should I place the device?",
  "En la zona común del alojamiento, normalmente el salón, a una altura de 1,5 a 2 metros, lejos de ventanas, electrodomésticos ruidosos y fuentes de calor, y cerca de un enchufe.":
    "In the common area of the property, usually the living room, at a height of 1.5 to 2 metres, away from windows, noisy appliances and heat sources, and close to a socket.",
  "¿Se integra con mi PMS o con Airbnb y Booking.com?":
    "Does it integrate with my PMS or with Airbnb and Booking.com?",
  "Sí. Hay conexiones con los principales PMS y plataformas de reserva por API, webhooks o iCal. Con iCal recomendamos sincronizar el calendario cada hora. Consulta el catálogo completo en la guía de integración.":
    "Yes. There are connections with the main PMSs and booking platforms through API, webhooks or iCal. With iCal we recommend syncing the calendar every hour. See the full catalogue in the integration guide.",
  "¿Puedo gestionar varios alojamientos desde la misma cuenta?":
    "Can I manage several properties from the same account?",
  "Sí. Un único panel reúne todas tus propiedades y te permite crear roles para propietarios, gestores, personal de limpieza y soporte, cada uno con sus permisos.":
    "Yes. A single dashboard brings all your properties together and lets you create roles for owners, managers, cleaning staff and support, each with its own permissions.",
  "¿Cómo funciona la monitorización de ruido?":
    "How does noise monitoring work?",
  "El NS-01 mide el nivel sonoro de forma continua y lo compara con umbrales calibrados por franja horaria (LAeq y Lmax). Si se superan, avisa al huésped y a ti en tiempo real para que el problema se corrija antes de que llegue una queja.":
    "The NS-01 measures the sound level continuously and compares it with thresholds calibrated by time of day (LAeq and Lmax). If they are exceeded, it alerts the guest and you in real time so the problem is fixed before a complaint arrives.",
  "¿Qué límites de ruido se aplican en un apartamento turístico?":
    "What noise limits apply to a tourist apartment?",
  "La referencia estatal es la Ley 37/2003 del Ruido, que cada comunidad y ayuntamiento concreta. Como ejemplo, Madrid y Andalucía fijan 35 dB(A) de día y 30 dB(A) de noche en el interior de viviendas, y las multas pueden llegar a 30.000 €.":
    "The national reference is Noise Law 37/2003, which each region and city council sets out in detail. For example, Madrid and Andalusia set 35 dB(A) by day and 30 dB(A) at night inside homes, and fines can reach €30,000.",
  "¿Puedo ajustar los umbrales de ruido?":
    "Can I adjust the noise thresholds?",
  "Sí. Puedes fijar umbrales distintos para el día, la tarde y la noche en cada alojamiento, y decidir quién recibe cada aviso: huésped, gestor o personal de guardia.":
    "Yes. You can set different thresholds for the day, the evening and the night in each property, and decide who receives each alert: the guest, the manager or the staff on call.",
  "¿Cómo se avisa al huésped cuando hay ruido?":
    "How is the guest warned when there is noise?",
  "Con un mensaje automático amable y, si el nivel persiste, con un segundo aviso. Tú recibes la alerta en el móvil con el historial de la medición para actuar si hace falta.":
    "With a friendly automatic message and, if the level persists, with a second warning. You receive the alert on your phone with the measurement history so you can act if needed.",
  "¿Reduce de verdad las quejas de los vecinos?":
    "Does it really reduce neighbours' complaints?",
  "Sí. Los alojamientos con NidoSmart registran un 95 % menos de incidencias vecinales, porque el aviso llega en los primeros minutos y no cuando el vecino ya ha llamado a la policía.":
    "Yes. Properties with NidoSmart record 95% fewer neighbour incidents, because the warning arrives in the first few minutes and not when the neighbour has already called the police.",
  "¿Cómo se cuenta el aforo sin cámaras?":
    "How is occupancy counted without cameras?",
  "Con sensores de presencia que detectan personas de forma anónima. La precisión es superior al 95 %, con un tiempo de respuesta de 0,1 segundos y actualización cada segundo.":
    "With presence sensors that detect people anonymously. Accuracy is above 95%, with a response time of 0.1 seconds and an update every second.",
  "¿Para qué sirve controlar el aforo real?":
    "What is real occupancy control for?",
  "Para detectar fiestas y sobreocupación: si entran más personas de las reservadas, recibes un aviso al momento y puedes actuar antes de que haya daños o quejas.":
    "To detect parties and overcrowding: if more people come in than were booked, you get an alert straight away and can act before there is damage or complaints.",
  "¿Cómo funciona la alarma básica?":
    "How does the basic alarm work?",
  "La alarma funciona en tres pasos: detección de una intrusión o evento, notificación inmediata al móvil y acción, con una sirena de 120 dB. Se configura en 5 minutos desde la plataforma.":
    "The alarm works in three steps: detection of an intrusion or event, an instant notification to your phone and action, with a 120 dB siren. It is set up in 5 minutes from the platform.",
  "¿Qué es el sistema antiokupación?":
    "What is the anti-squatting system?",
  "Registra durante 72 horas la actividad normal del alojamiento vacío y, a partir de ahí, detecta intrusiones correlacionando apertura de puertas o persianas, presencia, picos de ruido y saltos de luz frente a una puntuación umbral.":
    "It records the normal activity of the empty property for 72 hours and, from then on, detects intrusions by correlating doors or shutters opening, presence, noise peaks and changes in light against a threshold score.",
  "¿Qué pruebas obtengo si alguien entra en mi vivienda?":
    "What evidence do I get if someone gets into my home?",
  "Un informe PDF firmado y con sello de tiempo, además de una copia forense de los datos. Puedes compartirlo con la policía o tu abogado mediante un enlace seguro o un código QR.":
    "A signed, time-stamped PDF report, plus a forensic copy of the data. You can share it with the police or your lawyer through a secure link or a QR code.",
  "¿Detecta humo, tabaco o fugas de gas?":
    "Does it detect smoke, tobacco or gas leaks?",
  "Sí. Detecta humo, tabaco, monóxido de carbono y gases nocivos, y con el accesorio correspondiente también inundaciones. Cada evento genera una alerta inmediata.":
    "Yes. It detects smoke, tobacco, carbon monoxide and harmful gases, and with the matching accessory also floods. Every event triggers an immediate alert.",
  "¿Cómo es el WiFi para huéspedes?":
    "What is the guest WiFi like?",
  "Ofrece velocidades de más de 100 Mbps y admite más de 50 dispositivos conectados, con un 98 % de satisfacción de los huéspedes. En alojamientos grandes se puede ampliar hasta 300 Mbps y hasta 100 dispositivos.":
    "It offers speeds of more than 100 Mbps and supports more than 50 connected devices, with 98% guest satisfaction. In large properties it can be extended to up to 300 Mbps and up to 100 devices.",
  "¿Necesito contratar internet aparte?":
    "Do I need a separate internet contract?",
  "No es necesario: NidoSmart puede suministrar la conexión a internet del alojamiento dentro del servicio, lo que te ahorra una línea independiente.":
    "No, you do not: NidoSmart can supply the property's internet connection as part of the service, which saves you a separate line.",
  "¿Qué comisión tiene el sistema de cobro?":
    "What commission does the payment system charge?",
  "Un 1,8 % por operación, con liquidación en T+1 (al día hábil siguiente), 0 € de cuota mensual y sin coste de instalación.":
    "1.8% per transaction, with T+1 settlement (on the next business day), a €0 monthly fee and no installation cost.",
  "¿Qué puedo cobrar con el datáfono?":
    "What can I charge with the payment terminal?",
  "Fianzas, salidas tardías, llegadas anticipadas, servicios premium como limpieza extra o traslados y cualquier extra que ofrezcas durante la estancia, con tarjeta o móvil.":
    "Deposits, late check-outs, early check-ins, premium services such as extra cleaning or transfers and any extra you offer during the stay, by card or mobile phone.",
  "¿Cuánto puedo ganar con la monetización del dispositivo?":
    "How much can I earn by monetising the device?",
  "Nuestras estimaciones son de un 15 % a un 30 % más de ingresos, de 50 a 100 € al mes en comisiones por ventas y de 2 a 5 € adicionales por reserva.":
    "Our estimates are 15% to 30% more revenue, €50 to €100 a month in sales commissions and €2 to €5 extra per booking.",
  "¿Qué es el marketplace de servicios?":
    "What is the services marketplace?",
  "Un catálogo de servicios de partners locales (traslados, experiencias, comida a domicilio) que tus huéspedes contratan desde el alojamiento. Tú decides qué se ofrece y recibes una comisión por cada venta.":
    "A catalogue of services from local partners (transfers, experiences, food delivery) that your guests book from the property. You decide what is offered and receive a commission on every sale.",
  "¿Qué hace el asistente con IA para huéspedes?":
    "What does the AI guest assistant do?",
  "Responde a tus huéspedes a cualquier hora y en más de 10 idiomas: códigos de acceso, normas, WiFi, recomendaciones y más. Automatiza más del 60 % de las preguntas frecuentes. El plan Basic cuesta 5 € al mes y el Pro 7 € al mes.":
    "It answers your guests at any time and in more than 10 languages: access codes, house rules, WiFi, recommendations and more. It automates more than 60% of frequently asked questions. The Basic plan costs €5 a month and the Pro plan €7 a month.",
  "¿Ofrecéis limpieza y logística?":
    "Do you offer cleaning and logistics?",
  "Sí. Planificamos la limpieza diaria de forma automática, asignamos tareas, optimizamos las rutas de los carros eléctricos de reparto, seguimos la ruta por GPS, registramos cada entrega con QR o foto, controlamos la lavandería y enviamos informes diarios.":
    "Yes. We plan the daily cleaning automatically, assign tasks, optimise the routes of the electric delivery carts, track the route by GPS, record each delivery with a QR code or photo, keep track of the laundry and send daily reports.",
  "¿Sirve para hoteles y aparthoteles?":
    "Does it work for hotels and aparthotels?",
  "Sí. La solución escala para hoteles de 10 a 50 habitaciones, de 50 a 200 y para grandes cadenas, con integración con PMS, RMS, CRM y ERP y estimación de la demanda en intervalos de 15 minutos.":
    "Yes. The solution scales for hotels with 10 to 50 rooms, with 50 to 200 and for large chains, with integration with PMS, RMS, CRM and ERP and demand estimation in 15-minute intervals.",
  "¿Cómo ayuda con el registro de viajeros?":
    "How does it help with guest registration?",
  "Cada reserva tiene un enlace privado donde los huéspedes se registran en español o en inglés. Los datos se validan y se preparan para la exportación del parte de viajeros que exige la policía.":
    "Each booking has a private link where guests register in Spanish or in English. The data is validated and prepared for exporting the guest registration form the police require.",
  "¿Qué horario tiene el soporte?":
    "What are the support hours?",
  "El soporte atiende de lunes a viernes laborables de 9:00 a 18:00. La monitorización y las alertas funcionan 24/7, también fines de semana y festivos.":
    "Support is available Monday to Friday, on working days, from 9:00 to 18:00. Monitoring and alerts work 24/7, weekends and public holidays included.",
  "¿Cómo solicito una demostración?":
    "How do I request a demo?",
  "Pulsa cualquier botón de «Solicitar demo» o escríbenos desde la página de contacto. Un especialista te llama y te enseña la plataforma con datos reales.":
    "Press any «Solicitar demo» (request a demo) button or write to us from the contact page. A specialist calls you and shows you the platform with real data.",
  "¿Cuánto ahorro energético puedo conseguir?":
    "How much energy can I save?",
  "Hasta un 58 % de ahorro energético gracias al control remoto del aire acondicionado, los enchufes inteligentes y la detección de estancias vacías, y hasta un 80 % menos de gestión manual.":
    "Up to 58% energy savings thanks to remote control of the air conditioning, smart plugs and detection of empty rooms, and up to 80% less manual management.",
  "5 €/mes":
    "€5/month",
  "100 mensajes al mes":
    "100 messages a month",
  "2 idiomas":
    "2 languages",
  "Respuestas sobre tu alojamiento: acceso, WiFi, normas y horarios":
    "Answers about your property: access, WiFi, house rules and times",
  "7 €/mes":
    "€7/month",
  "300 mensajes al mes":
    "300 messages a month",
  "Más de 10 idiomas":
    "More than 10 languages",
  "Gestor de nuevas reservas y ventas":
    "New bookings and sales manager",
  "Informes de conversaciones":
    "Conversation reports",
  "Nombre e imagen del asistente configurables":
    "Configurable assistant name and image",
  "Soporte prioritario":
    "Priority support",
  "Precio personalizado":
    "Custom price",
  "Mensajes ilimitados":
    "Unlimited messages",
  "Integración completa con tu PMS":
    "Full integration with your PMS",
  "Marca personalizada":
    "Custom branding",
  "API y webhooks":
    "API and webhooks",
  "Gestor de cuenta dedicado":
    "Dedicated account manager",
  "¿Qué preguntas puede responder el asistente?":
    "What questions can the assistant answer?",
  "Todo lo que le cuentas sobre tu alojamiento: cómo llegar, códigos de acceso, clave del WiFi, normas de la casa, horarios de entrada y salida, electrodomésticos y recomendaciones de la zona. Automatiza más del 60 % de las preguntas frecuentes.":
    "Everything you tell it about your property: how to get there, access codes, the WiFi password, house rules, check-in and check-out times, appliances and local recommendations. It automates more than 60% of frequently asked questions.",
  "¿En qué idiomas atiende?":
    "Which languages does it speak?",
  "El plan Basic atiende en 2 idiomas y el plan Pro en más de 10 idiomas. El asistente detecta el idioma del huésped y contesta en el mismo.":
    "The Basic plan answers in 2 languages and the Pro plan in more than 10 languages. The assistant detects the guest's language and replies in it.",
  "¿Qué pasa si el asistente no sabe una respuesta?":
    "What happens if the assistant doesn't know an answer?",
  "No se inventa nada: se lo dice al huésped, le indica cómo contactar contigo y te deja la conversación marcada para que respondas tú.":
    "It never makes anything up: it tells the guest so, explains how to contact you and flags the conversation so that you can reply yourself.",
  "¿Qué ocurre si supero los mensajes de mi plan?":
    "What happens if I go over my plan's messages?",
  "El plan Basic incluye 100 mensajes al mes y el Pro 300. Si te acercas al límite te avisamos para que cambies de plan; con Enterprise los mensajes son ilimitados.":
    "The Basic plan includes 100 messages a month and the Pro plan 300. If you get close to the limit we let you know so you can change plan; with Enterprise messages are unlimited.",
  "¿Puedo usar mi propia marca?":
    "Can I use my own brand?",
  "En el plan Pro puedes configurar el nombre y la imagen del asistente. El plan Enterprise añade marca personalizada completa, API y webhooks.":
    "On the Pro plan you can configure the assistant's name and image. The Enterprise plan adds full custom branding, API and webhooks.",
  "¿Los datos de mis huéspedes están protegidos?":
    "Is my guests' data protected?",
  "Sí. Cada cliente tiene su propio espacio aislado: la información de tus alojamientos y tus conversaciones nunca se mezcla con la de otros clientes ni se usa para responder a terceros.":
    "Yes. Each customer has its own isolated space: the information about your properties and your conversations is never mixed with other customers' and never used to answer third parties.",
  "Dispositivo NS-01 y plataforma para apartamentos turísticos: control de ruido, aforo real sin cámaras, alarma, WiFi y cobros. Dispositivo a 0 € y servicio por 29 €/mes sin permanencia.":
    "NS-01 device and platform for tourist apartments: noise control, real occupancy without cameras, alarm, WiFi and payments. Device at €0 and service for €29/month with no minimum term.",
  "Inicio":
    "Home",
  "Un único dispositivo de pared vigila el ruido, el aforo y la seguridad de tu alojamiento, da WiFi a tus huéspedes y te ayuda a cobrar extras. Dispositivo a 0 € y servicio por 29 €/mes, sin permanencia.":
    "A single wall-mounted device watches over the noise, occupancy and security of your property, gives your guests WiFi and helps you charge for extras. Device at €0 and service for €29/month, with no minimum term.",
  "Mejor convivencia vecinal":
    "Better relations with neighbours",
  "Monitorización en tiempo real":
    "Real-time monitoring",
  "Hasta un 58 % de ahorro":
    "Up to 58% savings",
  "Todo lo que necesitas para que tu alojamiento funcione solo, con un dispositivo fabricado al 100 % en España.":
    "Everything you need for your property to run itself, with a device 100% made in Spain.",
  "Monitorización de ruido":
    "Noise monitoring",
  "Umbrales por franja horaria y avisos antes de que llegue la queja.":
    "Thresholds by time of day and alerts before the complaint arrives.",
  "Aforo real":
    "Real occupancy",
  "Cuenta personas sin cámaras ni micrófonos, con más del 95 % de precisión.":
    "Counts people without cameras or microphones, with more than 95% accuracy.",
  "Alarma básica":
    "Basic alarm",
  "Sirena de 120 dB y aviso inmediato a tu móvil.":
    "120 dB siren and an instant alert to your phone.",
  "WiFi para huéspedes":
    "WiFi for guests",
  "Más de 100 Mbps y más de 50 dispositivos conectados.":
    "More than 100 Mbps and more than 50 connected devices.",
  "Sistema de cobro":
    "Payment system",
  "Fianzas y extras con tarjeta, un 1,8 % de comisión y liquidación T+1.":
    "Deposits and extras by card, 1.8% commission and T+1 settlement.",
  "Monetización":
    "Monetisation",
  "Servicios premium, comisiones y marketplace para ganar más por reserva.":
    "Premium services, commissions and a marketplace to earn more per booking.",
  "Temperatura, humedad y presión":
    "Temperature, humidity and pressure",
  "Confort del huésped y alertas de condensación o calor extremo.":
    "Guest comfort and alerts for condensation or extreme heat.",
  "Humo, tabaco y gases":
    "Smoke, tobacco and gases",
  "Detecta humo, tabaco, monóxido de carbono y gases nocivos.":
    "Detects smoke, tobacco, carbon monoxide and harmful gases.",
  "Detección de inundaciones":
    "Flood detection",
  "Aviso al primer charco, antes de que llegue al vecino de abajo.":
    "An alert at the first puddle, before it reaches the neighbour downstairs.",
  "Control de agua y energía":
    "Water and energy control",
  "Consumo por estancia y hasta un 58 % de ahorro energético.":
    "Consumption per stay and up to 58% energy savings.",
  "Aire acondicionado remoto":
    "Remote air conditioning",
  "Enciende, apaga y limita la climatización desde el panel.":
    "Switch the air conditioning on, off or limit it from the dashboard.",
  "Puerta, portero y garaje":
    "Door, entry phone and garage",
  "Apertura remota para llegadas sin llaves ni esperas.":
    "Remote opening for arrivals without keys or waiting.",
  "Enchufes inteligentes":
    "Smart plugs",
  "Corta el consumo de los aparatos cuando no hay nadie.":
    "Cuts the power to appliances when nobody is there.",
  "Control del personal":
    "Staff control",
  "Accesos y horarios del equipo de limpieza y mantenimiento.":
    "Access and hours of the cleaning and maintenance team.",
  "Check-in digital":
    "Digital check-in",
  "Registro de viajeros en línea y exportación del parte a la policía.":
    "Online guest registration and export of the registration form to the police.",
  "Datos certificados":
    "Certified data",
  "Registros inalterables, roles de acceso e informes en CSV y PDF.":
    "Unalterable records, access roles and reports in CSV and PDF.",
  "Más de 40 servicios en una sola suscripción":
    "More than 40 services in a single subscription",
  "Propietarios y gestoras de toda España ya trabajan con NidoSmart.":
    "Owners and property managers all over Spain already work with NidoSmart.",
  "500+":
    "500+",
  "propiedades protegidas":
    "properties protected",
  "95 %":
    "95%",
  "menos incidencias vecinales":
    "fewer neighbour incidents",
  "0":
    "0",
  "sanciones por ruido":
    "noise fines",
  "24/7":
    "24/7",
  "monitorización continua":
    "continuous monitoring",
  "Antes me enteraba de las fiestas por el presidente de la comunidad. Ahora el aviso me llega a mí y al huésped en el primer minuto, y la comunidad ha dejado de quejarse.":
    "I used to hear about the parties from the president of the residents' association. Now the alert reaches me and the guest in the first minute, and the residents have stopped complaining.",
  "Carmen R.":
    "Carmen R.",
  "Propietaria de tres apartamentos turísticos en Madrid":
    "Owner of three tourist apartments in Madrid",
  "Resultados que se notan desde el primer mes":
    "Results you notice from the first month",
  "Apartamentos turísticos":
    "Tourist apartments",
  "Convivencia vecinal, aforo y gestión remota para uno o cien apartamentos.":
    "Good relations with neighbours, occupancy and remote management for one or a hundred apartments.",
  "Hoteles y aparthoteles":
    "Hotels and aparthotels",
  "Más RevPAR y menos tiempo de gestión, integrado con tu PMS.":
    "More RevPAR and less management time, integrated with your PMS.",
  "Coliving":
    "Coliving",
  "Zonas comunes en orden y residentes más satisfechos.":
    "Tidy common areas and happier residents.",
  "Promoción de viviendas":
    "Housing developments",
  "Viviendas conectadas desde la entrega que se venden mejor.":
    "Homes connected from handover that sell better.",
  "Una solución para cada tipo de alojamiento":
    "A solution for every type of accommodation",
  "Pide tu NS-01":
    "Order your NS-01",
  "El dispositivo es gratis: solo pagas 15 € de envío y lo recibes en 24-48 horas.":
    "The device is free: you only pay €15 for shipping and receive it within 24-48 hours.",
  "Instálalo en 15 minutos":
    "Install it in 15 minutes",
  "Dos tornillos y un enchufe. La guía te acompaña paso a paso, sin técnicos.":
    "Two screws and a socket. The guide takes you step by step, no technicians needed.",
  "Configura y despreocúpate":
    "Set it up and relax",
  "Ajusta umbrales y avisos desde el móvil. Desde ese momento vigilamos 24/7.":
    "Adjust thresholds and alerts from your phone. From then on we keep watch 24/7.",
  "Empieza en tres pasos":
    "Get started in three steps",
  "Conoce la normativa y los resultados de NidoSmart en tu ciudad.":
    "Learn about the regulations and NidoSmart's results in your city.",
  "Madrid":
    "Madrid",
  "Menos quejas en Centro, Salamanca o Chamberí.":
    "Fewer complaints in Centro, Salamanca or Chamberí.",
  "Barcelona":
    "Barcelona",
  "Cumplimiento normativo en una de las ciudades más exigentes.":
    "Regulatory compliance in one of the most demanding cities.",
  "Sevilla":
    "Seville",
  "Eficiencia para gestoras del Casco Antiguo a Triana.":
    "Efficiency for property managers from the Casco Antiguo to Triana.",
  "Málaga":
    "Malaga",
  "De Centro a Marbella, toda la Costa del Sol cubierta.":
    "From the centre to Marbella, the whole Costa del Sol covered.",
  "Presentes en las ciudades con más alquiler turístico":
    "Present in the cities with the most holiday rentals",
  "Preguntas frecuentes":
    "Frequently asked questions",
  "Gestión Inteligente de apartamentos turísticos":
    "Smart management of tourist apartments",
  "El NS-01 reúne más de 5 sensores: ruido, aforo sin cámaras, temperatura, humedad, humo y gases. Fabricado en España, se instala en 15 minutos y el dispositivo cuesta 0 €.":
    "The NS-01 brings together more than 5 sensors: noise, occupancy without cameras, temperature, humidity, smoke and gases. Made in Spain, it installs in 15 minutes and the device costs €0.",
  "NidoSmart NS-01":
    "NidoSmart NS-01",
  "Más de 5 sensores, alarma con sirena, conectividad y actualizaciones remotas en un dispositivo de menos de 1 kg fabricado al 100 % en España. Tú solo pagas 15 € de envío.":
    "More than 5 sensors, an alarm with a siren, connectivity and remote updates in a device weighing less than 1 kg, 100% made in Spain. You only pay €15 for shipping.",
  "Sin cámaras ni micrófonos de grabación":
    "No recording cameras or microphones",
  "Instalación en 10-15 minutos":
    "Installation in 10-15 minutes",
  "Envío en 24-48 horas":
    "Shipping in 24-48 hours",
  "Desliza para recorrer lo que hace el dispositivo. Abre cualquier tarjeta para ver el detalle.":
    "Swipe to go through what the device does. Open any card to see the details.",
  "Ruido por franjas":
    "Noise by time slot",
  "Mide el nivel sonoro de forma continua con umbrales LAeq y Lmax.":
    "Measures the sound level continuously with LAeq and Lmax thresholds.",
  "Configura límites distintos para el día, la tarde y la noche. Al superarlos, el huésped recibe un aviso amable y tú una alerta con el historial.":
    "Set different limits for the day, the evening and the night. When they are exceeded, the guest receives a friendly warning and you an alert with the history.",
  "Cuenta personas sin cámaras, con más del 95 % de precisión.":
    "Counts people without cameras, with more than 95% accuracy.",
  "Responde en 0,1 segundos y se actualiza cada segundo. Si entran más personas de las reservadas, lo sabes al momento.":
    "Responds in 0.1 seconds and updates every second. If more people come in than were booked, you know straight away.",
  "Alarma con sirena":
    "Alarm with siren",
  "Sirena de 120 dB y notificación inmediata.":
    "120 dB siren and instant notification.",
  "Detección, notificación y acción en tres pasos. Se configura en 5 minutos desde la plataforma.":
    "Detection, notification and action in three steps. Set up in 5 minutes from the platform.",
  "Clima interior":
    "Indoor climate",
  "Temperatura, humedad y presión en tiempo real.":
    "Temperature, humidity and pressure in real time.",
  "Detecta calefacción olvidada, ventanas abiertas con el aire encendido o humedad que puede acabar en moho.":
    "Detects heating left on, windows open with the air conditioning running or humidity that could end up as mould.",
  "Humo y gases":
    "Smoke and gases",
  "Humo, tabaco, CO y gases nocivos.":
    "Smoke, tobacco, CO and harmful gases.",
  "Te avisa si alguien fuma en un alojamiento de no fumadores y ante cualquier concentración peligrosa de monóxido de carbono.":
    "Alerts you if someone smokes in a non-smoking property and to any dangerous concentration of carbon monoxide.",
  "Más de 100 Mbps para más de 50 dispositivos.":
    "More than 100 Mbps for more than 50 devices.",
  "La conexión del alojamiento puede ir incluida en el servicio, sin contratar una línea aparte.":
    "The property's connection can be included in the service, without a separate line.",
  "Accesos":
    "Access",
  "Puerta, portero automático y garaje.":
    "Door, entry phone and garage.",
  "Abre en remoto para los huéspedes y registra los accesos del personal de limpieza y mantenimiento con sus horarios.":
    "Opens remotely for guests and records the access of cleaning and maintenance staff with their hours.",
  "Energía y agua":
    "Energy and water",
  "Consumos por estancia y enchufes inteligentes.":
    "Consumption per stay and smart plugs.",
  "Controla el aire acondicionado en remoto y corta el consumo de los aparatos cuando no hay nadie: hasta un 58 % de ahorro.":
    "Controls the air conditioning remotely and cuts the power to appliances when nobody is there: up to 58% savings.",
  "Actualizaciones remotas":
    "Remote updates",
  "Nuevas funciones sin visitas técnicas.":
    "New features without technician visits.",
  "El dispositivo recibe mejoras y parches de seguridad por el aire (OTA) y conserva tu configuración.":
    "The device receives improvements and security patches over the air (OTA) and keeps your settings.",
  "Funciones del NS-01":
    "NS-01 features",
  "Pulsa cada punto para ver qué hace cada parte del NS-01.":
    "Tap each point to see what each part of the NS-01 does.",
  "Sensor de presencia":
    "Presence sensor",
  "Detecta personas de forma anónima para contar el aforo real. No capta imágenes.":
    "Detects people anonymously to count real occupancy. It captures no images.",
  "Pantalla de estado":
    "Status display",
  "Muestra el nivel de ruido y avisa al huésped de forma visible cuando se acerca al límite.":
    "Shows the noise level and warns the guest visibly when it gets close to the limit.",
  "Sonómetro":
    "Sound level meter",
  "Mide decibelios, no conversaciones: el audio nunca se graba ni se envía.":
    "Measures decibels, not conversations: audio is never recorded or sent.",
  "Luz de estado":
    "Status light",
  "Verde: todo correcto. Azul: configurando. Rojo intermitente: sin conexión.":
    "Green: all good. Blue: setting up. Flashing red: no connection.",
  "Sensores ambientales":
    "Environmental sensors",
  "Temperatura, humedad, presión, humo, tabaco, CO y gases nocivos.":
    "Temperature, humidity, pressure, smoke, tobacco, CO and harmful gases.",
  "Alimentación y sirena":
    "Power and siren",
  "Cable de 2 metros a la corriente y sirena integrada de 120 dB.":
    "2-metre mains cable and a built-in 120 dB siren.",
  "Conoce el dispositivo por dentro":
    "Inside the device",
  "Sensores":
    "Sensors",
  "Más de 5 sensores: sonido, presencia y aforo, temperatura, humedad y presión, humo, tabaco, CO y gases nocivos. Ampliable con detección de inundación, control de agua y energía, enchufes inteligentes y apertura de puertas.":
    "More than 5 sensors: sound, presence and occupancy, temperature, humidity and pressure, smoke, tobacco, CO and harmful gases. Expandable with flood detection, water and energy control, smart plugs and door opening.",
  "Peso y montaje":
    "Weight and mounting",
  "Menos de 1 kg. Montaje en pared a 1,5-2 metros de altura con dos tacos y broca de 6 mm. Instalación en 10-15 minutos.":
    "Less than 1 kg. Wall mounting at 1.5-2 metres high with two wall plugs and a 6 mm drill bit. Installation in 10-15 minutes.",
  "Alimentación":
    "Power supply",
  "Conexión a la corriente con cable de 2 metros incluido.":
    "Connects to the mains with the 2-metre cable included.",
  "Precisión del aforo":
    "Occupancy accuracy",
  "Precisión superior al 95 %, tiempo de respuesta de 0,1 segundos y actualización cada segundo.":
    "Accuracy above 95%, response time of 0.1 seconds and an update every second.",
  "Alarma":
    "Alarm",
  "Sirena integrada de 120 dB. Configuración en 5 minutos desde la plataforma.":
    "Built-in 120 dB siren. Set up in 5 minutes from the platform.",
  "Privacidad":
    "Privacy",
  "Sin cámaras ni micrófonos de grabación. Los datos se guardan certificados e inalterables y se exportan en CSV o PDF.":
    "No recording cameras or microphones. Data is stored certified and unalterable and exported as CSV or PDF.",
  "Actualizaciones y garantía":
    "Updates and warranty",
  "Actualizaciones remotas (OTA). Sustitución exprés en 24-48 horas mientras la suscripción esté activa.":
    "Remote updates (OTA). Express replacement within 24-48 hours while the subscription is active.",
  "Fabricación":
    "Manufacturing",
  "Diseñado y fabricado al 100 % en España.":
    "Designed and 100% made in Spain.",
  "Especificaciones técnicas":
    "Technical specifications",
  "NidoSmart NS-01: todo tu alojamiento en un solo dispositivo":
    "NidoSmart NS-01: your whole property in a single device",
  "Mide el ruido sin grabar conversaciones, con umbrales por franja horaria y avisos al huésped y al propietario. Un 95 % menos de incidencias vecinales.":
    "Measures noise without recording conversations, with thresholds by time of day and alerts to the guest and the owner. 95% fewer neighbour incidents.",
  "El NS-01 mide el nivel sonoro de tu alojamiento las 24 horas y avisa al huésped en cuanto se pasa del límite. Tú recibes la alerta con el historial y decides si hace falta actuar.":
    "The NS-01 measures the sound level of your property 24 hours a day and warns the guest as soon as they go over the limit. You get the alert with the history and decide whether you need to act.",
  "95 % menos incidencias vecinales":
    "95% fewer neighbour incidents",
  "0 sanciones":
    "0 fines",
  "Sin grabar audio":
    "No audio recording",
  "Medición continua":
    "Continuous measurement",
  "Nivel sonoro en decibelios, segundo a segundo, con LAeq y Lmax.":
    "Sound level in decibels, second by second, with LAeq and Lmax.",
  "Umbrales por franja":
    "Thresholds by time slot",
  "Límites distintos para el día, la tarde y la noche, calibrados para cada alojamiento.":
    "Different limits for the day, the evening and the night, calibrated for each property.",
  "Avisos escalonados":
    "Escalating alerts",
  "Primero un mensaje amable al huésped; si el ruido sigue, alerta a ti o a tu equipo.":
    "First a friendly message to the guest; if the noise goes on, an alert to you or your team.",
  "Privacidad total":
    "Full privacy",
  "Mide decibelios, no palabras. Nunca se graba ni se transmite audio.":
    "Measures decibels, not words. Audio is never recorded or transmitted.",
  "Informes certificados":
    "Certified reports",
  "Historial inalterable exportable en PDF o CSV para tu comunidad o la administración.":
    "Unalterable history exportable as PDF or CSV for your residents' association or the authorities.",
  "Todas tus propiedades":
    "All your properties",
  "Un panel para ver el ruido de todos tus alojamientos de un vistazo.":
    "One dashboard to see the noise in all your properties at a glance.",
  "Qué hace la monitorización de ruido":
    "What noise monitoring does",
  "Convivencia vecinal":
    "Good relations with neighbours",
  "Los vecinos dejan de sufrir fiestas y tú dejas de recibir llamadas de la comunidad.":
    "Neighbours no longer put up with parties and you no longer get calls from the residents' association.",
  "Licencia protegida":
    "Licence protected",
  "Evitas expedientes y multas que, según la normativa, pueden llegar a 30.000 €.":
    "You avoid proceedings and fines which, depending on the regulations, can reach €30,000.",
  "Mejores huéspedes":
    "Better guests",
  "Las normas se cumplen solas y las reseñas negativas por ruido desaparecen.":
    "House rules are followed on their own and negative reviews about noise disappear.",
  "Pruebas objetivas":
    "Objective evidence",
  "Si hay una reclamación, tienes datos certificados para demostrar lo que ocurrió.":
    "If there is a claim, you have certified data to show what happened.",
  "Por qué te conviene":
    "Why it is worth it",
  "Déjanos tus datos y un especialista te enseña en directo el panel de ruido con umbrales adaptados a la normativa de tu ciudad.":
    "Leave us your details and a specialist will show you the noise dashboard live, with thresholds adapted to your city's regulations.",
  "Revisión de la normativa de ruido de tu municipio":
    "Review of your municipality's noise regulations",
  "Propuesta de umbrales para día, tarde y noche":
    "Proposed thresholds for day, evening and night",
  "Demostración del aviso al huésped":
    "Demonstration of the guest warning",
  "Sin compromiso de contratación":
    "No obligation to sign up",
  "Comprueba cómo sonaría tu alojamiento":
    "Find out how your property would sound",
  "Monitorización de ruido que evita la queja antes de que ocurra":
    "Noise monitoring that prevents the complaint before it happens",
  "Cuenta cuántas personas hay en tu alojamiento sin cámaras ni micrófonos: más del 95 % de precisión, respuesta en 0,1 s y actualización cada segundo.":
    "Counts how many people are in your property without cameras or microphones: more than 95% accuracy, a 0.1 s response and an update every second.",
  "Si reservan cuatro y entran doce, lo sabrás al momento. El NS-01 cuenta personas de forma anónima, sin cámaras ni micrófonos, y te avisa cuando se supera el aforo de la reserva.":
    "If four book and twelve come in, you will know straight away. The NS-01 counts people anonymously, without cameras or microphones, and alerts you when the booking's occupancy is exceeded.",
  "Más del 95 % de precisión":
    "More than 95% accuracy",
  "Respuesta en 0,1 s":
    "Response in 0.1 s",
  "Sin cámaras":
    "No cameras",
  "95 %+":
    "95%+",
  "de precisión en el conteo":
    "counting accuracy",
  "0,1 s":
    "0.1 s",
  "de tiempo de respuesta":
    "response time",
  "1 s":
    "1 s",
  "entre actualizaciones":
    "between updates",
  "cámaras y micrófonos de grabación":
    "recording cameras and microphones",
  "Precisión que permite actuar a tiempo":
    "Accuracy that lets you act in time",
  "Conteo anónimo":
    "Anonymous counting",
  "Detecta presencia y movimiento, nunca rostros ni identidades.":
    "Detects presence and movement, never faces or identities.",
  "Aforo por reserva":
    "Occupancy per booking",
  "Compara las personas presentes con las de cada reserva sincronizada.":
    "Compares the people present with those of each synced booking.",
  "Alerta de sobreocupación":
    "Overcrowding alert",
  "Aviso inmediato cuando hay más gente de la permitida.":
    "An instant alert when there are more people than allowed.",
  "Cruce con el ruido":
    "Combined with noise",
  "Aforo y ruido juntos distinguen una cena animada de una fiesta.":
    "Occupancy and noise together tell a lively dinner from a party.",
  "Ahorro energético":
    "Energy savings",
  "Sin nadie dentro, la climatización y los enchufes se apagan solos.":
    "With nobody inside, the air conditioning and the plugs switch off on their own.",
  "Histórico por estancia":
    "History per stay",
  "Ocupación real de cada estancia para resolver reclamaciones con datos.":
    "Real occupancy of each stay to settle claims with data.",
  "Cómo te ayuda el control de aforo":
    "How occupancy control helps you",
  "Fiestas evitadas":
    "Parties prevented",
  "Actúas cuando llega el cuarto invitado de más, no cuando llama la policía.":
    "You act when the fourth extra guest arrives, not when the police call.",
  "Menos desperfectos":
    "Less damage",
  "Menos personas de las previstas significa menos daños y limpiezas extra.":
    "Fewer people than expected means less damage and fewer extra cleanings.",
  "Seguro y licencia a salvo":
    "Insurance and licence safe",
  "Cumples el aforo declarado en la licencia de vivienda de uso turístico.":
    "You comply with the occupancy declared in the tourist-rental licence.",
  "Cobro justo":
    "Fair charging",
  "Si hay huéspedes de más, tienes datos para cobrar el suplemento acordado.":
    "If there are extra guests, you have the data to charge the agreed supplement.",
  "Beneficios para propietarios y gestoras":
    "Benefits for owners and property managers",
  "Aforo real: sabe cuántas personas hay en tu alojamiento":
    "Real occupancy: know how many people are in your property",
  "Alarma integrada en el NS-01: detección, notificación al móvil y sirena de 120 dB. Se configura en 5 minutos y está incluida en la suscripción.":
    "Alarm built into the NS-01: detection, notification to your phone and a 120 dB siren. It is set up in 5 minutes and is included in the subscription.",
  "Protege el alojamiento entre reservas sin contratar otra alarma. El NS-01 detecta la intrusión, te avisa al instante y hace sonar una sirena de 120 dB.":
    "Protect the property between bookings without taking out another alarm. The NS-01 detects the intrusion, alerts you instantly and sounds a 120 dB siren.",
  "Sirena de 120 dB":
    "120 dB siren",
  "Configuración en 5 minutos":
    "Set up in 5 minutes",
  "Incluida en los 29 €/mes":
    "Included in the €29/month",
  "Tres pasos, de la detección a la acción, en cuestión de segundos.":
    "Three steps, from detection to action, in a matter of seconds.",
  "Detección":
    "Detection",
  "Con la alarma armada, el sensor de presencia detecta movimiento en el alojamiento vacío.":
    "With the alarm armed, the presence sensor detects movement in the empty property.",
  "Notificación":
    "Notification",
  "Recibes al instante una alerta en el móvil con la hora y el tipo de evento.":
    "You instantly get an alert on your phone with the time and type of event.",
  "Acción":
    "Action",
  "Suena la sirena de 120 dB y decides desde el móvil si avisas a la policía o a tu equipo.":
    "The 120 dB siren sounds and you decide from your phone whether to call the police or your team.",
  "Cómo funciona":
    "How it works",
  "Suficiente para disuadir a cualquier intruso y alertar al edificio.":
    "Loud enough to deter any intruder and alert the building.",
  "Armado automático":
    "Automatic arming",
  "Se arma sola entre reservas según tu calendario.":
    "It arms itself between bookings according to your calendar.",
  "Control desde el móvil":
    "Control from your phone",
  "Arma, desarma y silencia la alarma desde cualquier lugar.":
    "Arm, disarm and silence the alarm from anywhere.",
  "Accesos del personal":
    "Staff access",
  "La limpieza entra con su código y no dispara la alarma.":
    "The cleaners come in with their own code and do not set off the alarm.",
  "Lista en 5 minutos":
    "Ready in 5 minutes",
  "Sin cableado adicional ni instaladores: se configura desde la plataforma.":
    "No extra wiring or installers: it is set up from the platform.",
  "Registro de eventos":
    "Event log",
  "Cada activación queda registrada con fecha y hora para tu seguro.":
    "Every activation is recorded with date and time for your insurance.",
  "Todo lo que incluye":
    "Everything it includes",
  "Alarma básica incluida: detecta, avisa y actúa":
    "Basic alarm included: it detects, alerts and acts",
  "WiFi de más de 100 Mbps para más de 50 dispositivos, con un 98 % de satisfacción de los huéspedes. Incluido en el servicio NidoSmart, sin contratar otra línea.":
    "WiFi of more than 100 Mbps for more than 50 devices, with 98% guest satisfaction. Included in the NidoSmart service, without taking out another line.",
  "El WiFi es lo primero que prueban tus huéspedes y lo primero que critican. NidoSmart suministra la conexión del alojamiento y la gestiona por ti.":
    "WiFi is the first thing your guests try and the first thing they criticise. NidoSmart supplies the property's connection and manages it for you.",
  "98 % de satisfacción":
    "98% satisfaction",
  "Más de 100 Mbps":
    "More than 100 Mbps",
  "Más de 50 dispositivos":
    "More than 50 devices",
  "98 %":
    "98%",
  "de huéspedes satisfechos con el WiFi":
    "of guests satisfied with the WiFi",
  "100+ Mbps":
    "100+ Mbps",
  "de velocidad":
    "of speed",
  "50+":
    "50+",
  "dispositivos conectados a la vez":
    "devices connected at the same time",
  "Una conexión que recibe buenas reseñas":
    "A connection that gets good reviews",
  "Red para huéspedes":
    "Guest network",
  "Una red propia para los huéspedes, separada de la de tus dispositivos.":
    "A network of its own for guests, separate from your devices' network.",
  "Clave por estancia":
    "Password per stay",
  "Cambia la contraseña entre reservas para que solo se conecte quien está alojado.":
    "Changes the password between bookings so that only whoever is staying can connect.",
  "Internet incluido":
    "Internet included",
  "La conexión puede ir dentro del servicio, sin contratar otra línea.":
    "The connection can be part of the service, without taking out another line.",
  "Supervisión 24/7":
    "24/7 monitoring",
  "Si la conexión cae, lo sabemos antes de que el huésped lo note.":
    "If the connection drops, we know before the guest notices.",
  "Acceso con QR":
    "QR access",
  "Tus huéspedes se conectan escaneando un código, sin teclear contraseñas.":
    "Your guests connect by scanning a code, without typing passwords.",
  "Soporte en España":
    "Support in Spain",
  "Te atendemos de lunes a viernes de 9:00 a 18:00.":
    "We are here for you Monday to Friday from 9:00 to 18:00.",
  "Lo que incluye":
    "What it includes",
  "Mejores valoraciones":
    "Better ratings",
  "Una conexión lenta es una de las quejas más repetidas en las reseñas.":
    "A slow connection is one of the most frequent complaints in reviews.",
  "Teletrabajo":
    "Remote work",
  "Atraes estancias largas de profesionales que necesitan videollamadas fiables.":
    "You attract long stays from professionals who need reliable video calls.",
  "Una factura menos":
    "One bill less",
  "Si la conexión va incluida, dejas de pagar una línea por cada alojamiento.":
    "If the connection is included, you stop paying for a line for each property.",
  "Por qué importa el WiFi":
    "Why WiFi matters",
  "WiFi rápido y estable para tus huéspedes":
    "Fast, stable WiFi for your guests",
  "Qué velocidad necesita un piso turístico, cuántos dispositivos se conectan y cómo ofrecer hasta 300 Mbps para hasta 100 dispositivos sin contratar otra línea.":
    "What speed a tourist flat needs, how many devices connect and how to offer up to 300 Mbps for up to 100 devices without taking out another line.",
  "Internet para apartamentos turísticos":
    "Internet for tourist apartments",
  "Tus huéspedes llegan con móviles, portátiles, tabletas y televisiones con plataformas de vídeo. Te explicamos qué conexión necesitas y cómo evitar la reseña de «el WiFi no funcionaba».":
    "Your guests arrive with phones, laptops, tablets and TVs with streaming platforms. We explain what connection you need and how to avoid the «the WiFi didn't work» review.",
  "Hasta 300 Mbps":
    "Up to 300 Mbps",
  "Hasta 100 dispositivos":
    "Up to 100 devices",
  "Sin línea adicional":
    "No extra line",
  "Un grupo de cuatro huéspedes conecta fácilmente diez o doce dispositivos a la vez. Si además alguien teletrabaja con videollamadas, una conexión doméstica básica se queda corta justo en las horas punta.":
    "A group of four guests easily connects ten or twelve devices at once. If someone is also working remotely with video calls, a basic home connection falls short right at peak times.",
  "Por eso en alojamientos turísticos no basta con «tener fibra»: importa que la red aguante muchos dispositivos, que la clave cambie entre estancias y que alguien se entere cuando se cae.":
    "That is why in tourist accommodation «having fibre» is not enough: what matters is that the network copes with many devices, that the password changes between stays and that someone notices when it goes down.",
  "Por qué la conexión decide la reseña":
    "Why the connection decides the review",
  "Velocidad orientativa según el tipo de alojamiento y su uso":
    "Guideline speed by type of accommodation and use",
  "Alojamiento":
    "Accommodation",
  "Uso habitual":
    "Typical use",
  "Velocidad recomendada":
    "Recommended speed",
  "Estudio o apartamento de 1 dormitorio":
    "Studio or 1-bedroom apartment",
  "Navegación, redes sociales y vídeo":
    "Browsing, social media and video",
  "100 Mbps":
    "100 Mbps",
  "Apartamento familiar de 2-3 dormitorios":
    "Family apartment with 2-3 bedrooms",
  "Varias televisiones y móviles a la vez":
    "Several TVs and phones at once",
  "100-200 Mbps":
    "100-200 Mbps",
  "Estancias con teletrabajo":
    "Stays with remote work",
  "Videollamadas y subida de archivos":
    "Video calls and file uploads",
  "200-300 Mbps":
    "200-300 Mbps",
  "Coliving o edificio completo":
    "Coliving or whole building",
  "Decenas de residentes conectados":
    "Dozens of connected residents",
  "Hasta 300 Mbps y hasta 100 dispositivos":
    "Up to 300 Mbps and up to 100 devices",
  "La conexión de NidoSmart supera los 100 Mbps y admite más de 50 dispositivos; en alojamientos grandes se amplía hasta 300 Mbps y hasta 100 dispositivos.":
    "The NidoSmart connection exceeds 100 Mbps and supports more than 50 devices; in large properties it is extended to up to 300 Mbps and up to 100 devices.",
  "¿Qué velocidad necesitas?":
    "What speed do you need?",
  "Calcula los dispositivos":
    "Count the devices",
  "Cuenta tres o cuatro por huésped y suma las televisiones y tus propios sensores.":
    "Count three or four per guest and add the TVs and your own sensors.",
  "Separa las redes":
    "Separate the networks",
  "Una red para huéspedes y otra para tus dispositivos, para que nadie toque tu configuración.":
    "One network for guests and another for your devices, so that nobody touches your settings.",
  "Cambia la clave":
    "Change the password",
  "Una contraseña nueva por estancia evita que antiguos huéspedes sigan conectados.":
    "A new password for each stay stops former guests from staying connected.",
  "Supervisa la conexión":
    "Monitor the connection",
  "Con una alerta cuando la red cae, la arreglas antes de que el huésped escriba.":
    "With an alert when the network goes down, you fix it before the guest writes to you.",
  "Cuatro pasos para una buena conexión":
    "Four steps to a good connection",
  "La solución de NidoSmart: 98 % de satisfacción y conexión incluida.":
    "The NidoSmart solution: 98% satisfaction and connection included.",
  "Todo sobre NidoSmart":
    "All about NidoSmart",
  "Más de 40 servicios para tu alojamiento por 29 €/mes.":
    "More than 40 services for your property for €29/month.",
  "Comparar precios":
    "Compare prices",
  "Cuánto ahorras frente a contratar internet y sensores por separado.":
    "How much you save compared with taking out internet and sensors separately.",
  "Sigue leyendo":
    "Keep reading",
  "Internet para apartamentos turísticos: la guía práctica":
    "Internet for tourist apartments: the practical guide",
  "Cobra fianzas, salidas tardías y servicios premium con tarjeta: 1,8 % de comisión, liquidación T+1, 0 € de cuota mensual y sin coste de instalación.":
    "Take deposits, late check-outs and premium services by card: 1.8% commission, T+1 settlement, a €0 monthly fee and no installation cost.",
  "Cobra en el propio alojamiento todo lo que hoy se te escapa: fianzas, salidas tardías y servicios extra, con tarjeta o móvil y el dinero en tu cuenta al día siguiente.":
    "Charge in the property itself for everything that slips through your fingers today: deposits, late check-outs and extra services, by card or phone, with the money in your account the next day.",
  "1,8 % por operación":
    "1.8% per transaction",
  "Liquidación T+1":
    "T+1 settlement",
  "0 € de cuota mensual":
    "€0 monthly fee",
  "1,8 %":
    "1.8%",
  "de comisión por operación":
    "commission per transaction",
  "T+1":
    "T+1",
  "liquidación al día hábil siguiente":
    "settlement on the next business day",
  "0 €":
    "€0",
  "de cuota mensual":
    "monthly fee",
  "de coste de instalación":
    "installation cost",
  "Condiciones claras":
    "Clear terms",
  "Tarjetas de débito y crédito":
    "Debit and credit cards",
  "Las principales redes de tarjetas, nacionales e internacionales.":
    "The main card networks, domestic and international.",
  "Pago con el móvil":
    "Mobile payment",
  "Monederos digitales y pago sin contacto desde el teléfono o el reloj.":
    "Digital wallets and contactless payment from a phone or a watch.",
  "Enlace o QR de pago":
    "Payment link or QR",
  "Envía un enlace o muestra un QR para cobrar antes de la llegada.":
    "Send a link or show a QR code to charge before arrival.",
  "Métodos de pago aceptados":
    "Accepted payment methods",
  "Fianzas":
    "Deposits",
  "Bloquea la fianza al llegar y libérala al salir sin mover efectivo.":
    "Block the deposit on arrival and release it on departure without handling cash.",
  "Salida tardía y llegada anticipada":
    "Late check-out and early check-in",
  "Vende horas extra en el momento en que el huésped las pide.":
    "Sell extra hours the moment the guest asks for them.",
  "Servicios premium":
    "Premium services",
  "Limpieza adicional, cuna, traslados o cesta de bienvenida.":
    "Extra cleaning, a cot, transfers or a welcome basket.",
  "Conciliación automática":
    "Automatic reconciliation",
  "Cada cobro queda asociado a su reserva en los informes.":
    "Each payment is linked to its booking in the reports.",
  "Casos de uso":
    "Use cases",
  "Sistema de cobro para fianzas, extras y servicios premium":
    "Payment system for deposits, extras and premium services",
  "Convierte el NS-01 en una fuente de ingresos: servicios premium, pago por uso y marketplace con comisión. Estimamos entre un 15 % y un 30 % más de ingresos.":
    "Turn the NS-01 into a source of income: premium services, pay per use and a marketplace with commission. We estimate between 15% and 30% more revenue.",
  "Monetiza tu dispositivo":
    "Monetise your device",
  "El NS-01 no solo protege tu alojamiento: también vende. Activa funciones de pago por uso, ofrece servicios premium y cobra comisión por lo que tus huéspedes contratan a tus partners.":
    "The NS-01 does not only protect your property: it also sells. Turn on pay-per-use features, offer premium services and earn commission on what your guests book from your partners.",
  "+15-30 % de ingresos":
    "+15-30% revenue",
  "50-100 € al mes en comisiones":
    "€50-100 a month in commissions",
  "2-5 € más por reserva":
    "€2-5 more per booking",
  "Estimaciones según el tipo de alojamiento y los servicios activados.":
    "Estimates depending on the type of property and the services turned on.",
  "+15-30 %":
    "+15-30%",
  "de ingresos":
    "revenue",
  "50-100 €":
    "€50-100",
  "al mes en comisiones por ventas":
    "a month in sales commissions",
  "2-5 €":
    "€2-5",
  "adicionales por reserva":
    "extra per booking",
  "Lo que puedes ganar":
    "What you can earn",
  "Activa funciones":
    "Turn on features",
  "Elige qué funciones del dispositivo ofreces con pago por uso, como el aire acondicionado o el acceso al garaje.":
    "Choose which device features you offer on a pay-per-use basis, such as the air conditioning or garage access.",
  "Configura servicios":
    "Set up services",
  "Define tus servicios premium con su precio: salida tardía, limpieza extra o cesta de bienvenida.":
    "Define your premium services with their price: late check-out, extra cleaning or a welcome basket.",
  "Conecta partners":
    "Connect partners",
  "Suma traslados, experiencias o comida a domicilio desde el marketplace y cobra comisión por cada venta.":
    "Add transfers, experiences or food delivery from the marketplace and earn a commission on every sale.",
  "Optimiza":
    "Optimise",
  "Revisa en los informes qué se vende y ajusta precios y ofertas cada temporada.":
    "Check in the reports what sells and adjust prices and offers every season.",
  "Cuatro pasos para monetizar":
    "Four steps to monetise",
  "Extras con precio fijo que el huésped paga al momento.":
    "Fixed-price extras that the guest pays for on the spot.",
  "Comisiones por ventas":
    "Sales commissions",
  "Un porcentaje de cada servicio de partner contratado.":
    "A percentage of every partner service booked.",
  "Pago por uso":
    "Pay per use",
  "Funciones que se activan al pagar, como la climatización en estancias económicas.":
    "Features that are turned on upon payment, such as the air conditioning in budget stays.",
  "Marketplace":
    "Marketplace",
  "Catálogo de servicios locales con comisión para el propietario.":
    "A catalogue of local services with a commission for the owner.",
  "Fuentes de ingreso":
    "Sources of income",
  "Apartamento de playa en Alicante":
    "Beach apartment in Alicante",
  "Su propietario activó la salida tardía y el alquiler de sombrillas y tumbonas a través del marketplace. Los huéspedes lo contratan desde el propio apartamento.":
    "Its owner turned on late check-out and the rental of parasols and sun loungers through the marketplace. Guests book them from the apartment itself.",
  "Entre 2 y 5 € más por reserva":
    "Between €2 and €5 more per booking",
  "Gestora con 18 pisos en Valencia":
    "Property manager with 18 flats in Valencia",
  "Conectó traslados al aeropuerto y visitas guiadas de partners locales. La comisión cubre buena parte de la suscripción de sus alojamientos.":
    "Connected airport transfers and guided tours from local partners. The commission covers a good part of the subscription for its properties.",
  "Hasta 100 € al mes en comisiones":
    "Up to €100 a month in commissions",
  "Historias de éxito":
    "Success stories",
  "Monetiza tu dispositivo y gana más con cada reserva":
    "Monetise your device and earn more with every booking",
  "Gestiona tus apartamentos turísticos en remoto: control de ruido y aforo, check-in digital, WiFi y cobros. Un 25 % más de ingresos y un 80 % menos de incidencias.":
    "Manage your tourist apartments remotely: noise and occupancy control, digital check-in, WiFi and payments. 25% more revenue and 80% fewer incidents.",
  "Desde un estudio en el centro hasta una cartera de cien pisos: NidoSmart vigila la convivencia, automatiza el registro de viajeros y te ayuda a ganar más con cada estancia.":
    "From a studio in the centre to a portfolio of a hundred flats: NidoSmart looks after good relations with neighbours, automates guest registration and helps you earn more with every stay.",
  "+25 % de ingresos":
    "+25% revenue",
  "-80 % de incidencias":
    "-80% incidents",
  "Sin permanencia":
    "No minimum term",
  "+25 %":
    "+25%",
  "-80 %":
    "-80%",
  "de incidencias":
    "incidents",
  "80 %":
    "80%",
  "menos gestión manual":
    "less manual management",
  "Lo que consiguen nuestros clientes":
    "What our customers achieve",
  "Avisos de ruido por franja horaria antes de que llegue la queja.":
    "Noise alerts by time of day before the complaint arrives.",
  "Aforo de la reserva":
    "Booking occupancy",
  "Alerta si entran más personas de las reservadas.":
    "An alert if more people come in than were booked.",
  "Registro de viajeros":
    "Guest registration",
  "Enlace privado para que los huéspedes se registren y exportación del parte a la policía.":
    "A private link for guests to register and export of the registration form to the police.",
  "Llegadas sin llaves":
    "Keyless arrivals",
  "Apertura remota de puerta, portero y garaje.":
    "Remote opening of the door, entry phone and garage.",
  "WiFi incluido":
    "WiFi included",
  "Fianzas y extras":
    "Deposits and extras",
  "Cobros con tarjeta con un 1,8 % de comisión.":
    "Card payments with a 1.8% commission.",
  "Todo lo que necesita un apartamento turístico":
    "Everything a tourist apartment needs",
  "Cero sanciones por ruido entre nuestros clientes: las quejas se resuelven antes de ser denuncias.":
    "Zero noise fines among our customers: complaints are settled before they become formal reports.",
  "Gestión desde el móvil":
    "Management from your phone",
  "Un panel para todas tus propiedades, con roles para tu equipo de limpieza y mantenimiento.":
    "One dashboard for all your properties, with roles for your cleaning and maintenance team.",
  "Ahorro real":
    "Real savings",
  "Hasta 36 € al mes frente a contratar dispositivo, internet, channel manager y partes por separado.":
    "Up to €36 a month compared with taking out the device, internet, channel manager and registration forms separately.",
  "Hecho en España":
    "Made in Spain",
  "Dispositivo fabricado al 100 % en España y soporte en tu idioma.":
    "A device 100% made in Spain and support in your language.",
  "Por qué los propietarios eligen NidoSmart":
    "Why owners choose NidoSmart",
  "Límites de 35 dB(A) de día y 30 dB(A) de noche.":
    "Limits of 35 dB(A) by day and 30 dB(A) at night.",
  "Multas de hasta 90.000 € por incumplir la normativa.":
    "Fines of up to €90,000 for breaking the regulations.",
  "Gestión eficiente del Casco Antiguo a Triana.":
    "Efficient management from the Casco Antiguo to Triana.",
  "Más de 12.600 apartamentos turísticos en la Costa del Sol.":
    "More than 12,600 tourist apartments on the Costa del Sol.",
  "Apartamentos turísticos por ciudad":
    "Tourist apartments by city",
  "La solución completa para apartamentos turísticos":
    "The complete solution for tourist apartments",
  "Control de ruido y aforo para pisos turísticos en Madrid con los límites de la ordenanza: 35 dB(A) de día y 30 dB(A) de noche. Un 95 % menos de quejas vecinales.":
    "Noise and occupancy control for tourist flats in Madrid with the by-law limits: 35 dB(A) by day and 30 dB(A) at night. 95% fewer neighbour complaints.",
  "En Madrid la convivencia decide el futuro de tu vivienda de uso turístico. NidoSmart mide el ruido y el aforo de tu piso y avisa al huésped antes de que el vecino llame al administrador.":
    "In Madrid, relations with neighbours decide the future of your tourist rental. NidoSmart measures the noise and occupancy of your flat and warns the guest before the neighbour calls the building administrator.",
  "Dispositivo a 0 € + 15 € de envío":
    "Device at €0 + €15 shipping",
  "29 €/mes sin permanencia":
    "€29/month with no minimum term",
  "Sin cámaras ni micrófonos":
    "No cameras or microphones",
  "1.200+":
    "1,200+",
  "apartamentos turísticos":
    "tourist apartments",
  "menos quejas vecinales":
    "fewer neighbour complaints",
  "40 %":
    "40%",
  "de ahorro en gestión":
    "savings in management",
  "150+":
    "150+",
  "propietarios":
    "owners",
  "Madrid en cifras":
    "Madrid in figures",
  "Límites de la ordenanza":
    "By-law limits",
  "Umbrales configurados con los 35 dB(A) diurnos y 30 dB(A) nocturnos de referencia en Madrid.":
    "Thresholds set with Madrid's reference 35 dB(A) by day and 30 dB(A) at night.",
  "Aforo de la licencia":
    "Licence occupancy",
  "Aviso cuando entran más personas de las plazas declaradas.":
    "An alert when more people come in than the declared places.",
  "Check-in digital y exportación del parte a la policía.":
    "Digital check-in and export of the registration form to the police.",
  "Pensado para Madrid":
    "Designed for Madrid",
  "La Ley 37/2003 del Ruido fija el marco estatal y la ordenanza municipal de Madrid concreta los límites. Como referencia, en el interior de las viviendas se aplican 35 dB(A) de día y 30 dB(A) de noche.":
    "Noise Law 37/2003 sets the national framework and Madrid's municipal by-law sets out the limits. As a reference, inside homes the limits are 35 dB(A) by day and 30 dB(A) at night.",
  "Las infracciones graves pueden acarrear multas de hasta 30.000 €, y las quejas reiteradas de la comunidad pueden complicar la continuidad de la actividad turística.":
    "Serious offences can lead to fines of up to €30,000, and repeated complaints from the residents' association can put the continuity of the tourist activity at risk.",
  "Normativa de ruido en Madrid":
    "Noise regulations in Madrid",
  "Centro":
    "Centro",
  "Salamanca":
    "Salamanca",
  "Chamberí":
    "Chamberí",
  "Retiro":
    "Retiro",
  "Arganzuela":
    "Arganzuela",
  "Chamartín":
    "Chamartín",
  "Moncloa-Aravaca":
    "Moncloa-Aravaca",
  "Tetuán":
    "Tetuán",
  "Distritos donde trabajamos":
    "Districts where we work",
  "Mi piso en Lavapiés era el de las quejas del edificio. Desde que el aviso llega al huésped a los cinco minutos, el administrador no ha vuelto a llamarme.":
    "My flat in Lavapiés was the one the building complained about. Since the warning reaches the guest within five minutes, the building administrator hasn't called me again.",
  "Álvaro P.":
    "Álvaro P.",
  "Propietario de un apartamento turístico en Centro":
    "Owner of a tourist apartment in Centro",
  "Propietarios en Madrid":
    "Owners in Madrid",
  "9.500+ apartamentos turísticos":
    "9,500+ tourist apartments",
  "6.200+ apartamentos turísticos":
    "6,200+ tourist apartments",
  "12.600+ apartamentos turísticos en la Costa del Sol":
    "12,600+ tourist apartments on the Costa del Sol",
  "Compara con otras ciudades":
    "Compare with other cities",
  "¿Qué límites de ruido se aplican a un piso turístico en Madrid?":
    "What noise limits apply to a tourist flat in Madrid?",
  "Como referencia, 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas, según la ordenanza municipal que desarrolla la Ley 37/2003 del Ruido.":
    "As a reference, 35 dB(A) by day and 30 dB(A) at night inside homes, under the municipal by-law that implements Noise Law 37/2003.",
  "¿Cuánto puede costar una multa por ruido en Madrid?":
    "How much can a noise fine cost in Madrid?",
  "Las infracciones graves en materia de ruido pueden llegar a 30.000 €, además del riesgo para la continuidad de la actividad.":
    "Serious noise offences can reach €30,000, on top of the risk to the continuity of the activity.",
  "¿Dais servicio en toda la ciudad?":
    "Do you cover the whole city?",
  "Sí. Trabajamos en todos los distritos de Madrid, con especial presencia en Centro, Salamanca, Chamberí y Retiro. El dispositivo llega en 24-48 horas.":
    "Yes. We work in all districts of Madrid, with a strong presence in Centro, Salamanca, Chamberí and Retiro. The device arrives within 24-48 hours.",
  "¿Cuánto cuesta NidoSmart en Madrid?":
    "How much does NidoSmart cost in Madrid?",
  "Lo mismo que en el resto de España: dispositivo a 0 € más 15 € de envío y 29 €/mes por el servicio, sin permanencia.":
    "The same as in the rest of Spain: device at €0 plus €15 shipping and €29/month for the service, with no minimum term.",
  "Preguntas frecuentes en Madrid":
    "Frequently asked questions in Madrid",
  "Apartamentos turísticos en Madrid sin quejas vecinales":
    "Tourist apartments in Madrid without neighbour complaints",
  "Protege tu HUT en Barcelona: ruido dentro de 55 dB(A) de día y 45 dB(A) de noche, aforo verificado y pruebas certificadas frente a multas de hasta 90.000 €.":
    "Protect your tourist flat (HUT) in Barcelona: noise within 55 dB(A) by day and 45 dB(A) at night, verified occupancy and certified evidence against fines of up to €90,000.",
  "Barcelona es una de las ciudades más exigentes con el alquiler turístico. NidoSmart te ayuda a demostrar que tu vivienda respeta los límites de ruido y aforo, todos los días.":
    "Barcelona is one of the most demanding cities for holiday rentals. NidoSmart helps you prove that your property respects the noise and occupancy limits, every day.",
  "9.500+":
    "9,500+",
  "de cumplimiento normativo":
    "regulatory compliance",
  "45 %":
    "45%",
  "menos incidencias":
    "fewer incidents",
  "200+":
    "200+",
  "Barcelona en cifras":
    "Barcelona in figures",
  "Pruebas ante la administración":
    "Evidence for the authorities",
  "Informes certificados para responder a inspecciones y quejas formales.":
    "Certified reports to respond to inspections and formal complaints.",
  "Umbrales de 55 dB(A) de día y 45 dB(A) de noche, ajustables por zona.":
    "Thresholds of 55 dB(A) by day and 45 dB(A) at night, adjustable by area.",
  "Plazas de la licencia":
    "Licence places",
  "Aforo de cada reserva comparado con las plazas autorizadas.":
    "The occupancy of each booking compared with the authorised places.",
  "Pensado para Barcelona":
    "Designed for Barcelona",
  "Además de la Ley 37/2003 del Ruido, la ordenanza de medio ambiente de Barcelona fija límites de referencia de 55 dB(A) de día y 45 dB(A) de noche.":
    "In addition to Noise Law 37/2003, Barcelona's environmental by-law sets reference limits of 55 dB(A) by day and 45 dB(A) at night.",
  "Las multas por incumplir la normativa de viviendas de uso turístico pueden llegar a 90.000 €, por lo que contar con datos objetivos de cada estancia marca la diferencia.":
    "Fines for breaking the tourist-rental regulations can reach €90,000, so having objective data on every stay makes the difference.",
  "Normativa en Barcelona":
    "Regulations in Barcelona",
  "Ciutat Vella":
    "Ciutat Vella",
  "Eixample":
    "Eixample",
  "Gràcia":
    "Gràcia",
  "Sants-Montjuïc":
    "Sants-Montjuïc",
  "Sant Martí":
    "Sant Martí",
  "Les Corts":
    "Les Corts",
  "Sarrià-Sant Gervasi":
    "Sarrià-Sant Gervasi",
  "Horta-Guinardó":
    "Horta-Guinardó",
  "Cuando la comunidad presentó una queja formal, respondimos con tres meses de informes certificados. El expediente no llegó a abrirse.":
    "When the residents' association filed a formal complaint, we responded with three months of certified reports. The case was never opened.",
  "Marta S.":
    "Marta S.",
  "Gestora de viviendas turísticas en el Eixample":
    "Manager of tourist rentals in the Eixample",
  "Propietarios en Barcelona":
    "Owners in Barcelona",
  "1.200+ apartamentos turísticos":
    "1,200+ tourist apartments",
  "¿Qué multas hay en Barcelona para los pisos turísticos?":
    "What fines are there in Barcelona for tourist flats?",
  "Las sanciones por incumplir la normativa de viviendas de uso turístico pueden llegar a 90.000 €. En materia de ruido, las infracciones graves alcanzan los 30.000 €.":
    "Penalties for breaking the tourist-rental regulations can reach €90,000. For noise, serious offences reach €30,000.",
  "¿Qué límites de ruido configuráis en Barcelona?":
    "What noise limits do you set in Barcelona?",
  "Partimos de los valores de referencia de la ordenanza: 55 dB(A) de día y 45 dB(A) de noche, y los ajustamos a la zona y al edificio.":
    "We start from the by-law's reference values: 55 dB(A) by day and 45 dB(A) at night, and we adjust them to the area and the building.",
  "¿Sirven los informes de NidoSmart ante una inspección?":
    "Are NidoSmart's reports valid in an inspection?",
  "Los registros son datos certificados e inalterables, con fecha y hora, exportables en PDF. Son una prueba objetiva de lo ocurrido en cada estancia.":
    "The records are certified, unalterable data, with date and time, exportable as PDF. They are objective evidence of what happened during each stay.",
  "¿Cuánto cuesta NidoSmart en Barcelona?":
    "How much does NidoSmart cost in Barcelona?",
  "Dispositivo a 0 € más 15 € de envío y 29 €/mes por el servicio, sin permanencia.":
    "Device at €0 plus €15 shipping and €29/month for the service, with no minimum term.",
  "Preguntas frecuentes en Barcelona":
    "Frequently asked questions in Barcelona",
  "Pisos turísticos en Barcelona: cumple la normativa con datos":
    "Tourist flats in Barcelona: comply with the regulations using data",
  "Sensores de ruido y aforo para viviendas turísticas en Sevilla con los límites andaluces de 35 dB(A) de día y 30 dB(A) de noche. Un 92 % de satisfacción.":
    "Noise and occupancy sensors for tourist rentals in Seville with the Andalusian limits of 35 dB(A) by day and 30 dB(A) at night. 92% satisfaction.",
  "Del Casco Antiguo a Triana, Sevilla vive del turismo y de la convivencia entre vecinos y visitantes. NidoSmart cuida las dos cosas y te ahorra horas de gestión.":
    "From the Casco Antiguo to Triana, Seville lives on tourism and on neighbours and visitors getting along. NidoSmart looks after both and saves you hours of management.",
  "6.200+":
    "6,200+",
  "92 %":
    "92%",
  "de satisfacción":
    "satisfaction",
  "35 %":
    "35%",
  "más eficiencia":
    "more efficiency",
  "monitorización":
    "monitoring",
  "Sevilla en cifras":
    "Seville in figures",
  "Normativa andaluza":
    "Andalusian regulations",
  "Umbrales de 35 dB(A) de día y 30 dB(A) de noche, de referencia en Andalucía.":
    "Thresholds of 35 dB(A) by day and 30 dB(A) at night, the reference in Andalusia.",
  "Climatización bajo control":
    "Air conditioning under control",
  "Aire acondicionado en remoto para los veranos sevillanos, sin derroche.":
    "Remote air conditioning for Seville's summers, without waste.",
  "Temporada alta sin sustos":
    "High season without scares",
  "Semana Santa y Feria con avisos automáticos de ruido y aforo.":
    "Holy Week and the April Fair with automatic noise and occupancy alerts.",
  "Pensado para Sevilla":
    "Designed for Seville",
  "La Ley 37/2003 del Ruido y el reglamento andaluz de protección contra la contaminación acústica fijan como referencia 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas.":
    "Noise Law 37/2003 and the Andalusian regulation on protection against noise pollution set a reference of 35 dB(A) by day and 30 dB(A) at night inside homes.",
  "Las infracciones graves pueden suponer multas de hasta 30.000 €. En barrios con mucha densidad de viviendas turísticas, prevenir es la mejor defensa.":
    "Serious offences can mean fines of up to €30,000. In neighbourhoods with many tourist rentals, prevention is the best defence.",
  "Normativa de ruido en Andalucía":
    "Noise regulations in Andalusia",
  "Casco Antiguo":
    "Casco Antiguo",
  "Triana":
    "Triana",
  "Nervión":
    "Nervión",
  "Macarena":
    "Macarena",
  "Los Remedios":
    "Los Remedios",
  "Sur":
    "Sur",
  "Bellavista-La Palmera":
    "Bellavista-La Palmera",
  "San Pablo-Santa Justa":
    "San Pablo-Santa Justa",
  "En Feria teníamos a alguien de guardia toda la semana. Este año los avisos los gestionó el sistema y solo tuvimos que intervenir una vez.":
    "During the Fair we used to have someone on call all week. This year the system handled the alerts and we only had to step in once.",
  "Manuel L.":
    "Manuel L.",
  "Gestor de apartamentos turísticos en Triana":
    "Manager of tourist apartments in Triana",
  "Propietarios en Sevilla":
    "Owners in Seville",
  "¿Qué límites de ruido se aplican en Sevilla?":
    "What noise limits apply in Seville?",
  "Como referencia en Andalucía, 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas, según la Ley 37/2003 y el reglamento autonómico.":
    "As the reference in Andalusia, 35 dB(A) by day and 30 dB(A) at night inside homes, under Law 37/2003 and the regional regulation.",
  "¿Me ayuda con el calor y el consumo en verano?":
    "Does it help with the heat and consumption in summer?",
  "Sí. El control remoto del aire acondicionado y la detección de estancias vacías permiten hasta un 58 % de ahorro energético.":
    "Yes. Remote control of the air conditioning and detection of empty rooms allow up to 58% energy savings.",
  "¿Funciona en edificios antiguos del Casco Antiguo?":
    "Does it work in old buildings in the Casco Antiguo?",
  "Sí. El NS-01 se instala en 10-15 minutos con dos tacos en la pared, sin obras, y se conecta a un enchufe con su cable de 2 metros.":
    "Yes. The NS-01 is installed in 10-15 minutes with two wall plugs, without building work, and connects to a socket with its 2-metre cable.",
  "¿Cuánto cuesta NidoSmart en Sevilla?":
    "How much does NidoSmart cost in Seville?",
  "Preguntas frecuentes en Sevilla":
    "Frequently asked questions in Seville",
  "Apartamentos turísticos en Sevilla, gestionados con eficiencia":
    "Tourist apartments in Seville, managed efficiently",
  "Control de ruido, aforo y consumo para apartamentos turísticos en Málaga, Marbella, Fuengirola y toda la Costa del Sol, con un 89 % de ocupación media anual.":
    "Noise, occupancy and consumption control for tourist apartments in Malaga, Marbella, Fuengirola and the whole Costa del Sol, with 89% average annual occupancy.",
  "Con más de 12.600 apartamentos turísticos en la Costa del Sol y ocupación casi todo el año, en Málaga no hay temporada baja para los problemas. Tampoco para NidoSmart.":
    "With more than 12,600 tourist apartments on the Costa del Sol and occupancy almost all year round, in Malaga there is no low season for problems. Nor for NidoSmart.",
  "12.600+":
    "12,600+",
  "apartamentos turísticos en la Costa del Sol":
    "tourist apartments on the Costa del Sol",
  "89 %":
    "89%",
  "de ocupación media anual":
    "average annual occupancy",
  "hasta 58 %":
    "up to 58%",
  "de ahorro energético":
    "energy savings",
  "Málaga en cifras":
    "Malaga in figures",
  "Toda la costa":
    "The whole coast",
  "Del centro de Málaga a Estepona, un solo panel para todos tus apartamentos.":
    "From the centre of Malaga to Estepona, a single dashboard for all your apartments.",
  "Humedad y clima":
    "Humidity and climate",
  "Alertas de humedad y control del aire acondicionado en apartamentos de playa.":
    "Humidity alerts and air-conditioning control in beach apartments.",
  "Segundas residencias":
    "Second homes",
  "Protección antiokupación cuando el apartamento queda vacío entre temporadas.":
    "Anti-squatting protection when the apartment stands empty between seasons.",
  "Pensado para Málaga":
    "Designed for Malaga",
  "En Málaga y el resto de la Costa del Sol se aplican la Ley 37/2003 del Ruido y el reglamento andaluz, con límites de referencia de 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas.":
    "In Malaga and the rest of the Costa del Sol, Noise Law 37/2003 and the Andalusian regulation apply, with reference limits of 35 dB(A) by day and 30 dB(A) at night inside homes.",
  "Las infracciones graves pueden suponer multas de hasta 30.000 €. Con una ocupación media del 89 %, mantener la convivencia es un trabajo de todo el año.":
    "Serious offences can mean fines of up to €30,000. With 89% average occupancy, keeping good relations with neighbours is a year-round job.",
  "Centro Málaga":
    "Centro Málaga",
  "La Malagueta":
    "La Malagueta",
  "Marbella":
    "Marbella",
  "Fuengirola":
    "Fuengirola",
  "Torremolinos":
    "Torremolinos",
  "Benalmádena":
    "Benalmádena",
  "Nerja":
    "Nerja",
  "Estepona":
    "Estepona",
  "Zonas de cobertura":
    "Areas covered",
  "Tengo apartamentos en Torremolinos y Benalmádena y no vivo en ninguno de los dos sitios. Ahora sé lo que pasa en cada uno sin coger el coche.":
    "I have apartments in Torremolinos and Benalmádena and I don't live in either place. Now I know what's going on in each one without getting in the car.",
  "Elena V.":
    "Elena V.",
  "Propietaria de cuatro apartamentos en la Costa del Sol":
    "Owner of four apartments on the Costa del Sol",
  "Propietarios en Málaga":
    "Owners in Malaga",
  "¿Cubrís toda la Costa del Sol?":
    "Do you cover the whole Costa del Sol?",
  "Sí: Centro Málaga, La Malagueta, Marbella, Fuengirola, Torremolinos, Benalmádena, Nerja y Estepona, entre otras zonas. El dispositivo llega en 24-48 horas.":
    "Yes: Centro Málaga, La Malagueta, Marbella, Fuengirola, Torremolinos, Benalmádena, Nerja and Estepona, among other areas. The device arrives within 24-48 hours.",
  "¿Qué límites de ruido se aplican en Málaga?":
    "What noise limits apply in Malaga?",
  "Como referencia en Andalucía, 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas.":
    "As the reference in Andalusia, 35 dB(A) by day and 30 dB(A) at night inside homes.",
  "¿Puedo proteger el apartamento cuando no lo alquilo?":
    "Can I protect the apartment when I'm not renting it out?",
  "Sí. La alarma con sirena de 120 dB y el sistema antiokupación, que aprende la actividad normal en 72 horas, vigilan el apartamento vacío.":
    "Yes. The alarm with its 120 dB siren and the anti-squatting system, which learns the normal activity in 72 hours, watch over the empty apartment.",
  "¿Cuánto cuesta NidoSmart en Málaga?":
    "How much does NidoSmart cost in Malaga?",
  "Preguntas frecuentes en Málaga":
    "Frequently asked questions in Malaga",
  "Apartamentos turísticos en Málaga y la Costa del Sol":
    "Tourist apartments in Malaga and the Costa del Sol",
  "Sensor de ruido que mide decibelios sin grabar, avisa al huésped y al propietario y guarda pruebas certificadas. Panel en tiempo real y 95 % menos incidencias vecinales.":
    "A noise sensor that measures decibels without recording, alerts the guest and the owner and keeps certified evidence. Real-time dashboard and 95% fewer neighbour incidents.",
  "Sensor de ruido":
    "Noise sensor",
  "Un sensor que escucha decibelios, no conversaciones. Detecta el exceso de ruido en segundos y lo resuelve con un aviso al huésped antes de que un vecino descuelgue el teléfono.":
    "A sensor that listens to decibels, not conversations. It detects excessive noise within seconds and solves it with a warning to the guest before a neighbour picks up the phone.",
  "Aviso en segundos":
    "Alert within seconds",
  "Pruebas certificadas":
    "Certified evidence",
  "En un apartamento turístico el propietario no está en el edificio. Cuando un grupo sube la música a la una de la madrugada, el primero en saberlo es el vecino de al lado; el segundo, el presidente de la comunidad; y muchas veces, el último, tú.":
    "In a tourist apartment the owner is not in the building. When a group turns up the music at one in the morning, the first to know is the neighbour next door; the second, the president of the residents' association; and often the last one is you.",
  "Cada queja acumulada pesa en la junta de vecinos y en el expediente municipal. Con la Ley 37/2003 del Ruido y las ordenanzas locales, las multas pueden llegar a 30.000 €, y en algunas ciudades está en juego la propia licencia.":
    "Every accumulated complaint weighs on the residents' meeting and on the municipal file. Under Noise Law 37/2003 and local by-laws, fines can reach €30,000, and in some cities the licence itself is at stake.",
  "El problema: te enteras del ruido cuando ya es tarde":
    "The problem: you hear about the noise when it is already too late",
  "Prevención":
    "Prevention",
  "El huésped recibe el aviso a los pocos minutos de superar el umbral, cuando aún es fácil bajar el volumen.":
    "The guest receives the warning a few minutes after going over the threshold, while it is still easy to turn the volume down.",
  "Tranquilidad":
    "Peace of mind",
  "Dejas de vigilar el móvil: solo te avisamos si el ruido persiste.":
    "You stop watching your phone: we only alert you if the noise persists.",
  "Relación con los vecinos":
    "Relations with the neighbours",
  "Un 95 % menos de incidencias vecinales en los alojamientos con NidoSmart.":
    "95% fewer neighbour incidents in properties with NidoSmart.",
  "Defensa documentada":
    "Documented defence",
  "Si alguien reclama, tienes un historial certificado de lo que realmente ocurrió.":
    "If someone complains, you have a certified history of what really happened.",
  "Cuatro beneficios inmediatos":
    "Four immediate benefits",
  "LAeq y Lmax":
    "LAeq and Lmax",
  "Mide el nivel medio y los picos, como exige la normativa.":
    "Measures the average level and the peaks, as the regulations require.",
  "Franjas horarias":
    "Time slots",
  "Umbrales propios para día, tarde y noche.":
    "Separate thresholds for day, evening and night.",
  "Sin micrófono de grabación":
    "No recording microphone",
  "El audio nunca se almacena ni se transmite.":
    "Audio is never stored or transmitted.",
  "Huésped primero, gestor después, solo si hace falta.":
    "Guest first, manager afterwards, only if needed.",
  "Cruce con el aforo":
    "Combined with occupancy",
  "Distingue una conversación animada de una fiesta con invitados.":
    "Tells a lively conversation from a party with guests.",
  "Datos inalterables":
    "Unalterable data",
  "Registros certificados exportables en PDF y CSV.":
    "Certified records exportable as PDF and CSV.",
  "Seis características del sensor":
    "Six features of the sensor",
  "En el panel ves el nivel sonoro de cada alojamiento en directo, las alertas de los últimos días y la evolución semanal. Puedes filtrar por propiedad, por franja horaria o por reserva.":
    "In the dashboard you see the live sound level of each property, the alerts of the last few days and the weekly trend. You can filter by property, by time slot or by booking.",
  "Cada alerta guarda el nivel medido, la duración y si el huésped respondió al aviso. Así sabes qué reservas dieron problemas y puedes ajustar las normas o el precio de la fianza.":
    "Each alert keeps the level measured, its duration and whether the guest responded to the warning. That way you know which bookings caused problems and can adjust the house rules or the deposit amount.",
  "Monitorización en tiempo real desde el panel":
    "Real-time monitoring from the dashboard",
  "Sensor de ruido para apartamentos turísticos":
    "Noise sensor for tourist apartments",
  "Guía sobre el ruido en viviendas turísticas: Ley 37/2003, límites en dB(A) de Madrid, Barcelona y Andalucía, multas de hasta 30.000 € y cinco consejos para evitar quejas.":
    "A guide to noise in tourist rentals: Law 37/2003, dB(A) limits in Madrid, Barcelona and Andalusia, fines of up to €30,000 and five tips to avoid complaints.",
  "Normativa de ruido":
    "Noise regulations",
  "Qué dice la ley, qué límites se aplican en tu ciudad y qué puedes hacer para que el ruido no ponga en riesgo tu licencia ni tu relación con los vecinos.":
    "What the law says, which limits apply in your city and what you can do so that noise does not put your licence or your relations with the neighbours at risk.",
  "Ley 37/2003 del Ruido":
    "Noise Law 37/2003",
  "Multas de hasta 30.000 €":
    "Fines of up to €30,000",
  "Cinco consejos prácticos":
    "Five practical tips",
  "Fiestas no autorizadas":
    "Unauthorised parties",
  "Grupos que reservan para pocos y se presentan muchos.":
    "Groups that book for a few and turn up as many.",
  "Horarios distintos":
    "Different schedules",
  "Turistas que llegan o cenan tarde en edificios donde los vecinos madrugan.":
    "Tourists who arrive or have dinner late in buildings where the neighbours get up early.",
  "Zonas comunes":
    "Common areas",
  "Maletas, portazos y conversaciones en escaleras y rellanos.":
    "Suitcases, slammed doors and conversations on stairs and landings.",
  "Denuncias vecinales":
    "Neighbour complaints",
  "Quejas que acaban en expedientes municipales y en la junta de la comunidad.":
    "Complaints that end up in municipal proceedings and at the residents' meeting.",
  "Malas reseñas":
    "Bad reviews",
  "Huéspedes molestos por el ruido de otros alojamientos del edificio.":
    "Guests bothered by the noise from other rentals in the building.",
  "Reacción tardía":
    "Late reaction",
  "El propietario se entera horas después, cuando ya no puede hacer nada.":
    "The owner finds out hours later, when nothing can be done any more.",
  "Los problemas más habituales":
    "The most common problems",
  "La Ley 37/2003 del Ruido fija el marco estatal y cada comunidad autónoma y ayuntamiento concreta los valores. Estos son ejemplos de límites diurnos y nocturnos que conviene conocer.":
    "Noise Law 37/2003 sets the national framework and each region and city council sets the values. These are examples of day and night limits worth knowing.",
  "Ejemplos de límites de ruido en dB(A) por territorio":
    "Examples of noise limits in dB(A) by territory",
  "Territorio":
    "Territory",
  "Día":
    "Day",
  "Noche":
    "Night",
  "Referencia":
    "Reference",
  "35 dB(A)":
    "35 dB(A)",
  "30 dB(A)":
    "30 dB(A)",
  "Ordenanza municipal de protección contra la contaminación acústica":
    "Municipal by-law on protection against noise pollution",
  "55 dB(A)":
    "55 dB(A)",
  "45 dB(A)":
    "45 dB(A)",
  "Ordenanza de medio ambiente de Barcelona":
    "Barcelona environmental by-law",
  "Andalucía":
    "Andalusia",
  "Reglamento autonómico de protección contra la contaminación acústica":
    "Regional regulation on protection against noise pollution",
  "Valores orientativos. Los límites exactos dependen de la zona, el tipo de recinto y la franja horaria: consulta siempre la ordenanza vigente de tu municipio. Las sanciones por infracciones graves pueden alcanzar los 30.000 €.":
    "Guideline values. The exact limits depend on the area, the type of premises and the time slot: always check the by-law in force in your municipality. Penalties for serious offences can reach €30,000.",
  "Límites de ruido de referencia":
    "Reference noise limits",
  "Normas claras desde la reserva":
    "Clear rules from the booking",
  "Incluye el horario de descanso en el anuncio, en la confirmación y en un cartel visible en el apartamento.":
    "Include the quiet hours in the listing, in the confirmation and on a visible sign in the apartment.",
  "Presenta el alojamiento a los vecinos":
    "Introduce the property to the neighbours",
  "Un teléfono de contacto directo hace que te llamen a ti antes que a la policía.":
    "A direct contact phone number means they call you before the police.",
  "Mide en lugar de suponer":
    "Measure instead of guessing",
  "Un sensor de decibelios te dice qué pasa de verdad y a qué hora, sin grabar a nadie.":
    "A decibel sensor tells you what really happens and when, without recording anyone.",
  "Avisa pronto y con amabilidad":
    "Warn early and kindly",
  "Un aviso a los cinco minutos funciona mejor que una llamada tensa a la hora.":
    "A warning after five minutes works better than a tense phone call after an hour.",
  "Vigila el aforo":
    "Watch the occupancy",
  "La mayoría de los problemas de ruido empiezan cuando entran más personas de las reservadas.":
    "Most noise problems start when more people come in than were booked.",
  "Cinco consejos para evitar quejas por ruido":
    "Five tips to avoid noise complaints",
  "Umbrales según tu ordenanza":
    "Thresholds based on your by-law",
  "Configura día y noche con los valores de tu municipio.":
    "Set day and night with your municipality's values.",
  "Aviso automático al huésped":
    "Automatic warning to the guest",
  "El huésped sabe que se ha pasado antes de que llegue la queja.":
    "The guest knows they have gone too far before the complaint arrives.",
  "Historial inalterable para la comunidad o la administración.":
    "Unalterable history for the residents' association or the authorities.",
  "Cómo te ayuda NidoSmart":
    "How NidoSmart helps you",
  "Ruido en apartamentos turísticos: normativa y cómo evitar quejas":
    "Noise in tourist apartments: regulations and how to avoid complaints",
  "Protege tu segunda residencia cuando está vacía: aprende su actividad en 72 horas, detecta intrusiones y genera un informe firmado con sello de tiempo.":
    "Protect your second home while it is empty: it learns its activity in 72 hours, detects intrusions and produces a signed, time-stamped report.",
  "Antiokupación vivienda vacacional":
    "Anti-squatting for holiday homes",
  "Tu casa de la playa o del pueblo pasa meses cerrada. NidoSmart la vigila por ti y, si alguien entra, te avisa al momento y te entrega las pruebas para actuar en las primeras horas.":
    "Your beach or village house is shut for months. NidoSmart watches over it for you and, if someone gets in, alerts you straight away and gives you the evidence to act in the first few hours.",
  "Línea base de 72 horas":
    "72-hour baseline",
  "Informe firmado con sello de tiempo":
    "Signed, time-stamped report",
  "Cuando una vivienda lleva semanas vacía, una ocupación puede pasar desapercibida durante días. Cuanto antes lo sepas y antes puedas demostrar cuándo ocurrió, más sencillo es actuar.":
    "When a home has been empty for weeks, a squat can go unnoticed for days. The sooner you know and the sooner you can prove when it happened, the easier it is to act.",
  "NidoSmart no depende de que un vecino se dé cuenta: el dispositivo conoce cómo es tu casa cuando está vacía y reconoce cualquier cambio que no encaje.":
    "NidoSmart does not depend on a neighbour noticing: the device knows what your home is like when it is empty and recognises any change that does not fit.",
  "Aviso inmediato al móvil, a cualquier hora":
    "Instant alert to your phone, at any time",
  "Sirena de 120 dB como disuasión":
    "120 dB siren as a deterrent",
  "Pruebas fechadas y firmadas desde el primer minuto":
    "Dated, signed evidence from the first minute",
  "Las primeras horas lo cambian todo":
    "The first few hours change everything",
  "Aprende la normalidad":
    "Learns what is normal",
  "Durante 72 horas registra la actividad habitual de la vivienda vacía: luz, presencia, ruido y aperturas.":
    "For 72 hours it records the usual activity of the empty home: light, presence, noise and openings.",
  "Correlaciona señales":
    "Correlates signals",
  "Cruza apertura de puerta o persiana, presencia, picos de ruido y saltos de luz, y calcula una puntuación.":
    "It cross-checks door or shutter openings, presence, noise peaks and changes in light, and calculates a score.",
  "Confirma y avisa":
    "Confirms and alerts",
  "Si la puntuación supera el umbral, recibes la alerta al instante con los eventos que la provocaron.":
    "If the score exceeds the threshold, you get the alert instantly with the events that triggered it.",
  "Genera la prueba":
    "Produces the evidence",
  "Crea un informe PDF firmado y con sello de tiempo, más una copia forense de los datos.":
    "It creates a signed, time-stamped PDF report, plus a forensic copy of the data.",
  "Cómo detecta una intrusión":
    "How it detects an intrusion",
  "Informe firmado":
    "Signed report",
  "PDF con firma y sello de tiempo que acredita cuándo empezó la ocupación.":
    "A signed, time-stamped PDF that proves when the squat started.",
  "Copia forense":
    "Forensic copy",
  "Los datos originales se conservan intactos para peritos y abogados.":
    "The original data is kept intact for experts and lawyers.",
  "Enlace seguro o QR":
    "Secure link or QR",
  "Comparte el informe con la policía o tu abogado sin enviar archivos.":
    "Share the report with the police or your lawyer without sending files.",
  "Pruebas que puedes presentar":
    "Evidence you can present",
  "Antiokupación para tu vivienda vacacional":
    "Anti-squatting for your holiday home",
  "Detecta intrusiones en tu apartamento turístico entre reservas correlacionando puertas, presencia, ruido y luz. Informe PDF firmado y copia forense compartible por QR.":
    "Detects intrusions in your tourist apartment between bookings by correlating doors, presence, noise and light. Signed PDF report and a forensic copy you can share by QR.",
  "Antiokupación apartamento turístico":
    "Anti-squatting for tourist apartments",
  "Entre una reserva y la siguiente tu apartamento se queda vacío. NidoSmart distingue al huésped con reserva, al personal de limpieza y a quien no debería estar ahí.":
    "Between one booking and the next your apartment stands empty. NidoSmart tells apart the guest with a booking, the cleaning staff and whoever should not be there.",
  "Sabe qué reservas hay":
    "Knows which bookings there are",
  "Distingue al personal autorizado":
    "Tells authorised staff apart",
  "Prueba compartible por QR":
    "Evidence you can share by QR",
  "Conectado a tus reservas":
    "Connected to your bookings",
  "Fuera de las fechas reservadas, cualquier presencia se analiza como posible intrusión.":
    "Outside the booked dates, any presence is analysed as a possible intrusion.",
  "Personal autorizado":
    "Authorised staff",
  "Limpieza y mantenimiento entran con su acceso y no generan falsas alarmas.":
    "Cleaning and maintenance come in with their own access and do not cause false alarms.",
  "Disuasión inmediata":
    "Immediate deterrence",
  "Sirena de 120 dB y aviso a tu móvil en el mismo momento.":
    "120 dB siren and an alert to your phone at the same moment.",
  "Pensado para el día a día de un alojamiento turístico":
    "Designed for the day-to-day of a tourist rental",
  "Antiokupación para apartamentos turísticos":
    "Anti-squatting for tourist apartments",
  "Sensores por habitación, estimación de demanda cada 15 minutos e integración con PMS, RMS, CRM y ERP. Un 15 % más de RevPAR y la mitad de tiempo de gestión.":
    "Sensors in every room, demand estimation every 15 minutes and integration with PMS, RMS, CRM and ERP. 15% more RevPAR and half the management time.",
  "Datos reales de cada habitación conectados con tus sistemas: ocupación, confort, consumo e incidencias en un único panel, desde un hotel boutique hasta una cadena.":
    "Real data from every room connected to your systems: occupancy, comfort, consumption and incidents in a single dashboard, from a boutique hotel to a chain.",
  "+15 % de RevPAR":
    "+15% RevPAR",
  "50 % menos tiempo de gestión":
    "50% less management time",
  "Demanda cada 15 minutos":
    "Demand every 15 minutes",
  "+15 %":
    "+15%",
  "de RevPAR":
    "RevPAR",
  "50 %":
    "50%",
  "menos tiempo de gestión":
    "less management time",
  "15 min":
    "15 min",
  "intervalos de estimación de demanda":
    "demand estimation intervals",
  "Resultados en hoteles":
    "Results in hotels",
  "Ocupación real por habitación":
    "Real occupancy per room",
  "Sabe qué habitaciones están ocupadas de verdad para limpieza y mantenimiento.":
    "Knows which rooms are really occupied, for cleaning and maintenance.",
  "Demanda en tiempo real":
    "Real-time demand",
  "Estimación de demanda en intervalos de 15 minutos para ajustar tarifas.":
    "Demand estimation in 15-minute intervals to adjust rates.",
  "Climatización inteligente":
    "Smart air conditioning",
  "Control remoto del aire acondicionado en habitaciones vacías.":
    "Remote control of the air conditioning in empty rooms.",
  "Descanso garantizado":
    "Guaranteed rest",
  "Avisos de ruido entre habitaciones antes de que llegue la queja a recepción.":
    "Noise alerts between rooms before the complaint reaches reception.",
  "Humo y tabaco":
    "Smoke and tobacco",
  "Detección de tabaco en habitaciones de no fumadores y de humo o CO.":
    "Detection of tobacco in non-smoking rooms and of smoke or CO.",
  "Personal y turnos":
    "Staff and shifts",
  "Accesos y horarios del personal registrados automáticamente.":
    "Staff access and hours recorded automatically.",
  "Funciones para hoteles":
    "Features for hotels",
  "De 10 a 50 habitaciones":
    "From 10 to 50 rooms",
  "Hoteles boutique y aparthoteles: puesta en marcha rápida y panel único.":
    "Boutique hotels and aparthotels: quick start-up and a single dashboard.",
  "De 50 a 200 habitaciones":
    "From 50 to 200 rooms",
  "Roles por departamento, informes por planta e integración con tu PMS.":
    "Roles by department, reports by floor and integration with your PMS.",
  "Grandes cadenas":
    "Large chains",
  "Varios establecimientos, API completa e integración con RMS, CRM y ERP corporativos.":
    "Several establishments, a full API and integration with corporate RMS, CRM and ERP.",
  "Escala con tu establecimiento":
    "Scales with your establishment",
  "Los datos del NS-01 llegan a las herramientas que tu equipo ya utiliza.":
    "Data from the NS-01 reaches the tools your team already uses.",
  "PMS":
    "PMS",
  "Estado de habitaciones, llegadas y salidas sincronizados.":
    "Room status, arrivals and departures synchronised.",
  "RMS":
    "RMS",
  "Señales de demanda y ocupación real para tu estrategia de precios.":
    "Demand signals and real occupancy for your pricing strategy.",
  "CRM":
    "CRM",
  "Preferencias y consumo de cada cliente para fidelizarlo.":
    "Each customer's preferences and consumption, to build loyalty.",
  "ERP":
    "ERP",
  "Consumos y cobros volcados a tu contabilidad.":
    "Consumption and payments posted to your accounts.",
  "Integrado con tus sistemas":
    "Integrated with your systems",
  "Hoteles y aparthoteles más rentables y fáciles de gestionar":
    "More profitable, easier-to-run hotels and aparthotels",
  "Gestiona espacios de coliving con sensores de ruido, aforo y consumo, accesos sin llaves y normas de convivencia automáticas. Un 92 % de residentes satisfechos.":
    "Manage coliving spaces with noise, occupancy and consumption sensors, keyless access and automatic house rules. 92% of residents satisfied.",
  "Zonas comunes compartidas por decenas de residentes, horarios distintos y consumos que se disparan. NidoSmart mantiene el equilibrio sin convertir el edificio en un sitio vigilado.":
    "Common areas shared by dozens of residents, different schedules and soaring consumption. NidoSmart keeps the balance without turning the building into a watched place.",
  "92 % de residentes satisfechos":
    "92% of residents satisfied",
  "Accesos sin llaves":
    "Keyless access",
  "Horas de descanso":
    "Quiet hours",
  "Umbrales de ruido por zona y franja, con avisos automáticos.":
    "Noise thresholds by area and time slot, with automatic alerts.",
  "Aforo de zonas comunes":
    "Common-area occupancy",
  "Cocinas, salas y terrazas con el aforo controlado en tiempo real.":
    "Kitchens, lounges and terraces with occupancy monitored in real time.",
  "Cada residente entra con su acceso; nada de copias perdidas.":
    "Each resident comes in with their own access; no more lost copies.",
  "Consumos repartidos":
    "Shared consumption",
  "Energía y agua medidos por zona para un reparto justo.":
    "Energy and water measured by area for a fair split.",
  "Seguridad":
    "Safety",
  "Detección de humo, tabaco, CO e inundaciones en todo el edificio.":
    "Detection of smoke, tobacco, CO and floods throughout the building.",
  "WiFi de calidad":
    "Quality WiFi",
  "Hasta 300 Mbps y hasta 100 dispositivos en edificios completos.":
    "Up to 300 Mbps and up to 100 devices in whole buildings.",
  "Funciones para espacios de coliving":
    "Features for coliving spaces",
  "Residentes más satisfechos":
    "Happier residents",
  "Un 92 % de satisfacción cuando las normas de convivencia se cumplen solas.":
    "92% satisfaction when the house rules are followed on their own.",
  "Menos rotación":
    "Lower turnover",
  "Quien descansa bien renueva el contrato.":
    "Those who rest well renew their contract.",
  "Gestión remota":
    "Remote management",
  "Un panel para varios edificios y roles para tu equipo de comunidad.":
    "One dashboard for several buildings and roles for your community team.",
  "Beneficios para el operador":
    "Benefits for the operator",
  "Estudiantes":
    "Students",
  "Residencias y pisos compartidos con horarios de estudio y descanso respetados.":
    "Halls of residence and shared flats where study and quiet hours are respected.",
  "Profesionales":
    "Professionals",
  "Espacios para nómadas digitales con WiFi fiable y zonas de trabajo tranquilas.":
    "Spaces for digital nomads with reliable WiFi and quiet work areas.",
  "Estancias temporales":
    "Temporary stays",
  "Contratos de semanas o meses con accesos que caducan solos al terminar.":
    "Contracts of weeks or months with access that expires by itself at the end.",
  "Coliving con buena convivencia y sin sorpresas":
    "Coliving with good neighbourly relations and no surprises",
  "Entrega viviendas inteligentes que se venden mejor: sensores, accesos y consumo preinstalados. Un 15 % más de valor de venta, más de 500 viviendas equipadas.":
    "Hand over smart homes that sell better: sensors, access and consumption pre-installed. 15% higher sale value, more than 500 homes equipped.",
  "Diferencia tu promoción con viviendas conectadas listas para vivir o para alquilar como vivienda turística, sin obras posteriores ni proveedores extra.":
    "Set your development apart with connected homes ready to live in or to rent out as a tourist rental, with no later building work or extra suppliers.",
  "+15 % de valor de venta":
    "+15% sale value",
  "500+ viviendas equipadas":
    "500+ homes equipped",
  "50+ promotoras colaboradoras":
    "50+ partner developers",
  "de valor de venta":
    "sale value",
  "viviendas equipadas":
    "homes equipped",
  "promotoras colaboradoras":
    "partner developers",
  "Promotoras que ya confían en nosotros":
    "Developers who already trust us",
  "Preinstalación en obra":
    "Pre-installation during construction",
  "Coordinamos con tu constructora la ubicación y la toma de corriente de cada dispositivo.":
    "We coordinate with your builder the location and the power outlet of each device.",
  "Vivienda conectada":
    "Connected home",
  "Ruido, clima, humo, inundación y consumos desde el primer día.":
    "Noise, climate, smoke, flooding and consumption from day one.",
  "Accesos inteligentes":
    "Smart access",
  "Puerta, portero y garaje controlados desde el móvil del comprador.":
    "Door, entry phone and garage controlled from the buyer's phone.",
  "Eficiencia energética":
    "Energy efficiency",
  "Hasta un 58 % de ahorro energético, un argumento de venta medible.":
    "Up to 58% energy savings, a measurable selling point.",
  "Listas para invertir":
    "Ready to invest",
  "Viviendas preparadas para alquiler turístico con registro de viajeros y cobros.":
    "Homes ready for tourist rental with guest registration and payments.",
  "Posventa":
    "After-sales",
  "Soporte a los compradores y actualizaciones remotas sin visitas.":
    "Support for buyers and remote updates without visits.",
  "Servicios para promotoras":
    "Services for developers",
  "Proyecto":
    "Project",
  "Revisamos planos y memoria de calidades para decidir qué servicios incluye cada tipología.":
    "We review the plans and the specifications to decide which services each home type includes.",
  "Instalación":
    "Installation",
  "Instalamos y probamos los dispositivos antes de la entrega de llaves.":
    "We install and test the devices before the keys are handed over.",
  "Entrega":
    "Handover",
  "Cada comprador activa su cuenta y recibe su vivienda conectada y funcionando.":
    "Each buyer activates their account and receives their home connected and working.",
  "Un proceso en tres pasos":
    "A three-step process",
  "Argumento comercial":
    "A selling point",
  "Una vivienda inteligente destaca frente a la competencia en el mismo barrio.":
    "A smart home stands out from the competition in the same neighbourhood.",
  "Mayor valor de venta":
    "Higher sale value",
  "Un 15 % más de valor de venta en las promociones equipadas.":
    "15% higher sale value in equipped developments.",
  "Atractiva para inversores":
    "Attractive to investors",
  "Lista para alquilar desde el primer día, con toda la gestión resuelta.":
    "Ready to rent from day one, with all the management taken care of.",
  "Beneficios para tu promoción":
    "Benefits for your development",
  "Promociones de viviendas inteligentes desde el día de la entrega":
    "Smart housing developments from handover day",
  "Asistente virtual con IA que responde a tus huéspedes 24 horas en más de 10 idiomas y automatiza más del 60 % de las preguntas. Desde 5 €/mes.":
    "AI virtual assistant that answers your guests 24 hours a day in more than 10 languages and automates more than 60% of questions. From €5/month.",
  "Asistente IA":
    "AI assistant",
  "Responde al instante, en el idioma de cada huésped, a las preguntas que hoy te llegan por WhatsApp a las tres de la madrugada. Automatiza más del 60 % de las consultas frecuentes.":
    "It answers instantly, in each guest's language, the questions that today reach you on WhatsApp at three in the morning. It automates more than 60% of frequent queries.",
  "Más del 60 % de preguntas automatizadas":
    "More than 60% of questions automated",
  "Desde 5 €/mes":
    "From €5/month",
  "En tres pasos tienes un asistente que conoce tu alojamiento tan bien como tú.":
    "In three steps you have an assistant that knows your property as well as you do.",
  "Cuéntale tu alojamiento":
    "Tell it about your property",
  "Añade la información de cada propiedad: acceso, WiFi, normas, horarios, electrodomésticos y tus recomendaciones de la zona.":
    "Add the information for each property: access, WiFi, house rules, times, appliances and your local recommendations.",
  "Comparte el enlace":
    "Share the link",
  "Envía el enlace del asistente con la confirmación de la reserva o colócalo en un código QR dentro del apartamento.":
    "Send the assistant's link with the booking confirmation or put it on a QR code inside the apartment.",
  "Deja que responda":
    "Let it answer",
  "El asistente contesta al momento y te avisa solo cuando hace falta una persona. Tú revisas las conversaciones cuando quieras.":
    "The assistant replies straight away and only alerts you when a person is needed. You review the conversations whenever you like.",
  "Es un asistente de conversación entrenado únicamente con la información de tus alojamientos. No responde con generalidades: sabe dónde está la llave del buzón, a qué hora pasa la recogida de basura y qué restaurante recomiendas a dos calles.":
    "It is a conversational assistant trained only on the information about your properties. It does not answer with generalities: it knows where the mailbox key is, what time the rubbish is collected and which restaurant two streets away you recommend.",
  "Cuando una pregunta no está en su información, no improvisa: se lo dice al huésped y te pasa la conversación. Así mantienes el control y tus huéspedes reciben siempre una respuesta fiable.":
    "When a question is not in its information, it does not improvise: it tells the guest so and passes the conversation on to you. That way you keep control and your guests always get a reliable answer.",
  "Qué es un conserje con inteligencia artificial":
    "What an AI concierge is",
  "Atención 24 horas":
    "24-hour service",
  "Tus huéspedes resuelven sus dudas de madrugada sin despertarte.":
    "Your guests sort out their questions in the middle of the night without waking you up.",
  "Cada huésped recibe la respuesta en su propio idioma, sin traductores.":
    "Each guest gets the answer in their own language, without translators.",
  "Mejores reseñas":
    "Better reviews",
  "Respuestas inmediatas y correctas se notan en la valoración final de la estancia.":
    "Instant, correct answers show in the final rating of the stay.",
  "Menos mensajes repetidos":
    "Fewer repeated messages",
  "Más del 60 % de las preguntas frecuentes se resuelven solas.":
    "More than 60% of frequently asked questions are resolved on their own.",
  "Ventas durante la estancia":
    "Sales during the stay",
  "Ofrece salida tardía, limpieza extra o traslados en el momento justo.":
    "Offer late check-out, extra cleaning or transfers at the right moment.",
  "Informes claros":
    "Clear reports",
  "Descubre qué preguntan tus huéspedes para mejorar tus guías y tu anuncio.":
    "Find out what your guests ask to improve your guides and your listing.",
  "Ventajas para tu negocio":
    "Advantages for your business",
  "El gestor de nuevas reservas y ventas del plan Pro detecta cuándo un huésped pregunta por otras fechas u otros alojamientos y le ofrece disponibilidad al momento.":
    "The Pro plan's new bookings and sales manager detects when a guest asks about other dates or other properties and offers availability straight away.",
  "Detecta intención de repetir estancia o de reservar para amigos":
    "Detects an intention to stay again or to book for friends",
  "Propone tus otros alojamientos disponibles":
    "Suggests your other available properties",
  "Ofrece extras de pago durante la estancia":
    "Offers paid extras during the stay",
  "Te deja los contactos interesados en el informe":
    "Leaves the interested contacts in the report for you",
  "Captación de nuevas reservas con el plan Pro":
    "Winning new bookings with the Pro plan",
  "Sin permanencia. Empieza con Basic y cambia de plan cuando crezcas.":
    "No minimum term. Start with Basic and change plan as you grow.",
  "Precios por alojamiento. El plan Enterprise se presupuesta según el volumen y las integraciones.":
    "Prices per property. The Enterprise plan is quoted according to volume and integrations.",
  "Planes y precios":
    "Plans and prices",
  "La plataforma es multicliente: cada propietario o gestora trabaja en un espacio aislado.":
    "The platform is multi-tenant: each owner or property manager works in an isolated space.",
  "Datos aislados":
    "Isolated data",
  "La información de tus alojamientos solo se usa para responder a tus huéspedes.":
    "The information about your properties is only used to answer your guests.",
  "Sin datos sensibles en el chat":
    "No sensitive data in the chat",
  "El asistente no pide ni guarda documentos de identidad ni datos de pago.":
    "The assistant neither asks for nor keeps identity documents or payment details.",
  "Acceso por roles":
    "Role-based access",
  "Decide qué miembros de tu equipo ven las conversaciones y los informes.":
    "Decide which members of your team see the conversations and the reports.",
  "Privacidad y espacio propio para cada cliente":
    "Privacy and a space of its own for each customer",
  "Gestora con 25 apartamentos en Valencia":
    "Property manager with 25 apartments in Valencia",
  "Dejó de atender por teléfono las llegadas nocturnas: el asistente explica el acceso paso a paso y solo escala los casos excepcionales.":
    "Stopped handling night-time arrivals by phone: the assistant explains access step by step and only escalates exceptional cases.",
  "65 % de preguntas resueltas sin intervención":
    "65% of questions resolved without intervention",
  "Propietaria de dos apartamentos en Granada":
    "Owner of two apartments in Granada",
  "Sus huéspedes internacionales reciben las normas de la casa en su idioma, y las dudas sobre el WiFi o la calefacción ya no llegan a su móvil.":
    "Her international guests receive the house rules in their own language, and questions about the WiFi or the heating no longer reach her phone.",
  "Respuestas en 6 idiomas":
    "Answers in 6 languages",
  "Aparthotel de 40 unidades en Palma":
    "Aparthotel with 40 units in Palma",
  "Con el plan Pro ofrece salida tardía y traslados al aeropuerto dentro de la conversación, y revisa cada semana el informe de consultas.":
    "With the Pro plan it offers late check-out and airport transfers within the conversation, and reviews the queries report every week.",
  "Ventas de extras desde el chat":
    "Sales of extras from the chat",
  "Preguntas frecuentes sobre el asistente":
    "Frequently asked questions about the assistant",
  "Un conserje con IA que atiende a tus huéspedes a cualquier hora":
    "An AI concierge that looks after your guests at any time",
  "Planificación automática de la limpieza, rutas para carros eléctricos con GPS, entregas con QR o foto, control de lavandería e informes diarios en un solo panel.":
    "Automatic cleaning planning, routes for electric carts with GPS, deliveries recorded with a QR code or photo, laundry control and daily reports in a single dashboard.",
  "Limpieza y logística":
    "Cleaning and logistics",
  "Cada salida genera una limpieza, un cambio de ropa y un reparto. NidoSmart lo planifica solo, asigna las tareas y te enseña en un mapa dónde está cada carro.":
    "Every check-out generates a cleaning, a change of linen and a delivery. NidoSmart plans it by itself, assigns the tasks and shows you on a map where each cart is.",
  "Planificación diaria automática":
    "Automatic daily planning",
  "Seguimiento GPS":
    "GPS tracking",
  "Informes diarios":
    "Daily reports",
  "Calendario de limpieza":
    "Cleaning schedule",
  "El plan diario se genera solo a partir de las entradas y salidas.":
    "The daily plan is generated by itself from check-ins and check-outs.",
  "Asignación de tareas":
    "Task assignment",
  "Cada persona recibe sus apartamentos y su orden de trabajo.":
    "Each person receives their apartments and their work order.",
  "Rutas optimizadas":
    "Optimised routes",
  "Recorridos más cortos para los carros eléctricos de reparto.":
    "Shorter journeys for the electric delivery carts.",
  "Terminal Android de mano con 4G para ver cada carro en el mapa.":
    "Handheld Android terminal with 4G to see each cart on the map.",
  "Entregas con QR o foto":
    "Deliveries with QR or photo",
  "Cada entrega queda registrada con un escaneo o una fotografía.":
    "Each delivery is recorded with a scan or a photograph.",
  "Resumen de tareas completadas, incidencias y tiempos.":
    "Summary of completed tasks, incidents and times.",
  "Control de lavandería":
    "Laundry control",
  "Juegos de ropa enviados, recibidos y pendientes por alojamiento.":
    "Linen sets sent, received and pending per property.",
  "Panel de control":
    "Control dashboard",
  "Toda la operación del día en una sola pantalla.":
    "The whole day's operation on a single screen.",
  "Todo lo que coordina":
    "Everything it coordinates",
  "Sincroniza reservas":
    "Syncs bookings",
  "Las entradas y salidas llegan desde tu calendario o tu PMS.":
    "Check-ins and check-outs arrive from your calendar or your PMS.",
  "Se genera el plan":
    "The plan is generated",
  "Cada mañana se crea la lista de limpiezas con su prioridad.":
    "Every morning the list of cleanings is created with its priority.",
  "Se asignan las tareas":
    "Tasks are assigned",
  "El equipo recibe sus apartamentos según zona y disponibilidad.":
    "The team receives its apartments according to area and availability.",
  "Salen los carros":
    "The carts go out",
  "Cada carro eléctrico sigue su ruta optimizada con el terminal GPS.":
    "Each electric cart follows its optimised route with the GPS terminal.",
  "Se registran las entregas":
    "Deliveries are recorded",
  "QR o foto en cada puerta: sabes qué se entregó, dónde y cuándo.":
    "A QR code or photo at every door: you know what was delivered, where and when.",
  "Recibes el informe":
    "You get the report",
  "Al cierre del día, informe con tiempos, incidencias y lavandería.":
    "At the end of the day, a report with times, incidents and laundry.",
  "Cómo funciona, paso a paso":
    "How it works, step by step",
  "Menos tiempo por limpieza":
    "Less time per cleaning",
  "Rutas y tareas ordenadas reducen los desplazamientos y las esperas.":
    "Well-ordered routes and tasks cut down on travel and waiting.",
  "Nada se queda sin hacer":
    "Nothing is left undone",
  "Cada entrada tiene su limpieza asignada y confirmada.":
    "Every check-in has its cleaning assigned and confirmed.",
  "Ropa bajo control":
    "Linen under control",
  "Sabes cuántos juegos tienes en cada alojamiento y en la lavandería.":
    "You know how many sets you have in each property and at the laundry.",
  "Reparto sostenible":
    "Sustainable delivery",
  "Carros eléctricos con rutas cortas: menos consumo y menos ruido en el barrio.":
    "Electric carts with short routes: less consumption and less noise in the neighbourhood.",
  "Beneficios":
    "Benefits",
  "Gestora en Sevilla con 40 apartamentos":
    "Property manager in Seville with 40 apartments",
  "Pasó de organizar las limpiezas por mensajería a un plan diario automático con tareas asignadas y rutas por zonas.":
    "Went from organising cleanings by messaging to an automatic daily plan with assigned tasks and routes by area.",
  "30 % menos tiempo de limpieza diaria":
    "30% less daily cleaning time",
  "Flota de 5 carros eléctricos":
    "Fleet of 5 electric carts",
  "Cada carro sigue una ruta optimizada y registra sus entregas con QR o foto; la oficina ve su posición en el mapa en tiempo real.":
    "Each cart follows an optimised route and records its deliveries with a QR code or photo; the office sees its position on the map in real time.",
  "5 carros coordinados desde un panel":
    "5 carts coordinated from one dashboard",
  "Resultados de nuestros clientes":
    "Our customers' results",
  "Limpieza y logística sin hojas de cálculo":
    "Cleaning and logistics without spreadsheets",
  "Resultados reales de propietarios, gestoras y hoteles que usan NidoSmart en Sevilla, Madrid y Barcelona: menos quejas, cero sanciones y más ingresos.":
    "Real results from owners, property managers and hotels that use NidoSmart in Seville, Madrid and Barcelona: fewer complaints, zero fines and more revenue.",
  "Casos de éxito":
    "Success stories",
  "Cómo propietarios, gestoras y hoteles han reducido quejas, evitado sanciones y aumentado sus ingresos con NidoSmart. Filtra por sector o por ciudad.":
    "How owners, property managers and hotels have reduced complaints, avoided fines and increased their revenue with NidoSmart. Filter by sector or by city.",
  "Una gestora familiar con doce apartamentos en el Casco Antiguo acumulaba quejas de la comunidad cada fin de semana. Con NidoSmart las resolvió antes de que llegaran al administrador de la finca.":
    "A family-run manager with twelve apartments in the Casco Antiguo was piling up complaints from the residents every weekend. With NidoSmart it solved them before they reached the building's administrator.",
  "Apartamentos Sol: doce apartamentos en el centro de Sevilla sin una sola queja":
    "Apartamentos Sol: twelve apartments in the centre of Seville without a single complaint",
  "-94 %":
    "-94%",
  "Quejas vecinales":
    "Neighbour complaints",
  "Sanciones":
    "Fines",
  "+18 %":
    "+18%",
  "Ingresos por reserva":
    "Revenue per booking",
  "5 min":
    "5 min",
  "Tiempo de respuesta a incidencias":
    "Incident response time",
  "Resultados clave":
    "Key results",
  "Los apartamentos comparten edificio con vecinos de toda la vida. Las fiestas de algunos grupos durante la Feria y los fines de semana habían llevado a la comunidad a plantear la prohibición del uso turístico en la junta, y la gestora solo se enteraba de los problemas al día siguiente.":
    "The apartments share a building with long-standing residents. Parties by some groups during the Fair and at weekends had led the residents' association to propose banning tourist use at its meeting, and the manager only found out about the problems the next day.",
  "El reto":
    "The challenge",
  "Instalación de un NS-01 por apartamento en una sola mañana, sin obras.":
    "One NS-01 installed per apartment in a single morning, without building work.",
  "Umbrales de ruido calibrados por franja horaria según la normativa andaluza: 35 dB(A) de día y 30 dB(A) de noche en el interior de las viviendas vecinas.":
    "Noise thresholds calibrated by time of day under the Andalusian regulations: 35 dB(A) by day and 30 dB(A) at night inside the neighbouring homes.",
  "Aviso automático al huésped a los pocos minutos de superar el umbral y alerta a la gestora si el ruido persistía.":
    "An automatic warning to the guest a few minutes after going over the threshold and an alert to the manager if the noise persisted.",
  "Control de aforo vinculado a cada reserva para detectar invitados de más.":
    "Occupancy control linked to each booking to detect extra guests.",
  "Informe mensual en PDF compartido con el presidente de la comunidad.":
    "A monthly PDF report shared with the president of the residents' association.",
  "Qué hicimos":
    "What we did",
  "Las quejas vecinales bajaron un 94 % en el primer trimestre.":
    "Neighbour complaints fell by 94% in the first quarter.",
  "Ninguna sanción desde la instalación y la propuesta de prohibición se retiró de la junta.":
    "Not a single fine since the installation, and the proposed ban was withdrawn from the meeting.",
  "Los ingresos por reserva crecieron un 18 % al vender salidas tardías y extras con el sistema de cobro.":
    "Revenue per booking grew by 18% by selling late check-outs and extras with the payment system.",
  "La gestora dejó de hacer guardias telefónicas los fines de semana.":
    "The manager stopped doing phone duty at weekends.",
  "Resultados":
    "Results",
  "Pasamos de temer cada junta de vecinos a enseñar el informe mensual con orgullo. El aviso llega al huésped antes de que nadie tenga que llamar a nadie.":
    "We went from dreading every residents' meeting to proudly showing the monthly report. The warning reaches the guest before anyone has to call anyone.",
  "Rocío G.":
    "Rocío G.",
  "Directora de Apartamentos Sol":
    "Director of Apartamentos Sol",
  "Testimonio":
    "Testimonial",
  "Un hotel de 64 habitaciones en Chamberí conectó NidoSmart con su PMS para conocer la ocupación real, ajustar la climatización y afinar sus tarifas con la demanda de cada momento.":
    "A 64-room hotel in Chamberí connected NidoSmart to its PMS to know its real occupancy, adjust the air conditioning and fine-tune its rates to the demand at each moment.",
  "Hotel urbano en Madrid: más RevPAR con datos reales de cada habitación":
    "Urban hotel in Madrid: more RevPAR with real data from every room",
  "RevPAR":
    "RevPAR",
  "-50 %":
    "-50%",
  "Tiempo de gestión":
    "Management time",
  "-32 %":
    "-32%",
  "Consumo energético":
    "Energy consumption",
  "-88 %":
    "-88%",
  "Quejas por ruido":
    "Noise complaints",
  "La recepción no sabía qué habitaciones estaban realmente vacías durante el día, la climatización funcionaba en habitaciones sin nadie y las tarifas se revisaban una vez al día con información de la víspera.":
    "Reception did not know which rooms were really empty during the day, the air conditioning ran in rooms with nobody in them and rates were reviewed once a day with the previous day's information.",
  "Un NS-01 por habitación integrado con el PMS del hotel.":
    "One NS-01 per room integrated with the hotel's PMS.",
  "Estimación de la demanda en intervalos de 15 minutos enviada al sistema de gestión de tarifas.":
    "Demand estimation in 15-minute intervals sent to the rate management system.",
  "Apagado automático del aire acondicionado en habitaciones vacías.":
    "Automatic switch-off of the air conditioning in empty rooms.",
  "Avisos de ruido entre habitaciones dirigidos a recepción en lugar de esperar a la queja.":
    "Noise alerts between rooms sent to reception instead of waiting for the complaint.",
  "Registro automático de accesos y horarios del personal de pisos.":
    "Automatic recording of housekeeping staff access and hours.",
  "El RevPAR creció un 15 % en seis meses gracias a tarifas ajustadas con datos reales.":
    "RevPAR grew by 15% in six months thanks to rates adjusted with real data.",
  "El equipo dedica la mitad de tiempo a tareas de gestión y coordinación de pisos.":
    "The team spends half the time on management tasks and housekeeping coordination.",
  "El consumo energético bajó un 32 % con la climatización ligada a la ocupación real.":
    "Energy consumption fell by 32% with the air conditioning tied to real occupancy.",
  "Las quejas por ruido entre habitaciones cayeron un 88 %.":
    "Noise complaints between rooms fell by 88%.",
  "Por primera vez las tarifas se mueven con lo que pasa en el hotel y no con lo que pasó ayer. Y recepción ya no persigue al personal de pisos para saber qué habitación está lista.":
    "For the first time rates move with what is happening in the hotel and not with what happened yesterday. And reception no longer chases the housekeeping staff to find out which room is ready.",
  "Javier M.":
    "Javier M.",
  "Director del hotel":
    "Hotel director",
  "Una gestora con 28 viviendas de uso turístico en el Eixample y Ciutat Vella necesitaba demostrar el cumplimiento de la normativa ante el Ayuntamiento y las comunidades de vecinos.":
    "A property manager with 28 tourist rentals in the Eixample and Ciutat Vella needed to prove compliance with the regulations to the City Council and the residents' associations.",
  "Apartamentos en el centro de Barcelona: cumplimiento normativo sin sobresaltos":
    "Apartments in central Barcelona: regulatory compliance without scares",
  "Cumplimiento normativo":
    "Regulatory compliance",
  "-45 %":
    "-45%",
  "Incidencias":
    "Incidents",
  "Expedientes abiertos":
    "Open proceedings",
  "100 % de las reservas":
    "100% of bookings",
  "Aforo verificado":
    "Occupancy verified",
  "En Barcelona las multas por incumplir la normativa de viviendas de uso turístico llegan a 90.000 €. Dos comunidades habían presentado quejas formales y la gestora no tenía datos objetivos para responder.":
    "In Barcelona fines for breaking the tourist-rental regulations reach €90,000. Two residents' associations had filed formal complaints and the manager had no objective data to respond with.",
  "Instalación de NS-01 en las 28 viviendas en dos semanas.":
    "NS-01 installed in all 28 homes in two weeks.",
  "Umbrales de ruido según la ordenanza de Barcelona: 55 dB(A) de día y 45 dB(A) de noche.":
    "Noise thresholds under Barcelona's by-law: 55 dB(A) by day and 45 dB(A) at night.",
  "Verificación del aforo de cada reserva frente al número de plazas de la licencia.":
    "Verification of each booking's occupancy against the number of places in the licence.",
  "Registro digital de viajeros con exportación del parte a la policía.":
    "Digital guest registration with export of the registration form to the police.",
  "Informes certificados mensuales para cada comunidad de vecinos.":
    "Monthly certified reports for each residents' association.",
  "El 98 % de las estancias se mantuvo dentro de los límites de ruido y aforo.":
    "98% of stays stayed within the noise and occupancy limits.",
  "Las incidencias bajaron un 45 % en el primer semestre.":
    "Incidents fell by 45% in the first half of the year.",
  "Las dos quejas formales se cerraron con los informes certificados, sin expediente.":
    "The two formal complaints were closed with the certified reports, without proceedings.",
  "El registro de viajeros pasó de papel a digital en todas las viviendas.":
    "Guest registration went from paper to digital in all the homes.",
  "Compara funciones y costes: NidoSmart cuesta 29 €/mes con dispositivo a 0 € y sin permanencia, frente a 65 €/mes de una solución habitual. Ahorra hasta 36 € al mes.":
    "Compare features and costs: NidoSmart costs €29/month with the device at €0 and no minimum term, compared with €65/month for a typical solution. Save up to €36 a month.",
  "Precios":
    "Prices",
  "Un dispositivo a 0 € (solo 15 € de envío) y una suscripción de 29 €/mes con más de 40 servicios, sin permanencia. Compáralo con lo que pagarías contratando cada pieza por separado.":
    "A device at €0 (only €15 shipping) and a €29/month subscription with more than 40 services, with no minimum term. Compare it with what you would pay by taking out each piece separately.",
  "Dispositivo a 0 €":
    "Device at €0",
  "Ahorro de hasta 36 €/mes":
    "Savings of up to €36/month",
  "Lo que incluye cada opción por alojamiento.":
    "What each option includes per property.",
  "NidoSmart":
    "NidoSmart",
  "Competidor habitual":
    "Typical competitor",
  "Monitorización de ruido 24/7":
    "24/7 noise monitoring",
  "Alertas en tiempo real en el móvil":
    "Real-time alerts on your phone",
  "Panel web para varias propiedades":
    "Web dashboard for several properties",
  "Sensor de temperatura y humedad":
    "Temperature and humidity sensor",
  "Informes de actividad":
    "Activity reports",
  "Sincronización con calendarios de reserva":
    "Sync with booking calendars",
  "Detección de humo":
    "Smoke detection",
  "Soporte técnico en España":
    "Technical support in Spain",
  "Instalación sin obras":
    "Installation without building work",
  "Aforo real sin cámaras":
    "Real occupancy without cameras",
  "Alarma con sirena de 120 dB":
    "Alarm with a 120 dB siren",
  "WiFi e internet para huéspedes incluidos":
    "WiFi and internet for guests included",
  "Check-in digital y envío de partes a la policía":
    "Digital check-in and registration forms sent to the police",
  "Datáfono con un 1,8 % de comisión":
    "Payment terminal with a 1.8% commission",
  "Monetización y marketplace":
    "Monetisation and marketplace",
  "Sistema anti-okupación avanzado":
    "Advanced anti-squatting system",
  "Detección de tabaco, CO y gases nocivos":
    "Detection of tobacco, CO and harmful gases",
  "Control de agua, energía y aire acondicionado":
    "Water, energy and air-conditioning control",
  "Apertura de puerta, portero y garaje":
    "Door, entry phone and garage opening",
  "Datos certificados e inalterables":
    "Certified, unalterable data",
  "Dispositivo 100 % fabricado en España":
    "Device 100% made in Spain",
  "Comparativa de funciones":
    "Feature comparison",
  "Lo que suele costar reunir las mismas piezas con proveedores distintos.":
    "What it usually costs to put the same pieces together from different suppliers.",
  "Dispositivo":
    "Device",
  "Internet":
    "Internet",
  "Channel manager":
    "Channel manager",
  "Envío de partes de viajeros":
    "Sending guest registration forms",
  "Dispositivo NS-01":
    "NS-01 device",
  "Suscripción con más de 40 servicios":
    "Subscription with more than 40 services",
  "Ahorras hasta 36 € al mes por alojamiento":
    "You save up to €36 a month per property",
  "Precios con el envío del dispositivo aparte: 15 € una sola vez. La suscripción de NidoSmart no tiene permanencia mínima.":
    "Prices with the device shipping separate: €15, once. The NidoSmart subscription has no minimum term.",
  "Coste mensual por alojamiento":
    "Monthly cost per property",
  "Precios: más servicios por menos de la mitad":
    "Prices: more services for less than half",
  "Resolvemos 45 dudas sobre NidoSmart: precio, permanencia, privacidad, instalación, ruido, aforo, WiFi, cobros, integraciones y soporte.":
    "We answer 45 questions about NidoSmart: price, minimum term, privacy, installation, noise, occupancy, WiFi, payments, integrations and support.",
  "Todo lo que nos preguntan propietarios y gestoras antes de empezar: precio, privacidad, instalación y funcionamiento del NS-01.":
    "Everything owners and property managers ask us before they start: price, privacy, installation and how the NS-01 works.",
  "Las 45 dudas más habituales":
    "The 45 most common questions",
  "Escríbenos o llámanos para resolver tus dudas sobre NidoSmart. Atendemos de lunes a viernes de 9:00 a 18:00 y los sábados de 10:00 a 14:00.":
    "Write to us or call us to clear up your questions about NidoSmart. We are available Monday to Friday from 9:00 to 18:00 and on Saturdays from 10:00 to 14:00.",
  "Contacto":
    "Contact",
  "Cuéntanos cuántos alojamientos gestionas y qué necesitas. Te respondemos en horario laboral, normalmente el mismo día.":
    "Tell us how many properties you manage and what you need. We reply during working hours, usually the same day.",
  "Contacta con nosotros":
    "Contact us",
  "Gestiona carteras de alojamientos y edificios con un panel multipropiedad, roles con permisos, informes CSV y PDF, API e integraciones. Datos de la empresa operadora.":
    "Manage portfolios of properties and buildings with a multi-property dashboard, roles with permissions, CSV and PDF reports, an API and integrations. Details of the operating company.",
  "Para empresas":
    "For businesses",
  "Gestoras profesionales, edificios residenciales y empresas con muchos alojamientos trabajan con NidoSmart desde un único panel, con su equipo organizado por roles.":
    "Professional property managers, residential buildings and companies with many properties work with NidoSmart from a single dashboard, with their team organised by roles.",
  "500+ propiedades":
    "500+ properties",
  "80 % menos gestión manual":
    "80% less manual management",
  "Panel multipropiedad":
    "Multi-property dashboard",
  "Todas las propiedades y ciudades en una vista, con filtros por zona o cliente.":
    "All properties and cities in one view, with filters by area or customer.",
  "Roles y permisos":
    "Roles and permissions",
  "Propietario, gestor, limpieza y soporte, cada uno con los permisos que decidas.":
    "Owner, manager, cleaning and support, each with the permissions you decide.",
  "Informes CSV y PDF":
    "CSV and PDF reports",
  "Ruido, aforo, consumos y accesos exportables para tus clientes y auditorías.":
    "Noise, occupancy, consumption and access, exportable for your customers and audits.",
  "Conecta NidoSmart con tus propios sistemas y automatizaciones.":
    "Connect NidoSmart to your own systems and automations.",
  "Accesos y horarios del equipo registrados automáticamente.":
    "Team access and hours recorded automatically.",
  "Todo el parque de dispositivos al día sin desplazamientos.":
    "The whole fleet of devices kept up to date without travelling.",
  "Herramientas para equipos":
    "Tools for teams",
  "Análisis":
    "Analysis",
  "Revisamos tu cartera, tus sistemas y los servicios que necesitas en cada tipo de alojamiento.":
    "We review your portfolio, your systems and the services you need for each type of property.",
  "Piloto":
    "Pilot",
  "Empezamos con un grupo de propiedades para medir resultados reales.":
    "We start with a group of properties to measure real results.",
  "Despliegue":
    "Roll-out",
  "Enviamos los dispositivos en 24-48 horas y formamos a tu equipo.":
    "We send the devices within 24-48 hours and train your team.",
  "Cómo trabajamos con empresas":
    "How we work with businesses",
  "NidoSmart es una marca de NidoSmart Tecnologías S.L., con CIF B00000000 y domicilio en Calle de la Innovación 12, 3.ª planta, 28001 Madrid (España).":
    "NidoSmart is a brand of NidoSmart Tecnologías S.L., tax ID (CIF) B00000000, registered at Calle de la Innovación 12, 3.ª planta, 28001 Madrid (Spain).",
  "Para propuestas comerciales escríbenos a ventas@nidosmart.example.com o llámanos al 900 000 000.":
    "For business proposals write to us at ventas@nidosmart.example.com or call us on 900 000 000.",
  "Datos de la empresa":
    "Company details",
  "NidoSmart para empresas y gestoras":
    "NidoSmart for businesses and property managers",
  "NidoSmart nació en 2022 para que el alquiler turístico y la convivencia vecinal sean compatibles. Siete cofundadores, un dispositivo 100 % fabricado en España.":
    "NidoSmart was born in 2022 to make holiday rentals and good relations with neighbours compatible. Seven co-founders, a device 100% made in Spain.",
  "Sobre nosotros":
    "About us",
  "Creemos que el alquiler turístico y una buena convivencia con los vecinos pueden ir de la mano. Para eso diseñamos y fabricamos en España un dispositivo que cuida cada alojamiento sin vigilar a nadie.":
    "We believe holiday rentals and getting on well with the neighbours can go hand in hand. That is why we design and make in Spain a device that looks after each property without watching anyone.",
  "Desde 2022":
    "Since 2022",
  "Siete cofundadores":
    "Seven co-founders",
  "100 % fabricado en España":
    "100% made in Spain",
  "NidoSmart empezó en 2022, cuando un grupo de propietarios e ingenieros se cansó de enterarse de los problemas de sus apartamentos por las quejas de los vecinos. Buscaban algo que avisara a tiempo sin poner cámaras ni micrófonos en casa de sus huéspedes, y no lo encontraron.":
    "NidoSmart started in 2022, when a group of owners and engineers got tired of hearing about problems in their apartments through the neighbours' complaints. They were looking for something that would warn them in time without putting cameras or microphones in their guests' homes, and they did not find it.",
  "En 2023 lanzamos la primera versión comercial del NS-01. Desde entonces hemos sumado monitorización de aforo, alarma, WiFi, cobros y más de 40 servicios, siempre con la misma idea: un solo dispositivo, un solo panel y una cuota sin permanencia.":
    "In 2023 we launched the first commercial version of the NS-01. Since then we have added occupancy monitoring, the alarm, WiFi, payments and more than 40 services, always with the same idea: a single device, a single dashboard and a fee with no minimum term.",
  "Nuestra historia":
    "Our story",
  "2022":
    "2022",
  "El origen":
    "The origin",
  "Siete cofundadores unen experiencia en alquiler turístico, electrónica y software.":
    "Seven co-founders bring together experience in holiday rentals, electronics and software.",
  "2023":
    "2023",
  "Primera versión comercial":
    "First commercial version",
  "El NS-01 llega a los primeros apartamentos turísticos con monitorización de ruido y aforo.":
    "The NS-01 reaches the first tourist apartments with noise and occupancy monitoring.",
  "Hoy":
    "Today",
  "Más de 500 propiedades":
    "More than 500 properties",
  "Apartamentos, hoteles, colivings y promociones en toda España confían en NidoSmart.":
    "Apartments, hotels, colivings and developments all over Spain trust NidoSmart.",
  "Hitos":
    "Milestones",
  "Innovación":
    "Innovation",
  "Resolvemos problemas reales del alquiler turístico con tecnología sencilla de usar.":
    "We solve real holiday-rental problems with technology that is easy to use.",
  "Calidad":
    "Quality",
  "Diseñamos y fabricamos en España y probamos cada dispositivo antes de enviarlo.":
    "We design and manufacture in Spain and test every device before shipping it.",
  "Confianza":
    "Trust",
  "Sin permanencia, sin letra pequeña y sin grabar a nadie.":
    "No minimum term, no small print and no recording anyone.",
  "Nuestros valores":
    "Our values",
  "7":
    "7",
  "cofundadores":
    "co-founders",
  "100 %":
    "100%",
  "fabricado en España":
    "made in Spain",
  "NidoSmart en cifras":
    "NidoSmart in figures",
  "Sobre NidoSmart":
    "About NidoSmart",
  "Instala el NS-01 en 10-15 minutos: elige la ubicación, fíjalo a la pared, conéctalo a la corriente y configúralo. Contenido del kit y solución de problemas.":
    "Install the NS-01 in 10-15 minutes: choose the spot, fix it to the wall, plug it in and set it up. Kit contents and troubleshooting.",
  "Guía de instalación":
    "Installation guide",
  "No necesitas técnico: con un taladro y 10-15 minutos tendrás el dispositivo funcionando. Sigue estos cuatro pasos.":
    "You don't need a technician: with a drill and 10-15 minutes you will have the device working. Follow these four steps.",
  "10-15 minutos":
    "10-15 minutes",
  "Sin obras":
    "No building work",
  "Soporte de 9:00 a 18:00 en días laborables":
    "Support from 9:00 to 18:00 on working days",
  "Dispositivo NidoSmart NS-01 (menos de 1 kg)":
    "NidoSmart NS-01 device (less than 1 kg)",
  "Soporte de pared":
    "Wall bracket",
  "Dos tacos y dos tornillos para broca de 6 mm":
    "Two wall plugs and two screws for a 6 mm drill bit",
  "Alimentador con cable de 2 metros":
    "Power adapter with a 2-metre cable",
  "Guía rápida con el código de activación":
    "Quick guide with the activation code",
  "Contenido del kit":
    "Kit contents",
  "Elige la ubicación":
    "Choose the spot",
  "En la zona común del alojamiento, normalmente el salón, a 1,5-2 metros de altura, lejos de ventanas, electrodomésticos ruidosos y fuentes de calor, y a menos de 2 metros de un enchufe.":
    "In the common area of the property, usually the living room, 1.5-2 metres high, away from windows, noisy appliances and heat sources, and less than 2 metres from a socket.",
  "Fíjalo a la pared":
    "Fix it to the wall",
  "Marca los agujeros con el soporte, taladra con broca de 6 mm, coloca los tacos y atornilla el soporte. Encaja el dispositivo hasta oír el clic.":
    "Mark the holes with the bracket, drill with a 6 mm bit, insert the wall plugs and screw the bracket on. Slot the device in until you hear the click.",
  "Conéctalo a la corriente":
    "Plug it in",
  "Enchufa el alimentador con el cable de 2 metros. La luz de estado se pondrá azul mientras arranca.":
    "Plug in the power adapter with the 2-metre cable. The status light turns blue while it starts up.",
  "Configuración inicial":
    "Initial set-up",
  "Conéctate desde el móvil a la red del dispositivo, introduce el código de activación de la guía rápida y asígnalo a tu alojamiento. La luz pasará a verde.":
    "From your phone, connect to the device's network, enter the activation code from the quick guide and assign it to your property. The light will turn green.",
  "Instalación en cuatro pasos":
    "Installation in four steps",
  "La luz de estado no se enciende":
    "The status light does not come on",
  "Comprueba que el enchufe tiene corriente con otro aparato y que el conector está bien insertado en el dispositivo. Si sigue apagada, contacta con soporte: te enviamos un equipo de sustitución en 24-48 horas.":
    "Check that the socket has power with another appliance and that the connector is properly inserted into the device. If it stays off, contact support: we send you a replacement unit within 24-48 hours.",
  "La luz parpadea en rojo":
    "The light is flashing red",
  "El dispositivo no tiene conexión. Revisa que el router está encendido y que la contraseña introducida es correcta, y repite la configuración inicial desde el móvil.":
    "The device has no connection. Check that the router is on and that the password entered is correct, and repeat the initial set-up from your phone.",
  "No aparece la red WiFi del dispositivo":
    "The device's WiFi network does not appear",
  "Desenchúfalo diez segundos y vuelve a enchufarlo. La red de configuración aparece durante los primeros minutos tras el arranque; acércate al dispositivo con el móvil.":
    "Unplug it for ten seconds and plug it back in. The set-up network appears during the first few minutes after start-up; move closer to the device with your phone.",
  "No puedo acceder al panel":
    "I can't get into the dashboard",
  "Comprueba que usas el correo con el que contrataste y restablece la contraseña si es necesario. Si el dispositivo no aparece en tu cuenta, escríbenos con el código de activación.":
    "Check that you are using the e-mail you signed up with and reset the password if necessary. If the device does not appear in your account, write to us with the activation code.",
  "Solución de problemas":
    "Troubleshooting",
  "Guía de instalación del NS-01":
    "NS-01 installation guide",
  "Catálogo de integraciones de NidoSmart con PMS, plataformas de reserva y sistemas de pago, cómo conectarlas en cuatro pasos y resumen de la API para desarrolladores.":
    "Catalogue of NidoSmart integrations with PMSs, booking platforms and payment systems, how to connect them in four steps and a summary of the API for developers.",
  "Guía de integración":
    "Integration guide",
  "NidoSmart se conecta con las herramientas con las que ya gestionas tus reservas y tus cobros, para que umbrales, alarmas y limpiezas se activen solos con cada reserva.":
    "NidoSmart connects with the tools you already use to manage your bookings and payments, so that thresholds, alarms and cleanings switch on by themselves with each booking.",
  "PMS, canales y pagos":
    "PMS, channels and payments",
  "API REST y webhooks":
    "REST API and webhooks",
  "Sincronización iCal cada hora":
    "iCal sync every hour",
  "Cada integración indica cómo se conecta hoy.":
    "Each integration shows how it connects today.",
  "Sistemas de gestión de propiedades (PMS)":
    "Property management systems (PMS)",
  "Reservas, llegadas y salidas sincronizadas para activar umbrales, alarmas y limpiezas.":
    "Bookings, arrivals and departures synced to activate thresholds, alarms and cleanings.",
  "Avantio":
    "Avantio",
  "API":
    "API",
  "Reservas y fichas de alojamiento sincronizadas automáticamente.":
    "Bookings and property listings synced automatically.",
  "Hostaway":
    "Hostaway",
  "Reservas, huéspedes y mensajes para avisos de ruido y aforo.":
    "Bookings, guests and messages for noise and occupancy alerts.",
  "Guesty":
    "Guesty",
  "Webhook":
    "Webhook",
  "Cambios de reserva notificados al instante.":
    "Booking changes notified instantly.",
  "Smoobu":
    "Smoobu",
  "iCal":
    "iCal",
  "Calendario de ocupación por alojamiento.":
    "Occupancy calendar per property.",
  "Lodgify":
    "Lodgify",
  "Cloudbeds":
    "Cloudbeds",
  "En desarrollo":
    "In development",
  "Integración para hoteles y aparthoteles.":
    "Integration for hotels and aparthotels.",
  "Plataformas de reserva":
    "Booking platforms",
  "El calendario de cada canal llega a NidoSmart para saber quién debería estar en el alojamiento.":
    "Each channel's calendar reaches NidoSmart so it knows who should be in the property.",
  "Airbnb":
    "Airbnb",
  "Calendario de reservas y bloqueos.":
    "Calendar of bookings and blocked dates.",
  "Booking.com":
    "Booking.com",
  "XML + Webhook":
    "XML + Webhook",
  "Reservas y modificaciones mediante intercambio XML.":
    "Bookings and changes through XML exchange.",
  "Vrbo":
    "Vrbo",
  "Motor de reservas propio":
    "Your own booking engine",
  "Nativo":
    "Native",
  "Tu web de reservas directa conectada desde el panel.":
    "Your direct booking website connected from the dashboard.",
  "Sistemas de pago":
    "Payment systems",
  "Fianzas, extras y servicios premium conciliados con cada reserva.":
    "Deposits, extras and premium services reconciled with each booking.",
  "Datáfono NidoSmart":
    "NidoSmart payment terminal",
  "1,8 % de comisión, liquidación T+1 y 0 € de cuota mensual.":
    "1.8% commission, T+1 settlement and a €0 monthly fee.",
  "Stripe":
    "Stripe",
  "Cobros con enlace de pago antes de la llegada.":
    "Payments with a payment link before arrival.",
  "Redsys":
    "Redsys",
  "Confirmación de pagos de tu TPV virtual bancario.":
    "Payment confirmation from your bank's virtual POS.",
  "PayPal":
    "PayPal",
  "Cobro de extras con cuenta PayPal.":
    "Charging extras with a PayPal account.",
  "Catálogo de integraciones":
    "Integrations catalogue",
  "Elige la integración":
    "Choose the integration",
  "En el panel, abre Integraciones y selecciona tu PMS, canal o sistema de pago.":
    "In the dashboard, open Integrations and select your PMS, channel or payment system.",
  "Autoriza el acceso":
    "Authorise access",
  "Introduce tus credenciales o la URL de calendario iCal que te da tu proveedor.":
    "Enter your credentials or the iCal calendar URL your provider gives you.",
  "Asigna los alojamientos":
    "Assign the properties",
  "Relaciona cada alojamiento del proveedor con su dispositivo NS-01.":
    "Match each of the provider's properties with its NS-01 device.",
  "Comprueba la sincronización":
    "Check the sync",
  "Verás las próximas reservas en el panel. Con iCal recomendamos sincronizar cada hora.":
    "You will see the upcoming bookings in the dashboard. With iCal we recommend syncing every hour.",
  "Conecta tu sistema en cuatro pasos":
    "Connect your system in four steps",
  "Una API REST con autenticación por token para integrar NidoSmart en tus propios sistemas.":
    "A REST API with token authentication to integrate NidoSmart into your own systems.",
  "Lista tus propiedades con su dispositivo y su estado.":
    "Lists your properties with their device and status.",
  "Crea una reserva para activar umbrales y aforo en sus fechas.":
    "Creates a booking to activate thresholds and occupancy on its dates.",
  "Actualiza los códigos de acceso de una reserva.":
    "Updates a booking's access codes.",
  "Cancela una reserva y libera sus accesos.":
    "Cancels a booking and releases its access.",
  "Las respuestas se devuelven en JSON. Pide tus credenciales de desarrollo al equipo comercial; la documentación completa se entrega con el plan para empresas.":
    "Responses are returned in JSON. Ask the sales team for your development credentials; the full documentation comes with the business plan.",
  "API para desarrolladores":
    "API for developers",
  "Cómo trata NidoSmart Tecnologías S.L. los datos personales de clientes, visitantes y huéspedes: finalidades, base legal, conservación y derechos.":
    "How NidoSmart Tecnologías S.L. processes the personal data of customers, visitors and guests: purposes, legal basis, retention and rights.",
  "Política de privacidad":
    "Privacy policy",
  "El responsable del tratamiento de los datos recogidos en este sitio web es NidoSmart Tecnologías S.L. (CIF B00000000), con domicilio en Calle de la Innovación 12, 3.ª planta, 28001 Madrid, España. Puedes escribirnos sobre cualquier cuestión de privacidad a privacidad@nidosmart.example.com.":
    "The controller of the data collected on this website is NidoSmart Tecnologías S.L. (CIF B00000000), registered at Calle de la Innovación 12, 3.ª planta, 28001 Madrid, Spain. You can write to us about any privacy matter at privacidad@nidosmart.example.com.",
  "Responsable del tratamiento":
    "Data controller",
  "Tratamos únicamente los datos necesarios para cada finalidad:":
    "We only process the data needed for each purpose:",
  "Formularios de contacto y de demostración: nombre, correo electrónico, teléfono, empresa, número y tipo de alojamientos, ciudad, tipo de propietario y el mensaje que nos envíes.":
    "Contact and demo forms: name, e-mail, phone, company, number and type of properties, city, type of owner and the message you send us.",
  "Clientes: datos de facturación, usuarios del panel y configuración de sus alojamientos.":
    "Customers: billing data, dashboard users and the configuration of their properties.",
  "Dispositivo NS-01: niveles de sonido en decibelios, conteo anónimo de personas, datos ambientales y eventos de seguridad. No se graban audio ni imágenes.":
    "NS-01 device: sound levels in decibels, anonymous people counting, environmental data and security events. No audio or images are recorded.",
  "Registro de viajeros: los datos que los huéspedes introducen en el enlace privado de su reserva, que tratamos por cuenta del propietario del alojamiento.":
    "Guest registration: the data guests enter in their booking's private link, which we process on behalf of the property's owner.",
  "Navegación: la página visitada, el dominio de procedencia y la fecha, sin cookies ni direcciones IP almacenadas.":
    "Browsing: the page visited, the referring domain and the date, without cookies or stored IP addresses.",
  "Qué datos tratamos":
    "What data we process",
  "Atendemos tus solicitudes de información y demostración con base en tu consentimiento y en la aplicación de medidas precontractuales. Prestamos el servicio contratado con base en la ejecución del contrato. Medimos el uso del sitio de forma agregada con base en nuestro interés legítimo en mejorarlo.":
    "We handle your requests for information and demos on the basis of your consent and of pre-contractual measures. We provide the contracted service on the basis of the performance of the contract. We measure use of the site in aggregate on the basis of our legitimate interest in improving it.",
  "Cuando tratamos los datos de los huéspedes para el registro de viajeros actuamos como encargado del tratamiento del propietario del alojamiento, que es quien está obligado por la normativa de registro de viajeros.":
    "When we process guests' data for guest registration we act as processor for the owner of the property, who is the one bound by the guest registration regulations.",
  "Finalidades y base legal":
    "Purposes and legal basis",
  "Conservamos los datos de contacto mientras sea necesario para atender tu solicitud y, como máximo, dos años desde el último contacto si no llegas a ser cliente. Los datos de clientes se conservan durante la relación contractual y los plazos legales de prescripción. Los datos del registro de viajeros (identidad, documento, domicilio y firma de cada huésped) se conservan durante tres años desde la fecha de salida, como exige el Real Decreto 933/2021, y después se eliminan automáticamente; de la reserva solo quedan las fechas y el número de huéspedes. El registro de accesos a esos datos guarda quién los consultó y cuándo, no su contenido.":
    "We keep contact data for as long as needed to handle your request and, at most, two years from the last contact if you do not become a customer. Customer data is kept for the duration of the contract and the legal limitation periods. Guest registration data (each guest's identity, document, address and signature) is kept for three years from the check-out date, as Royal Decree 933/2021 requires, and is then deleted automatically; the reservation keeps only its dates and number of guests. The log of access to that data records who looked at it and when, not its content.",
  "Conservación":
    "Retention",
  "No vendemos datos personales. Solo los comunicamos a proveedores que nos prestan servicios de alojamiento de datos, envío de correo y cobro, bajo contrato de encargo de tratamiento, y a las autoridades cuando la ley lo exige.":
    "We do not sell personal data. We only share it with providers that supply us with data hosting, e-mail sending and payment services, under a data processing agreement, and with the authorities when the law requires it.",
  "Destinatarios":
    "Recipients",
  "Puedes ejercer tus derechos de acceso, rectificación, supresión, oposición, limitación del tratamiento y portabilidad escribiendo a privacidad@nidosmart.example.com. Si consideras que no hemos atendido correctamente tu solicitud, puedes reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).":
    "You can exercise your rights of access, rectification, erasure, objection, restriction of processing and portability by writing to privacidad@nidosmart.example.com. If you consider that we have not handled your request properly, you can complain to the Spanish Data Protection Agency (www.aepd.es).",
  "Tus derechos":
    "Your rights",
  "Condiciones de uso del sitio web y de contratación del servicio NidoSmart, operado por NidoSmart Tecnologías S.L..":
    "Terms of use of the website and of the NidoSmart service, operated by NidoSmart Tecnologías S.L.",
  "Términos y condiciones":
    "Terms and conditions",
  "Este sitio web y el servicio NidoSmart son operados por NidoSmart Tecnologías S.L. (CIF B00000000), con domicilio en Calle de la Innovación 12, 3.ª planta, 28001 Madrid, España. Contacto: hola@nidosmart.example.com, teléfono 900 000 000.":
    "This website and the NidoSmart service are operated by NidoSmart Tecnologías S.L. (CIF B00000000), registered at Calle de la Innovación 12, 3.ª planta, 28001 Madrid, Spain. Contact: hola@nidosmart.example.com, phone 900 000 000.",
  "Titular del sitio web":
    "Website owner",
  "Estas condiciones regulan el uso de este sitio web y la contratación del servicio NidoSmart, que combina el dispositivo NidoSmart NS-01 con una plataforma web de gestión de alojamientos.":
    "These terms govern the use of this website and the contracting of the NidoSmart service, which combines the NidoSmart NS-01 device with a web platform for managing properties.",
  "Objeto":
    "Purpose",
  "Salvo que se acuerde otra cosa por escrito en una propuesta comercial:":
    "Unless otherwise agreed in writing in a commercial proposal:",
  "El dispositivo NS-01 se entrega sin coste; el envío cuesta 15 € y se cobra una sola vez.":
    "The NS-01 device is delivered at no cost; shipping costs €15 and is charged once.",
  "El servicio cuesta 29 € al mes por alojamiento e incluye más de 40 servicios.":
    "The service costs €29 a month per property and includes more than 40 services.",
  "No hay permanencia mínima: puedes cancelar en cualquier momento y la baja se aplica al final del mes en curso.":
    "There is no minimum term: you can cancel at any time and the cancellation takes effect at the end of the current month.",
  "El sistema de cobro aplica una comisión del 1,8 % por operación, con liquidación en T+1, sin cuota mensual ni coste de instalación.":
    "The payment system charges a commission of 1.8% per transaction, with T+1 settlement, no monthly fee and no installation cost.",
  "Precio y forma de pago":
    "Price and payment",
  "El dispositivo se cede para su uso mientras la suscripción esté activa. Si falla, lo sustituimos en 24-48 horas. Al cancelar el servicio te indicaremos cómo devolverlo sin coste.":
    "The device is lent for use while the subscription is active. If it fails, we replace it within 24-48 hours. When you cancel the service we will tell you how to return it at no cost.",
  "Dispositivo y sustitución":
    "Device and replacement",
  "El cliente se compromete a informar a sus huéspedes de la presencia del dispositivo y de las medidas de ruido y aforo, y a utilizar el servicio conforme a la normativa de protección de datos y de viviendas de uso turístico aplicable.":
    "The customer undertakes to inform their guests of the presence of the device and of the noise and occupancy measurements, and to use the service in accordance with the applicable data protection and tourist-rental regulations.",
  "Uso responsable":
    "Responsible use",
  "Los textos, ilustraciones, marcas y el software de este sitio pertenecen a NidoSmart Tecnologías S.L. o a sus licenciantes. No está permitida su reproducción sin autorización.":
    "The texts, illustrations, trademarks and software of this site belong to NidoSmart Tecnologías S.L. or its licensors. Reproduction without authorisation is not permitted.",
  "Propiedad intelectual":
    "Intellectual property",
  "Estas condiciones se rigen por la legislación española. Si eres consumidor, serán competentes los juzgados de tu domicilio; en otro caso, los de la ciudad del domicilio social del titular.":
    "These terms are governed by Spanish law. If you are a consumer, the courts of your place of residence have jurisdiction; otherwise, those of the city of the owner's registered office.",
  "Legislación aplicable":
    "Applicable law",
  "Qué cookies utiliza el sitio web de NidoSmart, para qué sirven, cuánto duran y cómo puedes gestionarlas.":
    "Which cookies the NidoSmart website uses, what they are for, how long they last and how you can manage them.",
  "Política de cookies":
    "Cookie policy",
  "Las cookies son pequeños archivos que un sitio web guarda en tu navegador para recordar información entre visitas.":
    "Cookies are small files that a website stores in your browser to remember information between visits.",
  "Qué son las cookies":
    "What cookies are",
  "Las páginas públicas de este sitio no instalan cookies. Medimos las visitas sin cookies: solo registramos la página visitada, el dominio de procedencia y la fecha, sin identificarte.":
    "The public pages of this site do not set cookies. We measure visits without cookies: we only record the page visited, the referring domain and the date, without identifying you.",
  "El área privada para el personal utiliza una cookie técnica de sesión, imprescindible para mantener iniciada la sesión. Se elimina al cerrar la sesión o cuando caduca.":
    "The private staff area uses a technical session cookie, essential to keep you signed in. It is deleted when you sign out or when it expires.",
  "Cookies que utilizamos":
    "Cookies we use",
  "Si en el futuro incorporamos cookies analíticas, te pediremos antes tu consentimiento y su duración máxima será de 2 años. Esta política se actualizará para indicar cuáles son y quién las gestiona.":
    "If we add analytics cookies in the future, we will ask for your consent first and they will last 2 years at most. This policy will be updated to say which they are and who manages them.",
  "Cookies analíticas":
    "Analytics cookies",
  "Puedes consultar y eliminar las cookies desde la configuración de tu navegador. Si bloqueas la cookie de sesión, el área privada no funcionará.":
    "You can view and delete cookies in your browser settings. If you block the session cookie, the private area will not work.",
  "Para cualquier duda escríbenos a privacidad@nidosmart.example.com. El responsable es NidoSmart Tecnologías S.L. (CIF B00000000), con domicilio en Calle de la Innovación 12, 3.ª planta, 28001 Madrid, España.":
    "For any question write to us at privacidad@nidosmart.example.com. The controller is NidoSmart Tecnologías S.L. (CIF B00000000), registered at Calle de la Innovación 12, 3.ª planta, 28001 Madrid, Spain.",
  "Cómo gestionarlas":
    "Managing them",
  "Lunes a viernes":
    "Monday to Friday",
  "9:00 - 18:00":
    "9:00 - 18:00",
  "Sábados":
    "Saturdays",
  "10:00 - 14:00":
    "10:00 - 14:00",
  "Domingos":
    "Sundays",
  "Cerrado":
    "Closed",
  "España":
    "Spain",
};

export function englishRendering(spanish: string): string | undefined {
  return Object.hasOwn(englishText, spanish) ? englishText[spanish] : undefined;
}
