-- Issue 29: two-factor sign-in (TOTP, RFC 6238). One row per account that has started enrolment:
-- `enabled_at` null while the secret waits for its first code. `last_time_step` is the time step of
-- the last code accepted, so no code is accepted twice. Recovery codes are kept hashed, each once.
CREATE TABLE two_factor (
	account_type text NOT NULL CHECK (account_type IN ('user', 'organization')),
	account_id uuid NOT NULL,
	secret text NOT NULL,
	enabled_at timestamptz,
	last_time_step bigint,
	PRIMARY KEY (account_type, account_id)
);

CREATE TABLE recovery_codes (
	account_type text NOT NULL CHECK (account_type IN ('user', 'organization')),
	account_id uuid NOT NULL,
	code_hash text NOT NULL,
	used_at timestamptz,
	PRIMARY KEY (account_type, account_id, code_hash)
);
