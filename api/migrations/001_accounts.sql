-- Accounts: organizations sign in on their own call, so they live apart from users.
CREATE TABLE organizations (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	email text NOT NULL CHECK (email = lower(email)),
	password_hash text NOT NULL,
	name text NOT NULL,
	type text NOT NULL CHECK (type IN ('school', 'tutoring_center', 'university', 'company', 'other')),
	country text NOT NULL,
	phone text,
	address text,
	website text,
	description text,
	logo text,
	created_at timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT organizations_email_key UNIQUE (email)
);

CREATE TABLE users (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	role text NOT NULL CHECK (role IN ('student', 'tutor')),
	email text NOT NULL CHECK (email = lower(email)),
	password_hash text NOT NULL,
	first_name text NOT NULL,
	last_name text NOT NULL,
	phone text,
	bio text,
	-- Role fields (student: gradeLevel, dateOfBirth, guardianName; tutor: subjects, qualifications,
	-- experienceYears) change with the product, so they stay out of the column list.
	profile jsonb NOT NULL DEFAULT '{}'::jsonb,
	profile_picture text,
	organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT users_email_key UNIQUE (email)
);

CREATE INDEX users_role_name_idx ON users (role, last_name, first_name);
CREATE INDEX users_organization_id_idx ON users (organization_id);

-- Only SHA-256 hashes are kept, so a leaked table cannot be replayed as cookies.
CREATE TABLE refresh_tokens (
	token_hash text PRIMARY KEY,
	account_id uuid NOT NULL,
	account_type text NOT NULL CHECK (account_type IN ('user', 'organization')),
	expires_at timestamptz NOT NULL,
	revoked_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refresh_tokens_account_idx ON refresh_tokens (account_type, account_id);

CREATE TABLE files (
	key text PRIMARY KEY,
	owner_id uuid NOT NULL,
	owner_type text NOT NULL CHECK (owner_type IN ('user', 'organization')),
	content_type text NOT NULL,
	size integer NOT NULL,
	original_name text,
	created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX files_owner_idx ON files (owner_type, owner_id);
