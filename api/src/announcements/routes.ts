import { Hono } from 'hono'
import { courseRunBy, coursesRunBy, readCourseMenu, staffName } from '../courses/access.ts'
import { notifyStudents } from '../mail/notifications.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES, validationError } from '../platform/errors.ts'
import { readJsonBody } from '../platform/json.ts'
import { readPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { readId, validate } from '../platform/validation.ts'
import { toAnnouncement } from './present.ts'
import {
	deleteAnnouncement,
	findAnnouncement,
	findForStudent,
	insertAnnouncement,
	listForAuthor,
	listForStudent,
	markRead,
	updateAnnouncement,
} from './repository.ts'
import { announcementInput, announcementListQuery, announcementUpdate } from './schemas.ts'
import { quotedTitle } from '../mail/compose.ts'

const isAuthor = (account: Account, row: { author_id: string; author_type: string }) =>
	row.author_id === account.id &&
	row.author_type === (account.role === 'organization' ? 'organization' : 'tutor')

export function announcementRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const staff = requireAccount({ roles: ['tutor', 'organization'] })

	/** A student gets it if it is theirs to read (403 otherwise); staff if they wrote it. */
	async function visibleAnnouncement(account: Account, rawId: string | undefined) {
		const id = readId('id', rawId)
		const row = await findAnnouncement(db, id)
		if (!row) throw new ApiError(404, 'Announcement not found')
		if (account.role === 'student') {
			const visible = await findForStudent(db, account, id)
			if (!visible) throw new ApiError(403, MESSAGES.forbidden)
			return visible
		}
		if (!isAuthor(account, row)) throw new ApiError(403, MESSAGES.forbidden)
		return row
	}

	return new Hono<ApiEnv>()
		.get('/audiences', staff, async (c) => {
			const account = c.get('account')
			const menu = await coursesRunBy(db, account, readCourseMenu(c))
			return c.json({ ...menu, organizationWide: account.role === 'organization' })
		})
		.get('/', requireAccount(), async (c) => {
			const account = c.get('account')
			const page = readPage(c)
			if (account.role === 'student') {
				const { unread: unreadOnly } = validate(announcementListQuery, c.req.query())
				const { rows, total, unread } = await listForStudent(
					db,
					account,
					page,
					unreadOnly === 'true',
				)
				return c.json({
					announcements: rows.map(toAnnouncement),
					unread,
					pagination: {
						total,
						currentPage: page.page,
						totalPages: Math.max(1, Math.ceil(total / page.limit)),
					},
				})
			}
			const { rows, total } = await listForAuthor(db, account, page)
			return c.json({
				announcements: rows.map(toAnnouncement),
				pagination: {
					total,
					currentPage: page.page,
					totalPages: Math.max(1, Math.ceil(total / page.limit)),
				},
			})
		})
		.post('/', staff, async (c) => {
			const account = c.get('account')
			const input = await readJsonBody(c, announcementInput)
			if (!input.courseId && account.role === 'tutor') {
				throw validationError([{ path: 'courseId', msg: 'Choose the course to announce to' }])
			}
			const course = input.courseId ? await courseRunBy(db, account, input.courseId) : null
			const author = await staffName(db, account)
			const id = await insertAnnouncement(db, {
				author_id: account.id,
				author_type: author.type,
				author_name: author.name,
				course_id: course?.id ?? null,
				organization_id: course ? null : account.id,
				title: input.title,
				body: input.body,
			})
			const row = await findAnnouncement(db, id)
			if (!row) throw new ApiError(404, 'Announcement not found')
			const body = input.body.length > 1000 ? `${input.body.slice(0, 1000)}…` : input.body
			notifyStudents(
				{ db, config },
				course ? { courseId: course.id } : { organizationId: account.id },
				{
					kind: 'announcements',
					path: `/studentdashboard/announcements/${id}`,
					subject: `New announcement: ${quotedTitle(input.title)}`,
					paragraphs: [
						`${author.name} posted an announcement${course ? ` in ${course.title}` : ''}: "${input.title}".`,
						body,
					],
					actionLabel: 'Read the announcement',
				},
			)
			return c.json(
				{ message: 'Announcement posted successfully', announcement: toAnnouncement(row) },
				201,
			)
		})
		.get('/:id', requireAccount(), async (c) => {
			const row = await visibleAnnouncement(c.get('account'), c.req.param('id'))
			return c.json({ announcement: toAnnouncement(row) })
		})
		.post('/:id/read', requireAccount({ roles: ['student'] }), async (c) => {
			const account = c.get('account')
			const row = await visibleAnnouncement(account, c.req.param('id'))
			await markRead(db, row.id, account.id)
			return c.json({ announcement: toAnnouncement({ ...row, read: true }) })
		})
		.put('/:id', staff, async (c) => {
			const row = await visibleAnnouncement(c.get('account'), c.req.param('id'))
			const input = await readJsonBody(c, announcementUpdate)
			const changed = await updateAnnouncement(db, row.id, input)
			const updated = changed ? await findAnnouncement(db, row.id) : undefined
			if (!updated) throw new ApiError(404, 'Announcement not found')
			return c.json({
				message: 'Announcement updated successfully',
				announcement: toAnnouncement(updated),
			})
		})
		.delete('/:id', staff, async (c) => {
			const row = await visibleAnnouncement(c.get('account'), c.req.param('id'))
			await deleteAnnouncement(db, row.id)
			return c.json({ message: 'Announcement deleted successfully', id: row.id })
		})
}
