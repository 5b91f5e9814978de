-- Mail leaves through this queue (docs/decisions/023): the action that causes a mail only adds a
-- row, in the database the API already has, and a worker sends it, retrying with backoff. An
-- action never waits for a mail server, and a mail server that is down loses nothing.
CREATE TABLE mail_outbox (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	kind text NOT NULL,
	to_address text NOT NULL,
	subject text NOT NULL,
	text_body text NOT NULL,
	html_body text NOT NULL,
	-- pending: waiting for (another) attempt; sent: handed to SMTP or kept in the local outbox;
	-- failed: refused for good, or out of attempts.
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
	attempts integer NOT NULL DEFAULT 0,
	next_attempt_at timestamptz NOT NULL DEFAULT now(),
	-- A worker that claimed the mail holds it until then; a crashed worker's claim runs out.
	locked_until timestamptz,
	last_error text,
	-- 'smtp', or 'outbox' when no SMTP_URL is set (the mail is read on the API's dev outbox page).
	delivered_by text,
	sent_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);
