// The guest assistant's thesaurus: how visitors, owners and guests say things that the site
// says differently. This is content, not an algorithm — a short curated list of colloquial
// words, abbreviations, spelling variants, synonyms and question frames in Spanish and English
// — and it is applied to the site's text and to the questions alike, so both meet on the same
// terms. Keys are written lower-case and without accents.
//
// Terms starting with "_" are concepts: one token for every way of saying the same thing, in
// both languages ("okupas", "antiokupación" and "squatters" are all `_okupa`). No real word can
// collide with them.

export type ThesaurusLanguage = "es" | "en";

/**
 * What a concept does in a question. "topic" says what it is about; "intent" says what kind of
 * answer is wanted (a price, a duration, a time of day) without naming a subject: it ranks,
 * and it requires a matching figure in the answer, but it cannot make a passage relevant alone.
 */
export type ConceptRole = "topic" | "intent";

export const INTENT = {
  price: "_price",
  duration: "_duration",
  clock: "_clock",
  count: "_count",
} as const;

export const CONCEPT_ROLES: Readonly<Record<string, ConceptRole>> = {
  [INTENT.price]: "intent",
  [INTENT.duration]: "intent",
  [INTENT.clock]: "intent",
  [INTENT.count]: "intent",
};

/** Paying: the payment products, or the price when a price is asked. */
export const PAY = "_pay";

/** Fines and penalties: an amount in euros that is not a price, unless a fine is what is asked. */
export const FINE = "_fine";

/**
 * Multi-word expressions, matched on whole words before anything else, longest first. The
 * replacement is a list of words or concepts ("" drops the expression: pure filler).
 */
