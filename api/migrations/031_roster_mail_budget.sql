-- Issue 38 (decision 054): the mail an organization causes is bounded by its trust. Its roster
-- imports' set-your-password mails go at most so many an hour (ROSTER_MAILS_PER_HOUR): this is
-- when its next one may go once the hour's allowance is spent (the "theoretical arrival time" of
-- the generic cell rate algorithm), shared by all its imports and every API process.
ALTER TABLE organizations ADD COLUMN roster_mails_at timestamptz;

-- When the last set-your-password mail of an import goes out (the job page says so).
ALTER TABLE roster_imports ADD COLUMN mails_until timestamptz;
