import { t } from '@lingui/core/macro'
import { staleAfter } from '~/platform/cache-invalidation.server'
import { EVERY_SESSION } from '~/platform/upstream-cache.server'
import type { createUpstream } from '~/platform/upstream.server'
import { z } from 'zod'
import {
	memberListSchema,
	organizationCreatedSchema,
	organizationDeletedSchema,
	organizationSchema,
	organizationUpdatedSchema,
	statsSchema,
	invitationListSchema,
	invitationSentSchema,
	messageOnlySchema,
	receivedInvitationListSchema,
	type NewMember,
	type OrganizationSettings,
	type OrganizationSignup,
} from './schema'
import { registeredSchema } from '../users/schema'

// Answer shapes built once: the upstream client parses a cached answer once per schema.
const organizationAnswer = z.object({ organization: organizationSchema })

type Upstream = ReturnType<typeof createUpstream>

// The Organizations calls of spec section 7 (and the member calls the organization makes), each
// with the spec's fallback text.

/** POST /organizations/register is multipart (the logo); its failures carry the `error` field. */
export function registerOrganization(
	api: Upstream,
	{ confirmPassword: _, logo, ...fields }: OrganizationSignup,
) {
	const form = new FormData()
	for (const [key, value] of Object.entries(fields)) {
		if (value !== undefined) form.set(key, value)
	}
	if (logo && logo.size > 0) form.set('logo', logo)
	return api.send('POST', '/organizations/register', {
		form,
		schema: organizationCreatedSchema,
		fallback: t`Failed to create organization`,
		errorField: 'error',
	})
}

const organizationPath = (id: string) => `/organizations/${encodeURIComponent(id)}`

/** GET /organizations/{id}/tutors (the spec writes a final slash, which the contract leaves out): the four groups, each with data and total. */
export function getOrganizationStats(api: Upstream, organizationId: string, fresh = false) {
	return api.get(`${organizationPath(organizationId)}/tutors`, {
		schema: statsSchema,
		fallback: t`Failed to fetch organization tutors`,
		retry: true,
		fresh,
	})
}

/** GET /organizations/{id}: the organization's own record, for its settings. */
export async function getOrganization(api: Upstream, organizationId: string) {
	const { organization } = await api.get(organizationPath(organizationId), {
		schema: organizationAnswer,
		fallback: t`Failed to fetch organizations`,
		retry: true,
	})
	return organization
}

export function updateOrganization(
	api: Upstream,
	organizationId: string,
	{ intent: _, ...settings }: OrganizationSettings,
) {
	return api.send('PUT', organizationPath(organizationId), {
		// Blank optional fields clear them.
		json: {
			...settings,
			phone: settings.phone ?? null,
			address: settings.address ?? null,
			website: settings.website ?? null,
			description: settings.description ?? null,
		},
		schema: organizationUpdatedSchema,
		fallback: t`Failed to update organization`,
	})
}

/** Spec section 7: the same PUT deletes, with `deleted: true`. */
export function deleteOrganization(api: Upstream, organizationId: string) {
	return api.send('PUT', organizationPath(organizationId), {
		json: { deleted: true },
		schema: organizationDeletedSchema,
		fallback: t`Failed to delete organization`,
		invalidates: staleAfter.membership,
	})
}

type MemberQuery = { page?: number; limit?: number; search?: string }

/** GET /users/organization/{id}/students|tutors?page&limit&search */
export function getOrganizationMembers(
	api: Upstream,
	organizationId: string,
	role: 'students' | 'tutors',
	{ page = 1, limit = 10, search }: MemberQuery = {},
) {
	if (role === 'tutors') return getOrganizationTutors(api, organizationId, { page, limit, search })
	return api.get(`/users/organization/${encodeURIComponent(organizationId)}/students`, {
		query: { page, limit, ...(search && { search }) },
		schema: memberListSchema,
		fallback: t`Failed to fetch students`,
		retry: true,
	})
}

export function getOrganizationTutors(
	api: Upstream,
	organizationId: string,
	{ page = 1, limit = 10, search }: MemberQuery = {},
) {
	return api.get(`/users/organization/${encodeURIComponent(organizationId)}/tutors`, {
		query: { page, limit, ...(search && { search }) },
		schema: memberListSchema,
		fallback: t`Failed to fetch tutors`,
		retry: true,
	})
}

/** A tutor or a student the organization registers itself. */
export function registerMember(api: Upstream, role: 'tutor' | 'student', member: NewMember) {
	return role === 'tutor'
		? registerOrganizationTutor(api, member)
		: registerOrganizationStudent(api, member)
}

export function registerOrganizationTutor(api: Upstream, { intent: _, ...member }: NewMember) {
	return api.send('POST', '/auth/register-tutor/organization', {
		json: member,
		schema: registeredSchema,
		fallback: t`Registration failed`,
		invalidates: staleAfter.membership,
	})
}

