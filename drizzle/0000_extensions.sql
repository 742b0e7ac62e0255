-- drizzle-kit does not emit CREATE EXTENSION. pg_trgm backs the admin's lead search indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
