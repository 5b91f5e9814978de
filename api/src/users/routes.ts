import { Hono } from 'hono'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import {
	answerInvitation,
	invitationsFor,
	leaveOrganization,
} from '../organizations/invitations.ts'
import { findAccount } from '../account/store.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { readJsonBody } from '../platform/json.ts'
import { readPage } from '../platform/pagination.ts'
import { readSearch } from '../platform/search.ts'
import { accountGuard } from '../platform/require-account.ts'
import { readId } from '../platform/validation.ts'
import type { RoleFields } from '../schema.ts'
import { toProfile, toUser, type UserRow } from './present.ts'
import {
	findUser,
	listOrganizationMembers,
	listOrganizationStudents,
	listTutors,
	listTutorStudents,
	updateProfile,
	type ProfileChanges,
} from './repository.ts'
import { maySeeStudent } from './access.ts'
import { studentProfileUpdate, tutorProfileUpdate } from './schemas.ts'

export const CONFIRM_EMAIL_FIRST =
	'Confirm your email address before you answer an invitation: follow the link in the mail we sent you, or ask for a new one from your dashboard.'

/** A tutor's email and phone are for themself and their own organization; others see the profile. */
const mayContact = (account: Account, tutor: UserRow) =>
	account.id === tutor.id ||
	(account.role === 'organization' && tutor.organization_id === account.id)

const toPublicTutor = (row: UserRow) => {
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

	/** The student an invitation is addressed to, with whether their email is proven theirs. */
	async function invitedStudent(id: string) {
		const student = await findAccount(db, { accountType: 'user', accountId: id })
		if (!student) throw new ApiError(404, 'User not found')
		return student
	}

	const saveProfile = async (id: string, update: [ProfileChanges, RoleFields]) => {
		const row = await updateProfile(db, id, ...update)
		if (!row) throw new ApiError(404, 'User not found')
		return { message: 'Profile updated successfully', profile: toProfile(row) }
	}

	return new Hono<ApiEnv>()
		.get('/tutors', requireAccount(), async (c) => {
			const page = readPage(c)
			const { rows, total } = await listTutors(db, page)
			const account = c.get('account')
			return c.json({
				tutors: rows.map((row) => (mayContact(account, row) ? toUser(row) : toPublicTutor(row))),
				total,
				page: page.page,
			})
		})
		.get('/invitations', requireAccount({ roles: ['student'] }), async (c) => {
			const student = await invitedStudent(c.get('account').id)
			const rows = await invitationsFor(db, student.email)
			// An invitation is addressed to a mailbox: until the account proves it holds that mailbox,
			// it learns only that some wait, not who sent them (issue 29).
			if (!student.emailVerified)
				return c.json({ invitations: [], waitingForVerification: rows.length })
			return c.json({
				invitations: rows.map((row) => ({
					id: row.id,
					organization: { id: row.organization_id, name: row.organization_name },
					createdAt: row.created_at.toISOString(),
				})),
				waitingForVerification: 0,
			})
		})
		.post(
			'/invitations/:invitationId/:answer{accept|decline}',
			requireAccount({ roles: ['student'] }),
			async (c) => {
				const student = await invitedStudent(c.get('account').id)
				if (!student.emailVerified) throw new ApiError(403, CONFIRM_EMAIL_FIRST)
				const invitationId = readId('invitationId', c.req.param('invitationId'))
				const accept = c.req.param('answer') === 'accept'
				const answer = { id: student.accountId, email: student.email }
				if (!(await answerInvitation(db, answer, invitationId, accept))) {
					throw new ApiError(404, 'Invitation not found')
				}
				return c.json({ message: accept ? 'Invitation accepted' : 'Invitation declined' })
			},
		)
		.post('/organization/leave', requireAccount({ roles: ['student'] }), async (c) => {
			const student = await findUser(db, c.get('account').id)
			if (!student?.organization_id) throw new ApiError(409, 'You are not in an organization')
			await leaveOrganization(db, student.id, student.organization_id)
			return c.json({ message: 'You left the organization' })
		})
		.get('/student-profile/:id', requireAccount(), async (c) => {
			const student = await findUser(db, readId('id', c.req.param('id')))
			if (student?.role !== 'student') throw new ApiError(404, 'Student not found')
			if (!(await maySeeStudent(db, c.get('account'), student))) {
				throw new ApiError(403, MESSAGES.forbidden)
			}
			return c.json({ studentProfile: toProfile(student) })
		})
		.get('/tutor-profile/:id', requireAccount(), async (c) => {
			const tutor = await findUser(db, readId('id', c.req.param('id')))
			if (tutor?.role !== 'tutor') throw new ApiError(404, 'Tutor not found')
			return c.json({ tutorProfile: toProfile(tutor) })
		})
		.put('/student/profile', requireAccount({ roles: ['student'] }), async (c) => {
			const update = await readJsonBody(c, studentProfileUpdate)
			return c.json(await saveProfile(c.get('account').id, splitUpdate(update)))
		})
		.put('/tutor/profile', requireAccount({ roles: ['tutor'] }), async (c) => {
			const update = await readJsonBody(c, tutorProfileUpdate)
			return c.json(await saveProfile(c.get('account').id, splitUpdate(update)))
		})
		.get('/tutor/students', requireAccount({ roles: ['tutor'] }), async (c) => {
			const page = readPage(c)
			const { rows, total } = await listTutorStudents(db, c.get('account').id, page)
			return c.json({ students: rows.map(toUser), total, page: page.page })
		})
		.get('/organization/:organizationId/students', requireAccount(), async (c) => {
			const organizationId = readId('organizationId', c.req.param('organizationId'))
			const account = c.get('account')
			if (account.role !== 'organization' || account.id !== organizationId) {
				throw new ApiError(403, MESSAGES.forbidden)
			}
			const page = readPage(c)
			const search = readSearch(c)
			const { rows, total } = await listOrganizationStudents(db, organizationId, page, search)
			return c.json({ students: rows.map(toUser), total, page: page.page })
		})
		.get('/organization/:organizationId/tutors', requireAccount(), async (c) => {
			const organizationId = readId('organizationId', c.req.param('organizationId'))
			const account = c.get('account')
			if (account.role !== 'organization' || account.id !== organizationId) {
				throw new ApiError(403, MESSAGES.forbidden)
			}
			const page = readPage(c)
			const search = readSearch(c)
			const { rows, total } = await listOrganizationMembers(
				db,
				organizationId,
				'tutor',
				page,
				search,
			)
			return c.json({ tutors: rows.map(toUser), total, page: page.page })
		})
}
