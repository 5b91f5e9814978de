import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { ssoSettingsFields } from '../../../contract/sso.ts'
import { emailField } from '~/features/account/schema'
import { userLoginSchema } from '~/features/users/schema'

// Single sign-on with an organization's identity provider (issue 31, decision 040): the forms'
// schemas, shared by the browser and the actions, and the reference API's answers (api/README.md).

/** What the login pages know of an organization's single sign-on. */
export const publicSsoSchema = z.object({
	sso: z.object({
		organizationId: z.string(),
		organizationName: z.string(),
		providerName: z.string(),
	}),
})
export type PublicSso = z.infer<typeof publicSsoSchema>['sso']

export const authorizationSchema = z.object({ url: z.url() })

/** The callback's answer: a session, or the account's password first. */
export const ssoSignInSchema = z.union([
	userLoginSchema,
	z.object({
		linkRequired: z.literal(true),
		email: z.string(),
		organizationName: z.string(),
		providerName: z.string(),
		join: z.boolean(),
		linkToken: z.string(),
		message: z.string(),
	}),
])

/** The consent's answer: linked, and a session as a login's. */
export const linkedSchema = userLoginSchema.extend({ message: z.string() })

/**
 * The consent page (decision 052): link with the account's password (and two-factor code, if on),
 * or do not link. Checked by the action only (a public page ships no schema library).
 */
export const linkConsentSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('link'),
		password: z
			.string({ error: () => t`Enter your TutorHub password` })
			.min(1, { error: () => t`Enter your TutorHub password` })
			.max(200, { error: () => t`Password is too long` }),
		code: z
			.string()
			.trim()
			.max(40, { error: () => t`That code is too long` })
			.optional(),
	}),
	z.object({ intent: z.literal('cancel') }),
])
export type LinkConsentFields = { intent: string; password: string; code: string }

export const ssoSettingsSchema = z.object({
	sso: z.object(ssoSettingsFields).nullable(),
})
export type SsoSettings = NonNullable<z.infer<typeof ssoSettingsSchema>['sso']>

export const messageSchema = z.object({ message: z.string() })

/** The login page's "Sign in with your school": the address finds the organization. */
export const findSchoolSchema = z.object({ email: emailField })
export type FindSchoolFields = z.input<typeof findSchoolSchema>

/** A required text: its messages as functions, read in the request's (or page's) language. */
const text = (missing: () => string, tooLong: () => string, max: number) =>
	z.string({ error: missing }).trim().min(1, { error: missing }).max(max, { error: tooLong })

/** The organization's single sign-on settings: save them, verify a domain, or turn it off. */
export const ssoSettingsFormSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('save'),
		providerName: text(
			() => t`Enter the provider name`,
			() => t`The provider name must be at most 100 characters`,
			100,
		),
		issuer: text(
			() => t`Enter the issuer URL`,
			() => t`The issuer URL must be at most 500 characters`,
			500,
		).refine((value) => /^https?:\/\/\S+$/.test(value), {
			error: () => t`Enter the issuer URL, starting with https://`,
		}),
		clientId: text(
			() => t`Enter the client ID`,
			() => t`The client ID must be at most 500 characters`,
			500,
		),
		clientSecret: z
			.string()
			.trim()
			.max(2000, { error: () => t`The client secret must be at most 2000 characters` })
			.optional(),
		domains: text(
			() => t`Enter the email domains`,
			() => t`The email domains must be at most 2000 characters`,
			2000,
		),
		joinByDomain: z
			.literal('on', { error: () => t`Tick or untick the box, then save` })
			.optional()
			.transform((value) => value === 'on'),
	}),
	z.object({
		intent: z.literal('verify'),
		domain: z
			.string({ error: () => t`Choose the domain to verify` })
			.trim()
			.min(1, { error: () => t`Choose the domain to verify` })
			.max(253, { error: () => t`Choose the domain to verify` }),
	}),
	z.object({ intent: z.literal('remove') }),
])
