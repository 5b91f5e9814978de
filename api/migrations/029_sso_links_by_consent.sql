-- Issue 38 (decision 052): a school sign-in is linked to a person's own account only by their
-- informed consent. `sso_consent_required` is false only for an account its organization made and
-- that has kept that organization and its email since: the school controls that one anyway, so its
-- sign-in links at once. Any change of the email or of the organization (an accepted invitation,
-- joining by a school sign-in, leaving or being removed) makes it the owner's own: the consent step
-- from then on.
ALTER TABLE users ADD COLUMN sso_consent_required boolean NOT NULL DEFAULT false;

-- Before this, an invited member was told apart by an accepted invitation to their current email,
-- which missed anyone who changed it since. Known now only by time: a member who was an account
-- before one of the organization's invitations was accepted may be that member, so they consent.
UPDATE users SET sso_consent_required = true
WHERE organization_id IS NULL
	OR EXISTS (
		SELECT 1 FROM organization_invitations invitation
		WHERE invitation.organization_id = users.organization_id
			AND invitation.status = 'accepted'
			AND invitation.responded_at >= users.created_at
	);

-- A change of email or organization ends the account's school sign-ins, whichever code path makes
-- it (the profile's email change, leaving, an organization removing a member): what the provider
-- vouched for no longer describes the account.
CREATE FUNCTION sso_links_follow_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.email IS DISTINCT FROM OLD.email
		OR NEW.organization_id IS DISTINCT FROM OLD.organization_id THEN
		NEW.sso_consent_required := true;
		DELETE FROM sso_identities WHERE user_id = OLD.id;
	END IF;
	RETURN NEW;
END
$$;

CREATE TRIGGER sso_links_follow_account
	BEFORE UPDATE OF email, organization_id ON users
	FOR EACH ROW EXECUTE FUNCTION sso_links_follow_account();
