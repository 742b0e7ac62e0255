import { INCIDENT_TYPE_LABELS, NOISE_BAND_LABELS, type IncidentType, type NoiseBand } from "./incidents.schema.ts";

// The e-mails of an incident (issue 20 item 3, ADR 0024): to the holder of the stay in progress,
// in the guest e-mail language of the reservation (es/en/fr/de/it/pt), courteous, saying what
// was measured and what to do; and to staff, in Spanish. Rendered here, stored rendered in the
// mail outbox (ADR 0011), so the record shows what was sent.

export const HOLDER_LANGS = ["es", "en", "fr", "de", "it", "pt"] as const;
export type HolderLang = (typeof HOLDER_LANGS)[number];

export type HolderMailInput = {
  type: "noise" | "overcrowding";
  lang: string;
  holderName: string | null;
  propertyName: string;
  /** Noise: the measured LAeq and the limit, dB(A), and the minutes; overcrowding: people and guests. */
  measured: number;
  limit: number;
  minutes: number;
};

type Texts = {
  subject: { noise: string; overcrowding: string };
  greeting: (name: string | null) => string;
  noise: (v: { property: string; measured: string; limit: string; minutes: number }) => string;
  noiseAdvice: string;
  overcrowding: (v: { property: string; people: number; guests: number; minutes: number }) => string;
  overcrowdingAdvice: string;
  closing: string;
  decimal: string;
};

