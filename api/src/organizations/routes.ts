import { closeOrganization } from '../auth/close-account.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, formBody, jsonBody, uuidParams } from '../platform/openapi.ts'
import type { Passwords } from '../platform/passwords.ts'
import { toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { NOT_OWN_ORGANIZATION, ORGANIZATION_NOT_FOUND, ownOrganization } from './access.ts'
import { ALREADY_MEMBER, inviteByEmail, toInvitation } from './invitations.ts'
import { toOrganization, toPublicOrganization } from './present.ts'
import { DUPLICATE, registerOrganization } from './registration.ts'
import {
	cancelInvitation,
	leaveOrganization,
	listOpenInvitations,
	listOrganizations,
} from './repository.ts'
import {
	changedOrganization,
	invitationList,
	invitationSent,
	organizationAnswer,
	organizationList,
	organizationListQuery,
	organizationRegistrationForm,
	organizationDashboard,
	organizationUpdate,
	messageAnswer,
	registeredOrganization,
	studentAttachment,
} from './schemas.ts'
import { changeOrganization, dashboardOf, NOTHING_TO_CHANGE } from './settings.ts'
import { teacherTwoFactorRoutes } from './teacher-two-factor.ts'

/** Organization calls; `app.ts` has their errors answered in `error`. */
export function organizationRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db } = deps

	const requireAccount = accountGuard(deps)

	/** GET /organizations/{id}/tutors, which the app calls with a trailing slash too. */
	const statsRoute = (path: string) =>
		({
			method: 'get',
			path,
			operationId: 'getOrganizationStats',
			summary:
				"The organization's dashboard: a few of its teachers, students, courses and departments, with totals",
			middleware: requireAccount(),
			request: { params: uuidParams('id') },
			description:
				"The organization itself: its 5 newest teachers and students, the 5 newest of its courses and its tutors' courses, its first 5 departments by name, each with the total. The spec's spelling with a final slash is served too.",
			responses: answers({ 200: organizationDashboard }, NOT_OWN_ORGANIZATION),
		}) as const

	const organizations = new ApiRoutes(deps.config, 'organizations').endpoint(
		{
			method: 'get',
			path: '/list',
			operationId: 'listOrganizations',
			summary: 'The public directory of organizations',
			request: { query: organizationListQuery },
			description:
				'Anyone, no token: the public directory, newest first. `type` is one of the five types, `country` is matched exactly, any letter case. A public organization has no `email`, `phone` or `address`.',
			responses: answers({ 200: organizationList }),
		},
		async (c) => {
			const { page: pageNumber, limit, ...filters } = c.req.valid('query')
			const page = toPage({ page: pageNumber, limit })
			const { rows, total } = await listOrganizations(db, filters, page)
			return c.json(
				{
					organizations: rows.map(toPublicOrganization),
					pagination: {
						total,
						currentPage: page.page,
						totalPages: Math.ceil(total / page.limit),
					},
				},
				200,
			)
		},
	)

	// Mounted before `/{id}`, which would take `/departments`.
	organizations.route('/', teacherTwoFactorRoutes(deps))

	return (
		organizations
			.endpoint(statsRoute('/{id}/tutors'), async (c) => c.json(await dashboardOf(db, c), 200))
			// The spec's spelling, served for the clients that use it; the contract names one path.
			.endpoint({ ...statsRoute('/{id}/tutors/'), hide: true }, async (c) =>
				c.json(await dashboardOf(db, c), 200),
			)
			.endpoint(
				{
					method: 'get',
					path: '/{id}',
					operationId: 'getOrganization',
					summary: "The organization's own record",
					middleware: requireAccount(),
					request: { params: uuidParams('id') },
					description: 'The organization itself (its own id in the path).',
					responses: answers({ 200: organizationAnswer }, NOT_OWN_ORGANIZATION),
				},
				async (c) => c.json({ organization: toOrganization(await ownOrganization(db, c)) }, 200),
			)
			.endpoint(
				{
					method: 'put',
					path: '/{id}',
					operationId: 'updateOrganization',
					summary: 'Change the organization, or delete it with `{ "deleted": true }`',
					middleware: requireAccount(),
					request: { params: uuidParams('id'), body: jsonBody(organizationUpdate) },
					description:
						'The organization itself changes any of its fields (`null` or `""` clears an optional one), or with `{ deleted: true }` deletes itself: its departments and scores go, its teachers and students keep their accounts with `organization_id` null, its sessions end and its login answers 401 from then on.',
					responses: answers(
						{ 200: changedOrganization },
						{ 400: NOTHING_TO_CHANGE, ...NOT_OWN_ORGANIZATION },
					),
				},
				async (c) => {
					const organization = await ownOrganization(db, c)
					const { deleted, ...changes } = c.req.valid('json')
					if (deleted) return c.json(await closeOrganization(deps, organization), 200)
					return c.json(await changeOrganization(db, organization, changes), 200)
				},
			)
			// Inviting by email: the answer is the same whether or not an account has that email, and
			// the student joins only by accepting on their dashboard.
			.endpoint(
				{
					method: 'post',
					path: '/{id}/students',
					operationId: 'inviteStudent',
					summary: 'Invite a student by email (201; 200 when one is already open)',
					middleware: requireAccount(),
					request: { params: uuidParams('id'), body: jsonBody(studentAttachment) },
					description:
						'The organization invites the student with that email: 201 with the invitation, or 200 with the open one when asked again. The answer is the same whether or not an account has that email; the student joins only by accepting, from a verified email, and is mailed (at most 6 mails an hour to one address). At most 50 invitations an hour per organization.',
					responses: answers(
						{ 200: invitationSent, 201: invitationSent },
						{
							...NOT_OWN_ORGANIZATION,
							409: ALREADY_MEMBER,
							429: 'Too many invitations. Try again in <time>.',
						},
					),
				},
				async (c) => {
					const organization = await ownOrganization(db, c)
					const { email } = c.req.valid('json')
					const { invitation, created } = await inviteByEmail(deps, organization, email)
					return c.json({ message: 'Invitation sent', invitation }, created ? 201 : 200)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/{id}/invitations',
					operationId: 'getInvitations',
					summary: 'The open invitations',
					middleware: requireAccount(),
					request: { params: uuidParams('id') },
					description:
						'The organization itself: its open invitations, newest first; only the email typed, never the account.',
					responses: answers({ 200: invitationList }, NOT_OWN_ORGANIZATION),
				},
				async (c) => {
					const organization = await ownOrganization(db, c)
					const rows = await listOpenInvitations(db, organization.id)
					return c.json({ invitations: rows.map(toInvitation) }, 200)
				},
			)
			.endpoint(
				{
					method: 'delete',
					path: '/{id}/invitations/{invitationId}',
					operationId: 'cancelInvitation',
					summary: 'Withdraw an open invitation',
					middleware: requireAccount(),
					request: { params: uuidParams('id', 'invitationId') },
					description: 'The organization withdraws an open invitation.',
					responses: answers(
						{ 200: messageAnswer },
						{ 403: MESSAGES.forbidden, 404: [ORGANIZATION_NOT_FOUND, 'Invitation not found'] },
					),
				},
				async (c) => {
					const organization = await ownOrganization(db, c)
					const { invitationId } = c.req.valid('param')
					if (!(await cancelInvitation(db, organization.id, invitationId))) {
						throw new ApiError(404, 'Invitation not found')
					}
					return c.json({ message: 'Invitation cancelled' }, 200)
				},
			)
			.endpoint(
				{
					method: 'delete',
					path: '/{id}/students/{studentId}',
					operationId: 'removeStudent',
					summary: 'Remove a student from the organization',
					middleware: requireAccount(),
					request: { params: uuidParams('id', 'studentId') },
					description:
						"The organization removes a student, who keeps their account; the student's school sign-in links end.",
					responses: answers(
						{ 200: messageAnswer },
						{ 403: MESSAGES.forbidden, 404: [ORGANIZATION_NOT_FOUND, 'Student not found'] },
					),
				},
				async (c) => {
					const organization = await ownOrganization(db, c)
					const { studentId } = c.req.valid('param')
					if (!(await leaveOrganization(db, studentId, organization.id))) {
						throw new ApiError(404, 'Student not found')
					}
					return c.json({ message: 'Student removed from the organization' }, 200)
				},
			)
			.endpoint(
				{
					method: 'post',
					path: '/register',
					operationId: 'registerOrganization',
					summary: 'Sign up an organization (a form, with an optional logo); refusals name `error`',
					request: { body: formBody(organizationRegistrationForm) },
					description:
						'Anyone signs an organization up (a multipart form, with an optional logo: PNG, JPEG, WebP or GIF, at most 2 MB). The account starts unverified and is mailed a verification link. Its refusals carry their text under `error`, not `message`.',
					responses: answers(
						{ 201: registeredOrganization },
						{
							400: [
								{
									path: 'password',
									msg: 'This password is too common and easy to guess. Choose another one.',
								},
								{ path: 'logo', msg: 'Use a PNG, JPEG, WebP or GIF image' },
							],
							409: DUPLICATE,
							413: MESSAGES.fileTooLarge,
						},
						{ under: 'error' },
					),
				},
				async (c) => {
					const answer = await registerOrganization(deps, passwords, c.req.valid('form'))
					return c.json(answer, 201)
				},
			)
	)
}
