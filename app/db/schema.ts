import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

// One schema for every entity of both specification documents. SQL names are snake_case;
// the better-auth tables keep the TypeScript keys that its adapter expects.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
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
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
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
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    contactedAt: timestamp("contacted_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("contact_submissions_submitted_at_idx").on(t.submittedAt.desc(), t.id),
    index("contact_submissions_status_idx").on(t.status, t.submittedAt.desc()),
    index("contact_submissions_priority_idx").on(t.priority, t.submittedAt.desc()),
    // Trigram indexes make the admin's case-insensitive substring search fast at 100k+ rows.
    index("contact_submissions_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("contact_submissions_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    index("contact_submissions_company_trgm_idx").using("gin", sql`lower(${t.company}) gin_trgm_ops`),
    index("contact_submissions_phone_trgm_idx").using("gin", sql`${t.phone} gin_trgm_ops`),
  ],
);

// ---------------------------------------------------------------- properties, reservations, guests

export const properties = pgTable("properties", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: varchar("name", { length: 200 }).notNull(),
  address: varchar("address", { length: 300 }).notNull(),
  imageUrl: text("image_url"),
  // The registry's codigoEstablecimiento is a string of at most 10 characters.
  establishmentCode: varchar("establishment_code", { length: 10 }).notNull(),
  internetAvailable: boolean("internet_available").notNull().default(true),
  // Drives the UTC offset written in the police XML (the Canaries are one hour behind).
  timeZone: text("time_zone").notNull().default("Europe/Madrid"),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
    status: text("status").notNull().default("pending"),
    paymentType: varchar("payment_type", { length: 5 }).notNull().default("EFECT"),
    contractDate: date("contract_date").notNull().default(sql`CURRENT_DATE`),
    rooms: integer("rooms").notNull().default(1),
    notes: text("notes"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reservations_unique_link_idx").on(t.uniqueLink),
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
    addressMunicipalityCode: varchar("address_municipality_code", { length: 5 }),
    addressMunicipality: varchar("address_municipality", { length: 100 }),
    addressPostalCode: varchar("address_postal_code", { length: 20 }).notNull(),
    kinship: varchar("kinship", { length: 2 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("guests_reservation_position_idx").on(t.reservationId, t.position)],
);

// Who looked at or exported a reservation's guest identity data, and when.
export const guestDataAccessLog = pgTable(
  "guest_data_access_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reservationId: uuid("reservation_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    action: text("action").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("guest_data_access_log_reservation_idx").on(t.reservationId, t.at)],
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
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull().defaultNow(),
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
  propertyId: uuid("property_id").references(() => properties.id, { onDelete: "set null" }),
  // scrypt hash of the device's shared secret; the secret itself never leaves the server.
  secretHash: text("secret_hash").notNull(),
  createdAt: createdAt(),
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
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("device_commands_device_idx").on(t.deviceId, t.requestedAt)],
);

// ---------------------------------------------------------------- settings

// Values every instance must agree on without configuration, such as the session-signing secret.
export const appSettings = pgTable("app_settings", {
  key: varchar("key", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});
