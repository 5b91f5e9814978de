-- Issue 40 (decision 063): the interface in the school's language. A person's own language, an
-- organization's default for its members (and its own pages), a course's own. NULL: not chosen,
-- the next source decides (course, person, organization, the browser).
ALTER TABLE users ADD COLUMN locale text CHECK (locale IN ('en', 'es', 'fr', 'ar'));
ALTER TABLE organizations ADD COLUMN default_locale text CHECK (default_locale IN ('en', 'es', 'fr', 'ar'));
ALTER TABLE courses ADD COLUMN locale text CHECK (locale IN ('en', 'es', 'fr', 'ar'));
