-- Class sessions of a course and their attendance. A session keeps the date, start time and time
-- zone its teacher entered (the truth, shown back on edit) and the instants computed from them
-- (for ordering, ranges and "has it ended"). Completed is never stored: it is read from ends_at.
CREATE TABLE schedules (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
	tutor_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	title text NOT NULL,
	description text,
	scheduled_date text NOT NULL CHECK (scheduled_date ~ '^\d{4}-\d{2}-\d{2}$'),
	start_time text NOT NULL CHECK (start_time ~ '^([01]\d|2[0-3]):[0-5]\d$'),
	duration integer NOT NULL CHECK (duration BETWEEN 1 AND 1440),
	time_zone text NOT NULL,
	starts_at timestamptz NOT NULL,
	ends_at timestamptz NOT NULL,
	status text NOT NULL DEFAULT 'Scheduled' CHECK (status IN ('Scheduled', 'Cancelled')),
	cancelled_at timestamptz,
	-- The live classroom room of the session, once rooms are attached (no foreign key: rooms
	-- arrive in a later migration).
	room_id uuid,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX schedules_tutor_id_starts_at_idx ON schedules (tutor_id, starts_at);
CREATE INDEX schedules_course_id_starts_at_idx ON schedules (course_id, starts_at);

-- One status per student per session; recording again corrects it.
CREATE TABLE schedule_attendance (
	schedule_id uuid NOT NULL REFERENCES schedules (id) ON DELETE CASCADE,
	student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	attendance_status text NOT NULL CHECK (attendance_status IN ('Present', 'Absent', 'Late', 'Excused')),
	recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
	recorded_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (schedule_id, student_id)
);

CREATE INDEX schedule_attendance_student_id_idx ON schedule_attendance (student_id);
