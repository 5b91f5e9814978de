-- Courses get the fields of the spec's sample course; nested parts stay JSON. Money is kept in
-- minor units (cents) so sums and Stripe amounts never meet floating point.
ALTER TABLE courses
	ADD COLUMN subtitle text NOT NULL DEFAULT '',
	ADD COLUMN description text NOT NULL DEFAULT '',
	ADD COLUMN thumbnail text,
	ADD COLUMN level text NOT NULL DEFAULT 'Beginner'
		CHECK (level IN ('Beginner', 'Intermediate', 'Advanced')),
	ADD COLUMN category text NOT NULL DEFAULT 'Other',
	ADD COLUMN subcategory text,
	ADD COLUMN price_amount integer NOT NULL DEFAULT 0 CHECK (price_amount >= 0),
	ADD COLUMN price_currency text NOT NULL DEFAULT 'USD',
	ADD COLUMN price_discounted integer CHECK (price_discounted >= 0),
	ADD COLUMN schedule jsonb,
	ADD COLUMN max_students integer CHECK (max_students > 0),
	-- prerequisites, learningOutcomes, instructors, modules, languages, certification, tags
	ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb,
	ADD COLUMN duration_weeks integer CHECK (duration_weeks > 0),
	ADD COLUMN hours_per_week numeric(5, 1) CHECK (hours_per_week > 0),
	ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE INDEX courses_catalog_idx ON courses (is_published, created_at DESC);

-- One row per checkout attempt. Card numbers are never stored: brand and last four digits only.
CREATE TABLE payments (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	course_id uuid REFERENCES courses (id) ON DELETE SET NULL,
	course_title text NOT NULL,
	student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	amount integer NOT NULL CHECK (amount >= 0),
	currency text NOT NULL,
	provider text NOT NULL CHECK (provider IN ('test', 'stripe', 'free')),
	provider_ref text,
	status text NOT NULL DEFAULT 'requires_payment'
		CHECK (status IN ('requires_payment', 'processing', 'succeeded', 'failed')),
	card_brand text,
	card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
	failure_code text,
	failure_message text,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	settled_at timestamptz,
	CONSTRAINT payments_provider_ref_key UNIQUE (provider, provider_ref)
);

CREATE INDEX payments_student_id_idx ON payments (student_id, created_at DESC);
CREATE INDEX payments_course_id_idx ON payments (course_id);

-- Each provider confirmation (a Stripe webhook event, the test provider's own) is applied once:
-- a second delivery of the same event id finds its row and changes nothing.
CREATE TABLE payment_events (
	event_id text PRIMARY KEY,
	payment_id uuid REFERENCES payments (id) ON DELETE CASCADE,
	type text NOT NULL,
	received_at timestamptz NOT NULL DEFAULT now()
);

-- Where a teacher's or an organization's course income goes (Stripe Connect, or the test provider).
CREATE TABLE payout_accounts (
	owner_type text NOT NULL CHECK (owner_type IN ('user', 'organization')),
	owner_id uuid NOT NULL,
	provider text NOT NULL CHECK (provider IN ('test', 'stripe')),
	account_ref text NOT NULL,
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'complete')),
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (owner_type, owner_id)
);