// prettier-ignore
export const PHRASES: Readonly<Record<ThesaurusLanguage, Readonly<Record<string, string>>>> = {
  es: {
    // Asking for a price.
    "cuanto cuesta": "_price", "cuanto cuestan": "_price", "cuanto vale": "_price", "cuanto valen": "_price",
    "cuanto es": "_price", "cuanto son": "_price", "cuanto sale": "_price", "cuanto salen": "_price",
    "cuanto me sale": "_price", "cuanto me saldria": "_price", "cuanto saldria": "_price",
    "cuanto me cuesta": "_price", "cuanto costaria": "_price", "cuanto me costaria": "_price",
    "cuanto pagaria": "_price", "cuanto pago": "_price", "cuanto hay que pagar": "_price", "cuanto tengo que pagar": "_price",
    "cuanto cobrais": "_price", "cuanto cobran": "_price", "cuanto cobra": "_price", "que precio": "_price",
    "se paga aparte": "_price", "pagar aparte": "_price", "coste extra": "_price", "cuesta extra": "_price",
    "sin coste": "_price",
    // Asking how long something takes.
    "cuanto tarda": "_duration", "cuanto tardan": "_duration", "cuanto tardais": "_duration",
    "cuanto tiempo": "_duration", "cuanto dura": "_duration", "cuanto duran": "_duration",
    // Asking for a time of day.
    "a que hora": "_clock", "que horario": "_clock", "en que horario": "_clock",
    // The weather is not something the site talks about.
    "que tiempo hace": "_weather", "que tiempo hara": "_weather", "que tiempo va a hacer": "_weather",
    "prevision del tiempo": "_weather",
    // Colloquial expressions.
    "fin de semana": "finde", "fines de semana": "finde", "darse de baja": "baja", "darme de baja": "baja",
    "dar de baja": "baja", "dado de baja": "baja", "check in": "checkin", "check out": "checkout",
    "todo el rato": "", "todo el dia": "", "cada dos por tres": "", "a todas horas": "", "de algo": "",
    "salida tarde": "salida tardia", "salir tarde": "salida tardia", "llegar antes": "llegada anticipada",
    "google home": "_smartspeaker", "apple watch": "applewatch",
    "en la caja": "kit", "numero de telefono": "teléfono contacto", "correo electronico": "_email",
    "sistema de cobro": "_terminal _pay", "sistemas de pago": "_terminal _pay", "pago con tarjeta": "_terminal tarjeta",
    "a quien va dirigido": "_audience", "para quien es": "_audience", "a quien va dirigida": "_audience",
    "quien lo puede usar": "_audience", "desde cuando": "_founding", "cuando se fundo": "_founding",
    "se me acaban": "_overuse", "se acaban": "_overuse", "me paso de": "_overuse", "me quedo sin": "_overuse",
    "cuando quiera": "", "cuando quieras": "", "en cualquier momento": "",
    "ahorra en luz": "ahorro energía", "ahorro en luz": "ahorro energía", "ahorrar en luz": "ahorro energía",
    "gasto de luz": "energía", "factura de la luz": "energía", "consumo de luz": "energía",
    "vuestro correo": "_email contacto", "vuestro email": "_email contacto", "vuestro telefono": "teléfono contacto",
    "teneis email": "_email contacto", "teneis telefono": "teléfono contacto",
    "pagos con tarjeta": "_terminal", "cobros con tarjeta": "_terminal",
    "me ingresan": "_settlement", "me pagan": "_settlement", "recibo el dinero": "_settlement",
    "dinero en tu cuenta": "_settlement", "cobro el dinero": "_settlement", "llega el dinero": "_settlement",
    "se entera": "_notify", "me entero": "_notify", "se enteran": "_notify",
    "de la pared": "", "en la pared": "", "del salon": "", "en el salon": "", "en la web": "", "de la web": "",
    "en vuestra web": "", "en esta web": "", "alguien entra": "_intrusion", "entra alguien": "_intrusion",
    "hoteles pequeños": "hoteles boutique", "hotel pequeño": "hotel boutique",
    "no hace caso": "persiste", "no hacen caso": "persiste", "hace caso omiso": "persiste", "pasa del aviso": "persiste",
    "a sevilla": "", "a madrid": "", "a barcelona": "", "a malaga": "",
    "trabajais en": "_coverage", "dais servicio": "_coverage", "dais servicio en": "_coverage", "cubris": "_coverage",
    "donde trabajamos": "_coverage", "zonas de cobertura": "_coverage _district", "estais en": "_coverage",
    "medio año": "", "todo el año": "", "varios meses": "", "unos meses": "", "muchos meses": "",
    "promotora inmobiliaria": "promotora", "inmobiliaria": "promotora", "en linea": "_online", "por internet": "_online",
    "registro de viajeros": "_registration", "parte de viajeros": "_registration", "partes de viajeros": "_registration",
    "seguro de hogar": "_insurancepolicy", "seguro del hogar": "_insurancepolicy", "seguro de casa": "_insurancepolicy",
    "suena fuerte": "_loudness", "suena muy fuerte": "_loudness", "que volumen": "_loudness",
    "donde estais": "oficina", "donde teneis la oficina": "oficina", "que tamaño": "_size",
  },
  en: {
    "how much is": "_price", "how much are": "_price", "how much does": "_price", "how much do": "_price",
    "how much for": "_price", "how much would": "_price", "how much will": "_price", "how much to": "_price",
    "how much it costs": "_price", "what does it cost": "_price", "is it free": "_price",
    "extra cost": "_price", "at no cost": "_price", "included or extra": "included _price",
    "how long": "_duration", "what time": "_clock", "at what time": "_clock", "opening hours": "_clock",
    "support hours": "support _clock", "office hours": "_clock", "business hours": "_clock",
    "weather forecast": "_weather",
    "check in": "checkin", "check out": "checkout", "late checkout": "late checkout",
    "sign up": "signup", "was born": "_founding", "were founded": "_founding", "was founded": "_founding", "power cut": "power outage", "goes down": "down", "go down": "down",
    "in the box": "kit", "stock exchange": "stockexchange", "google home": "_smartspeaker",
    "show up": "come", "shows up": "come", "turn up": "come", "turns up": "come",
    "how loud": "_loudness", "too loud": "noise", "being loud": "noise", "being too loud": "noise", "so loud": "noise",
    "how big": "", "third party": "thirdparty", "third parties": "thirdparty", "what size": "_size", "how heavy": "_weight",
    "phone number": "phone contact", "telephone number": "phone contact", "e mail": "_email", "email address": "_email",
    "card terminal": "_terminal", "card reader": "_terminal", "card machine": "_terminal",
    "payment terminal": "_terminal", "payment system": "_terminal _pay", "payment systems": "_terminal _pay",
    "cancellation fee": "cancel penalty", "cancelation fee": "cancel penalty", "cancellation fees": "cancel penalty",
    "on the wall": "", "in the living room": "", "on your website": "", "on the website": "", "on your site": "",
    "break in": "_intrusion", "breaks in": "_intrusion", "broke in": "_intrusion", "get in": "_intrusion",
    "gets in": "_intrusion", "get into": "_intrusion", "gets into": "_intrusion",
    "small hotel": "boutique hotel", "small hotels": "boutique hotels", "areas covered": "_coverage _district",
    "ignores the warning": "persists", "ignore the warning": "persists", "ignores the alert": "persists",
    "doesn't listen": "persists", "does not listen": "persists", "to seville": "", "to madrid": "",
    "to barcelona": "", "to malaga": "", "work in": "_coverage", "operate in": "_coverage",
    "where we work": "_coverage", "do you cover": "_coverage", "are you in": "_coverage",
    "what would i pay": "_price", "what will i pay": "_price", "what do i pay": "_price", "how much would i pay": "_price",
    "property developer": "developer", "property developers": "developer", "real estate developer": "developer",
    "guest registration": "_registration", "how many": "_count", "keep my data": "_retain data",
    "keep the data": "_retain data", "keep my details": "_retain data", "store my data": "_retain data",
    "home insurance": "_insurancepolicy", "house insurance": "_insurancepolicy", "insurance policy": "_insurancepolicy",
    "security deposit": "deposit", "damage deposit": "deposit",
    "who is it for": "_audience", "who is this for": "_audience", "who can use it": "_audience",
    "run out of": "_overuse", "runs out of": "_overuse", "go over": "_overuse", "goes over": "_overuse",
    "use up": "_overuse", "any time": "", "whenever you want": "", "whenever you like": "",
    "are you based": "office", "are you located": "office", "is your office": "office",
    "minimum term": "_commitment", "minimum commitment": "_commitment", "minimum contract": "_commitment",
    "check outs": "checkout", "check ins": "checkin",
    "your email": "_email contact", "your e mail": "_email contact", "your phone": "phone contact",
    "contact you": "contact", "reach you": "contact",
    "card payment": "_terminal", "card payments": "_terminal", "payments by card": "_terminal",
    "get the money": "_settlement", "get paid": "_settlement", "get my money": "_settlement",
    "receive the money": "_settlement", "the money in your account": "_settlement", "find out": "_notify",
  },
};

