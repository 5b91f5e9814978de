-- Password reset and email verification links: single use, short-lived; only a SHA-256 hash of
-- each token is kept, so a leaked table opens nothing.
CREATE TABLE account_tokens (
	token_hash text PRIMARY KEY,
	purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_verification')),
	account_type text NOT NULL CHECK (account_type IN ('user', 'organization')),
	account_id uuid NOT NULL,
	-- The address the link was sent to: verifying it confirms that one (a new email after a change).
	email text NOT NULL,
	expires_at timestamptz NOT NULL,
	used_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX account_tokens_account_idx ON account_tokens (account_type, account_id, purpose);

-- Accounts made before verification existed, and the seeded demo accounts, count as verified;
-- sign-ups set NULL until their link is followed.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz DEFAULT now();
ALTER TABLE organizations ADD COLUMN email_verified_at timestamptz DEFAULT now();

-- Which notification mails a person wants: { "<kind>": false } turns one off; absent means on.
ALTER TABLE users ADD COLUMN notification_preferences jsonb NOT NULL DEFAULT '{}'::jsonb;