export function registerOrganizationStudent(api: Upstream, { intent: _, ...member }: NewMember) {
	return api.send('POST', '/auth/register-student/organization', {
		json: member,
		schema: registeredSchema,
		fallback: t`Registration failed`,
		invalidates: staleAfter.membership,
	})
}

/** POST /organizations/{id}/students: an invitation to an existing student, by email. */
export function inviteStudent(api: Upstream, organizationId: string, email: string) {
	return api.send('POST', `${organizationPath(organizationId)}/students`, {
		json: { email },
		schema: invitationSentSchema,
		fallback: t`Failed to send the invitation`,
		invalidates: ['users', 'invitations'],
	})
}

/** GET /organizations/{id}/invitations: the open ones. */
export function getInvitations(api: Upstream, organizationId: string) {
	return api.get(`${organizationPath(organizationId)}/invitations`, {
		schema: invitationListSchema,
		fallback: t`Failed to fetch invitations`,
	})
}

/** DELETE /organizations/{id}/invitations/{invitationId} */
export function cancelInvitation(api: Upstream, organizationId: string, invitationId: string) {
	return api.send(
		'DELETE',
		`${organizationPath(organizationId)}/invitations/${encodeURIComponent(invitationId)}`,
		{
			schema: messageOnlySchema,
			fallback: t`Failed to cancel the invitation`,
			invalidates: ['invitations'],
		},
	)
}

/** DELETE /organizations/{id}/students/{studentId}: the student leaves the organization. */
export function removeStudent(api: Upstream, organizationId: string, studentId: string) {
	return api.send(
		'DELETE',
		`${organizationPath(organizationId)}/students/${encodeURIComponent(studentId)}`,
		{
			schema: messageOnlySchema,
			fallback: t`Failed to remove the student`,
			invalidates: staleAfter.membership,
		},
	)
}

/** GET /users/invitations: the invitations waiting for the signed-in student. */
export function getReceivedInvitations(api: Upstream) {
	return api.get('/users/invitations', {
		schema: receivedInvitationListSchema,
		fallback: t`Failed to fetch invitations`,
		resource: 'invitations',
	})
}

/** The student's answer to an invitation, or leaving the organization. */
export function answerInvitation(
	api: Upstream,
	answer: { intent: 'accept' | 'decline'; invitationId: string } | { intent: 'leave' },
) {
	if (answer.intent === 'leave') return leaveOrganization(api)
	return answer.intent === 'accept'
		? acceptInvitation(api, answer.invitationId)
		: declineInvitation(api, answer.invitationId)
}

const invitationPath = (invitationId: string, answer: 'accept' | 'decline') =>
	`/users/invitations/${encodeURIComponent(invitationId)}/${answer}`

// Accepting or leaving changes which organization courses the student sees.
export function acceptInvitation(api: Upstream, invitationId: string) {
	return api.send('POST', invitationPath(invitationId, 'accept'), {
		schema: messageOnlySchema,
		fallback: t`Failed to answer the invitation`,
		invalidates: staleAfter.membership,
	})
}

export function declineInvitation(api: Upstream, invitationId: string) {
	return api.send('POST', invitationPath(invitationId, 'decline'), {
		schema: messageOnlySchema,
		fallback: t`Failed to answer the invitation`,
		invalidates: staleAfter.membership,
	})
}

export function leaveOrganization(api: Upstream) {
	return api.send('POST', '/users/organization/leave', {
		schema: messageOnlySchema,
		fallback: t`Failed to leave the organization`,
		invalidates: staleAfter.membership,
	})
}

// The organization's requirement of two-factor sign-in for its teachers (decision 037).

const requirementPath = (organizationId: string) =>
	`/organizations/${encodeURIComponent(organizationId)}/teacher-two-factor`

const requirementSchema = z.object({ teachersNeedTwoFactor: z.boolean() })

export async function getTeacherTwoFactor(api: Upstream, organizationId: string) {
	const { teachersNeedTwoFactor } = await api.get(requirementPath(organizationId), {
		schema: requirementSchema,
		fallback: t`Failed to fetch the two-factor setting`,
		cache: false,
	})
	return teachersNeedTwoFactor
}

export function setTeacherTwoFactor(
	api: Upstream,
	organizationId: string,
	teachersNeedTwoFactor: boolean,
) {
	return api.send('PUT', requirementPath(organizationId), {
		json: { teachersNeedTwoFactor },
		schema: requirementSchema.extend({ message: z.string() }),
		fallback: t`Failed to save the two-factor setting`,
		// Its teachers without two-factor are held from their next page, cached or not (decision 056).
		invalidates: [EVERY_SESSION],
	})
}
