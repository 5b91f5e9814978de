import { z, type RouteHandler } from '@hono/zod-openapi'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { answerInvitation, invitationsFor, leaveOrganization } from '../organizations/repository.ts'
import { findAccount } from '../account/repository.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody, uuidParams } from '../platform/openapi.ts'
import { paginationQuery, toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import type { RoleFields } from '../schema.ts'
import { toStudentProfile, toTeacherProfile, toUser } from './present.ts'
import {
	findUser,
	listOrganizationMembers,
	listOrganizationStudents,
	listTeachers,
	listTeacherStudents,
	updateProfile,
	type ProfileChanges,
	type UserRow,
} from './repository.ts'
import { maySeeStudent } from './access.ts'
import {
	invitationList,
	memberListQuery,
	messageAnswer,
	type publicTeacher,
	studentList,
	teacherMemberList,
	studentProfile,
	studentProfileUpdate,
	teacherList,
	teacherProfile,
	teacherProfileUpdate,
} from './schemas.ts'

export const CONFIRM_EMAIL_FIRST =
	'Confirm your email address before you answer an invitation: follow the link in the mail we sent you, or ask for a new one from your dashboard.'

/** A tutor's email and phone are for themself and their own organization; others see the profile. */
const mayContact = (account: Account, teacher: UserRow) =>
	account.id === teacher.id ||
	(account.role === 'organization' && teacher.organization_id === account.id)

const toPublicTeacher = (row: UserRow): z.input<typeof publicTeacher> => {
	const { email: _email, phone: _phone, organization_id: _organization, ...shown } = toUser(row)
	return shown
}

type PersonUpdate = {
	firstName?: string
	lastName?: string
	phone?: string | null
	bio?: string | null
}

function splitUpdate<T extends PersonUpdate>(
	update: T,
): [ProfileChanges, Omit<T, keyof PersonUpdate>] {
	const { firstName, lastName, phone, bio, ...roleFields } = update
	return [{ first_name: firstName, last_name: lastName, phone, bio }, roleFields]
}

export function userRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const studentsOnly = requireAccount({ roles: ['student'] })
	const teachersOnly = requireAccount({ roles: ['tutor'] })

	/** The student an invitation is addressed to, with whether their email is proven theirs. */
	async function invitedStudent(id: string) {
		const student = await findAccount(db, { accountType: 'user', accountId: id })
		if (!student) throw new ApiError(404, 'User not found')
		return student
	}

	const saveProfile = async <P>(
		id: string,
		update: [ProfileChanges, RoleFields],
		present: (row: UserRow) => P,
	) => {
		const row = await updateProfile(db, id, ...update)
		if (!row) throw new ApiError(404, 'User not found')
		return { message: 'Profile updated successfully', profile: present(row) }
	}

	/** Accepting or declining an invitation: one call but for its answer. */
	const invitationAnswer = (answer: 'accept' | 'decline') =>
		({
			method: 'post',
			path: `/invitations/{invitationId}/${answer}`,
			operationId: answer === 'accept' ? 'acceptInvitation' : 'declineInvitation',
			summary:
				answer === 'accept'
					? 'Join the organization whose invitation waits for the student'
					: "Decline an organization's invitation",
			middleware: studentsOnly,
			request: { params: uuidParams('invitationId') },
			description:
				answer === 'accept'
					? 'The invited student joins the organization (leaving the one they were in). Only from a verified email: an invitation is for whoever holds the mailbox.'
					: 'The invited student declines the invitation.',
			responses: answers(
				{ 200: messageAnswer },
				{ 403: CONFIRM_EMAIL_FIRST, 404: ['Invitation not found', 'User not found'] },
			),
		}) as const

	const answerWith =
		(accept: boolean): RouteHandler<ReturnType<typeof invitationAnswer>, ApiEnv> =>
		async (c) => {
			const student = await invitedStudent(c.get('account').id)
			if (!student.emailVerified) throw new ApiError(403, CONFIRM_EMAIL_FIRST)
			const answer = { id: student.accountId, email: student.email }
			if (!(await answerInvitation(db, answer, c.req.valid('param').invitationId, accept))) {
				throw new ApiError(404, 'Invitation not found')
			}
			return c.json({ message: accept ? 'Invitation accepted' : 'Invitation declined' }, 200)
		}

	/** An organization's own members of a role, searched and paged. */
	const memberList = <S extends z.ZodType>(role: 'students' | 'tutors', schema: S) =>
		({
			method: 'get',
			path: `/organization/{organizationId}/${role}`,
			operationId: role === 'students' ? 'getOrganizationStudents' : 'getOrganizationTutors',
			summary: `The organization's ${role === 'students' ? 'students' : 'teachers'} (itself only)`,
			middleware: requireAccount(),
			request: { params: uuidParams('organizationId'), query: memberListQuery },
			description: `That organization only: its ${role === 'students' ? 'students' : 'teachers'}, paged; \`search\` (at most 100 characters) matches any part of the full name or the email, any letter case.`,
			responses: answers({ 200: schema }, { 403: MESSAGES.forbidden }),
		}) as const

	const ownOrganization = (account: Account, organizationId: string) => {
		if (account.role !== 'organization' || account.id !== organizationId) {
			throw new ApiError(403, MESSAGES.forbidden)
		}
	}

	return new ApiRoutes(config, 'users')
		.endpoint(
			{
				method: 'get',
				path: '/tutors',
				operationId: 'listTutors',
				summary: 'Every tutor (contact details only for themself and their organization)',
				middleware: requireAccount(),
				request: { query: paginationQuery },
				description:
					'Any signed-in account: every tutor, as a User for the tutor themself and for their own organization, and as the public profile (no `email`, `phone` or `organization_id`) for anyone else.',
				responses: answers({ 200: teacherList }),
			},
			async (c) => {
				const page = toPage(c.req.valid('query'))
				const { rows, total } = await listTeachers(db, page)
				const account = c.get('account')
				return c.json(
					{
						tutors: rows.map((row) =>
							mayContact(account, row) ? toUser(row) : toPublicTeacher(row),
						),
						total,
						page: page.page,
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/invitations',
				operationId: 'getReceivedInvitations',
				summary: "The organizations' invitations waiting for the student",
				middleware: studentsOnly,
				description:
					"A student: the open invitations to their email, each with its organization. Until the student's email is verified the list is empty and `waitingForVerification` says how many wait (not from whom).",
				responses: answers({ 200: invitationList }),
			},
			async (c) => {
				const student = await invitedStudent(c.get('account').id)
				const rows = await invitationsFor(db, student.email)
				// An invitation is addressed to a mailbox: until the account proves it holds that mailbox,
				// it learns only that some wait, not who sent them (issue 29).
				if (!student.emailVerified)
					return c.json({ invitations: [], waitingForVerification: rows.length }, 200)
				return c.json(
					{
						invitations: rows.map((row) => ({
							id: row.id,
							organization: { id: row.organization_id, name: row.organization_name },
							createdAt: row.created_at.toISOString(),
						})),
						waitingForVerification: 0,
					},
					200,
				)
			},
		)
		.endpoint(invitationAnswer('accept'), answerWith(true))
		.endpoint(invitationAnswer('decline'), answerWith(false))
		.endpoint(
			{
				method: 'post',
				path: '/organization/leave',
				operationId: 'leaveOrganization',
				summary: "Leave the student's organization",
				middleware: studentsOnly,
				description:
					'A student leaves their organization (they keep their account); their school sign-in links end.',
				responses: answers({ 200: messageAnswer }, { 409: 'You are not in an organization' }),
			},
			async (c) => {
				const student = await findUser(db, c.get('account').id)
				if (!student?.organization_id) throw new ApiError(409, 'You are not in an organization')
				await leaveOrganization(db, student.id, student.organization_id)
				return c.json({ message: 'You left the organization' }, 200)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/student-profile/{id}',
				operationId: 'getStudentProfile',
				summary: "A student's profile (themself, their tutors and their organization)",
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description: 'The student themself, their organization, or a tutor who teaches them.',
				responses: answers(
					{ 200: z.object({ studentProfile }) },
					{ 403: MESSAGES.forbidden, 404: 'Student not found' },
				),
			},
			async (c) => {
				const student = await findUser(db, c.req.valid('param').id)
				if (student?.role !== 'student') throw new ApiError(404, 'Student not found')
				if (!(await maySeeStudent(db, c.get('account'), student))) {
					throw new ApiError(403, MESSAGES.forbidden)
				}
				return c.json({ studentProfile: toStudentProfile(student) }, 200)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/tutor-profile/{id}',
				operationId: 'getTeacherProfile',
				summary: "A tutor's profile",
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description: "Any signed-in account: a tutor's profile.",
				responses: answers(
					{ 200: z.object({ tutorProfile: teacherProfile }) },
					{ 404: 'Tutor not found' },
				),
			},
			async (c) => {
				const teacher = await findUser(db, c.req.valid('param').id)
				if (teacher?.role !== 'tutor') throw new ApiError(404, 'Tutor not found')
				return c.json({ tutorProfile: toTeacherProfile(teacher) }, 200)
			},
		)
		.endpoint(
			{
				method: 'put',
				path: '/student/profile',
				operationId: 'updateStudentProfile',
				summary: "Change the student's own profile",
				middleware: studentsOnly,
				request: { body: jsonBody(studentProfileUpdate) },
				description:
					'A student changes their own profile (every field optional; `null` or `""` clears an optional one). Answers `{ message: "Profile updated successfully", profile }`: a profile is a User plus its role\'s fields, absent values null (`subjects` `[]`).',
				responses: answers(
					{ 200: z.object({ message: z.string(), profile: studentProfile }) },
					{ 404: 'User not found' },
				),
			},
			async (c) => {
				const update = splitUpdate(c.req.valid('json'))
				return c.json(await saveProfile(c.get('account').id, update, toStudentProfile), 200)
			},
		)
		.endpoint(
			{
				method: 'put',
				path: '/tutor/profile',
				operationId: 'updateTeacherProfile',
				summary: "Change the tutor's own profile",
				middleware: teachersOnly,
				request: { body: jsonBody(teacherProfileUpdate) },
				description:
					'A tutor changes their own profile (every field optional; `null` or `""` clears an optional one). Answers `{ message: "Profile updated successfully", profile }`: a profile is a User plus its role\'s fields, absent values null (`subjects` `[]`).',
				responses: answers(
					{ 200: z.object({ message: z.string(), profile: teacherProfile }) },
					{ 404: 'User not found' },
				),
			},
			async (c) => {
				const update = splitUpdate(c.req.valid('json'))
				return c.json(await saveProfile(c.get('account').id, update, toTeacherProfile), 200)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/tutor/students',
				operationId: 'getTeacherStudents',
				summary: "The students of the tutor's courses",
				middleware: teachersOnly,
				request: { query: paginationQuery },
				description: 'A tutor: the students enrolled in any of their courses.',
				responses: answers({ 200: studentList }),
			},
			async (c) => {
				const page = toPage(c.req.valid('query'))
				const { rows, total } = await listTeacherStudents(db, c.get('account').id, page)
				return c.json({ students: rows.map(toUser), total, page: page.page }, 200)
			},
		)
		.endpoint(memberList('students', studentList), async (c) => {
			const { organizationId } = c.req.valid('param')
			ownOrganization(c.get('account'), organizationId)
			const { search, ...query } = c.req.valid('query')
			const page = toPage(query)
			const { rows, total } = await listOrganizationStudents(db, organizationId, page, search)
			return c.json({ students: rows.map(toUser), total, page: page.page }, 200)
		})
		.endpoint(memberList('tutors', teacherMemberList), async (c) => {
			const { organizationId } = c.req.valid('param')
			ownOrganization(c.get('account'), organizationId)
			const { search, ...query } = c.req.valid('query')
			const page = toPage(query)
			const { rows, total } = await listOrganizationMembers(
				db,
				organizationId,
				'tutor',
				page,
				search,
			)
			return c.json({ tutors: rows.map(toUser), total, page: page.page }, 200)
		})
}
