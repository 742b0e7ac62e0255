import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

// One schema for every entity of both specification documents. SQL names are snake_case;
// the better-auth tables keep the TypeScript keys that its adapter expects.

const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------- accounts (better-auth)

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  // The spec's profile full_name. better-auth requires a non-null name; "" means "not given".
  name: text("name").notNull().default(""),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  // user | admin | super_admin; NULL reads as user (DECISIONS.md, "Accounts").
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", {
      withTimezone: true,
    }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", {
      withTimezone: true,
    }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable("verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- leads

export const leads = pgTable(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 200 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    phone: varchar("phone", { length: 50 }).notNull(),
    company: varchar("company", { length: 200 }),
    city: varchar("city", { length: 200 }),
    propertyType: text("property_type"),
    propertyCount: text("property_count"),
    ownerType: text("owner_type"),
    message: text("message"),
    source: text("source").notNull(),
    // /contacto?ref=caso-{slug}: which success case brought the visitor.
    reference: varchar("reference", { length: 120 }),
    status: text("status").notNull().default("pending"),
    priority: text("priority").notNull().default("medium"),
    notes: text("notes"),
    submittedAt: timestamp("submitted_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
    contactedAt: timestamp("contacted_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    index("contact_submissions_submitted_at_idx").on(
      t.submittedAt.desc(),
      t.id,
    ),
    index("contact_submissions_status_idx").on(t.status, t.submittedAt.desc()),
    index("contact_submissions_priority_idx").on(
      t.priority,
      t.submittedAt.desc(),
    ),
    // Trigram indexes make the admin's case-insensitive substring search fast at 100k+ rows.
    index("contact_submissions_name_trgm_idx").using(
      "gin",
      sql`lower(${t.name}) gin_trgm_ops`,
    ),
    index("contact_submissions_email_trgm_idx").using(
      "gin",
      sql`lower(${t.email}) gin_trgm_ops`,
    ),
    index("contact_submissions_company_trgm_idx").using(
      "gin",
      sql`lower(${t.company}) gin_trgm_ops`,
    ),
    index("contact_submissions_phone_trgm_idx").using(
      "gin",
      sql`${t.phone} gin_trgm_ops`,
    ),
  ],
);

// ---------------------------------------------------------------- properties, reservations, guests

// A landlord account on SES.HOSPEDAJES (the ministry's "arrendador"): the web-service
// credentials every filing of its properties is sent with. The password is stored only as
// AES-256-GCM ciphertext (app/modules/landlords/credentials-crypto.server.ts); NULL = none saved.
export const landlordAccounts = pgTable(
  "landlord_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A label for staff ("Ejemplo SL"); the ministry knows the account by its code.
    name: varchar("name", { length: 100 }).notNull(),
    // codigoArrendador: str ≤ 10 in the ministry's XSD.
    landlordCode: varchar("landlord_code", { length: 10 }).notNull(),
    wsUser: varchar("ws_user", { length: 100 }).notNull(),
    wsPasswordEncrypted: text("ws_password_encrypted"),
    // aplicacion: str ≤ 50 in the XSD.
    application: varchar("application", { length: 50 })
      .notNull()
      .default("NidoSmart"),
    autoSend: boolean("auto_send").notNull().default(false),
    // Set by the SES sender when the ministry refuses the credentials (401, 10103, 10107…):
    // that account's queue stops until staff edit the account or press "reintentar".
    queueStoppedReason: text("queue_stopped_reason"),
    queueStoppedAt: timestamp("queue_stopped_at", { withTimezone: true }),
    // The last "Probar conexión" (by hand or after a save): when, whether TLS, the credentials
    // and the SOAP answer were right, and what staff were told (Spanish, no secret in it).
    connectionCheckedAt: timestamp("connection_checked_at", { withTimezone: true }),
    connectionOk: boolean("connection_ok"),
    connectionMessage: text("connection_message"),
    createdBy: text("created_by").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("landlord_accounts_landlord_code_idx").on(t.landlordCode),
  ],
);

export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 200 }).notNull(),
    address: varchar("address", { length: 300 }).notNull(),
    imageUrl: text("image_url"),
    // The registry's codigoEstablecimiento is a string of at most 10 characters.
    establishmentCode: varchar("establishment_code", { length: 10 }).notNull(),
    internetAvailable: boolean("internet_available").notNull().default(true),
    // Drives the UTC offset written in the police XML (the Canaries are one hour behind).
    timeZone: text("time_zone").notNull().default("Europe/Madrid"),
    // The SES account its filings go out with. NULL for properties created before accounts
    // existed (nothing is sent for them); an account in use cannot be deleted.
    landlordAccountId: uuid("landlord_account_id").references(
      () => landlordAccounts.id,
      { onDelete: "restrict" },
    ),
    createdBy: text("created_by").references(() => users.id, {
      onDelete: "set null",
    }),
    // Which police force its guest register goes to (ADR 0019). The province (INE, 2 digits)
    // decides by default: 08/17/25/43 Mossos d'Esquadra, 01/20/48 Ertzaintza, the rest SES.
    // NULL province: SES, as before the column existed.
    provinceCode: varchar("province_code", { length: 2 }),
    // Staff override of that default ("ses" | "mossos" | "ertzaintza"); NULL = follow the province.
    policeRecipientOverride: varchar("police_recipient_override", { length: 16 }),
    // The Mossos portal's establishment identifier ("Dades de l'establiment", 9-10 alphanumerics),
    // which names the bulk file and fills its type-1 line.
    mossosCode: varchar("mossos_code", { length: 10 }),
    // Registro Único de Arrendamientos (RD 1312/2024) and the regional tourist licence.
    nrua: varchar("nrua", { length: 64 }),
    regionalLicence: varchar("regional_licence", { length: 64 }),
    // The operator agreed to show both numbers in the public pages' structured data.
    publishRegistryNumbers: boolean("publish_registry_numbers").notNull().default(false),
    // "Exportar calendario (iCal)" (issue 28): the secret of /api/ical/<token>.ics, which a
    // channel reads to close the dates NidoSmart booked. NULL until staff create the link;
    // "Cambiar enlace" replaces it (the old URL is a 404 at once).
    calendarExportToken: varchar("calendar_export_token", { length: 64 }),
    // "Enlace de registro de la vivienda" (issue 28): the secret of /registro/<token>, one link
    // per property for the messages a channel sends for the host; a guest finds their own stay
    // there by its booking code. NULL until staff create it; "Cambiar enlace" replaces it.
    registrationLookupToken: varchar("registration_lookup_token", { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("properties_landlord_account_id_idx").on(t.landlordAccountId),
    uniqueIndex("properties_calendar_export_token_idx").on(t.calendarExportToken),
    uniqueIndex("properties_registration_lookup_token_idx").on(t.registrationLookupToken),
  ],
);

