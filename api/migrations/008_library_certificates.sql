-- Library, announcements, certificates and report cards (issue 8).

-- A study resource: a stored file or an external link, never both.
CREATE TABLE resources (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	tutor_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	title text NOT NULL,
	description text,
	subject text NOT NULL,
	resource_type text NOT NULL CHECK (resource_type IN ('document', 'video', 'worksheet', 'slides', 'link', 'other')),
	file_key text,
	file_name text,
	file_type text,
	file_size integer,
	url text,
	created_at timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT resources_file_or_link CHECK ((file_key IS NULL) <> (url IS NULL))
);

CREATE INDEX resources_created_at_idx ON resources (created_at DESC);
CREATE INDEX resources_subject_idx ON resources (lower(subject));
CREATE INDEX resources_tutor_id_idx ON resources (tutor_id);

-- Written by a tutor for one of their courses, or by an organization for all its students.
CREATE TABLE announcements (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	author_id uuid NOT NULL,
	author_type text NOT NULL CHECK (author_type IN ('tutor', 'organization')),
	author_name text NOT NULL,
	course_id uuid REFERENCES courses (id) ON DELETE CASCADE,
	organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
	title text NOT NULL,
	body text NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT announcements_one_audience CHECK ((course_id IS NULL) <> (organization_id IS NULL))
);

CREATE INDEX announcements_course_id_idx ON announcements (course_id, created_at DESC);
CREATE INDEX announcements_organization_id_idx ON announcements (organization_id, created_at DESC);
CREATE INDEX announcements_author_idx ON announcements (author_type, author_id, created_at DESC);

-- Read receipts: a row means the student has opened the announcement.
CREATE TABLE announcement_reads (
	announcement_id uuid NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
	student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	read_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (announcement_id, student_id)
);

-- One certificate per student and course. Names and titles are kept as issued, so a later
-- rename does not change what a printed certificate says. public_id is random and unguessable:
-- it is what the verification link and the QR code carry.
CREATE TABLE certificates (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	public_id text NOT NULL,
	course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
	student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	issued_by_id uuid NOT NULL,
	issued_by_type text NOT NULL CHECK (issued_by_type IN ('tutor', 'organization')),
	student_name text NOT NULL,
	student_email text NOT NULL,
	course_title text NOT NULL,
	issuer_name text NOT NULL,
	issued_at timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT certificates_public_id_key UNIQUE (public_id),
	CONSTRAINT certificates_course_student_key UNIQUE (course_id, student_id)
);

CREATE INDEX certificates_student_id_idx ON certificates (student_id, issued_at DESC);

-- A teacher's report for one student in one course: an overall score, graded components and
-- comments. Also verifiable by a public id.
CREATE TABLE report_cards (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	public_id text NOT NULL,
	course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
	student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	author_id uuid NOT NULL,
	author_type text NOT NULL CHECK (author_type IN ('tutor', 'organization')),
	author_name text NOT NULL,
	score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
	components jsonb NOT NULL DEFAULT '[]'::jsonb,
	comments text,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT report_cards_public_id_key UNIQUE (public_id),
	CONSTRAINT report_cards_course_student_key UNIQUE (course_id, student_id)
);

CREATE INDEX report_cards_student_id_idx ON report_cards (student_id);
