-- Issue 29: an organization can require two-factor sign-in of its teachers (decision 037). Off by
-- default: a school turns it on in its settings, and from then on a teacher of it without
-- two-factor can do nothing but set it up.
ALTER TABLE organizations ADD COLUMN teachers_need_two_factor boolean NOT NULL DEFAULT false;
