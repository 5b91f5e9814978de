-- A sign-in is a session: its refresh tokens rotate on each use and its access tokens name it
-- (`sid`), so logging out, or a refresh token used twice, ends every token of it at once.
CREATE TABLE auth_sessions (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	account_id uuid NOT NULL,
	account_type text NOT NULL CHECK (account_type IN ('user', 'organization')),
	created_at timestamptz NOT NULL DEFAULT now(),
	expires_at timestamptz NOT NULL,
	revoked_at timestamptz
);

CREATE INDEX auth_sessions_account_idx ON auth_sessions (account_type, account_id);

-- Tokens from before sessions belong to none: those sign-ins end, and their users sign in again.
UPDATE refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL;

ALTER TABLE refresh_tokens
	ADD COLUMN session_id uuid REFERENCES auth_sessions (id) ON DELETE CASCADE,
	ADD COLUMN used_at timestamptz;

CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);
