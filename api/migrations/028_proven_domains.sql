-- Issue 38: an organization's email domain counts (the login page's lookup, joining by domain, the
-- provider's email matching) only once the organization has proven it holds the domain, with a DNS
-- TXT record `tutorhub-verification=<token>` at the domain itself (docs/decisions/051). Several
-- organizations may claim a domain while it is unproven; one may hold it proven (the partial
-- unique index), and proving it releases the others' claims. A claim belongs to the organization,
-- not to its provider settings: turning single sign-on off and on again keeps what was proven.
CREATE TABLE organization_domains (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
	domain text NOT NULL CHECK (domain = lower(domain)),
	-- The value the organization publishes; kept for the claim's life, so a re-save keeps it.
	token text NOT NULL,
	-- 'dns': proven and re-checked by its TXT record; 'demo': the seeded demo organization's
	-- example.com, which no DNS can prove (api/src/seed.ts), never re-checked.
	proof text NOT NULL DEFAULT 'dns' CHECK (proof IN ('dns', 'demo')),
	verified_at timestamptz,
	checked_at timestamptz,
	-- Re-checks in a row that did not find the record: at 3 the proven claim is released.
	failed_checks integer NOT NULL DEFAULT 0,
	created_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (organization_id, domain)
);

CREATE UNIQUE INDEX organization_domains_proven_key ON organization_domains (domain)
	WHERE verified_at IS NOT NULL;
CREATE INDEX organization_domains_recheck_idx ON organization_domains (checked_at)
	WHERE verified_at IS NOT NULL;

-- Domains claimed before this change were never proven: they stay listed, unproven, and count for
-- nothing until their organization publishes the record and presses Verify.
INSERT INTO organization_domains (organization_id, domain, token)
SELECT organization_id, domain, replace(gen_random_uuid()::text, '-', '')
FROM organization_sso_domains;

DROP TABLE organization_sso_domains;
