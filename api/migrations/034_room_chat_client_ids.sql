-- Issue 42 (decision 062): a room page keeps a chat message it sent until the server acknowledges
-- it, and sends it again after a lost connection. The page's own id for the message makes the
-- second send find the stored one instead of storing it twice.
ALTER TABLE room_messages ADD COLUMN client_id TEXT;

CREATE UNIQUE INDEX room_messages_client_id ON room_messages (room_id, author_id, client_id)
	WHERE client_id IS NOT NULL;
