import { z } from 'zod'

/** An organization's single sign-on as it set it up; never the client secret itself (decision 048). */
export const ssoSettingsFields = {
	providerName: z.string(),
	issuer: z.string(),
	clientId: z.string(),
	hasClientSecret: z.boolean(),
	domains: z.array(z.string()),
	/** Each claimed domain: it counts only once proven by its DNS TXT record (decision 051). */
	domainClaims: z.array(
		z.object({
			domain: z.string(),
			status: z.enum(['pending', 'verified']),
			/** The record to publish: a TXT record at the domain itself with this value. */
			txtRecord: z.object({ name: z.string(), value: z.string() }),
			verifiedAt: z.string().nullable(),
			/** When the record was last looked up (by Verify or the daily re-check). */
			checkedAt: z.string().nullable(),
			/** Re-checks in a row that did not find the record of a verified domain. */
			failedChecks: z.number(),
			/** At so many failed re-checks in a row a verified domain is released. */
			releasedAfter: z.number(),
		}),
	),
	joinByDomain: z.boolean(),
	/** The app's page that starts this organization's sign-in. */
	loginPath: z.string(),
}
