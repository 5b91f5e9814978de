import { seal, unseal } from '../platform/sealed.ts'

// An organization's client secret at its identity provider is kept sealed (platform/sealed.ts),
// bound to its organization: a copy of the database alone does not give it away, and no answer
// ever carries it back (docs/decisions/040).

const PURPOSE = 'sso client secret v1'

export const sealSecret = (secret: string, jwtSecret: string, organizationId: string) =>
	seal(jwtSecret, PURPOSE, organizationId, secret)

/** The client secret, or null when JWT_SECRET changed since it was stored (enter it again). */
export const openSecret = (sealed: string, jwtSecret: string, organizationId: string) =>
	unseal(jwtSecret, PURPOSE, organizationId, sealed)
