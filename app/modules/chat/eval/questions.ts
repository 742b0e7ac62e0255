// The guest assistant's evaluation set (issue 12): questions written the way visitors, owners
// and guests type them — no accents, typos, colloquial words, half sentences — in Spanish and
// English. It was written from the site's content BEFORE the engine was tuned, and it is not
// edited to suit the engine: a miss is fixed in the engine or the content, never here.
//
// Each answerable question names where the answer lives (`source`: a page path, and after
// " › " the FAQ question or section heading on that page) and the facts the answer must
// contain. A fact is a string, or a list of alternatives of which one must appear; matching
// ignores case and accents and reads figures in either language's notation ("29 €", "€29",
// "1,8 %" and "1.8%" are the same figure). `yesNo` is what the answer must open with.
// Unanswerable questions have no source: the right answer is the honest "I don't have that
// information" with the link to sales, in the asker's language, and no figure at all.
//
// `heldOut` marks questions whose results were not looked at while tuning; eval-chat reports
// them apart. Slice 1 (every fifth question of the first 256, the four quoted in the issue
// excepted) was run once, after the first round of tuning, and scored 74.5 % (engine at commit b2b9132
// in docs/decisions/0009-chat-engine.md); its misses were then used for tuning like the rest.
// Slice 2 was written at that point, before any further tuning, and first run when tuning on
// the other questions was done: 80.0 % (engine at commit 1328888). Its misses were then used
// for tuning too, so from then on every question has been looked at; both first-run figures
// are in docs/decisions/0009-chat-engine.md.
// New questions go at the end, so no slice ever shifts.
//
// One correction since the set was written: "how long does delivery take" accepted "24-48",
// "24 to 48" and "24–48" but not "between 24 and 48", the faithful English of the FAQ's "entre
// 24 y 48 horas" — the fact (the 24–48 hour figure) was right, its wording too narrow.

export type EvalLanguage = "es" | "en";
export type EvalAsker = "visitor" | "owner" | "guest";
export type EvalFact = string | readonly string[];

export interface EvalQuestion {
  lang: EvalLanguage;
  asker: EvalAsker;
  question: string;
  /** Earlier user turns of the same conversation, for follow-ups. */
  history?: readonly string[];
  /** "/path" or "/path › FAQ question or section heading"; absent for unanswerable questions. */
  source?: string;
  facts?: readonly EvalFact[];
  yesNo?: "yes" | "no";
  /** Text that must not appear (another plan's price, a computed total). */
  not?: readonly string[];
  /** One of the four questions quoted in issue 12. */
  quoted?: boolean;
  /** The held-out slice the question belongs to (see above). */
  heldOut?: 1 | 2;
}

