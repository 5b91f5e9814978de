-- QA templates (multiple-choice tests) and the attempts students make at them.
CREATE TABLE qa_templates (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	title text NOT NULL,
	description text,
	-- Minutes (spec section 9: test time in seconds is timeLimit x 60).
	time_limit integer NOT NULL CHECK (time_limit BETWEEN 1 AND 600),
	is_active boolean NOT NULL DEFAULT false,
	-- [{ id, questionText, options: [{ id, text, isCorrect }] }]: always read and written whole.
	questions jsonb NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX qa_templates_created_by_idx ON qa_templates (created_by, created_at DESC);
CREATE INDEX qa_templates_active_idx ON qa_templates (is_active, created_at DESC);

-- One attempt at a template. The questions are copied in, so an attempt and its history survive
-- the template being deleted or changed. The deadline is the server's: the client only shows it.
CREATE TABLE test_attempts (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	template_id uuid REFERENCES qa_templates (id) ON DELETE SET NULL,
	student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	template_title text NOT NULL,
	questions jsonb NOT NULL,
	time_limit integer NOT NULL,
	started_at timestamptz NOT NULL DEFAULT now(),
	deadline timestamptz NOT NULL,
	-- { "<questionId>": <optionId> } and [<questionId>], as last saved.
	answers jsonb NOT NULL DEFAULT '{}'::jsonb,
	flagged jsonb NOT NULL DEFAULT '[]'::jsonb,
	answers_saved_at timestamptz,
	status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'submitted', 'expired')),
	closed_at timestamptz,
	score integer,
	total_questions integer
);

-- At most one open attempt per student and template: a second start resumes it.
CREATE UNIQUE INDEX test_attempts_open_idx ON test_attempts (student_id, template_id)
	WHERE status = 'in_progress';
CREATE INDEX test_attempts_student_idx ON test_attempts (student_id, started_at DESC);

CREATE TABLE test_history (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	attempt_id uuid NOT NULL UNIQUE REFERENCES test_attempts (id) ON DELETE CASCADE,
	student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	template_id uuid REFERENCES qa_templates (id) ON DELETE SET NULL,
	template_title text NOT NULL,
	score integer NOT NULL,
	total_questions integer NOT NULL,
	status text NOT NULL CHECK (status IN ('submitted', 'expired')),
	started_at timestamptz NOT NULL,
	completed_at timestamptz NOT NULL
);

CREATE INDEX test_history_student_idx ON test_history (student_id, completed_at DESC);
