-- Organizations run departments and record scores for their students (result cards, analytics).
CREATE TABLE departments (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
	department_name text NOT NULL,
	description text,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);

-- One name per organization, whatever its letter case.
CREATE UNIQUE INDEX departments_organization_name_key ON departments (organization_id, lower(department_name));

-- One score per student, subject and term; a correction replaces it.
CREATE TABLE scores (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
	student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	subject text NOT NULL,
	term text NOT NULL,
	score numeric(5, 2) NOT NULL CHECK (score >= 0 AND score <= 100),
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT scores_student_subject_term_key UNIQUE (student_id, subject, term)
);

CREATE INDEX scores_organization_term_idx ON scores (organization_id, term);