const TEXTS: Record<HolderLang, Texts> = {
  es: {
    subject: { noise: "Aviso de ruido en {property}", overcrowding: "Aviso sobre el número de personas en {property}" },
    greeting: (name) => (name ? `Hola, ${name}:` : "Hola:"),
    noise: (v) =>
      `El sensor de ruido de ${v.property} ha medido un nivel medio de ${v.measured} dB(A) durante ${v.minutes} minutos, por encima del límite de ${v.limit} dB(A) fijado para esta hora.`,
    noiseAdvice: "Le rogamos que baje el volumen de la música y de las voces y cierre las ventanas, por respeto al descanso de los vecinos. Si el ruido continúa, nuestro equipo tendrá que intervenir.",
    overcrowding: (v) =>
      `El sensor de ${v.property} cuenta ${v.people} personas desde hace ${v.minutes} minutos, y la reserva tiene ${v.guests} huéspedes registrados.`,
    overcrowdingAdvice: "Si se han incorporado huéspedes, regístrelos con el enlace de su reserva, como exige la ley; si son visitas, le rogamos que abandonen la vivienda. Si cree que es un error, responda a este correo.",
    closing: "Gracias por su colaboración. Un saludo.",
    decimal: ",",
  },
  en: {
    subject: { noise: "Noise notice at {property}", overcrowding: "Notice about the number of people at {property}" },
    greeting: (name) => (name ? `Dear ${name},` : "Hello,"),
    noise: (v) =>
      `The noise sensor at ${v.property} has measured an average level of ${v.measured} dB(A) for ${v.minutes} minutes, above the limit of ${v.limit} dB(A) set for this time of day.`,
    noiseAdvice: "We kindly ask you to turn the music and voices down and close the windows, out of respect for the neighbours' rest. If the noise continues, our team will have to step in.",
    overcrowding: (v) => `The sensor at ${v.property} has counted ${v.people} people for ${v.minutes} minutes, and the booking has ${v.guests} registered guests.`,
    overcrowdingAdvice: "If guests have joined you, please register them with your booking's link, as the law requires; if they are visitors, we kindly ask them to leave the property. If you think this is a mistake, reply to this e-mail.",
    closing: "Thank you for your cooperation. Kind regards.",
    decimal: ".",
  },
  fr: {
    subject: { noise: "Avis de bruit à {property}", overcrowding: "Avis concernant le nombre de personnes à {property}" },
    greeting: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    noise: (v) =>
      `Le capteur de bruit de ${v.property} a mesuré un niveau moyen de ${v.measured} dB(A) pendant ${v.minutes} minutes, au-dessus de la limite de ${v.limit} dB(A) fixée pour cette heure.`,
    noiseAdvice: "Nous vous prions de baisser le volume de la musique et des voix et de fermer les fenêtres, par respect pour le repos des voisins. Si le bruit continue, notre équipe devra intervenir.",
    overcrowding: (v) => `Le capteur de ${v.property} compte ${v.people} personnes depuis ${v.minutes} minutes, alors que la réservation compte ${v.guests} voyageurs enregistrés.`,
    overcrowdingAdvice: "Si des voyageurs vous ont rejoint, merci de les enregistrer avec le lien de votre réservation, comme la loi l'exige ; s'il s'agit de visiteurs, nous vous prions de leur demander de quitter le logement. Si vous pensez qu'il s'agit d'une erreur, répondez à ce message.",
    closing: "Merci de votre compréhension. Cordialement.",
    decimal: ",",
  },
  de: {
    subject: { noise: "Hinweis zur Lautstärke in {property}", overcrowding: "Hinweis zur Personenzahl in {property}" },
    greeting: (name) => (name ? `Hallo ${name},` : "Guten Tag,"),
    noise: (v) =>
      `Der Lärmsensor in ${v.property} hat ${v.minutes} Minuten lang einen mittleren Pegel von ${v.measured} dB(A) gemessen, über dem für diese Uhrzeit festgelegten Grenzwert von ${v.limit} dB(A).`,
    noiseAdvice: "Bitte stellen Sie Musik und Stimmen leiser und schließen Sie die Fenster, aus Rücksicht auf die Nachtruhe der Nachbarn. Hält der Lärm an, muss unser Team eingreifen.",
    overcrowding: (v) => `Der Sensor in ${v.property} zählt seit ${v.minutes} Minuten ${v.people} Personen; für die Buchung sind ${v.guests} Gäste registriert.`,
    overcrowdingAdvice: "Sind weitere Gäste hinzugekommen, registrieren Sie diese bitte über den Link Ihrer Buchung, wie es das Gesetz verlangt; handelt es sich um Besuch, bitten wir Sie, dass dieser die Unterkunft verlässt. Halten Sie dies für einen Irrtum, antworten Sie bitte auf diese E-Mail.",
    closing: "Vielen Dank für Ihr Verständnis. Freundliche Grüße.",
    decimal: ",",
  },
  it: {
    subject: { noise: "Avviso di rumore a {property}", overcrowding: "Avviso sul numero di persone a {property}" },
    greeting: (name) => (name ? `Gentile ${name},` : "Buongiorno,"),
    noise: (v) =>
      `Il sensore di rumore di ${v.property} ha misurato un livello medio di ${v.measured} dB(A) per ${v.minutes} minuti, oltre il limite di ${v.limit} dB(A) previsto per quest'ora.`,
    noiseAdvice: "La preghiamo di abbassare il volume della musica e delle voci e di chiudere le finestre, per rispetto del riposo dei vicini. Se il rumore continua, il nostro team dovrà intervenire.",
    overcrowding: (v) => `Il sensore di ${v.property} conta ${v.people} persone da ${v.minutes} minuti, mentre la prenotazione ha ${v.guests} ospiti registrati.`,
    overcrowdingAdvice: "Se si sono aggiunti altri ospiti, La preghiamo di registrarli con il link della prenotazione, come richiesto dalla legge; se si tratta di visite, La preghiamo di chiedere loro di lasciare l'alloggio. Se pensa che sia un errore, risponda a questa e-mail.",
    closing: "Grazie per la collaborazione. Cordiali saluti.",
    decimal: ",",
  },
  pt: {
    subject: { noise: "Aviso de ruído em {property}", overcrowding: "Aviso sobre o número de pessoas em {property}" },
    greeting: (name) => (name ? `Olá, ${name}:` : "Olá:"),
    noise: (v) =>
      `O sensor de ruído de ${v.property} mediu um nível médio de ${v.measured} dB(A) durante ${v.minutes} minutos, acima do limite de ${v.limit} dB(A) definido para esta hora.`,
    noiseAdvice: "Pedimos-lhe que baixe o volume da música e das vozes e feche as janelas, por respeito ao descanso dos vizinhos. Se o ruído continuar, a nossa equipa terá de intervir.",
    overcrowding: (v) => `O sensor de ${v.property} conta ${v.people} pessoas há ${v.minutes} minutos, e a reserva tem ${v.guests} hóspedes registados.`,
    overcrowdingAdvice: "Se se juntaram hóspedes, registe-os com a ligação da sua reserva, como exige a lei; se forem visitas, pedimos-lhes que saiam do alojamento. Se considera que se trata de um erro, responda a este e-mail.",
    closing: "Obrigado pela sua colaboração. Com os melhores cumprimentos.",
    decimal: ",",
  },
};

