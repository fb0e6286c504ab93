-- Trigram matching, so the admin's substring search over titles and excerpts (ILIKE '%text%') can use an index.
-- pg_trgm is a trusted extension: a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
