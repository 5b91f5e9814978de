-- An organization no longer claims a student by typing their email: it invites, and the student
-- accepts or declines on their dashboard. Until then the organization knows only the email it typed.
CREATE TABLE organization_invitations (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
	email text NOT NULL,
	status text NOT NULL DEFAULT 'pending'
		CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled')),
	created_at timestamptz NOT NULL DEFAULT now(),
	responded_at timestamptz
);

CREATE UNIQUE INDEX organization_invitations_pending_idx
	ON organization_invitations (organization_id, lower(email)) WHERE status = 'pending';
CREATE INDEX organization_invitations_email_idx
	ON organization_invitations (lower(email)) WHERE status = 'pending';
