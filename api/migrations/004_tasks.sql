-- Tasks set in a course by its tutor, and each student's one submission per task. A submission's
-- status is not stored: Graded once graded, else Late when it came in after the task's due date
-- (so moving the due date re-judges it), else Submitted; Pending is an enrolled student without one.
CREATE TABLE tasks (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
	created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	title text NOT NULL,
	description text,
	task_type text NOT NULL CHECK (task_type IN ('assignment', 'homework', 'project', 'quiz', 'essay')),
	due_date timestamptz NOT NULL,
	-- After end_date no (late) submission is accepted; null keeps late submissions open.
	end_date timestamptz,
	attachment_key text,
	attachment_name text,
	attachment_type text,
	attachment_size integer,
	is_deleted boolean NOT NULL DEFAULT false,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	CHECK (end_date IS NULL OR end_date >= due_date)
);

CREATE INDEX tasks_course_id_idx ON tasks (course_id) WHERE NOT is_deleted;
CREATE INDEX tasks_created_by_idx ON tasks (created_by, due_date) WHERE NOT is_deleted;

CREATE TABLE task_submissions (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	file_key text NOT NULL,
	file_name text NOT NULL,
	file_type text NOT NULL,
	file_size integer NOT NULL,
	comment text,
	submitted_at timestamptz NOT NULL DEFAULT now(),
	grade integer CHECK (grade BETWEEN 0 AND 100),
	feedback text,
	graded_at timestamptz,
	CONSTRAINT task_submissions_task_student_key UNIQUE (task_id, student_id),
	CHECK ((grade IS NULL) = (graded_at IS NULL))
);

CREATE INDEX task_submissions_student_id_idx ON task_submissions (student_id);
