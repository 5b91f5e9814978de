-- A big term's CSV file made in the background (issue 28, decision 046): the job, its counts and,
-- once done, the key of the file in the API's storage (local files or S3).
CREATE TABLE export_jobs (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
	kind text NOT NULL CHECK (kind IN ('scores', 'result-cards')),
	term text NOT NULL,
	status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
	students integer NOT NULL DEFAULT 0,
	file_key text,
	file_name text,
	bytes integer,
	error text,
	created_at timestamptz NOT NULL DEFAULT now(),
	started_at timestamptz,
	finished_at timestamptz
);

-- One job under way per organization, kind and term: a second click or tab gets the same job.
CREATE UNIQUE INDEX export_jobs_one_under_way ON export_jobs (organization_id, kind, term)
	WHERE status IN ('queued', 'running');
CREATE INDEX export_jobs_organization_idx ON export_jobs (organization_id, created_at DESC);
CREATE INDEX export_jobs_finished_idx ON export_jobs (finished_at);

-- A calendar feed's last answer, as a fingerprint of its sessions, and when it last changed: its
-- ETag and Last-Modified, so that a calendar app polling hourly gets 304 Not Modified (issue 28).
ALTER TABLE calendar_feeds ADD COLUMN version text;
ALTER TABLE calendar_feeds ADD COLUMN version_changed_at timestamptz;
