-- Live rooms (classroom and whiteboard) of a course: who may join, the chat, and the shared
-- whiteboard document as a log of Yjs updates (compacted into one snapshot from time to time).
CREATE TABLE rooms (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
	owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	kind text NOT NULL CHECK (kind IN ('classroom', 'whiteboard')),
	title text NOT NULL,
	ended_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX rooms_course_id_idx ON rooms (course_id);

CREATE TABLE room_invites (
	room_id uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
	user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (room_id, user_id)
);

CREATE INDEX room_invites_user_id_idx ON room_invites (user_id);

CREATE TABLE room_messages (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	room_id uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
	author_id uuid REFERENCES users (id) ON DELETE SET NULL,
	body text NOT NULL,
	created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE INDEX room_messages_room_id_idx ON room_messages (room_id, created_at);

CREATE TABLE room_board_updates (
	id bigserial PRIMARY KEY,
	room_id uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
	update bytea NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX room_board_updates_room_id_idx ON room_board_updates (room_id, id);

-- Single-use, short-lived tickets: a page gets one with the user's bearer token and opens the
-- socket with it, so the access token never reaches browser JavaScript.
CREATE TABLE room_tickets (
	ticket_hash text PRIMARY KEY,
	room_id uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
	user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	expires_at timestamptz NOT NULL
);
