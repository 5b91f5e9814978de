-- Issue 38: the way back for an owner who cannot give a two-factor code (decision 053). One row
-- per account that asked: `token_hash` is the mailed link's (sha256; the link works until
-- `link_expires_at`), `ready_at` is set when the link is followed, and from then two-factor turns
-- off at the account's next password login. A cancelled or finished request is deleted.
CREATE TABLE two_factor_recoveries (
	account_type text NOT NULL CHECK (account_type IN ('user', 'organization')),
	account_id uuid NOT NULL,
	token_hash text NOT NULL UNIQUE,
	link_expires_at timestamptz NOT NULL,
	ready_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (account_type, account_id)
);