export const evalQuestions: readonly EvalQuestion[] = [
  // --- The four questions quoted in the issue ------------------------------------------------
  { lang: "es", asker: "owner", question: "¿Qué pasa si un huésped hace una fiesta?", source: "/faq › ¿Para qué sirve controlar el aforo real?", facts: [["fiesta", "aforo", "personas"], ["aviso", "avisa", "alerta"]], quoted: true },
  { lang: "es", asker: "visitor", question: "¿Sirve para un hotel de 80 habitaciones?", source: "/faq › ¿Sirve para hoteles y aparthoteles?", facts: ["50 a 200"], yesNo: "yes", quoted: true },
  { lang: "en", asker: "visitor", question: "How much does it cost per month?", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: ["€29"], quoted: true },
  { lang: "es", asker: "owner", question: "¿Cómo evito a los okupas?", source: "/faq › ¿Qué es el sistema antiokupación?", facts: [["72 horas", "antiokupaci"]], quoted: true },

  // --- Spanish: price and contract -----------------------------------------------------------
  { lang: "es", asker: "visitor", question: "cuanto cuesta?", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: ["29 €"], heldOut: 1 },
  { lang: "es", asker: "visitor", question: "Cuánto me sale al mes?", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: ["29 €"] },
  { lang: "es", asker: "visitor", question: "hola! cuanto vale el aparato?", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: ["0 €", "15 €"] },
  { lang: "es", asker: "visitor", question: "el dispositivo es gratis o hay q pagarlo", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: [["0 €", "gratis", "gratuito", "sin coste"], "15 €"] },
  { lang: "es", asker: "visitor", question: "cuanto son los gastos de envio", source: "/faq › ¿Cuánto tarda en llegar el dispositivo?", facts: ["15 €"] },
  { lang: "es", asker: "visitor", question: "hay permanencia??", source: "/faq › ¿Hay permanencia o penalización por cancelar?", facts: ["permanencia"], yesNo: "no", heldOut: 1 },
  { lang: "es", asker: "owner", question: "me puedo dar de baja cuando quiera?", source: "/faq › ¿Hay permanencia o penalización por cancelar?", facts: [["cuando quieras", "en cualquier momento"]] },
  { lang: "es", asker: "visitor", question: "q incluye la cuota de 29 euros", source: "/faq › ¿Qué incluyen los más de 40 servicios?", facts: [["monitorización de ruido", "ruido"], "alarma"] },
  { lang: "es", asker: "visitor", question: "cuanto me ahorro respecto a otras soluciones", source: "/faq › ¿Cuánto puedo ahorrar frente a otras soluciones?", facts: ["36 €"] },
  { lang: "es", asker: "owner", question: "tengo 5 pisos turisticos, cuanto pagaria al mes?", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: ["29 €"], not: ["145"] },
  { lang: "es", asker: "owner", question: "el precio es por alojamiento o por cuenta?", source: "/terminos-condiciones › Precio y forma de pago", facts: ["por alojamiento"], heldOut: 1 },

  // --- Spanish: the guest assistant ----------------------------------------------------------
  { lang: "es", asker: "owner", question: "cuanto cuesta el chatbot para huespedes", source: "/faq › ¿Qué hace el asistente con IA para huéspedes?", facts: ["5 €", "7 €"] },
  { lang: "es", asker: "owner", question: "precio del plan pro del asistente?", source: "/chatbot-apartamentos-turisticos › Plan Pro del asistente para huéspedes", facts: ["7 €"], not: ["5 €"] },
  { lang: "es", asker: "owner", question: "y el basic?", history: ["precio del plan pro del asistente?"], source: "/chatbot-apartamentos-turisticos › Plan Basic del asistente para huéspedes", facts: ["5 €"], not: ["7 €"] },
  { lang: "es", asker: "owner", question: "el plan enterprise cuanto cuesta", source: "/chatbot-apartamentos-turisticos › Plan Enterprise del asistente para huéspedes", facts: [["precio personalizado", "presupuesta"]], not: ["€"] },
  { lang: "es", asker: "owner", question: "el asistente contesta en ingles a los guiris?", source: "/chatbot-apartamentos-turisticos › ¿En qué idiomas atiende?", facts: ["10 idiomas"], heldOut: 1 },
  { lang: "es", asker: "owner", question: "cuantos mensajes trae el plan basico", source: "/chatbot-apartamentos-turisticos › Plan Basic del asistente para huéspedes", facts: ["100 mensajes"] },
  { lang: "es", asker: "owner", question: "que pasa si se me acaban los mensajes del asistente", source: "/chatbot-apartamentos-turisticos › ¿Qué ocurre si supero los mensajes de mi plan?", facts: [["avisamos", "cambies de plan"]] },
  { lang: "es", asker: "owner", question: "el bot se inventa cosas si no sabe?", source: "/chatbot-apartamentos-turisticos › ¿Qué pasa si el asistente no sabe una respuesta?", facts: [["no se inventa", "no improvisa"]] },
  { lang: "es", asker: "owner", question: "puedo poner mi marca en el chatbot", source: "/chatbot-apartamentos-turisticos › ¿Puedo usar mi propia marca?", facts: [["marca personalizada", "nombre e imagen"]] },

  // --- Spanish: the device --------------------------------------------------------------------
  { lang: "es", asker: "visitor", question: "el aparato graba lo q hablan los huespedes?", source: "/faq › ¿El dispositivo graba audio o vídeo?", facts: [["micrófono", "decibelios"]], yesNo: "no", heldOut: 1 },
  { lang: "es", asker: "visitor", question: "lleva camara?", source: "/faq › ¿El dispositivo graba audio o vídeo?", facts: ["cámaras"], yesNo: "no" },
  { lang: "es", asker: "visitor", question: "cuanto pesa el sensor", source: "/faq › ¿Cuánto pesa y qué tamaño tiene?", facts: ["1 kg"] },
  { lang: "es", asker: "visitor", question: "donde se fabrica el dispositivo", source: "/faq › ¿Dónde se fabrica el dispositivo?", facts: ["España"] },
  { lang: "es", asker: "visitor", question: "q sensores tiene", source: "/faq › ¿Qué sensores incluye el NS-01?", facts: ["temperatura", "humo"] },
  { lang: "es", asker: "owner", question: "detecta si alguien fuma dentro del piso?", source: "/faq › ¿Detecta humo, tabaco o fugas de gas?", facts: ["tabaco"], yesNo: "yes", heldOut: 1 },
  { lang: "es", asker: "owner", question: "y si se me rompe el aparato?", source: "/faq › ¿Qué pasa si el dispositivo se estropea?", facts: [["24-48", "24 y 48"]] },
  { lang: "es", asker: "owner", question: "si se va la luz se pierden los datos?", source: "/faq › ¿Qué pasa si se va la luz o internet?", facts: [["guarda las mediciones", "no pierdes"]] },
  { lang: "es", asker: "owner", question: "como se actualiza el software del dispositivo", source: "/faq › ¿Cómo se actualiza el dispositivo?", facts: [["OTA", "remota"]] },
  { lang: "es", asker: "visitor", question: "funciona con pilas o hay q enchufarlo", source: "/ns-01 › Alimentación", facts: [["corriente", "enchufe"]] },

  // --- Spanish: shipping and installation -----------------------------------------------------
  { lang: "es", asker: "visitor", question: "es dificil de instalar?", source: "/faq › ¿Es difícil instalarlo?", facts: [["10 y 15", "10-15", "15 minutos"]], yesNo: "no", heldOut: 1 },
  { lang: "es", asker: "visitor", question: "necesito llamar a un tecnico para montarlo?", source: "/guia-instalacion", facts: [["sin técnico", "no necesitas técnico", "10-15", "10 y 15"]] },
  { lang: "es", asker: "owner", question: "a q altura se pone", source: "/faq › ¿Dónde debo colocar el dispositivo?", facts: ["1,5", "2 metros"] },
  { lang: "es", asker: "visitor", question: "cuanto tarda en llegar el pedido", source: "/faq › ¿Cuánto tarda en llegar el dispositivo?", facts: [["24 y 48", "24-48"]] },
  { lang: "es", asker: "owner", question: "la lucecita parpadea en rojo que hago", source: "/guia-instalacion › La luz parpadea en rojo", facts: ["router"] },
  { lang: "es", asker: "owner", question: "que broca necesito para los tacos", source: "/faq › ¿Es difícil instalarlo?", facts: ["6 mm"], heldOut: 1 },
  { lang: "es", asker: "owner", question: "que viene en la caja", source: "/guia-instalacion › Contenido del kit", facts: [["soporte de pared", "tacos", "alimentador"]] },

  // --- Spanish: integrations ------------------------------------------------------------------
  { lang: "es", asker: "visitor", question: "funciona con airbnb?", source: "/faq › ¿Se integra con mi PMS o con Airbnb y Booking.com?", yesNo: "yes" },
  { lang: "es", asker: "visitor", question: "se puede conectar con booking.com", source: "/faq › ¿Se integra con mi PMS o con Airbnb y Booking.com?", facts: ["booking"] },
  { lang: "es", asker: "owner", question: "teneis integracion con hostaway?", source: "/guia-integracion › Catálogo de integraciones", facts: ["Hostaway", "API"] },
  { lang: "es", asker: "owner", question: "y con cloudbeds", history: ["teneis integracion con hostaway?"], source: "/guia-integracion › Catálogo de integraciones", facts: ["desarrollo"], heldOut: 1 },
  { lang: "es", asker: "owner", question: "teneis api para desarrolladores", source: "/guia-integracion › API para desarrolladores", facts: ["API"] },

  // --- Spanish: noise -------------------------------------------------------------------------
  { lang: "es", asker: "visitor", question: "como funciona lo del ruido", source: "/faq › ¿Cómo funciona la monitorización de ruido?", facts: [["umbrales", "decibelios", "nivel sonoro"]] },
  { lang: "es", asker: "owner", question: "puedo poner un limite de ruido distinto por la noche", source: "/faq › ¿Puedo ajustar los umbrales de ruido?", facts: ["noche"], yesNo: "yes" },
  { lang: "es", asker: "owner", question: "que limite de ruido hay en madrid", source: "/apartamentos-turisticos-madrid › ¿Qué límites de ruido se aplican a un piso turístico en Madrid?", facts: ["35 dB", "30 dB"] },
  { lang: "es", asker: "owner", question: "limite de decibelios en barcelona por la noche", source: "/apartamentos-turisticos-barcelona › ¿Qué límites de ruido configuráis en Barcelona?", facts: ["45 dB"], heldOut: 1 },
  { lang: "es", asker: "owner", question: "de cuanto es la multa por ruido", source: "/faq › ¿Qué límites de ruido se aplican en un apartamento turístico?", facts: ["30.000 €"] },
  { lang: "es", asker: "owner", question: "multas en barcelona por pisos turisticos", source: "/apartamentos-turisticos-barcelona › ¿Qué multas hay en Barcelona para los pisos turísticos?", facts: ["90.000 €"] },
  { lang: "es", asker: "owner", question: "los vecinos se quejan del ruido todo el rato, esto sirve de algo?", source: "/faq › ¿Reduce de verdad las quejas de los vecinos?", facts: ["95 %"] },
  { lang: "es", asker: "owner", question: "como se entera el huesped de que esta haciendo ruido", source: "/faq › ¿Cómo se avisa al huésped cuando hay ruido?", facts: [["mensaje automático", "aviso"]] },
  { lang: "es", asker: "visitor", question: "que ley regula el ruido en españa", source: "/faq › ¿Qué límites de ruido se aplican en un apartamento turístico?", facts: ["37/2003"], heldOut: 1 },

  // --- Spanish: occupancy, alarm, squatters ---------------------------------------------------
  { lang: "es", asker: "visitor", question: "como cuenta la gente si no tiene camaras", source: "/faq › ¿Cómo se cuenta el aforo sin cámaras?", facts: ["presencia"] },
  { lang: "es", asker: "visitor", question: "que precision tiene el contador de personas", source: "/faq › ¿Cómo se cuenta el aforo sin cámaras?", facts: ["95 %"] },
  { lang: "es", asker: "owner", question: "si reservan 2 y se meten 10 me entero?", source: "/faq › ¿Para qué sirve controlar el aforo real?", facts: [["aviso", "avisa", "lo sabrás"]] },
  { lang: "es", asker: "visitor", question: "la sirena suena fuerte?", source: "/faq › ¿Cómo funciona la alarma básica?", facts: ["120 dB"] },
  { lang: "es", asker: "visitor", question: "la alarma se paga aparte?", source: "/alarma-basica", facts: ["incluida"], heldOut: 1 },
  { lang: "es", asker: "owner", question: "detecta fugas de gas?", source: "/faq › ¿Detecta humo, tabaco o fugas de gas?", facts: ["gas"], yesNo: "yes" },
  { lang: "es", asker: "owner", question: "que pruebas me da si me okupan la casa", source: "/faq › ¿Qué pruebas obtengo si alguien entra en mi vivienda?", facts: ["PDF", ["sello de tiempo", "firmado"]] },
  { lang: "es", asker: "owner", question: "tengo una casa en el pueblo que esta vacia medio año, me sirve lo de antiokupas?", source: "/antiokupacion-vivienda-vacacional", facts: [["72 horas", "antiokupaci", "segunda residencia"]] },

  // --- Spanish: WiFi, payments, income, energy ------------------------------------------------
  { lang: "es", asker: "visitor", question: "q velocidad tiene el wifi", source: "/faq › ¿Cómo es el WiFi para huéspedes?", facts: ["100 Mbps"] },
  { lang: "es", asker: "visitor", question: "cuantos dispositivos se pueden conectar al wifi", source: "/faq › ¿Cómo es el WiFi para huéspedes?", facts: ["50"], heldOut: 1 },
  { lang: "es", asker: "owner", question: "tengo que contratar internet aparte?", source: "/faq › ¿Necesito contratar internet aparte?", yesNo: "no" },
  { lang: "es", asker: "owner", question: "se cambia la clave del wifi entre huespedes?", source: "/wifi › Lo que incluye", facts: [["entre reservas", "por estancia"]] },
  { lang: "es", asker: "owner", question: "que comision cobrais por el datafono", source: "/faq › ¿Qué comisión tiene el sistema de cobro?", facts: ["1,8 %"] },
  { lang: "es", asker: "owner", question: "cuando me ingresan el dinero de los cobros", source: "/faq › ¿Qué comisión tiene el sistema de cobro?", facts: [["T+1", "día hábil siguiente", "día siguiente"]] },
  { lang: "es", asker: "owner", question: "el datafono tiene cuota mensual?", source: "/faq › ¿Qué comisión tiene el sistema de cobro?", facts: ["0 €"], heldOut: 1 },
  { lang: "es", asker: "owner", question: "puedo cobrar la fianza con tarjeta?", source: "/faq › ¿Qué puedo cobrar con el datáfono?", facts: ["fianza"] },
  { lang: "es", asker: "owner", question: "cuanto dinero extra puedo sacar con el dispositivo", source: "/faq › ¿Cuánto puedo ganar con la monetización del dispositivo?", facts: [["15 %", "30 %", "50 a 100 €"]] },
  { lang: "es", asker: "owner", question: "que es eso del marketplace", source: "/faq › ¿Qué es el marketplace de servicios?", facts: ["comisión"] },
  { lang: "es", asker: "owner", question: "cuanto se ahorra en luz", source: "/faq › ¿Cuánto ahorro energético puedo conseguir?", facts: ["58 %"] },

  // --- Spanish: sectors and services ----------------------------------------------------------
  { lang: "es", asker: "visitor", question: "teneis algo para hoteles pequeños", source: "/hoteles › Escala con tu establecimiento", facts: ["10 a 50"], heldOut: 1 },
  { lang: "es", asker: "visitor", question: "se integra con el pms del hotel?", source: "/faq › ¿Se integra con mi PMS o con Airbnb y Booking.com?", facts: ["PMS"] },
  { lang: "es", asker: "visitor", question: "sirve para un coliving de estudiantes?", source: "/coliving › Casos de uso", facts: [["estudiantes", "residentes"]] },
  { lang: "es", asker: "visitor", question: "soy promotora inmobiliaria, que me ofreceis", source: "/promocion-viviendas", facts: [["15 %", "preinstalación", "viviendas conectadas"]] },
  { lang: "es", asker: "owner", question: "haceis limpieza de los apartamentos?", source: "/faq › ¿Ofrecéis limpieza y logística?", facts: [["planifica", "plan diario", "calendario de limpieza"]] },
  { lang: "es", asker: "owner", question: "llevais el control de la lavanderia?", source: "/limpieza-logistica › Todo lo que coordina", facts: ["lavandería"], heldOut: 1 },

  // --- Spanish: company, contact, support -----------------------------------------------------
  { lang: "es", asker: "visitor", question: "telefono de contacto?", source: "/contacto › Contacto con el equipo comercial", facts: ["900 000 000"] },
  { lang: "es", asker: "visitor", question: "cual es vuestro correo", source: "/contacto › Contacto con el equipo comercial", facts: [["ventas@nidosmart.example.com", "hola@nidosmart.example.com"]] },
  { lang: "es", asker: "visitor", question: "donde teneis la oficina", source: "/contacto › Contacto con el equipo comercial", facts: ["Madrid", "Calle de la Innovación"] },
  { lang: "es", asker: "visitor", question: "atendeis el telefono los sabados?", source: "/contacto", facts: ["10:00"] },
  { lang: "es", asker: "visitor", question: "como pido una demo", source: "/faq › ¿Cómo solicito una demostración?", facts: [["solicitar demo", "contacto", "formulario"]], heldOut: 1 },
  { lang: "es", asker: "visitor", question: "desde cuando existe nidosmart", source: "/sobre-nidosmart › Nuestra historia", facts: ["2022"] },
  { lang: "es", asker: "visitor", question: "cuantos clientes teneis", source: "/faq › ¿Cuántos alojamientos usan ya NidoSmart?", facts: ["500"] },
  { lang: "es", asker: "owner", question: "el soporte atiende el finde?", source: "/faq › ¿Qué horario tiene el soporte?", facts: ["lunes a viernes"] },

  // --- Spanish: privacy, legal, guest registration --------------------------------------------
  { lang: "es", asker: "visitor", question: "cumplis el rgpd?", source: "/faq › ¿Cumple NidoSmart con el RGPD?", yesNo: "yes" },
  { lang: "es", asker: "visitor", question: "usais cookies en la web", source: "/politica-cookies › Cookies que utilizamos", facts: [["no instalan cookies", "sin cookies"]], heldOut: 1 },
  { lang: "es", asker: "visitor", question: "cuanto tiempo guardais mis datos si no llego a ser cliente", source: "/politica-privacidad › Conservación", facts: ["dos años"] },
  { lang: "es", asker: "owner", question: "los huespedes pueden hacer el check in online?", source: "/faq › ¿Cómo ayuda con el registro de viajeros?", facts: [["enlace privado", "en línea", "check-in digital"]] },
  { lang: "es", asker: "owner", question: "se envian los partes de viajeros a la policia?", source: "/faq › ¿Cómo ayuda con el registro de viajeros?", facts: ["policía"] },
  { lang: "es", asker: "guest", question: "en que idiomas me puedo registrar", source: "/faq › ¿Cómo ayuda con el registro de viajeros?", facts: ["inglés"] },

  // --- Spanish: guests ------------------------------------------------------------------------
  { lang: "es", asker: "guest", question: "el aparato de la pared me esta grabando?", source: "/faq › ¿El dispositivo graba audio o vídeo?", yesNo: "no", heldOut: 1 },
  { lang: "es", asker: "guest", question: "puedo pagar la salida tarde con tarjeta?", source: "/faq › ¿Qué puedo cobrar con el datáfono?", facts: ["tarjeta", ["salida tardía", "salidas tardías"]] },
  { lang: "es", asker: "guest", question: "el aparato del salon parpadea en rojo, es normal?", source: "/guia-instalacion › La luz parpadea en rojo", facts: [["sin conexión", "no tiene conexión"]] },

  // --- Spanish: more visitors and owners ------------------------------------------------------
  { lang: "es", asker: "visitor", question: "hola soy Marta, cuanto cuesta el servicio?", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: ["29 €"] },
  { lang: "es", asker: "visitor", question: "cuantos pisos turisticos hay en malaga", source: "/apartamentos-turisticos-malaga › Málaga en cifras", facts: ["12.600"] },
  { lang: "es", asker: "visitor", question: "trabajais en sevilla? en que barrios", source: "/apartamentos-turisticos-sevilla › Distritos donde trabajamos", facts: [["Triana", "Casco Antiguo"]], heldOut: 1 },
  { lang: "es", asker: "visitor", question: "que es nidosmart", source: "/faq › ¿Qué es NidoSmart?", facts: ["dispositivo", "plataforma"] },
  { lang: "es", asker: "visitor", question: "a quien va dirigido esto", source: "/faq › ¿A quién va dirigido?", facts: [["propietarios", "gestoras"]] },
  { lang: "es", asker: "owner", question: "puedo gestionar varios pisos desde la misma cuenta?", source: "/faq › ¿Puedo gestionar varios alojamientos desde la misma cuenta?", yesNo: "yes" },
  { lang: "es", asker: "owner", question: "se pueden crear usuarios para el personal de limpieza", source: "/faq › ¿Puedo gestionar varios alojamientos desde la misma cuenta?", facts: ["roles"] },
  { lang: "es", asker: "owner", question: "el aparato avisa si hay una inundacion", source: "/faq › ¿Detecta humo, tabaco o fugas de gas?", facts: ["inundaci"], heldOut: 1 },
  { lang: "es", asker: "visitor", question: "mide la temperatura y la humedad?", source: "/faq › ¿Qué sensores incluye el NS-01?", facts: ["humedad"] },

  // --- Spanish: questions the content cannot answer -------------------------------------------
  { lang: "es", asker: "visitor", question: "¿Funciona con Alexa o Google Home?" },
  { lang: "es", asker: "guest", question: "aceptais bizum?" },
  { lang: "es", asker: "visitor", question: "teneis descuento para ONGs?" },
  { lang: "es", asker: "visitor", question: "enviais a canarias?", heldOut: 1 },
  { lang: "es", asker: "guest", question: "que tiempo hace mañana en sevilla" },
  { lang: "es", asker: "guest", question: "me recomiendas un restaurante cerca del apartamento?" },
  { lang: "es", asker: "guest", question: "a que hora es el check out" },
  { lang: "es", asker: "guest", question: "donde puedo aparcar el coche" },
  { lang: "es", asker: "guest", question: "puedo llevar a mi perro?", heldOut: 1 },
  { lang: "es", asker: "visitor", question: "cuantos empleados teneis" },
  { lang: "es", asker: "visitor", question: "¿Cotizáis en bolsa?" },
  { lang: "es", asker: "visitor", question: "se puede pagar con bitcoin" },
  { lang: "es", asker: "visitor", question: "quien es el ceo de nidosmart" },
  { lang: "es", asker: "owner", question: "cuanto cuesta la licencia turistica en madrid", heldOut: 1 },
  { lang: "es", asker: "owner", question: "haceis reformas de pisos?" },
  { lang: "es", asker: "visitor", question: "dame la receta de la paella" },
  { lang: "es", asker: "guest", question: "cual es la clave del wifi del piso" },

  // --- English: price and contract ------------------------------------------------------------
  { lang: "en", asker: "visitor", question: "how much is it", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: ["€29"] },
  { lang: "en", asker: "visitor", question: "whats the price of the device", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: [["€0", "free"], "€15"], heldOut: 1 },
  { lang: "en", asker: "visitor", question: "is the sensor free?", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: [["€0", "free"]] },
  { lang: "en", asker: "visitor", question: "shipping cost?", source: "/faq › ¿Cuánto tarda en llegar el dispositivo?", facts: ["€15"] },
  { lang: "en", asker: "visitor", question: "is there a minimum contract", source: "/faq › ¿Hay permanencia o penalización por cancelar?", yesNo: "no" },
  { lang: "en", asker: "owner", question: "can i cancel anytime?", source: "/faq › ¿Hay permanencia o penalización por cancelar?", facts: [["any time", "anytime", "whenever"]] },
  { lang: "en", asker: "visitor", question: "what do i get for the monthly fee", source: "/faq › ¿Qué incluyen los más de 40 servicios?", facts: [["40", "noise monitoring"]], heldOut: 1 },
  { lang: "en", asker: "visitor", question: "how much can i save compared to other solutions", source: "/faq › ¿Cuánto puedo ahorrar frente a otras soluciones?", facts: ["€36"] },
  { lang: "en", asker: "owner", question: "i have 3 apartments, what would i pay per month", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: ["€29"], not: ["87"] },

  // --- English: the guest assistant -----------------------------------------------------------
  { lang: "en", asker: "owner", question: "how much is the chatbot", source: "/faq › ¿Qué hace el asistente con IA para huéspedes?", facts: ["€5", "€7"] },
  { lang: "en", asker: "owner", question: "price of the pro plan for the guest assistant?", source: "/chatbot-apartamentos-turisticos › Plan Pro del asistente para huéspedes", facts: ["€7"], not: ["€5"] },
  { lang: "en", asker: "owner", question: "and the basic one?", history: ["price of the pro plan for the guest assistant?"], source: "/chatbot-apartamentos-turisticos › Plan Basic del asistente para huéspedes", facts: ["€5"], not: ["€7"], heldOut: 1 },
  { lang: "en", asker: "owner", question: "enterprise plan cost?", source: "/chatbot-apartamentos-turisticos › Plan Enterprise del asistente para huéspedes", facts: [["custom", "tailored", "quote"]], not: ["€"] },
  { lang: "en", asker: "owner", question: "what languages does the ai assistant speak", source: "/chatbot-apartamentos-turisticos › ¿En qué idiomas atiende?", facts: ["10 languages"] },
  { lang: "en", asker: "owner", question: "how many messages do i get with basic", source: "/chatbot-apartamentos-turisticos › Plan Basic del asistente para huéspedes", facts: ["100 messages"] },
  { lang: "en", asker: "owner", question: "what happens if i run out of messages", source: "/chatbot-apartamentos-turisticos › ¿Qué ocurre si supero los mensajes de mi plan?", facts: [["let you know", "warn", "notify", "alert"]] },
  { lang: "en", asker: "owner", question: "does the bot make stuff up when it doesnt know the answer?", source: "/chatbot-apartamentos-turisticos › ¿Qué pasa si el asistente no sabe una respuesta?", facts: [["doesn't make anything up", "never makes anything up", "does not make anything up", "does not invent", "doesn't invent", "never invents"]], heldOut: 1 },
  { lang: "en", asker: "owner", question: "can i put my own branding on the assistant", source: "/chatbot-apartamentos-turisticos › ¿Puedo usar mi propia marca?", facts: [["custom branding", "name and image", "own brand"]] },

  // --- English: the device --------------------------------------------------------------------
  { lang: "en", asker: "visitor", question: "does it record audio?", source: "/faq › ¿El dispositivo graba audio o vídeo?", yesNo: "no" },
  { lang: "en", asker: "visitor", question: "does the device have a camera", source: "/faq › ¿El dispositivo graba audio o vídeo?", facts: ["camera"], yesNo: "no" },
  { lang: "en", asker: "visitor", question: "how heavy is it", source: "/faq › ¿Cuánto pesa y qué tamaño tiene?", facts: ["1 kg"] },
  { lang: "en", asker: "visitor", question: "where is the device made", source: "/faq › ¿Dónde se fabrica el dispositivo?", facts: ["Spain"], heldOut: 1 },
  { lang: "en", asker: "visitor", question: "what sensors does it have", source: "/faq › ¿Qué sensores incluye el NS-01?", facts: ["temperature", "smoke"] },
  { lang: "en", asker: "owner", question: "does it detect smoking", source: "/faq › ¿Detecta humo, tabaco o fugas de gas?", facts: [["tobacco", "smok"]], yesNo: "yes" },
  { lang: "en", asker: "owner", question: "what happens if the device breaks", source: "/faq › ¿Qué pasa si el dispositivo se estropea?", facts: [["24-48", "24 to 48", "24–48"]] },
  { lang: "en", asker: "owner", question: "what if the internet goes down, do i lose data?", source: "/faq › ¿Qué pasa si se va la luz o internet?", facts: [["stores", "keeps", "saves"]] },
  { lang: "en", asker: "owner", question: "how are software updates done", source: "/faq › ¿Cómo se actualiza el dispositivo?", facts: [["OTA", "remote", "over the air"]], heldOut: 1 },
  { lang: "en", asker: "visitor", question: "does it run on batteries", source: "/ns-01 › Alimentación", facts: [["mains", "socket", "plug", "outlet"]] },

  // --- English: shipping and installation -----------------------------------------------------
  { lang: "en", asker: "visitor", question: "is it hard to install", source: "/faq › ¿Es difícil instalarlo?", facts: [["10-15", "10 to 15", "15 minutes"]], yesNo: "no" },
  { lang: "en", asker: "visitor", question: "do i need a technician to install it", source: "/guia-instalacion", facts: [["no technician", "without a technician", "don't need a technician", "10-15", "10 to 15"]] },
  { lang: "en", asker: "owner", question: "how high should i mount it", source: "/faq › ¿Dónde debo colocar el dispositivo?", facts: ["1.5"] },
  { lang: "en", asker: "visitor", question: "how long does delivery take", source: "/faq › ¿Cuánto tarda en llegar el dispositivo?", facts: [["24-48", "24 to 48", "24–48", "24 and 48"]], heldOut: 1 },
  { lang: "en", asker: "owner", question: "the status light is blinking red, what do i do", source: "/guia-instalacion › La luz parpadea en rojo", facts: ["router"] },
  { lang: "en", asker: "owner", question: "what drill bit do i need", source: "/faq › ¿Es difícil instalarlo?", facts: ["6 mm"] },
  { lang: "en", asker: "owner", question: "what's in the box", source: "/guia-instalacion › Contenido del kit", facts: [["wall bracket", "wall mount", "plugs", "power adapter", "power supply"]] },

  // --- English: integrations ------------------------------------------------------------------
  { lang: "en", asker: "visitor", question: "does it work with airbnb", source: "/faq › ¿Se integra con mi PMS o con Airbnb y Booking.com?", yesNo: "yes" },
  { lang: "en", asker: "visitor", question: "can it connect to booking.com?", source: "/faq › ¿Se integra con mi PMS o con Airbnb y Booking.com?", facts: ["booking"], heldOut: 1 },
  { lang: "en", asker: "owner", question: "do you integrate with guesty", source: "/guia-integracion › Catálogo de integraciones", facts: ["Guesty", "webhook"] },
  { lang: "en", asker: "owner", question: "do you support paypal", source: "/guia-integracion › Catálogo de integraciones", facts: [["in development", "under development"]] },
  { lang: "en", asker: "owner", question: "do you have an api", source: "/guia-integracion › API para desarrolladores", facts: ["API"] },

  // --- English: noise -------------------------------------------------------------------------
  { lang: "en", asker: "visitor", question: "how does the noise monitoring work", source: "/faq › ¿Cómo funciona la monitorización de ruido?", facts: [["threshold", "decibel", "sound level"]] },
  { lang: "en", asker: "owner", question: "can i set a different noise limit at night", source: "/faq › ¿Puedo ajustar los umbrales de ruido?", yesNo: "yes", heldOut: 1 },
  { lang: "en", asker: "owner", question: "what are the noise limits in seville", source: "/apartamentos-turisticos-sevilla › ¿Qué límites de ruido se aplican en Sevilla?", facts: ["35 dB", "30 dB"] },
  { lang: "en", asker: "owner", question: "noise limit barcelona at night", source: "/apartamentos-turisticos-barcelona › ¿Qué límites de ruido configuráis en Barcelona?", facts: ["45 dB"] },
  { lang: "en", asker: "owner", question: "how big are noise fines", source: "/faq › ¿Qué límites de ruido se aplican en un apartamento turístico?", facts: ["€30,000"] },
  { lang: "en", asker: "owner", question: "fines for illegal tourist flats in barcelona?", source: "/apartamentos-turisticos-barcelona › ¿Qué multas hay en Barcelona para los pisos turísticos?", facts: ["€90,000"] },
  { lang: "en", asker: "owner", question: "will my neighbours stop complaining?", source: "/faq › ¿Reduce de verdad las quejas de los vecinos?", facts: ["95%"], heldOut: 1 },
  { lang: "en", asker: "owner", question: "how does the guest find out they're being too loud", source: "/faq › ¿Cómo se avisa al huésped cuando hay ruido?", facts: [["automatic message", "warning", "alert", "notice"]] },
  { lang: "en", asker: "visitor", question: "which law regulates noise in spain", source: "/faq › ¿Qué límites de ruido se aplican en un apartamento turístico?", facts: ["37/2003"] },

  // --- English: occupancy, alarm, squatters ---------------------------------------------------
  { lang: "en", asker: "owner", question: "what happens if a guest throws a party", source: "/faq › ¿Para qué sirve controlar el aforo real?", facts: [["part", "occupancy", "people"], ["alert", "notif", "warn"]] },
  { lang: "en", asker: "visitor", question: "how does it count people without cameras", source: "/faq › ¿Cómo se cuenta el aforo sin cámaras?", facts: ["presence"] },
  { lang: "en", asker: "visitor", question: "how accurate is the people counter", source: "/faq › ¿Cómo se cuenta el aforo sin cámaras?", facts: ["95%"], heldOut: 1 },
  { lang: "en", asker: "owner", question: "if 4 people book and 10 show up, will i know?", source: "/faq › ¿Para qué sirve controlar el aforo real?", facts: [["alert", "notif", "know"]] },
  { lang: "en", asker: "visitor", question: "how loud is the siren", source: "/faq › ¿Cómo funciona la alarma básica?", facts: ["120 dB"] },
  { lang: "en", asker: "visitor", question: "is the alarm included or extra?", source: "/alarma-basica", facts: ["included"] },
  { lang: "en", asker: "owner", question: "does it detect gas leaks", source: "/faq › ¿Detecta humo, tabaco o fugas de gas?", facts: ["gas"], yesNo: "yes" },
  { lang: "en", asker: "owner", question: "what evidence do i get if squatters break in", source: "/faq › ¿Qué pruebas obtengo si alguien entra en mi vivienda?", facts: ["PDF", ["time stamp", "timestamp", "signed"]], heldOut: 1 },
  { lang: "en", asker: "owner", question: "how do you protect against squatters", source: "/faq › ¿Qué es el sistema antiokupación?", facts: [["72 hours", "anti-squatting"]] },

  // --- English: WiFi, payments, income, energy ------------------------------------------------
  { lang: "en", asker: "visitor", question: "how fast is the wifi", source: "/faq › ¿Cómo es el WiFi para huéspedes?", facts: ["100 Mbps"] },
  { lang: "en", asker: "visitor", question: "how many devices can connect to the wifi", source: "/faq › ¿Cómo es el WiFi para huéspedes?", facts: ["50"] },
  { lang: "en", asker: "owner", question: "do i need a separate internet contract", source: "/faq › ¿Necesito contratar internet aparte?", yesNo: "no" },
  { lang: "en", asker: "owner", question: "does the wifi password change between guests", source: "/wifi › Lo que incluye", facts: [["between bookings", "per stay", "each stay", "between stays"]], heldOut: 1 },
  { lang: "en", asker: "owner", question: "what's the fee on card payments", source: "/faq › ¿Qué comisión tiene el sistema de cobro?", facts: ["1.8%"] },
  { lang: "en", asker: "owner", question: "when do i get the money from payments", source: "/faq › ¿Qué comisión tiene el sistema de cobro?", facts: [["T+1", "next business day", "next working day", "following business day"]] },
  { lang: "en", asker: "owner", question: "is there a monthly fee for the card terminal", source: "/faq › ¿Qué comisión tiene el sistema de cobro?", facts: ["€0"] },
  { lang: "en", asker: "owner", question: "can i take a security deposit by card", source: "/faq › ¿Qué puedo cobrar con el datáfono?", facts: ["deposit"] },
  { lang: "en", asker: "owner", question: "how much extra can i earn with the device", source: "/faq › ¿Cuánto puedo ganar con la monetización del dispositivo?", facts: [["15%", "30%", "€50", "€100"]], heldOut: 1 },
  { lang: "en", asker: "owner", question: "whats the marketplace", source: "/faq › ¿Qué es el marketplace de servicios?", facts: ["commission"] },
  { lang: "en", asker: "owner", question: "how much energy can i save", source: "/faq › ¿Cuánto ahorro energético puedo conseguir?", facts: ["58%"] },

  // --- English: sectors and services ----------------------------------------------------------
  { lang: "en", asker: "visitor", question: "does it work for hotels", source: "/faq › ¿Sirve para hoteles y aparthoteles?", yesNo: "yes" },
  { lang: "en", asker: "visitor", question: "i run a 120 room hotel, would this work for us?", source: "/faq › ¿Sirve para hoteles y aparthoteles?", facts: [["50 to 200", "50-200"]] },
  { lang: "en", asker: "owner", question: "do you do cleaning?", source: "/faq › ¿Ofrecéis limpieza y logística?", facts: [["automatic", "daily"]], heldOut: 1 },
  { lang: "en", asker: "visitor", question: "is it good for coliving spaces", source: "/coliving", facts: [["residents", "common areas"]] },

  // --- English: company, contact, support -----------------------------------------------------
  { lang: "en", asker: "visitor", question: "phone number?", source: "/contacto › Contacto con el equipo comercial", facts: ["900 000 000"] },
  { lang: "en", asker: "visitor", question: "whats your email", source: "/contacto › Contacto con el equipo comercial", facts: [["ventas@nidosmart.example.com", "hola@nidosmart.example.com"]] },
  { lang: "en", asker: "visitor", question: "where are you based", source: "/contacto › Contacto con el equipo comercial", facts: ["Madrid"] },
  { lang: "en", asker: "owner", question: "what are your support hours", source: "/faq › ¿Qué horario tiene el soporte?", facts: ["9:00", "18:00"], heldOut: 1 },
  { lang: "en", asker: "visitor", question: "how do i book a demo", source: "/faq › ¿Cómo solicito una demostración?", facts: [["contact", "request a demo", "solicitar demo"]] },
  { lang: "en", asker: "visitor", question: "when was nidosmart founded", source: "/sobre-nidosmart › Nuestra historia", facts: ["2022"] },
  { lang: "en", asker: "visitor", question: "how many properties use nidosmart", source: "/faq › ¿Cuántos alojamientos usan ya NidoSmart?", facts: ["500"] },

  // --- English: privacy, legal, guest registration --------------------------------------------
  { lang: "en", asker: "visitor", question: "is it gdpr compliant", source: "/faq › ¿Cumple NidoSmart con el RGPD?", yesNo: "yes" },
  { lang: "en", asker: "visitor", question: "do you sell my data", source: "/politica-privacidad › Destinatarios", facts: [["don't sell", "do not sell", "never sell"]], heldOut: 1 },
  { lang: "en", asker: "visitor", question: "do you use cookies", source: "/politica-cookies › Cookies que utilizamos", facts: [["no cookies", "do not set cookies", "don't set cookies", "without cookies", "don't use cookies", "do not use cookies"]] },
  { lang: "en", asker: "owner", question: "can guests check in online", source: "/faq › ¿Cómo ayuda con el registro de viajeros?", facts: [["private link", "online"]] },
  { lang: "en", asker: "owner", question: "does it send the guest registration to the police", source: "/faq › ¿Cómo ayuda con el registro de viajeros?", facts: ["police"] },
  { lang: "en", asker: "guest", question: "can i register in english", source: "/faq › ¿Cómo ayuda con el registro de viajeros?", facts: ["English"] },

  // --- English: guests ------------------------------------------------------------------------
  { lang: "en", asker: "guest", question: "is the device on the wall recording me?", source: "/faq › ¿El dispositivo graba audio o vídeo?", yesNo: "no", heldOut: 1 },
  { lang: "en", asker: "guest", question: "can i pay for late checkout by card", source: "/faq › ¿Qué puedo cobrar con el datáfono?", facts: ["card"] },
  { lang: "en", asker: "guest", question: "the box in the living room is flashing red, is that normal?", source: "/guia-instalacion › La luz parpadea en rojo", facts: [["no connection", "not connected", "connection"]] },

  // --- English: more visitors and owners ------------------------------------------------------
  { lang: "en", asker: "visitor", question: "hi im john, how much is the service?", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: ["€29"] },
  { lang: "en", asker: "visitor", question: "how many tourist apartments are there in malaga", source: "/apartamentos-turisticos-malaga › Málaga en cifras", facts: ["12,600"] },
  { lang: "en", asker: "visitor", question: "what is nidosmart", source: "/faq › ¿Qué es NidoSmart?", facts: ["device", "platform"], heldOut: 1 },
  { lang: "en", asker: "visitor", question: "who is it for", source: "/faq › ¿A quién va dirigido?", facts: ["owners", "manag"] },
  { lang: "en", asker: "owner", question: "can i manage several properties from one account", source: "/faq › ¿Puedo gestionar varios alojamientos desde la misma cuenta?", yesNo: "yes" },
  { lang: "en", asker: "owner", question: "does it detect flooding", source: "/faq › ¿Detecta humo, tabaco o fugas de gas?", facts: ["flood"] },
  { lang: "en", asker: "visitor", question: "does it measure humidity", source: "/faq › ¿Qué sensores incluye el NS-01?", facts: ["humidity"] },

  // --- English: questions the content cannot answer -------------------------------------------
  { lang: "en", asker: "visitor", question: "does it work with alexa?", heldOut: 1 },
  { lang: "en", asker: "guest", question: "do you accept bitcoin" },
  { lang: "en", asker: "guest", question: "whats the wifi password" },
  { lang: "en", asker: "guest", question: "what time is check out" },
  { lang: "en", asker: "guest", question: "can you recommend a good restaurant nearby" },
  { lang: "en", asker: "guest", question: "is there parking near the apartment", heldOut: 1 },
  { lang: "en", asker: "guest", question: "are pets allowed" },
  { lang: "en", asker: "visitor", question: "who is your ceo" },
  { lang: "en", asker: "visitor", question: "do you ship to the usa" },
  { lang: "en", asker: "guest", question: "whats the weather in malaga tomorrow" },
  { lang: "en", asker: "visitor", question: "do you have a student discount", heldOut: 1 },
  { lang: "en", asker: "visitor", question: "is nidosmart listed on the stock exchange" },
  { lang: "en", asker: "visitor", question: "how many employees do you have" },
  { lang: "en", asker: "owner", question: "how much does a tourist licence cost in barcelona" },
  { lang: "en", asker: "owner", question: "do you offer home insurance" },
  { lang: "en", asker: "visitor", question: "what is the capital of australia", heldOut: 1 },
  { lang: "en", asker: "visitor", question: "do you have a referral program" },

  // --- Typos, shorthand and slang, both languages ---------------------------------------------
  { lang: "es", asker: "visitor", question: "cuanto cuesta el wiffi?", source: "/wifi", facts: [["incluido", "29 €"]] },
  { lang: "es", asker: "visitor", question: "hay permanecia minima", source: "/faq › ¿Hay permanencia o penalización por cancelar?", yesNo: "no" },
  { lang: "es", asker: "guest", question: "el dispositibo tiene microfono?", source: "/faq › ¿El dispositivo graba audio o vídeo?", facts: ["micrófonos"], yesNo: "no" },
  { lang: "es", asker: "visitor", question: "cuanto tarda la instalacion", source: "/faq › ¿Es difícil instalarlo?", facts: [["10 y 15", "10-15"]], heldOut: 1 },
  { lang: "es", asker: "visitor", question: "xq tengo q pagar 15 euros si el aparato es gratis", source: "/faq › ¿Cuánto cuesta NidoSmart?", facts: ["envío", "15 €"] },
  { lang: "es", asker: "owner", question: "los okupas se pueden detectar con esto?", source: "/faq › ¿Qué es el sistema antiokupación?", facts: [["72 horas", "antiokupaci"]] },
  { lang: "es", asker: "owner", question: "mis pisos en benidorm tienen fiestas cada finde, q hago", source: "/faq › ¿Para qué sirve controlar el aforo real?", facts: [["aviso", "avisa", "alerta"]] },
  { lang: "es", asker: "owner", question: "cuanto cuesta el datafono?", source: "/faq › ¿Qué comisión tiene el sistema de cobro?", facts: ["1,8 %"] },
  { lang: "es", asker: "owner", question: "se puede pagar a plazos el chatbot?", heldOut: 1 },
  { lang: "es", asker: "owner", question: "cuanto cobrais por la limpieza?" },
  { lang: "en", asker: "visitor", question: "how much for the wiffi", source: "/wifi", facts: ["included"] },
  { lang: "en", asker: "visitor", question: "is ther a cancelation fee?", source: "/faq › ¿Hay permanencia o penalización por cancelar?", yesNo: "no" },
  { lang: "en", asker: "visitor", question: "whats the instalation time", source: "/faq › ¿Es difícil instalarlo?", facts: [["10-15", "10 to 15", "15 minutes"]] },
  { lang: "en", asker: "guest", question: "does it have a microphone", source: "/faq › ¿El dispositivo graba audio o vídeo?", facts: ["microphone"], yesNo: "no", heldOut: 1 },
  { lang: "en", asker: "owner", question: "my guests keep having parties, can this help?", source: "/faq › ¿Para qué sirve controlar el aforo real?", facts: [["alert", "notif", "warn"]] },
  { lang: "en", asker: "owner", question: "how much is the card reader", source: "/faq › ¿Qué comisión tiene el sistema de cobro?", facts: ["1.8%"] },
  { lang: "en", asker: "owner", question: "can it stop squaters", source: "/faq › ¿Qué es el sistema antiokupación?", facts: [["72 hours", "anti-squatting"]] },
  { lang: "en", asker: "visitor", question: "u guys work in barcelona?", source: "/apartamentos-turisticos-barcelona › Distritos donde trabajamos", facts: [["Eixample", "Ciutat Vella", "Gràcia"]] },
  { lang: "en", asker: "owner", question: "is support available on weekends", source: "/faq › ¿Qué horario tiene el soporte?", facts: [["Monday to Friday", "weekdays"]], heldOut: 1 },
  { lang: "en", asker: "owner", question: "how much do you charge for cleaning?" },

  // --- Held-out slice 2: written after slice 1 was measured, before further tuning ------------
  { lang: "es", asker: "owner", question: "q pasa si el huesped no hace caso al aviso de ruido", source: "/faq › ¿Cómo se avisa al huésped cuando hay ruido?", facts: ["segundo aviso"], heldOut: 2 },
  { lang: "es", asker: "owner", question: "cuanto cuesta el plan basic", source: "/chatbot-apartamentos-turisticos › Plan Basic del asistente para huéspedes", facts: ["5 €"], not: ["7 €"], heldOut: 2 },
  { lang: "es", asker: "visitor", question: "cuanto tarda el envio a sevilla", source: "/faq › ¿Cuánto tarda en llegar el dispositivo?", facts: [["24-48", "24 y 48"]], heldOut: 2 },
  { lang: "es", asker: "owner", question: "que garantia tiene el aparato", source: "/ns-01 › Actualizaciones y garantía", facts: [["24-48", "24 y 48"]], heldOut: 2 },
  { lang: "es", asker: "visitor", question: "tiene sensor de humo?", source: "/faq › ¿Detecta humo, tabaco o fugas de gas?", facts: ["humo"], yesNo: "yes", heldOut: 2 },
  { lang: "es", asker: "owner", question: "cuanto cobrais de comision por cada pago con tarjeta", source: "/faq › ¿Qué comisión tiene el sistema de cobro?", facts: ["1,8 %"], heldOut: 2 },
  { lang: "es", asker: "owner", question: "puedo ver el ruido de todos mis pisos de un vistazo", source: "/monitorizacion-ruido › Qué hace la monitorización de ruido", facts: ["panel"], heldOut: 2 },
  { lang: "es", asker: "owner", question: "cuantos idiomas tiene el plan pro del chatbot", source: "/chatbot-apartamentos-turisticos › Plan Pro del asistente para huéspedes", facts: ["10 idiomas"], heldOut: 2 },
  { lang: "es", asker: "owner", question: "funciona con smoobu", source: "/guia-integracion › Catálogo de integraciones", facts: ["iCal"], heldOut: 2 },
  { lang: "es", asker: "owner", question: "que limite de ruido hay en malaga por la noche", source: "/apartamentos-turisticos-malaga › ¿Qué límites de ruido se aplican en Málaga?", facts: ["30 dB"], heldOut: 2 },
  { lang: "es", asker: "owner", question: "el wifi aguanta muchos dispositivos a la vez?", source: "/faq › ¿Cómo es el WiFi para huéspedes?", facts: ["50"], heldOut: 2 },
  { lang: "es", asker: "owner", question: "cuanto tiempo se tarda en configurar la alarma", source: "/faq › ¿Cómo funciona la alarma básica?", facts: ["5 minutos"], heldOut: 2 },
  { lang: "es", asker: "visitor", question: "donde estan vuestras oficinas", source: "/contacto › Contacto con el equipo comercial", facts: ["Madrid"], heldOut: 2 },
  { lang: "es", asker: "guest", question: "el sensor de la pared escucha lo que digo?", source: "/faq › ¿El dispositivo graba audio o vídeo?", yesNo: "no", heldOut: 2 },
  { lang: "es", asker: "owner", question: "me avisa si alguien fuma en el piso?", source: "/faq › ¿Detecta humo, tabaco o fugas de gas?", facts: [["tabaco", "fuma"]], heldOut: 2 },
  { lang: "es", asker: "owner", question: "el asistente guarda datos de pago de los huespedes?", source: "/chatbot-apartamentos-turisticos › Privacidad y espacio propio para cada cliente", facts: ["no pide ni guarda"], heldOut: 2 },
  { lang: "es", asker: "visitor", question: "teneis version para android tv?", heldOut: 2 },
  { lang: "es", asker: "visitor", question: "cuanto cuesta el dispositivo en Portugal", heldOut: 2 },
  { lang: "es", asker: "guest", question: "a que hora hay que dejar el piso", heldOut: 2 },
  { lang: "es", asker: "visitor", question: "quien fabrica el chip del sensor", heldOut: 2 },
  { lang: "en", asker: "owner", question: "what does the basic plan include", source: "/chatbot-apartamentos-turisticos › Plan Basic del asistente para huéspedes", facts: ["100 messages", "2 languages"], heldOut: 2 },
  { lang: "en", asker: "visitor", question: "whats the delivery charge", source: "/faq › ¿Cuánto tarda en llegar el dispositivo?", facts: ["€15"], heldOut: 2 },
  { lang: "en", asker: "visitor", question: "is there a warranty", source: "/ns-01 › Actualizaciones y garantía", facts: [["24-48", "24 to 48", "24–48"]], heldOut: 2 },
  { lang: "en", asker: "visitor", question: "does it have a smoke detector", source: "/faq › ¿Detecta humo, tabaco o fugas de gas?", facts: ["smoke"], yesNo: "yes", heldOut: 2 },
  { lang: "en", asker: "owner", question: "can the guests see the noise level", source: "/ns-01 › Conoce el dispositivo por dentro", facts: [["status display", "shows the noise level"]], heldOut: 2 },
  { lang: "en", asker: "owner", question: "what are the noise limits in madrid at night", source: "/apartamentos-turisticos-madrid › ¿Qué límites de ruido se aplican a un piso turístico en Madrid?", facts: ["30 dB"], heldOut: 2 },
  { lang: "en", asker: "owner", question: "do you integrate with lodgify", source: "/guia-integracion › Catálogo de integraciones", facts: ["iCal"], heldOut: 2 },
  { lang: "en", asker: "owner", question: "how many languages does the pro plan support", source: "/chatbot-apartamentos-turisticos › Plan Pro del asistente para huéspedes", facts: ["10 languages"], heldOut: 2 },
  { lang: "en", asker: "owner", question: "how long does it take to set up the alarm", source: "/faq › ¿Cómo funciona la alarma básica?", facts: ["5 minutes"], heldOut: 2 },
  { lang: "en", asker: "owner", question: "can i export reports as pdf", source: "/faq › ¿Los datos que registra tienen validez ante terceros?", facts: ["PDF", "CSV"], heldOut: 2 },
  { lang: "en", asker: "owner", question: "do you work in malaga", source: "/apartamentos-turisticos-malaga › ¿Cubrís toda la Costa del Sol?", facts: [["Marbella", "Costa del Sol"]], heldOut: 2 },
  { lang: "en", asker: "owner", question: "whats the commission for payments", source: "/faq › ¿Qué comisión tiene el sistema de cobro?", facts: ["1.8%"], heldOut: 2 },
  { lang: "en", asker: "owner", question: "does it detect carbon monoxide", source: "/faq › ¿Detecta humo, tabaco o fugas de gas?", facts: ["carbon monoxide"], yesNo: "yes", heldOut: 2 },
  { lang: "en", asker: "guest", question: "is there a camera in this apartment", source: "/faq › ¿El dispositivo graba audio o vídeo?", facts: ["camera"], yesNo: "no", heldOut: 2 },
  { lang: "en", asker: "owner", question: "how much energy does it save", source: "/faq › ¿Cuánto ahorro energético puedo conseguir?", facts: ["58%"], heldOut: 2 },
  { lang: "en", asker: "owner", question: "can i give my cleaners their own access", source: "/alarma-basica › Todo lo que incluye", facts: [["own code", "own access"]], heldOut: 2 },
  { lang: "en", asker: "visitor", question: "do you have an ios app", heldOut: 2 },
  { lang: "en", asker: "owner", question: "can i pay the subscription yearly", heldOut: 2 },
  { lang: "en", asker: "guest", question: "where can i leave my luggage", heldOut: 2 },
  { lang: "en", asker: "visitor", question: "what is the battery life of the sensor", heldOut: 2 },
];
