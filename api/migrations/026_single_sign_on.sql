-- Issue 31: single sign-on with an organization's own identity provider (OpenID Connect).
-- One provider per organization. The client secret is kept sealed (AES-256-GCM under a key derived
-- from the API's secret, api/src/sso/secret.ts) and never sent back.
CREATE TABLE organization_sso (
	organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
	provider_name text NOT NULL,
	issuer text NOT NULL,
	client_id text NOT NULL,
	client_secret_sealed text NOT NULL,
	join_by_domain boolean NOT NULL DEFAULT false,
	updated_at timestamptz NOT NULL DEFAULT now()
);

-- The email domains an organization signs in: one organization per domain, so an address typed on
-- the login page finds one provider.
CREATE TABLE organization_sso_domains (
	domain text PRIMARY KEY CHECK (domain = lower(domain)),
	organization_id uuid NOT NULL REFERENCES organization_sso (organization_id) ON DELETE CASCADE
);

CREATE INDEX organization_sso_domains_organization_idx ON organization_sso_domains (organization_id);

-- A provider's account (its issuer and subject) linked to one of ours, once, at its first sign-in.
CREATE TABLE sso_identities (
	issuer text NOT NULL,
	subject text NOT NULL,
	user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (issuer, subject)
);

CREATE UNIQUE INDEX sso_identities_user_organization_key ON sso_identities (user_id, organization_id);
