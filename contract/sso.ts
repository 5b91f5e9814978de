import { z } from 'zod'

/** An organization's single sign-on as it set it up; never the client secret itself (decision 048). */
export const ssoSettingsFields = {
	providerName: z.string(),
	issuer: z.string(),
	clientId: z.string(),
	hasClientSecret: z.boolean(),
	domains: z.array(z.string()),
	joinByDomain: z.boolean(),
	/** The app's page that starts this organization's sign-in. */
	loginPath: z.string(),
}