export function holderLangOf(lang: string | null | undefined): HolderLang {
  return (HOLDER_LANGS as readonly string[]).includes(lang ?? "") ? (lang as HolderLang) : "es";
}

const oneDecimal = (n: number, separator: string) => (Math.round(n * 10) / 10).toFixed(1).replace(".", separator);

/** Subject and plain-text body of the holder's e-mail, in their language. */
export function composeIncidentHolderMail(input: HolderMailInput): { lang: HolderLang; subject: string; body: string } {
  const lang = holderLangOf(input.lang);
  const t = TEXTS[lang];
  const subject = t.subject[input.type].replace("{property}", input.propertyName);
  const lines =
    input.type === "noise"
      ? [t.noise({ property: input.propertyName, measured: oneDecimal(input.measured, t.decimal), limit: oneDecimal(input.limit, t.decimal), minutes: input.minutes }), "", t.noiseAdvice]
      : [t.overcrowding({ property: input.propertyName, people: Math.round(input.measured), guests: Math.round(input.limit), minutes: input.minutes }), "", t.overcrowdingAdvice];
  return { lang, subject, body: [t.greeting(input.holderName), "", ...lines, "", t.closing, ""].join("\n") };
}

export type StaffMailInput = {
  type: IncidentType;
  step: "opened" | "escalated";
  propertyName: string;
  deviceId: string;
  band: NoiseBand | null;
  detail: string;
  startedAt: Date;
  openedAt: Date;
  timeZone: string;
  holderNotified: boolean;
  incidentUrl: string;
};

/** The staff alert, in Spanish: what, where, since when, what was done, and the link. */
export function composeIncidentStaffMail(input: StaffMailInput): { subject: string; body: string } {
  const label = INCIDENT_TYPE_LABELS[input.type];
  const when = new Intl.DateTimeFormat("es-ES", { timeZone: input.timeZone, dateStyle: "short", timeStyle: "short" });
  const subject = input.step === "escalated" ? `Incidencia sin resolver: ${label} en ${input.propertyName}` : `Incidencia: ${label} en ${input.propertyName}`;
  const lines = [
    input.step === "escalated"
      ? `La incidencia «${label}» de ${input.propertyName} sigue abierta tras avisar al titular de la estancia.`
      : `Se ha abierto una incidencia «${label}» en ${input.propertyName}.`,
    "",
    `Qué se ha medido: ${input.detail}.`,
    ...(input.band ? [`Franja: ${NOISE_BAND_LABELS[input.band]}.`] : []),
    `Desde: ${when.format(input.startedAt)} (hora de la vivienda).`,
    `Dispositivo: ${input.deviceId}.`,
    input.holderNotified ? "El titular de la estancia ya ha sido avisado." : "No se ha avisado al titular de la estancia.",
    "",
    `Ver la incidencia: ${input.incidentUrl}`,
    "",
  ];
  return { subject, body: lines.join("\n") };
}
