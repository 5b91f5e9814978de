-- Just enough of courses for "a tutor's students"; the course work extends these tables.
CREATE TABLE courses (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	tutor_id uuid REFERENCES users (id) ON DELETE SET NULL,
	organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL,
	title text NOT NULL,
	is_published boolean NOT NULL DEFAULT false,
	created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX courses_tutor_id_idx ON courses (tutor_id);
CREATE INDEX courses_organization_id_idx ON courses (organization_id);

CREATE TABLE enrollments (
	course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
	student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (course_id, student_id)
);

CREATE INDEX enrollments_student_id_idx ON enrollments (student_id);
