-- Issue 31: reminders (decision 038). One row per reminder given: a session's start to each of its
-- students (a day and an hour before), a task's due time to each student who has not submitted, a
-- submission left ungraded to its teacher. The key is the event, so however many API processes
-- sweep, a reminder is given once; a session moved to another time is a new event.
CREATE TABLE reminders (
	kind text NOT NULL CHECK (kind IN ('session_day', 'session_hour', 'task_due', 'ungraded')),
	subject_id uuid NOT NULL,
	recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	event_at timestamptz NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (kind, subject_id, recipient_id, event_at)
);

CREATE INDEX reminders_recipient_idx ON reminders (recipient_id, event_at);

-- The zone a person's reminders are written in: their browser's, as the app saw it at their last
-- login. Null until then (a session's reminder then uses the session's own zone, a task's UTC).
ALTER TABLE users ADD COLUMN time_zone text;
