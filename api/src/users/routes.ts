import { z } from '@hono/zod-openapi'
import {
	answerInvitationOf,
	CONFIRM_EMAIL_FIRST,
	leaveOwnOrganization,
	NOT_IN_ORGANIZATION,
	receivedInvitations,
} from '../organizations/invitations.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody, uuidParams } from '../platform/openapi.ts'
import { paginationQuery, toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { listsOwnMembers, studentFor } from './access.ts'
import { toStudentProfile, toTeacherFor, toTeacherProfile, toUser } from './present.ts'
import { saveProfile } from './profile.ts'
import {
	findUser,
	listOrganizationMembers,
	listOrganizationStudents,
	listTeachers,
	listTeacherStudents,
} from './repository.ts'
import {
	invitationList,
	memberListQuery,
	messageAnswer,
	studentList,
	teacherMemberList,
	studentProfile,
	studentProfileUpdate,
	teacherList,
	teacherProfile,
	teacherProfileUpdate,
} from './schemas.ts'

export function userRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const studentsOnly = requireAccount({ roles: ['student'] })
	const teachersOnly = requireAccount({ roles: ['tutor'] })

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
						tutors: rows.map((row) => toTeacherFor(account, row)),
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
				return c.json(await receivedInvitations(db, c.get('account').id), 200)
			},
		)
		.endpoint(invitationAnswer('accept'), async (c) => {
			const { invitationId } = c.req.valid('param')
			return c.json(await answerInvitationOf(db, c.get('account').id, invitationId, true), 200)
		})
		.endpoint(invitationAnswer('decline'), async (c) => {
			const { invitationId } = c.req.valid('param')
			return c.json(await answerInvitationOf(db, c.get('account').id, invitationId, false), 200)
		})
		.endpoint(
			{
				method: 'post',
				path: '/organization/leave',
				operationId: 'leaveOrganization',
				summary: "Leave the student's organization",
				middleware: studentsOnly,
				description:
					'A student leaves their organization (they keep their account); their school sign-in links end.',
				responses: answers({ 200: messageAnswer }, { 409: NOT_IN_ORGANIZATION }),
			},
			async (c) => c.json(await leaveOwnOrganization(db, c.get('account').id), 200),
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
				const student = await studentFor(db, c.get('account'), c.req.valid('param').id)
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
				const update = c.req.valid('json')
				return c.json(await saveProfile(db, c.get('account').id, update, toStudentProfile), 200)
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
				const update = c.req.valid('json')
				return c.json(await saveProfile(db, c.get('account').id, update, toTeacherProfile), 200)
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
			listsOwnMembers(c.get('account'), organizationId)
			const { search, ...query } = c.req.valid('query')
			const page = toPage(query)
			const { rows, total } = await listOrganizationStudents(db, organizationId, page, search)
			return c.json({ students: rows.map(toUser), total, page: page.page }, 200)
		})
		.endpoint(memberList('tutors', teacherMemberList), async (c) => {
			const { organizationId } = c.req.valid('param')
			listsOwnMembers(c.get('account'), organizationId)
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