/** Single words rewritten before stemming: chat shorthand, slang, variants, synonyms. */
// prettier-ignore
export const WORDS: Readonly<Record<ThesaurusLanguage, Readonly<Record<string, string>>>> = {
  es: {
    // Shorthand and slang.
    q: "que", k: "que", xq: "porque", pq: "porque", porq: "porque", tb: "tambien", tmb: "tambien",
    tmbn: "tambien", x: "por", d: "de", xfa: "", porfa: "", plis: "", ok: "", vale: "", oye: "", pues: "",
    bueno: "", mola: "", guay: "", finde: "_weekend", movil: "móvil", cel: "móvil",
    aparato: "dispositivo", aparatito: "dispositivo", cacharro: "dispositivo", trasto: "dispositivo",
    chisme: "dispositivo", sensorcito: "sensor", lucecita: "luz", wifi: "wifi", wi: "wifi", wiffi: "wifi", wify: "wifi",
    guiri: "turista", guiris: "turistas", pisos: "piso", depa: "apartamento", apto: "apartamento",
    huespedes: "huéspedes", inquilinos: "huéspedes", clientes: "clientes",
    // Money.
    precio: "_price", precios: "_price", cuesta: "_price", cuestan: "_price", costar: "_price", coste: "_price",
    costes: "_price", costo: "_price", costos: "_price", tarifa: "_price", tarifas: "_price", euro: "_price",
    euros: "_price", eur: "_price", pavos: "_price", gratis: "_price", gratuito: "_price", gratuita: "_price",
    gratuitos: "_price", cuota: "_price cuota", cuotas: "_price cuota", mensualidad: "_price mes",
    // Time.
    tarda: "_duration", tardan: "_duration", tardar: "_duration", tiempo: "_duration", horario: "_clock", horarios: "_clock",
    // Squatters, parties, intruders.
    okupa: "_okupa", okupas: "_okupa", ocupa: "_okupa", ocupas: "_okupa", okupacion: "_okupa", okupaciones: "_okupa",
    okupen: "_okupa", okupan: "_okupa", okupar: "_okupa", okupado: "_okupa", antiokupa: "_okupa",
    antiokupas: "_okupa", antiokupacion: "_okupa", demo: "_demo", demostracion: "_demo", demos: "_demo",
    pido: "_request", pedir: "_request", solicito: "_request", solicitar: "_request", solicita: "_request",
    barrio: "_district", barrios: "_district", distrito: "_district", distritos: "_district",
    aguanta: "_capacity", aguantan: "_capacity", soporta: "_capacity", soportan: "_capacity", admite: "_capacity",
    admiten: "_capacity", cubris: "_coverage", cobertura: "_coverage",
    usais: "_use", utilizais: "_use", utilizamos: "_use", utilizan: "_use", utiliza: "_use", utilizar: "_use",
    software: "", firmware: "", allanamiento: "_okupa", usurpacion: "_okupa",
    ocupacion: "ocupación", fiesta: "_party _occupancy", fiestas: "_party _occupancy",
    fieston: "_party _occupancy", fiestuki: "_party _occupancy", juerga: "_party _occupancy",
    juergas: "_party _occupancy", botellon: "_party _occupancy", intruso: "_intrusion", intrusos: "_intrusion",
    intrusion: "_intrusion", intrusiones: "_intrusion", ladron: "_intrusion", ladrones: "_intrusion",
    robo: "_intrusion", robos: "_intrusion",
    // The device and what it does. A camera or a microphone is about recording.
    graba: "_record", grabar: "_record", grabando: "_record", graban: "_record", grabacion: "_record",
    grabamos: "_record", audio: "_record", video: "_record", espia: "_record", escucha: "_record",
    camara: "cámaras _record", camaras: "cámaras _record", microfono: "micrófonos _record",
    microfonos: "micrófonos _record", pesa: "_weight", peso: "_weight", pesar: "_weight",
    tamaño: "_size", tamano: "_size", medidas: "_size", mide: "", medir: "", mida: "",
    velocidad: "_speed", rapido: "_speed", rapida: "_speed", mbps: "_speed", megas: "_speed", fibra: "_speed",
    email: "_email", mail: "_email", correo: "_email", emails: "_email",
    pagar: "_pay", pago: "_pay", pagos: "_pay", cobrar: "_pay", cobro: "_pay", cobros: "_pay", paga: "_pay",
    nacio: "_founding", fundada: "_founding", fundo: "_founding", empezo: "_founding", existe: "_founding",
    agoto: "_overuse", supero: "_overuse", superar: "_overuse", acaban: "_overuse",
    gente: "personas", contador: "conteo", meten: "entran", meter: "entran", cuelan: "entran", entero: "",
    cobrais: "_pay", cobran: "_pay", sacar: "ganar", saco: "ganar", sacaria: "ganar",
    idioma: "_language", idiomas: "_language", lengua: "_language", lenguas: "_language",
    ingles: "inglés _language", español: "español _language", espanol: "español _language",
    castellano: "español _language", liquidacion: "_settlement",
    comision: "_commission", comisiones: "_commission", ilegal: "_regulation", ilegales: "_regulation",
    ley: "_regulation", leyes: "_regulation", regula: "_regulation", regulan: "_regulation", ordenanza: "_regulation",
    multa: "_fine", multas: "_fine", sancion: "_fine", sanciones: "_fine", penalizacion: "_fine",
    casa: "_home", vivienda: "_home", viviendas: "_home", hogar: "_home", casas: "_home",
    online: "_online", digital: "_online", checkin: "checkin _registration", registrarse: "_registration",
    registrar: "_registration", registro: "_registration",
    guardais: "_retain", guardan: "_retain", guardar: "_retain", conservan: "_retain", conservamos: "_retain",
    conservacion: "_retain", conservar: "_retain", cuantos: "_count", cuantas: "_count",
    normativa: "_regulation", normativas: "_regulation", incumplir: "_regulation", legal: "_regulation",
    parpadea: "_blink", parpadeando: "_blink", parpadeo: "_blink", intermitente: "_blink", parpadean: "_blink",
    aviso: "_notify", avisos: "_notify", avisa: "_notify", avisar: "_notify", avisamos: "_notify",
    avisan: "_notify", alerta: "_notify", alertas: "_notify", notificacion: "_notify", notifica: "_notify",
    aforo: "_occupancy", sobreocupacion: "_occupancy _overcrowd",
    limite: "_limit", limites: "_limit", umbral: "_limit", umbrales: "_limit",
    permanencia: "_commitment", compromiso: "_commitment", pilas: "_power", bateria: "_power", baterias: "_power",
    enchufarlo: "_power", enchufar: "_power", corriente: "_power", alimentacion: "_power",
    fuman: "tabaco", fuma: "tabaco", fumar: "tabaco", fumando: "tabaco", fumadores: "tabaco", cigarro: "tabaco",
    decibelios: "decibelios _loudness", db: "decibelios _loudness", bulla: "ruido", jaleo: "ruido", escandalo: "ruido", ruidos: "ruido",
    envio: "_shipping", envios: "_shipping", enviais: "_shipping", enviar: "_shipping", envian: "_shipping",
    pedido: "_shipping", paquete: "_shipping", mensajero: "_shipping",
    montarlo: "instalar", montar: "instalar", colocarlo: "instalar", ponerlo: "instalar", instalarlo: "instalar",
    tecnico: "técnico", tecnicos: "técnico", instalador: "técnico", instaladores: "técnico",
    rompe: "estropea", roto: "estropea", rota: "estropea", averia: "estropea", falla: "estropea", estropeado: "estropea",
    chatbot: "asistente", bot: "asistente", conserje: "asistente", ia: "asistente",
    datafono: "_terminal", tpv: "_terminal", fianza: "fianzas",
    kit: "kit", caja: "kit",
    permanecia: "_commitment", permanencias: "_commitment", contrato: "_commitment",
    baja: "baja", cancelar: "baja",
    rgpd: "rgpd", gdpr: "rgpd", lopd: "rgpd",
    okey: "",
    // Places the English renderings name differently.
    sevilla: "_sevilla", seville: "_sevilla", malaga: "_malaga",
  },
  en: {
    // Shorthand and slang.
    u: "you", ur: "your", r: "are", pls: "", plz: "", please: "", wat: "what", whats: "what",
    thx: "", ok: "", okay: "", hey: "", btw: "", guys: "", gonna: "", wanna: "",
    wiffi: "wifi", wify: "wifi", neighbors: "neighbours", neighbor: "neighbour", color: "colour",
    gadget: "device", thing: "device", box: "device", unit: "device", sensor: "sensor",
    flat: "apartment", flats: "apartments", apt: "apartment", airbnbs: "airbnb",
    // Money.
    price: "_price", prices: "_price", pricing: "_price", cost: "_price", costs: "_price", costing: "_price",
    fee: "_price", fees: "_price", euro: "_price", euros: "_price", eur: "_price", free: "_price",
    charge: "_price", charges: "_price", quote: "_price", quoted: "_price",
    // Time.
    long: "_duration", takes: "_duration",
    // Squatters, parties, intruders.
    squatter: "_okupa", squatters: "_okupa", squatting: "_okupa", squat: "_okupa", squats: "_okupa",
    squater: "_okupa", squaters: "_okupa", demo: "_demo", demonstration: "_demo", demos: "_demo",
    request: "_request", book: "_request", order: "_request", neighbourhood: "_district",
    neighbourhoods: "_district", district: "_district", districts: "_district", software: "", firmware: "",
    done: "", supports: "_capacity", cope: "_capacity", copes: "_capacity", cover: "_coverage",
    covered: "_coverage", coverage: "_coverage", okupa: "_okupa", okupas: "_okupa", "anti-squatting": "_okupa",
    party: "_party _occupancy", parties: "_party _occupancy", partying: "_party _occupancy",
    rave: "_party _occupancy", occupancy: "_occupancy", overcrowding: "_occupancy _overcrowd",
    intruder: "_intrusion", intruders: "_intrusion", intrusion: "_intrusion", intrusions: "_intrusion",
    burglar: "_intrusion", burglars: "_intrusion", burglary: "_intrusion", theft: "_intrusion",
    // The device and what it does.
    record: "_record", recording: "_record", records: "_record", recorded: "_record", spy: "_record",
    spying: "_record", audio: "_record", video: "_record", camera: "camera _record", cameras: "camera _record",
    microphone: "microphone _record", microphones: "microphone _record", mic: "microphone _record",
    mics: "microphone _record", weigh: "_weight", weighs: "_weight", weight: "_weight", heavy: "_weight",
    size: "_size", dimensions: "_size", big: "", time: "_duration", measure: "", measures: "", measuring: "",
    speed: "_speed", speeds: "_speed", fast: "_speed", quick: "_speed", mbps: "_speed", bandwidth: "_speed",
    email: "_email", mail: "_email", emails: "_email",
    pay: "_pay", paying: "_pay", payment: "_pay", payments: "_pay", paid: "_pay",
    founded: "_founding", founding: "_founding", born: "_founding", started: "_founding", launched: "_founding",
    exceed: "_overuse", exceeds: "_overuse", anytime: "", whenever: "", many: "", much: "",
    limit: "_limit", limits: "_limit", threshold: "_limit", thresholds: "_limit",
    language: "_language", languages: "_language", english: "english _language", spanish: "spanish _language",
    settlement: "_settlement", commission: "_commission", commissions: "_commission",
    law: "_regulation", laws: "_regulation", regulates: "_regulation", regulate: "_regulation", bylaw: "_regulation",
    fine: "_fine", fines: "_fine", penalty: "_fine", penalties: "_fine", sanction: "_fine", sanctions: "_fine",
    home: "_home", homes: "_home", house: "_home", houses: "_home",
    online: "_online", digital: "_online", checkin: "checkin _registration", register: "_registration",
    registration: "_registration", retain: "_retain", retention: "_retain",
    illegal: "_regulation", unlicensed: "_regulation", regulations: "_regulation", regulation: "_regulation",
    breaking: "_regulation", legal: "_regulation", blink: "_blink", blinking: "_blink", blinks: "_blink",
    flashing: "_blink", flashes: "_blink", flash: "_blink",
    alert: "_notify", alerts: "_notify", alerted: "_notify", warn: "_notify", warns: "_notify",
    warning: "_notify", warnings: "_notify", notify: "_notify", notifies: "_notify",
    notification: "_notify", notifications: "_notify",
    batteries: "_power", battery: "_power", mains: "_power", power: "_power", plugged: "_power",
    smoking: "tobacco", smoke: "smoke", smokes: "tobacco", smoker: "tobacco", smokers: "tobacco", cigarette: "tobacco",
    noisy: "noise", sound: "noise", decibel: "decibels _loudness", decibels: "decibels _loudness", db: "decibels _loudness",
    shipping: "_shipping", ship: "_shipping", ships: "_shipping", shipped: "_shipping", delivery: "_shipping",
    deliver: "_shipping", delivered: "_shipping", postage: "_shipping",
    mount: "install", mounted: "install", mounting: "install", setup: "install", instalation: "installation",
    technician: "technician", technicians: "technician", installer: "technician", installers: "technician",
    breaks: "break", broken: "break", fails: "break", faulty: "break", stops: "break",
    chatbot: "assistant", bot: "assistant", concierge: "assistant", ai: "assistant",
    terminal: "_terminal", pos: "_terminal",
    contract: "_commitment", commitment: "_commitment", cancelation: "cancel", cancellation: "cancel",
    gdpr: "gdpr", rgpd: "gdpr",
    // Places the English renderings name differently.
    sevilla: "_sevilla", seville: "_sevilla", malaga: "_malaga",
  },
};

