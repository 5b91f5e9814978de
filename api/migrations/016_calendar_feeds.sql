-- Issue 19: each student's and teacher's private calendar feed. The feed's address is its id plus
-- an HMAC of it under the API's secret, so this table alone cannot make a working address; a reset
-- replaces the id, and the old address stops working at once.
CREATE TABLE calendar_feeds (
	user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
	feed_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
	created_at timestamptz NOT NULL DEFAULT now()
);

-- RFC 5545's SEQUENCE: how many times a session was changed or cancelled since it was planned,
-- so calendar apps take the newer version of an event over the one they hold.
ALTER TABLE schedules ADD COLUMN sequence integer NOT NULL DEFAULT 0;
