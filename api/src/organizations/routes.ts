import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { accountLimitsOf } from '../account/limits.ts'
import { welcomeNewAccount } from '../account/mails.ts'
import type { Passwords } from '../auth/passwords.ts'
import { revokeAllSessions } from '../auth/refresh-tokens.ts'
import { toDepartment } from '../departments/present.ts'
import { departmentRoutes } from '../departments/routes.ts'
import { removeFile, storeImage } from '../files/store.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, isUniqueViolation, validationError } from '../platform/errors.ts'
import { readForm } from '../platform/forms.ts'
import { readOptionalImage } from '../platform/images.ts'
import { readJsonBody } from '../platform/json.ts'
import { readPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { readId, validate } from '../platform/validation.ts'
import { rosterRoutes } from '../roster/routes.ts'
import { scoreRoutes } from '../scores/routes.ts'
import { toUser } from '../users/present.ts'
import { findUserByEmail } from '../users/repository.ts'
import { ownOrganization } from './access.ts'
import { teacherTwoFactorRoutes } from './teacher-two-factor.ts'
import {
	cancelInvitation,
	inviteStudent,
	notifyInvited,
	leaveOrganization,
	listOpenInvitations,
	toInvitation,
} from './invitations.ts'
import { toOrganization, toPublicOrganization } from './present.ts'
import {
	deleteOrganization,
	findOrganizationByEmail,
	insertOrganization,
	listOrganizations,
	organizationStats,
	updateOrganization,
} from './repository.ts'
import {
	organizationListQuery,
	organizationRegistration,
	organizationUpdate,
	studentAttachment,
} from './schemas.ts'

const DUPLICATE = 'An organization with this email already exists'

/** Organization calls; `app.ts` has their errors answered in `error`. */
export function organizationRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db } = deps

	const requireAccount = accountGuard(deps)
	const limits = accountLimitsOf(deps)

	return (
		new Hono<ApiEnv>()
			.get('/list', async (c) => {
				const page = readPage(c)
				const filters = validate(organizationListQuery, c.req.query())
				const { rows, total } = await listOrganizations(db, filters, page)
				return c.json({
					organizations: rows.map(toPublicOrganization),
					pagination: { total, currentPage: page.page, totalPages: Math.ceil(total / page.limit) },
				})
			})
			.route('/', departmentRoutes(deps))
			.route('/', scoreRoutes(deps))
			.route('/', rosterRoutes(deps, passwords))
			.route('/', teacherTwoFactorRoutes(deps))
			.get('/:id/tutors', requireAccount(), async (c) => c.json(await statsOf(c)))
			.get('/:id/tutors/', requireAccount(), async (c) => c.json(await statsOf(c)))
			.get('/:id', requireAccount(), async (c) =>
				c.json({ organization: toOrganization(await ownOrganization(db, c)) }),
			)
			.put('/:id', requireAccount(), async (c) => {
				const organization = await ownOrganization(db, c)
				const { deleted, ...changes } = await readJsonBody(c, organizationUpdate)
				if (deleted) {
					await deleteOrganization(db, organization.id)
					await revokeAllSessions(db, {
						accountId: organization.id,
						accountType: 'organization',
					})
					if (organization.logo) await removeFile(deps, organization.logo)
					return c.json({ message: 'Organization deleted successfully', id: organization.id })
				}
				const update = Object.fromEntries(
					Object.entries(changes).filter(([, value]) => value !== undefined),
				)
				if (Object.keys(update).length === 0) {
					throw validationError([{ path: 'body', msg: 'Send at least one field to change' }])
				}
				const updated = await updateOrganization(db, organization.id, update)
				if (!updated) throw new ApiError(404, 'Organization not found')
				return c.json({
					message: 'Organization updated successfully',
					organization: toOrganization(updated),
				})
			})
			// Inviting by email: the answer is the same whether or not an account has that email, and
			// the student joins only by accepting on their dashboard.
			.post('/:id/students', requireAccount(), async (c) => {
				const organization = await ownOrganization(db, c)
				const { email } = await readJsonBody(c, studentAttachment)
				await limits.invitationSent(organization.id)
				const member = await findUserByEmail(db, email)
				if (member?.organization_id === organization.id) {
					throw new ApiError(409, 'This student is already in your organization')
				}
				const { invitation, created } = await inviteStudent(db, organization.id, email)
				// A student with an account hears of it; an email with none gets nothing (no account is
				// made for it, and the organization's answer is the same either way). An address that
				// had its share of mails hears of it on the dashboard only (invite-then-cancel loops).
				if (created && member?.role === 'student' && (await limits.mayMail(member.email)))
					notifyInvited(deps, organization, [member.id])
				return c.json(
					{ message: 'Invitation sent', invitation: toInvitation(invitation) },
					created ? 201 : 200,
				)
			})
			.get('/:id/invitations', requireAccount(), async (c) => {
				const organization = await ownOrganization(db, c)
				const rows = await listOpenInvitations(db, organization.id)
				return c.json({ invitations: rows.map(toInvitation) })
			})
			.delete('/:id/invitations/:invitationId', requireAccount(), async (c) => {
				const organization = await ownOrganization(db, c)
				const invitationId = readId('invitationId', c.req.param('invitationId'))
				if (!(await cancelInvitation(db, organization.id, invitationId))) {
					throw new ApiError(404, 'Invitation not found')
				}
				return c.json({ message: 'Invitation cancelled' })
			})
			.delete('/:id/students/:studentId', requireAccount(), async (c) => {
				const organization = await ownOrganization(db, c)
				const studentId = readId('studentId', c.req.param('studentId'))
				if (!(await leaveOrganization(db, studentId, organization.id))) {
					throw new ApiError(404, 'Student not found')
				}
				return c.json({ message: 'Student removed from the organization' })
			})
			.post('/register', async (c) => {
				const form = await readForm(c)
				const { password, ...fields } = validate(organizationRegistration, form)
				const logo = await readOptionalImage(form.logo, 'logo')
				if (await findOrganizationByEmail(db, fields.email)) throw new ApiError(409, DUPLICATE)

				const id = randomUUID()
				const passwordHash = await passwords.hash(password)
				const logoKey = logo ? await storeImage(deps, { id, type: 'organization' }, logo) : null
				try {
					const organization = await insertOrganization(db, {
						...fields,
						id,
						password_hash: passwordHash,
						phone: fields.phone ?? null,
						address: fields.address ?? null,
						website: fields.website ?? null,
						description: fields.description ?? null,
						logo: logoKey,
						email_verified_at: null,
					})
					welcomeNewAccount(deps, { accountType: 'organization', accountId: organization.id })
					return c.json(
						{
							message: 'Organization created successfully!',
							id: organization.id,
							organization: toOrganization(organization),
						},
						201,
					)
				} catch (error) {
					if (logoKey) await removeFile(deps, logoKey)
					if (isUniqueViolation(error)) throw new ApiError(409, DUPLICATE)
					throw error
				}
			})
	)

	async function statsOf(c: Context<ApiEnv>) {
		const organization = await ownOrganization(db, c)
		const stats = await organizationStats(db, organization.id)
		return {
			tutors: { data: stats.tutors.rows.map(toUser), total: stats.tutors.total },
			students: { data: stats.students.rows.map(toUser), total: stats.students.total },
			courses: {
				data: stats.courses.rows.map((course) => ({
					id: course.id,
					title: course.title,
					isPublished: course.is_published,
					enrolledStudents: Number(course.enrolled ?? 0),
					createdAt: course.created_at.toISOString(),
				})),
				total: stats.courses.total,
			},
			departments: {
				data: stats.departments.rows.map(toDepartment),
				total: stats.departments.total,
			},
		}
	}
}
