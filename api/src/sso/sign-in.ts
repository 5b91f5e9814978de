import { randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import type { Passwords } from '../platform/passwords.ts'
import type { Db } from '../db.ts'
import { ApiError } from '../platform/errors.ts'
import { findUser, findUserByEmail, insertUser } from '../users/repository.ts'
import type { UserRow } from '../users/repository.ts'
import type { VerifiedClaims } from './provider.ts'
import {
	findLinkedUser,
	linkIdentity,
	listProvenDomains,
	needsConsentToLink,
} from './repository.ts'

/** The organization a sign-in is for, as its settings say. */
export type SignInOrganization = {
	id: string
	name: string
	providerName: string
	joinByDomain: boolean
}

/** Where a verified sign-in leads: a person to sign in, a refusal, or a password to prove first. */
export type SignInOutcome =
	| {
			kind: 'signed-in'
			user: UserRow
			/**
			 * The provider vouched for the account's own address, in a domain the organization has
			 * proven (decision 051): the address counts as verified. Otherwise it stays as it was.
			 */
			emailProven: boolean
	  }
	| { kind: 'link-needed'; user: UserRow; join: boolean }

export const notOnRoster = (organization: SignInOrganization) =>
	`Your ${organization.providerName} account is not on ${organization.name}'s list of members, so it cannot sign in here. Ask ${organization.name} to add you, then sign in again.`
export const emailNotAllowed = (organization: SignInOrganization) =>
	`${organization.providerName} did not give a verified email address that ${organization.name} signs in with.`
/** The callback's words when the owner must choose whether to link (decision 052). */
export const linkNeeded = (organization: SignInOrganization) =>
	`${organization.name} wants to link its ${organization.providerName} sign-in to your TutorHub account. Only you can allow it, with your password.`

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1)

/**
 * Who a verified ID token signs in. A provider account linked before signs in as its person while
 * they are still a member. Otherwise its verified email, in one of the organization's domains,
 * finds the person: a member the organization registered (same email and organization since) is
 * linked at once; any other account (a sign-up, a member by an accepted invitation, one whose email
 * changed) is linked only when its owner consents with its password (decision 052); no account at
 * all is a new student when the organization lets its domains join.
 */
export async function resolveSignIn(
	db: Db,
	passwords: Passwords,
	organization: SignInOrganization,
	claims: VerifiedClaims,
): Promise<SignInOutcome> {
	const refuse = (message: string): never => {
		throw new ApiError(403, message)
	}
	// Only a domain the organization proved it holds (decision 051): its provider's word on an
	// address in any other is no proof that the person holds that mailbox.
	const [linked, domains] = await Promise.all([
		findLinkedUser(db, claims.issuer, claims.subject),
		listProvenDomains(db, organization.id),
	])
	const vouchedFor = (email: string) =>
		claims.emailVerified &&
		claims.email?.toLowerCase() === email.toLowerCase() &&
		domains.includes(domainOf(email.toLowerCase()))
	if (linked && linked.organization_id === organization.id) {
		const user = await findUser(db, linked.user_id)
		if (!user || user.organization_id !== organization.id) return refuse(notOnRoster(organization))
		return { kind: 'signed-in', user, emailProven: vouchedFor(user.email) }
	}
	if (!claims.email || !claims.emailVerified || !domains.includes(domainOf(claims.email))) {
		return refuse(emailNotAllowed(organization))
	}
	const identity = {
		issuer: claims.issuer,
		subject: claims.subject,
		organizationId: organization.id,
	}
	const existing = await findUserByEmail(db, claims.email)
	if (existing?.organization_id === organization.id) {
		if (await needsConsentToLink(db, existing.id)) {
			return { kind: 'link-needed', user: existing, join: false }
		}
		await linkIdentity(db, { ...identity, userId: existing.id })
		return { kind: 'signed-in', user: existing, emailProven: vouchedFor(existing.email) }
	}
	if (!organization.joinByDomain) return refuse(notOnRoster(organization))
	if (existing) {
		// Someone else's member, or a teacher, joins only through the organization's roster.
		if (existing.organization_id !== null || existing.role !== 'student') {
			return refuse(notOnRoster(organization))
		}
		return { kind: 'link-needed', user: existing, join: true }
	}
	const user = await insertUser(db, {
		role: 'student',
		email: claims.email,
		// Nobody knows this password: the person signs in through the school, or sets one with
		// "Forgot password?".
		passwordHash: await passwords.hash(randomBytes(32).toString('base64url')),
		firstName: claims.firstName ?? claims.email.slice(0, claims.email.indexOf('@')),
		lastName: claims.lastName ?? '',
		organizationId: organization.id,
		// Verified because the address is in a domain the organization proved (checked above).
		emailVerified: true,
	})
	await linkIdentity(db, { ...identity, userId: user.id })
	return { kind: 'signed-in', user, emailProven: true }
}

// Between a school sign-in that found an account of its owner's own and that owner's consent: a
// short-lived signed note of which provider account to link, to whom, and whether they join. It
// opens nothing by itself: POST /sso/link needs it with the account's password (and code).

const LINK_TTL_SECONDS = 15 * 60
const linkClaims = z.object({
	sub: z.string(),
	typ: z.literal('sso-link'),
	iss_: z.string(),
	psub: z.string(),
	org: z.string(),
	join: z.boolean(),
})
export type PendingLink = {
	userId: string
	issuer: string
	subject: string
	organizationId: string
	join: boolean
}

const keyOf = (secret: string) => new TextEncoder().encode(secret)

export function signLink(link: PendingLink, secret: string) {
	return new SignJWT({
		typ: 'sso-link',
		iss_: link.issuer,
		psub: link.subject,
		org: link.organizationId,
		join: link.join,
	})
		.setProtectedHeader({ alg: 'HS256' })
		.setSubject(link.userId)
		.setIssuedAt()
		.setExpirationTime(Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS)
		.sign(keyOf(secret))
}

export async function verifyLink(token: string, secret: string): Promise<PendingLink | null> {
	try {
		const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] })
		const parsed = linkClaims.safeParse(payload)
		if (!parsed.success) return null
		const { sub, iss_, psub, org, join } = parsed.data
		return { userId: sub, issuer: iss_, subject: psub, organizationId: org, join }
	} catch {
		return null
	}
}
