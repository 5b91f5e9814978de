-- Issue 29: "Where you are signed in". Each sign-in keeps the device it was made on (the
-- browser's user agent and address, as the app vouches for them) and when it was last used (its
-- last refresh), so its owner can recognise it and end it.
ALTER TABLE auth_sessions
	ADD COLUMN user_agent text NOT NULL DEFAULT '',
	ADD COLUMN ip_address text NOT NULL DEFAULT '',
	ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