export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "restrict" }),
    propertyName: varchar("property_name", { length: 200 }).notNull(),
    guestCount: integer("guest_count").notNull(),
    checkInDate: date("check_in_date").notNull(),
    checkOutDate: date("check_out_date").notNull(),
    uniqueLink: varchar("unique_link", { length: 64 }).notNull(),
    // The reservation's public reference (ADR 0012): the contrato/referencia filed with the
    // ministry and the "Referencia" printed on the register. Not a secret, and never the link
    // (the link lets anyone holding it register the guests). 48 random bits in hex, made by
    // the database so every insert (and the backfill of existing rows) gets one.
    reference: varchar("reference", { length: 20 })
      .notNull()
      .default(sql`'NS-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))`),
    status: text("status").notNull().default("pending"),
    paymentType: varchar("payment_type", { length: 5 })
      .notNull()
      .default("EFECT"),
    contractDate: date("contract_date")
      .notNull()
      .default(sql`CURRENT_DATE`),
    rooms: integer("rooms").notNull().default(1),
    notes: text("notes"),
    // The holder of the booking (rol TI of the RH filing). NULL only on rows created before
    // the holder was asked for; every new or edited reservation has given name, first
    // surname and an e-mail or a phone. Lengths are the XSD's.
    holderGivenName: varchar("holder_given_name", { length: 50 }),
    holderFirstSurname: varchar("holder_first_surname", { length: 50 }),
    holderSecondSurname: varchar("holder_second_surname", { length: 50 }),
    holderEmail: varchar("holder_email", { length: 250 }),
    holderPhone: varchar("holder_phone", { length: 20 }),
    // The language the holder's e-mails are written in (es | en | fr | de | it | pt).
    holderLang: varchar("holder_lang", { length: 2 }).notNull().default("es"),
    // DNI | NIE | Pasaporte | Otro (as guests.document_type), with its number; both or neither.
    holderDocumentType: text("holder_document_type"),
    holderDocumentNumber: varchar("holder_document_number", { length: 15 }),
    // direct | airbnb | booking | other.
    bookingChannel: varchar("booking_channel", { length: 16 })
      .notNull()
      .default("direct"),
    // Set when staff cancel it: the row stays (shown "Cancelada", its link stops working).
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    // Set when the retention job deleted the guests' identity data and signatures (RD 933/2021:
    // three years after check-out); the reservation keeps only its counts and dates.
    guestDataPurgedAt: timestamp("guest_data_purged_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reservations_unique_link_idx").on(t.uniqueLink),
    uniqueIndex("reservations_reference_idx").on(t.reference),
    index("reservations_property_id_idx").on(t.propertyId),
    index("reservations_created_at_idx").on(t.createdAt.desc()),
  ],
);

export const guests = pgTable(
  "guests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reservationId: uuid("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    givenName: varchar("given_name", { length: 50 }).notNull(),
    firstSurname: varchar("first_surname", { length: 50 }).notNull(),
    secondSurname: varchar("second_surname", { length: 50 }),
    fullName: varchar("full_name", { length: 160 }).notNull(),
    sex: varchar("sex", { length: 1 }).notNull(),
    birthDate: date("birth_date").notNull(),
    nationality: varchar("nationality", { length: 3 }).notNull(),
    documentType: text("document_type"),
    documentNumber: varchar("document_number", { length: 15 }),
    documentSupport: varchar("document_support", { length: 9 }),
    phone: varchar("phone", { length: 20 }),
    email: varchar("email", { length: 250 }),
    addressStreet: varchar("address_street", { length: 100 }).notNull(),
    addressCountry: varchar("address_country", { length: 3 }).notNull(),
    addressProvince: varchar("address_province", { length: 100 }),
    addressMunicipalityCode: varchar("address_municipality_code", {
      length: 5,
    }),
    addressMunicipality: varchar("address_municipality", { length: 100 }),
    addressPostalCode: varchar("address_postal_code", { length: 20 }).notNull(),
    kinship: varchar("kinship", { length: 2 }),
    // The register's signature (RD 933/2021). Nullable: guests registered before signatures
    // existed have none. Drawn: a PNG data URL (at most 96 kB decoded, checked on the way in);
    // typed: the name the guest wrote instead, kept and shown as typed.
    signatureKind: text("signature_kind"),
    signatureImage: text("signature_image"),
    signatureTypedName: varchar("signature_typed_name", { length: 100 }),
    // The language the guest signed the declaration in (es | en | fr | de | it | pt), printed
    // above the signature in the register PDF; NULL for guests registered before it was kept.
    signatureLang: varchar("signature_lang", { length: 2 }),
    // For a guest under 14: the position of the adult of the same reservation who signed.
    signedByPosition: integer("signed_by_position"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("guests_reservation_position_idx").on(
      t.reservationId,
      t.position,
    ),
  ],
);

// Who looked at or exported a reservation's guest identity data, and when.
export const guestDataAccessLog = pgTable(
  "guest_data_access_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reservationId: uuid("reservation_id").notNull(),
    userId: text("user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    userEmail: text("user_email").notNull(),
    action: text("action").notNull(),
    // A correction: the names of the fields changed, never their values (kept past retention).
    changedFields: text("changed_fields").array(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("guest_data_access_log_reservation_idx").on(t.reservationId, t.at),
  ],
);

// ---------------------------------------------------------------- mail outbox

// Every e-mail the platform sends (ADR 0011). event_key is UNIQUE: the same event
// (guest-link:<reservation>:created, reminder:<reservation>:<check-in>, arrival-day:<date>) is
// queued once whatever the number of instances. status: pending → sending → sent, or failed
// after the last attempt; a row left in "sending" by a crash is reconciled (ADR 0011).
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventKey: text("event_key").notNull(),
    // guest-link | reminder | arrival-day
    kind: text("kind").notNull(),
    // The reservation a holder e-mail belongs to (deleted with it).
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "cascade" }),
    // A staff digest lists several reservations.
    aboutReservationIds: uuid("about_reservation_ids").array().notNull().default(sql`'{}'::uuid[]`),
    recipient: text("recipient").notNull(),
    lang: varchar("lang", { length: 2 }).notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    // The HTML alternative of the guest e-mails (NULL: plain text only, e.g. the staff list).
    htmlBody: text("html_body"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_event_key_idx").on(t.eventKey),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_reservation_idx").on(t.reservationId),
  ],
);

