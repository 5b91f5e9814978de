-- Issue 28, big schools. Catalogue search is ILIKE '%…%' over titles, descriptions and teacher
-- names: trigram indexes serve it, so it stays flat as courses grow (PGlite loads pg_trgm in
-- db.ts; on PostgreSQL it is a trusted extension the database owner may create).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX courses_title_trgm_idx ON courses USING gin (title gin_trgm_ops);
CREATE INDEX courses_description_trgm_idx ON courses USING gin (description gin_trgm_ops);
CREATE INDEX users_full_name_trgm_idx ON users USING gin ((first_name || ' ' || last_name) gin_trgm_ops);

-- A page of an organization's students by name (score grid, result cards), without a sort of all.
CREATE INDEX users_organization_name_idx ON users (organization_id, last_name, first_name, id);

-- Each term's subjects (DISTINCT term, subject) from the index alone; it covers the old one.
CREATE INDEX scores_organization_term_subject_idx ON scores (organization_id, term, subject);
DROP INDEX scores_organization_term_idx;

-- The order terms were first used in: one probe per term for its earliest score.
CREATE INDEX scores_organization_term_created_idx ON scores (organization_id, term, created_at);
