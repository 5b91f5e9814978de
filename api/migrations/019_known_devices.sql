-- Issue 29: a sign-in from a device the account has not used before (a user agent and address
-- pair, kept only as a hash) mails the account, so a stranger's sign-in does not go unnoticed.
CREATE TABLE known_devices (
	account_type text NOT NULL CHECK (account_type IN ('user', 'organization')),
	account_id uuid NOT NULL,
	fingerprint text NOT NULL,
	first_seen_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (account_type, account_id, fingerprint)
);
