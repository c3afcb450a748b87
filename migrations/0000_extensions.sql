-- Trigram matching for search (names, usernames, post text). Available on PGlite (contrib) and Debian's Postgres.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