/**
 * Question frames: words that say how something is asked ("¿qué pasa si…?", "does it work
 * with…?") and never what it is about. Without this list "¿Qué pasa si un huésped hace una
 * fiesta?" would match every FAQ that starts "¿Qué pasa si…".
 */
// prettier-ignore
export const FRAME_WORDS: Readonly<Record<ThesaurusLanguage, readonly string[]>> = {
  es: [
    "pasa", "pasaria", "ocurre", "ocurriria", "sirve", "servir", "serviria", "funciona", "funcionan",
    "funcionaria", "evito", "evitar", "evitaria", "hago", "hacer", "haria", "hace", "puedo", "podria",
    "podemos", "podeis", "necesito", "necesitaria", "quiero", "queria", "quisiera", "gustaria", "saber",
    "decir", "dime", "dinos", "explicame", "cuentame", "contarme", "informacion", "info", "duda", "dudas",
    "pregunta", "hola", "buenas", "gracias", "ayuda", "ayudar", "ofreceis", "ofrecen", "teneis", "tienen",
    "tiene", "tengo", "hay", "incluye", "incluyen", "existe", "vuestro", "vuestra", "vuestros", "vuestras",
    "haceis", "dais", "llevais", "usais", "cumplis", "aceptais", "trabajais", "sale", "algo", "esto", "eso",
    "normal", "entero", "entera", "vez",
    // Light verbs: they carry the question, not its subject.
    "poner", "pongo", "pone", "ponen", "dar", "doy", "da", "ir", "voy", "va", "venir", "viene", "vienen",
    "coger", "cojo", "quedar", "queda", "quedan", "echar", "mirar", "ver", "veo", "probar", "pruebo",
  ],
  en: [
    "happen", "happens", "happened", "work", "works", "working", "avoid", "prevent", "stop", "protect",
    "help", "need", "want", "know", "tell", "explain", "question", "hello", "hi", "thanks", "thank",
    "get", "got", "make", "makes", "use", "using", "offer", "offers", "have", "has", "there", "does",
    "do", "can", "could", "would", "will", "able", "possible", "anything", "something", "stuff", "thing",
    "things", "normal", "really", "actually", "also", "just", "one", "guys", "good",
    // Light verbs: they carry the question, not its subject.
    "throw", "throws", "threw", "having", "keep", "keeps", "come", "comes", "go", "goes", "going", "put",
    "take", "taken", "give", "gives", "send", "let", "see", "look", "try", "run", "runs", "running",
    "happening", "deal", "handle", "like",
  ],
};

