-- Roster import (issue 31). A member's department and student number live on the person (one
-- organization at a time); an invitation carries the ones the roster gave until it is accepted.
ALTER TABLE users ADD COLUMN department_id uuid REFERENCES departments (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN student_number text;
ALTER TABLE organization_invitations ADD COLUMN department_id uuid REFERENCES departments (id) ON DELETE SET NULL;
ALTER TABLE organization_invitations ADD COLUMN student_number text;

-- One uploaded roster file: its parsed rows with what each will do (the preview), kept here
-- rather than sent back and forth through the form, then the job that applies them.
CREATE TABLE roster_imports (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
	status text NOT NULL DEFAULT 'preview' CHECK (status IN ('preview', 'running', 'done', 'failed')),
	file_name text NOT NULL,
	rows jsonb NOT NULL,
	counts jsonb NOT NULL,
	result jsonb,
	error text,
	created_at timestamptz NOT NULL DEFAULT now(),
	started_at timestamptz,
	finished_at timestamptz
);

CREATE INDEX roster_imports_organization_idx ON roster_imports (organization_id, created_at DESC);