// ---------------------------------------------------------------- visits

// No cookie and no IP address: path, referrer host, time and a bot flag (DECISIONS.md).
export const pageVisits = pgTable(
  "page_visits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    pagePath: varchar("page_path", { length: 300 }).notNull(),
    referrerHost: varchar("referrer_host", { length: 255 }),
    isBot: boolean("is_bot").notNull().default(false),
    visitedAt: timestamp("visited_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [index("page_visits_visited_at_idx").on(t.visitedAt)],
);

// Daily per-page rollup (human visits only) so statistics stay fast with millions of rows.
export const pageVisitDaily = pgTable(
  "page_visit_daily",
  {
    visitDate: date("visit_date").notNull(),
    pagePath: varchar("page_path", { length: 300 }).notNull(),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.visitDate, t.pagePath] })],
);

// ---------------------------------------------------------------- rate limits

// A sliding-window log per key. Stored here, not in memory, so every app instance shares it.
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: varchar("key", { length: 200 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_events_key_idx").on(t.key, t.createdAt)],
);

// ---------------------------------------------------------------- devices

export const devices = pgTable("devices", {
  id: varchar("id", { length: 64 }).primaryKey(),
  name: varchar("name", { length: 120 }).notNull(),
  propertyId: uuid("property_id").references(() => properties.id, {
    onDelete: "set null",
  }),
  // scrypt hash of the device's shared secret; the secret itself never leaves the server.
  secretHash: text("secret_hash").notNull(),
  // A 4-byte key for the raw telemetry rows (ADR 0015): a varchar in a billion-row primary key
  // would double its index. Never reused, so a re-registered id does not inherit old readings.
  telemetryKey: integer("telemetry_key").generatedAlwaysAsIdentity().notNull().unique(),
  // When property_id last changed (registration included): readings from before it belong to
  // wherever the device was then, never to this property's incidents or report (issue 27).
  assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

// Changes the MQTT broker must learn about a device (MQTT_DYNSEC=on, ADR 0025): written in the
// transaction that registers, re-keys or deletes the device, removed once the broker has taken
// them, so a broker that cannot be reached at that moment (or a crash) is brought in line later.
// One row per device: a newer change replaces an older one (only the latest state matters).
export const brokerAccountChanges = pgTable("broker_account_changes", {
  deviceId: varchar("device_id", { length: 64 }).primaryKey(),
  // "sync": the device's account with this password and its own topics; "delete": no account.
  action: varchar("action", { length: 8 }).notNull(),
  // The device's new secret, the broker's password, in clear only until the broker has it (the
  // broker needs the clear text; the devices table keeps only the hash). Null for "delete".
  password: text("password"),
  // Bumped by every change: the worker's delete only succeeds when nothing changed meanwhile.
  seq: bigint("seq", { mode: "number" }).notNull().default(1),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
});

export const deviceCommands = pgTable(
  "device_commands",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deviceId: varchar("device_id", { length: 64 }).notNull(),
    reservationId: uuid("reservation_id"),
    command: varchar("command", { length: 32 }).notNull(),
    result: varchar("result", { length: 16 }).notNull(),
    error: text("error"),
    requestedAt: timestamp("requested_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [index("device_commands_device_idx").on(t.deviceId, t.requestedAt)],
);

// ---------------------------------------------------------------- SES outbox (ADR 0004)

// One filing with the ministry: an alta of a reservation (RH) or of the guest register (PV),
// or a cancellation (B) of an accepted one. The exact XML is stored with its sha256 before
// anything is sent, and every resend uses these bytes (WEB-SERVICE.md §3).
//   validating → queued | invalid;  queued → sending → sent → accepted | error;
//   sending → filed_unknown (the ministry answered "duplicate": filed, lote unknown);
//   queued/validating/invalid/error → dropped (cancelled before filing); accepted → annulled.
export const sesCommunications = pgTable(
  "ses_communications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // SET NULL: a deleted reservation's filings (and their B) stay for the record.
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    // Snapshot for staff once the reservation is gone ("Ático · 2026-12-01").
    reservationLabel: varchar("reservation_label", { length: 260 }).notNull(),
    landlordAccountId: uuid("landlord_account_id")
      .notNull()
      .references(() => landlordAccounts.id, { onDelete: "restrict" }),
    // RH | PV | B
    kind: varchar("kind", { length: 2 }).notNull(),
    // Who receives it (ADR 0018): "ses" (SES.HOSPEDAJES: lotes, polled, B to cancel) or
    // "ertzaintza" (A19 envioFicheroXML: synchronous, PV only, no B — a cancellation or
    // correction after acceptance is a police_tasks row). Same claims, lease and retries.
    recipient: varchar("recipient", { length: 12 }).notNull().default("ses"),
    // For B: the alta it cancels.
    targetId: uuid("target_id"),
    state: varchar("state", { length: 16 }).notNull(),
    xml: text("xml").notNull(),
    sha256: varchar("sha256", { length: 64 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // While "sending": who may take it over after a crash, and when (the client's timeout + margin).
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lote: varchar("lote", { length: 36 }),
    pollCount: integer("poll_count").notNull().default(0),
    nextPollAt: timestamp("next_poll_at", { withTimezone: true }),
    codigoComunicacion: varchar("codigo_comunicacion", { length: 36 }),
    // The ministry's literal text (or the XSD's) when it failed.
    errorText: text("error_text"),
    // Cancellation asked while the alta was in flight: a B follows its acceptance.
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    // The stored bytes may already have reached the ministry (a lost reply, a crash while
    // "sending"): only then is a 10121 answer to a resend read as "already filed" (ADR 0005).
    inDoubt: boolean("in_doubt").notNull().default(false),
    // The legal deadline (RD 933/2021 art. 6: 24 h).
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    // Set when the retention job emptied `xml` (the guests' identity data, ADR 0012); the state,
    // codes, lote and sha256 stay as the record of what was filed.
    documentPurgedAt: timestamp("document_purged_at", { withTimezone: true }),
  },
  (t) => [
    index("ses_communications_reservation_idx").on(t.reservationId),
    index("ses_communications_work_idx").on(t.state, t.nextAttemptAt),
    index("ses_communications_lote_idx").on(t.lote),
  ],
);

// Every exchange with the ministry, request and response as sent and received with the
// password masked (ses-client maskSecrets), for the Comunicaciones audit screen.
export const sesAttempts = pgTable(
  "ses_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    communicationId: uuid("communication_id"),
    landlordAccountId: uuid("landlord_account_id"),
    operation: varchar("operation", { length: 32 }).notNull(),
    lotes: text("lotes"),
    outcome: varchar("outcome", { length: 16 }).notNull(),
    message: text("message"),
    requestUrl: text("request_url").notNull(),
    requestHeaders: text("request_headers").notNull(),
    requestBody: text("request_body").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    durationMs: integer("duration_ms").notNull(),
    // Set when the retention job emptied both bodies (they carry the filed documents, ADR 0012).
    bodiesPurgedAt: timestamp("bodies_purged_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("ses_attempts_created_idx").on(t.createdAt.desc()), index("ses_attempts_communication_idx").on(t.communicationId)],
);

// An alert e-mail is sent once per event even with several instances: the key is inserted
// first (unique), and only the instance whose insert won sends.
export const sesAlerts = pgTable("ses_alerts", {
  key: varchar("key", { length: 120 }).primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  createdAt: createdAt(),
});

// RH sending per booking channel (an OTA may file it itself). No row = send.
export const sesChannelSettings = pgTable("ses_channel_settings", {
  channel: varchar("channel", { length: 16 }).primaryKey(),
  sendRh: boolean("send_rh").notNull().default(true),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- Ertzaintza A19 (ADR 0018)

// The signing certificate of a landlord account for the Ertzaintza's A19 web service (the
// owner's qualified certificate, WS-Security X.509 signature), one per account. The certificate
// and its private key are stored only as AES-256-GCM ciphertext under the same key as the SES
// passwords (ADR 0010), the account id as authenticated data; what staff see (subject, issuer,
// dates, fingerprint, tax id) is kept beside it in clear, because none of it is secret.
export const ertzaintzaCredentials = pgTable("ertzaintza_credentials", {
  landlordAccountId: uuid("landlord_account_id")
    .primaryKey()
    .references(() => landlordAccounts.id, { onDelete: "cascade" }),
  // cabecera/codigoArrendador: the lessor's CIF/NIF (≤ 10), which must match the certificate's
  // holder in the Department's user directory.
  lessorCode: varchar("lessor_code", { length: 10 }).notNull(),
  // v1.<key id>.<iv>.<tag>.<ciphertext> of {"certificatePem","privateKeyPem"}.
  certificateEncrypted: text("certificate_encrypted").notNull(),
  subject: text("subject").notNull(),
  issuer: text("issuer").notNull(),
  notBefore: timestamp("not_before", { withTimezone: true }).notNull(),
  notAfter: timestamp("not_after", { withTimezone: true }).notNull(),
  // SHA-256 of the DER, colon-separated hex, to tell two certificates apart.
  fingerprint: varchar("fingerprint", { length: 95 }).notNull(),
  // The holder's tax id as the certificate states it (serialNumber / organizationIdentifier).
  taxId: varchar("tax_id", { length: 20 }),
  // Set by the sender when the service refuses the signature or the user (403, PET08–PET10):
  // this account's Ertzaintza filings stop (its SES ones go on) until staff act.
  queueStoppedReason: text("queue_stopped_reason"),
  queueStoppedAt: timestamp("queue_stopped_at", { withTimezone: true }),
  // The last "Probar conexión" against the Ertzaintza.
  connectionCheckedAt: timestamp("connection_checked_at", { withTimezone: true }),
  connectionOk: boolean("connection_ok"),
  connectionMessage: text("connection_message"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- settings

// Values every instance must agree on without configuration, such as the session-signing secret.
export const appSettings = pgTable("app_settings", {
  key: varchar("key", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- Mossos d'Esquadra (ADR 0019)

// One bulk file ("fitxer massiu", V24) for the Mossos portal. Staff upload it by hand (the portal
// has no API) and tick it as uploaded with the portal's receipt. The daily file is unique per
// property and Madrid day, so every instance may run the 23:00 job and only one row wins.
export const mossosFiles = pgTable(
  "mossos_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A property can only be deleted once its reservations are; its files go with it.
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    // "daily" (the 23:00 job) | "on-demand" (staff)
    origin: varchar("origin", { length: 10 }).notNull(),
    // The Madrid day it covers (daily) or was made (on demand).
    day: date("day").notNull(),
    // NNN of {identificador}.{NNN}.txt: 1..999, then 1 again.
    sequence: integer("sequence").notNull(),
    fileName: varchar("file_name", { length: 40 }).notNull(),
    // The exact bytes offered for download, base64 (ISO-8859-1 or UTF-8 per MOSSOS_ENCODING).
    contentBase64: text("content_base64").notNull(),
    lineCount: integer("line_count").notNull(),
    reservationIds: uuid("reservation_ids").array().notNull(),
    // 24 h after the earliest stay start in the file (RD 933/2021 art. 6).
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    // What the portal's "comprovant d'enviament" says (its reference), typed by staff.
    receipt: varchar("receipt", { length: 120 }),
    // Not uploaded and no longer right (a stay in it was cancelled or corrected): never upload
    // it; its stays go into the next file.
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mossos_files_daily_idx").on(t.propertyId, t.day).where(sql`${t.origin} = 'daily'`),
    index("mossos_files_property_idx").on(t.propertyId, t.createdAt.desc()),
  ],
);

// What staff must do by hand on the Mossos portal: the file format has no cancel or modify
// record, so a cancellation or correction after upload is a task with the exact steps.
export const policeTasks = pgTable(
  "police_tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // "mossos-cancel" | "mossos-correct" | "mossos-invalid" | "ertzaintza-cancel" | "ertzaintza-correct"
    kind: varchar("kind", { length: 20 }).notNull(),
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "set null" }),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    fileId: uuid("file_id").references(() => mossosFiles.id, { onDelete: "set null" }),
    // Snapshot so the task still reads well once the reservation is gone.
    label: varchar("label", { length: 260 }).notNull(),
    steps: text("steps").notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: text("done_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("police_tasks_open_idx").on(t.doneAt, t.createdAt)],
);

// ---------------------------------------------------------------- telemetry (ADR 0015)

// Raw readings (`telemetry_readings`) and the one-minute rollup (`telemetry_minute`) are
// partitioned by time, which drizzle-kit cannot express: they are created by the custom
// migration `telemetry_partitioned` and typed in app/db/telemetry-tables.ts. The hourly rollup
// is small (24 rows per device per day) and the state is one row per device, so they are plain.

// One-hour rollup: every column is summable, so a late reading just adds to its bucket.
// LAeq of the bucket = 10·log10(laeq_energy / laeq_weight) (laeqFromEnergy).
export const telemetryHour = pgTable(
  "telemetry_hour",
  {
    deviceId: varchar("device_id", { length: 64 }).notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    readings: integer("readings").notNull(),
    /** Σ window_s of the readings: seconds of the hour actually covered (gaps = offline). */
    coveredS: integer("covered_s").notNull(),
    laeqEnergy: doublePrecision("laeq_energy"),
    laeqWeight: doublePrecision("laeq_weight"),
    lmax: real("lmax"),
    occupancyMax: smallint("occupancy_max"),
    occupancyWsum: doublePrecision("occupancy_wsum"),
    occupancyWeight: doublePrecision("occupancy_weight"),
    /** Readings whose flag was true. */
    motionCount: integer("motion_count").notNull(),
    doorOpenCount: integer("door_open_count").notNull(),
    smokeCount: integer("smoke_count").notNull(),
    tamperCount: integer("tamper_count").notNull(),
    sirenCount: integer("siren_count").notNull(),
    tempMin: real("temp_min"),
    tempMax: real("temp_max"),
    tempSum: doublePrecision("temp_sum"),
    tempN: integer("temp_n").notNull(),
    humidityMin: real("humidity_min"),
    humidityMax: real("humidity_max"),
    humiditySum: doublePrecision("humidity_sum"),
    humidityN: integer("humidity_n").notNull(),
    pressureSum: doublePrecision("pressure_sum"),
    pressureN: integer("pressure_n").notNull(),
    coMax: real("co_max"),
    coSum: doublePrecision("co_sum"),
    coN: integer("co_n").notNull(),
    lightMax: real("light_max"),
    lightSum: doublePrecision("light_sum"),
    lightN: integer("light_n").notNull(),
    batteryMin: smallint("battery_min"),
    rssiMin: smallint("rssi_min"),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.bucket] }), index("telemetry_hour_bucket_idx").on(t.bucket)],
);

// The latest known value of every field per device: the fleet view and the offline check read
// only this. A backlog (older ts) never overwrites a newer value.
export const deviceState = pgTable(
  "device_state",
  {
    deviceId: varchar("device_id", { length: 64 }).primaryKey(),
    /** ts of the newest reading stored (device clock). */
    lastTs: timestamp("last_ts", { withTimezone: true }).notNull(),
    /** When the server last stored a reading from it (server clock): the offline check. */
    lastReceivedAt: timestamp("last_received_at", { withTimezone: true }).notNull(),
    readingsTotal: bigint("readings_total", { mode: "number" }).notNull(),
    windowS: smallint("window_s"),
    laeq: real("laeq"),
    lmax: real("lmax"),
    occupancy: smallint("occupancy"),
    motion: boolean("motion"),
    doorOpen: boolean("door_open"),
    smoke: boolean("smoke"),
    tamper: boolean("tamper"),
    siren: boolean("siren"),
    lightLux: real("light_lux"),
    tempC: real("temp_c"),
    humidityPct: real("humidity_pct"),
    pressureHpa: real("pressure_hpa"),
    coPpm: real("co_ppm"),
    batteryPct: smallint("battery_pct"),
    rssiDbm: smallint("rssi_dbm"),
  },
  (t) => [index("device_state_received_idx").on(t.lastReceivedAt)],
);

// ---------------------------------------------------------------- anti-squatting (ADR 0021, 0022)

/** Binary columns (PDF, ZIP, signatures, time-stamp tokens) as Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// Vigilancia per property (ADR 0021). A property without a row has the defaults.
export const vigilanceSettings = pgTable("vigilance_settings", {
  propertyId: uuid("property_id")
    .primaryKey()
    .references(() => properties.id, { onDelete: "cascade" }),
  // Armed by itself when no stay is in progress.
  autoArm: boolean("auto_arm").notNull().default(true),
  // Minutes after the check-out time before the flat arms itself.
  graceMinutes: integer("grace_minutes").notNull().default(120),
  // The property's check-out time, "HH:MM" in its own time zone.
  checkoutTime: varchar("checkout_time", { length: 5 }).notNull().default("11:00"),
  // The intrusion score that raises the alarm (ADR 0021: 8–20, default 10).
  threshold: real("threshold").notNull().default(10),
  // Whether an alarm also sounds the NS-01's siren (MQTT `sirena`).
  sirenEnabled: boolean("siren_enabled").notNull().default(false),
  // When auto_arm was last switched on: an armed period cannot start before it.
  autoArmSince: timestamp("auto_arm_since", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// Staff arming or disarming a property by hand. Each holds until the next automatic change (a
// stay starting, or its check-out + grace) or the next manual one; kept as a log so the armed
// state at any past instant (the baseline's vacant hours, an episode's armed period) is known.
export const vigilanceManualEvents = pgTable(
  "vigilance_manual_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    // "armed" | "disarmed"
    state: varchar("state", { length: 10 }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    byName: varchar("by_name", { length: 200 }),
  },
  (t) => [index("vigilance_manual_events_property_idx").on(t.propertyId, t.at.desc())],
);

// A door opened by the door link of a valid reservation or by staff: the flat is disarmed for
// the length of the visit, which ends 2 minutes after the last presence followed by 15 minutes
// without any (ended_at, written once known), or after 8 hours.
export const vigilanceVisits = pgTable(
  "vigilance_visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    deviceId: varchar("device_id", { length: 64 }).notNull(),
    // "guest_link" | "staff"
    kind: varchar("kind", { length: 12 }).notNull(),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // Who, as shown later (a reservation reference or a staff name), kept if the row above goes.
    label: varchar("label", { length: 200 }).notNull(),
    deviceCommandId: bigint("device_command_id", { mode: "number" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("vigilance_visits_property_idx").on(t.propertyId, t.startedAt)],
);

// What a property's NS-01 learnt from its last 72 hours of vacancy: the normal of each hour of
// the week (ADR 0021). A new row each time it is recomputed; episodes keep the one they used.
export const vigilanceBaselines = pgTable(
  "vigilance_baselines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    deviceId: varchar("device_id", { length: 64 }).notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
    // The vacant hours it learnt from: how many, the first and the last.
    vacantHours: integer("vacant_hours").notNull(),
    windowFrom: timestamp("window_from", { withTimezone: true }),
    windowTo: timestamp("window_to", { withTimezone: true }),
    // When the 72nd vacant hour was complete; NULL while learning.
    readyAt: timestamp("ready_at", { withTimezone: true }),
    // BaselineProfile (vigilance.schema.ts): 24 hours of the day + hours of the week seen.
    profile: jsonb("profile").notNull(),
  },
  (t) => [index("vigilance_baselines_property_idx").on(t.propertyId, t.computedAt.desc())],
);

// One possible intrusion: opened when the score crossed the property's threshold, one open per
// property (the unique index makes the opening happen once however many instances evaluate).
export const intrusionEpisodes = pgTable(
  "intrusion_episodes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    deviceId: varchar("device_id", { length: 64 }).notNull(),
    // "open" | "closed"
    status: varchar("status", { length: 8 }).notNull().default("open"),
    firstAnomalyAt: timestamp("first_anomaly_at", { withTimezone: true }).notNull(),
    crossedAt: timestamp("crossed_at", { withTimezone: true }).notNull(),
    lastAnomalyAt: timestamp("last_anomaly_at", { withTimezone: true }).notNull(),
    peakScore: real("peak_score").notNull(),
    threshold: real("threshold").notNull(),
    // The armed period it happened in.
    armedSince: timestamp("armed_since", { withTimezone: true }),
    armedReason: varchar("armed_reason", { length: 300 }),
    baselineId: uuid("baseline_id").references(() => vigilanceBaselines.id, { onDelete: "set null" }),
    // Anomaly[] (vigilance.schema.ts), oldest first, at most 2,000.
    anomalies: jsonb("anomalies").notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedReason: varchar("closed_reason", { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("intrusion_episodes_open_idx").on(t.propertyId).where(sql`${t.status} = 'open'`),
    index("intrusion_episodes_property_idx").on(t.propertyId, t.crossedAt.desc()),
  ],
);

// The public keys that ever signed evidence, by id (ADR 0022): a report is verified against the
// key that signed it, also after the platform key changed. Never a private key.
export const evidenceKeys = pgTable("evidence_keys", {
  keyId: varchar("key_id", { length: 32 }).primaryKey(),
  publicKeyPem: text("public_key_pem").notNull(),
  firstUsedAt: timestamp("first_used_at", { withTimezone: true }).notNull().defaultNow(),
});

// A signed evidence report: the exact PDF and forensic ZIP bytes, their SHA-256, Ed25519
// signatures and RFC 3161 tokens. Never changed once written (except a token added later when
// the time-stamp authority was down at creation). The id is the public one of /verificar/{id}.
export const evidenceReports = pgTable(
  "evidence_reports",
  {
    id: uuid("id").primaryKey(),
    episodeId: uuid("episode_id").references(() => intrusionEpisodes.id, { onDelete: "set null" }),
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "set null" }),
    propertyName: varchar("property_name", { length: 200 }).notNull(),
    deviceId: varchar("device_id", { length: 64 }).notNull(),
    title: varchar("title", { length: 300 }).notNull(),
    periodFrom: timestamp("period_from", { withTimezone: true }).notNull(),
    periodTo: timestamp("period_to", { withTimezone: true }).notNull(),
    readingsCount: integer("readings_count").notNull(),
    peakScore: real("peak_score"),
    pdf: bytea("pdf").notNull(),
    pdfSha256: varchar("pdf_sha256", { length: 64 }).notNull(),
    pdfSignature: bytea("pdf_signature").notNull(),
    zip: bytea("zip").notNull(),
    zipSha256: varchar("zip_sha256", { length: 64 }).notNull(),
    zipSignature: bytea("zip_signature").notNull(),
    keyId: varchar("key_id", { length: 32 })
      .notNull()
      .references(() => evidenceKeys.keyId),
    pdfTimestampToken: bytea("pdf_timestamp_token"),
    pdfTimestampAt: timestamp("pdf_timestamp_at", { withTimezone: true }),
    zipTimestampToken: bytea("zip_timestamp_token"),
    zipTimestampAt: timestamp("zip_timestamp_at", { withTimezone: true }),
    tsaUrl: text("tsa_url"),
    tsaError: varchar("tsa_error", { length: 300 }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: varchar("created_by_name", { length: 200 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("evidence_reports_property_idx").on(t.propertyId, t.createdAt.desc()),
    index("evidence_reports_episode_idx").on(t.episodeId),
  ],
);

// A link that lets someone without an account (a lawyer, the police) open one report. Only the
// SHA-256 of its token is stored: the link is shown once, like a device secret.
export const evidenceShareLinks = pgTable(
  "evidence_share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reportId: uuid("report_id")
      .notNull()
      .references(() => evidenceReports.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    label: varchar("label", { length: 120 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedByName: varchar("revoked_by_name", { length: 200 }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: varchar("created_by_name", { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("evidence_share_links_token_idx").on(t.tokenHash), index("evidence_share_links_report_idx").on(t.reportId)],
);

// Every use of a share link, refused ones included (expired, revoked): when, what, from where.
export const evidenceShareViews = pgTable(
  "evidence_share_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => evidenceShareLinks.id, { onDelete: "cascade" }),
    // "view" | "pdf" | "zip" | "refused-expired" | "refused-revoked"
    action: varchar("action", { length: 20 }).notNull(),
    clientIp: varchar("client_ip", { length: 64 }),
    userAgent: varchar("user_agent", { length: 300 }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("evidence_share_views_link_idx").on(t.linkId, t.viewedAt.desc())],
);

// ---------------------------------------------------------------- webhooks (ADR 0023)

// An HTTPS (or HTTP) endpoint of a customer's system that receives the chosen events, signed per
// the Standard Webhooks specification. The signing secret is kept AES-256-GCM encrypted with the
// credentials key of ADR 0010 (the endpoint id as authenticated data); it is shown once.
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey(),
  url: text("url").notNull(),
  description: varchar("description", { length: 200 }).notNull().default(""),
  eventTypes: text("event_types").array().notNull(),
  enabled: boolean("enabled").notNull().default(true),
  secretEncrypted: text("secret_encrypted").notNull(),
  // After "Rotar secreto" the previous secret still signs (a second v1 signature) until this
  // time, so a receiver can switch without losing events.
  previousSecretEncrypted: text("previous_secret_encrypted"),
  previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
  secretRotatedAt: timestamp("secret_rotated_at", { withTimezone: true }),
  // The first failed attempt since the last successful one (NULL while healthy): the disabling
  // rule reads it, and it names the failure episode in the staff e-mail's event key.
  failingSince: timestamp("failing_since", { withTimezone: true }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  // Set when the endpoint was switched off, by staff or by the disabling rule (its reason).
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  disabledReason: text("disabled_reason"),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// One event, whatever the number of endpoints it goes to: `event_key` makes enqueueing
// idempotent across instances and retries, and `message_id` is the `webhook-id` header of every
// attempt to every endpoint. `payload` holds the exact body sent, so every retry is identical.
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: varchar("message_id", { length: 64 }).notNull(),
    eventKey: text("event_key").notNull(),
    type: varchar("type", { length: 40 }).notNull(),
    payload: text("payload").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_events_event_key_idx").on(t.eventKey),
    uniqueIndex("webhook_events_message_id_idx").on(t.messageId),
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

// The outbox: one row per (endpoint, event). pending → sending → delivered | pending (retry) |
// failed. Claimed with FOR UPDATE SKIP LOCKED and a lease, as the SES and mail outboxes.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 12 }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // Retries stop here (24 h after the event was queued; "Reenviar" sets it to the click, so a
    // manual resend is one attempt).
    retryUntil: timestamp("retry_until", { withTimezone: true }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_idx").on(t.endpointId, t.eventId),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt.desc()),
    index("webhook_deliveries_event_idx").on(t.eventId),
  ],
);

// Every attempt of a delivery with the receiver's answer: its status and a bounded excerpt of the
// body (WEBHOOK_RESPONSE_EXCERPT_BYTES), or why no answer came (refused address, timeout…).
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
    // The address actually connected to (after DNS resolution and the address check).
    remoteAddress: varchar("remote_address", { length: 64 }),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);

// ---------------------------------------------------------------- incidents (issue 20, ADR 0024)

// The incident rules of a property (IncidentRules, app/modules/incidents/incidents.schema.ts).
// A property without a row has DEFAULT_INCIDENT_RULES.
export const incidentRules = pgTable("incident_rules", {
  propertyId: uuid("property_id")
    .primaryKey()
    .references(() => properties.id, { onDelete: "cascade" }),
  // The preset the rules started from ("urban_flat", …) or "custom" once edited by hand.
  preset: varchar("preset", { length: 32 }).notNull(),
  rules: jsonb("rules").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// One incident per episode. Times named *_at without "opened" are readings' own time (the
// device clock); opened_at/escalated_at/closed_at are when the platform did it.
export const incidents = pgTable(
  "incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    deviceId: varchar("device_id", { length: 64 }).notNull(),
    // IncidentType: "noise" | "overcrowding" | "empty_presence" | "offline" | "smoke" | "co" | "tamper" | "intrusion"
    type: varchar("type", { length: 20 }).notNull(),
    // For noise: the time band ("day" | "evening" | "night") it started in.
    band: varchar("band", { length: 10 }),
    // "open" | "resolved" (readings back under the threshold) | "closed" (by staff, with a note)
    status: varchar("status", { length: 10 }).notNull().default("open"),
    // Reading time of the first reading of the episode, and of the last one over the threshold.
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastTriggerAt: timestamp("last_trigger_at", { withTimezone: true }).notNull(),
    // Reading time from which it counts as resolved (the start of the quiet stretch).
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    // Platform times.
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: text("closed_by").references(() => users.id, { onDelete: "set null" }),
    closeNote: varchar("close_note", { length: 2000 }),
    // "Reconocer" (issue 31): the first staff member who took it on; from then on no escalation.
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedBy: text("acknowledged_by").references(() => users.id, { onDelete: "set null" }),
    // What was measured: the threshold it crossed and the worst value (dB(A), people, ppm).
    threshold: real("threshold"),
    peakValue: real("peak_value"),
    // Overcrowding: the guests registered (or booked) for the stay in progress.
    registeredGuests: integer("registered_guests"),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    // false: opened and resolved by a backlog in the past, or stale on arrival — recorded, nobody told.
    notify: boolean("notify").notNull().default(true),
    // The readings that triggered it (IncidentReading[]), oldest first, at most 200.
    readings: jsonb("readings").notNull().default(sql`'[]'::jsonb`),
    // For "intrusion": the vigilance episode it stands for.
    intrusionEpisodeId: uuid("intrusion_episode_id").references(() => intrusionEpisodes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open episode per device and type: opening happens once however many instances evaluate.
    uniqueIndex("incidents_open_idx").on(t.deviceId, t.type).where(sql`${t.status} = 'open'`),
    index("incidents_property_idx").on(t.propertyId, t.startedAt.desc()),
    index("incidents_started_idx").on(t.startedAt.desc()),
  ],
);

// The timeline of an incident: what happened and what was sent, in order.
export const incidentEvents = pgTable(
  "incident_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    incidentId: uuid("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    // "opened" | "holder_notified" | "device_warned" | "escalated" | "staff_notified" | "resolved" | "closed" | "reopened"
    kind: varchar("kind", { length: 24 }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    // Free detail in Spanish for the timeline ("LAeq 71,2 dB(A) durante 10 min", a recipient…).
    detail: varchar("detail", { length: 500 }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("incident_events_incident_idx").on(t.incidentId, t.at)],
);

// The incidents engine's work queue (ADR 0024): one row per device with readings not yet
// evaluated. The ingest statement upserts it in the same statement that stores the readings
// (from_ts = LEAST, to_ts = GREATEST, seq + 1), so a crash after the commit never loses an
// evaluation; the worker claims rows (SKIP LOCKED, with a lease) and deletes a row only if its
// seq did not move while it evaluated.
export const incidentWork = pgTable("incident_work", {
  deviceId: varchar("device_id", { length: 64 }).primaryKey(),
  propertyId: uuid("property_id").notNull(),
  // Readings' own time (device clock), inclusive.
  fromTs: timestamp("from_ts", { withTimezone: true }).notNull(),
  toTs: timestamp("to_ts", { withTimezone: true }).notNull(),
  // Bumped by every batch: the worker's delete only succeeds when nothing arrived meanwhile.
  seq: bigint("seq", { mode: "number" }).notNull().default(1),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  // A worker's lease: another instance does not take the row before it expires.
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
});

// Channel calendars (issue 28, ADR 0026): one iCal feed of a property. The URL carries the
// channel's secret token (whoever holds it reads the property's bookings), so it is stored
// encrypted under the credentials key (AES-256-GCM, the feed's id as authenticated data) and
// only its masked form is ever shown or logged. The sync worker claims a due feed by setting
// `lease_until` (an UPDATE … WHERE the lease ran out, SKIP LOCKED): two instances never fetch one
// feed in the same round; `next_sync_at` is the next round (CALENDAR_SYNC_INTERVAL_S plus jitter).
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id").primaryKey(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    urlEncrypted: text("url_encrypted").notNull(),
    urlMasked: text("url_masked").notNull(),
    // The form's "Canal" (auto | airbnb | booking | vrbo | other) and the channel last read.
    channelSetting: varchar("channel_setting", { length: 16 }).notNull().default("auto"),
    channel: varchar("channel", { length: 16 }),
    // Conditional GET: a 304 to these is a successful sync that changes nothing.
    etag: text("etag"),
    lastModified: text("last_modified"),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    // ok | unchanged | error; last_error is the Spanish message; failing_since the first failure
    // since the last success (NULL while healthy).
    lastResult: varchar("last_result", { length: 16 }),
    lastError: text("last_error"),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    // "N reservas · M bloqueos" of the last successful read.
    staysCount: integer("stays_count").notNull().default(0),
    blocksCount: integer("blocks_count").notNull().default(0),
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("calendar_feeds_property_id_idx").on(t.propertyId), index("calendar_feeds_next_sync_at_idx").on(t.nextSyncAt)],
);

// A reservation imported from a feed: which event it came from (the last UID seen), the
// channel's booking code and phone digits when the feed gives them, the consecutive successful
// syncs it was missing from (cancelled at the second while still ahead) and the staff's mark
// "No es una reserva" (a Booking.com closure: kept so it is never imported again). The unique
// indexes make a sync that crashed and ran again unable to import one stay twice.
export const calendarStays = pgTable(
  "calendar_stays",
  {
    reservationId: uuid("reservation_id")
      .primaryKey()
      .references(() => reservations.id, { onDelete: "cascade" }),
    feedId: uuid("feed_id")
      .notNull()
      .references(() => calendarFeeds.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id").notNull(),
    channel: varchar("channel", { length: 16 }).notNull(),
    uid: text("uid").notNull(),
    bookingCode: varchar("booking_code", { length: 40 }),
    phoneLast4: varchar("phone_last4", { length: 4 }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    missedSyncs: integer("missed_syncs").notNull().default(0),
    notReservation: boolean("not_reservation").notNull().default(false),
  },
  (t) => [
    uniqueIndex("calendar_stays_feed_uid_idx").on(t.feedId, t.uid),
    uniqueIndex("calendar_stays_booking_code_idx").on(t.propertyId, t.channel, t.bookingCode).where(sql`${t.bookingCode} is not null`),
  ],
);

// ---------------------------------------------------------------- web push (issue 31, ADR 0027)

// A browser of a staff user that accepted push notifications ("Mis avisos"). The endpoint is the
// push service's URL for that browser (unique: subscribing again replaces the keys); p256dh and
// auth are the browser's keys that encrypt each message (RFC 8291). A push service answering
// 404/410 deletes the row (and its queued messages, cascade).
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: varchar("p256dh", { length: 100 }).notNull(),
    auth: varchar("auth", { length: 40 }).notNull(),
    // What the user sees in "Mis avisos": browser and system from the User-Agent ("Chrome en Android").
    label: varchar("label", { length: 100 }).notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

// The push outbox: one row per subscription and incident event (`event_key`, e.g.
// incident:{id}:escalated), queued in the transaction of the step, unique so nothing is queued
// twice. The sender of each instance claims due rows with FOR UPDATE SKIP LOCKED and a lease
// (claimed_until), so two instances never send one row at once; retries back off until
// expires_at (created + TTL), after which the message would be dropped by the push service anyway.
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventKey: varchar("event_key", { length: 120 }).notNull(),
    incidentId: uuid("incident_id").references(() => incidents.id, { onDelete: "cascade" }),
    // The notification's JSON (title, body, url, incidentId), encrypted at each attempt.
    payload: jsonb("payload").notNull(),
    // "high" for smoke, CO and intrusion; else "normal" (RFC 8030 Urgency).
    urgency: varchar("urgency", { length: 10 }).notNull(),
    ttlSeconds: integer("ttl_seconds").notNull(),
    // "pending" | "sent" | "failed" (gave up: TTL passed or a permanent answer)
    status: varchar("status", { length: 10 }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_outbox_subscription_event_idx").on(t.subscriptionId, t.eventKey),
    index("push_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