/**
 * Words of the trade that nearly every passage shares: they rank, but a passage does not have
 * to contain them to answer ("¿cuánto me sale al mes?" is about the price, not the month).
 */
// prettier-ignore
export const GENERIC_WORDS: Readonly<Record<ThesaurusLanguage, readonly string[]>> = {
  es: [
    "alojamiento", "alojamientos", "apartamento", "apartamentos", "piso", "vivienda", "viviendas",
    "propiedad", "propiedades", "dispositivo", "dispositivos", "servicio", "servicios", "plan", "planes",
    "mes", "mensual", "mensuales", "huésped", "huéspedes", "turístico", "turísticos", "turística",
    "turísticas", "sistema", "plataforma", "sensor", "sensores", "dinero", "extra", "extras", "españa", "propietario", "propietarios", "cliente", "clientes", "nidosmart",
  ],
  en: [
    "property", "properties", "accommodation", "apartment", "apartments", "device", "devices", "service",
    "services", "plan", "plans", "month", "monthly", "sensor", "sensors", "money", "extra", "extras", "spain", "guest", "guests", "tourist", "system", "platform",
    "owner", "owners", "customer", "customers", "per", "nidosmart",
  ],
};

/**
 * Words the stop-word lists drop but that carry meaning here: "cuenta" is an account, "tarde"
 * an evening, "tiempo" a duration or the weather, "día" and "noche" the two noise limits.
 */
// prettier-ignore
export const KEEP_WORDS: Readonly<Record<ThesaurusLanguage, readonly string[]>> = {
  es: [
    "cerca", "cuenta", "horas", "tiempo", "tarde", "valor", "nuevo", "nueva", "nuevos", "nuevas", "dia", "dias",
    "día", "días", "fin", "segunda", "segundo", "uso", "largo", "mayor", "mejor", "menos", "primer", "lugar",
  ],
  en: ["down"],
};
