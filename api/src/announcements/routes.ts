import { createRoute } from '@hono/zod-openapi'
import { quotedTitle } from '../mail/compose.ts'
import { courseRunBy, staffName } from '../courses/access.ts'
import { coursesRunBy } from '../courses/repository.ts'
import { courseMenuQuery } from '../courses/schemas.ts'
import { notifyStudents } from '../mail/notifications.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES, validationError } from '../platform/errors.ts'
import { answers, ApiRoutes, deletedAnswer, jsonBody, uuidParams } from '../platform/openapi.ts'
import { pageOf, toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { toAnnouncement } from './present.ts'
import {
	deleteAnnouncement,
	findAnnouncement,
	insertAnnouncement,
	listForAuthor,
	listForStudent,
	markRead,
	updateAnnouncement,
} from './repository.ts'
import {
	announcementInput,
	announcementList,
	announcementListQuery,
	announcementUpdate,
	audiences,
	changedAnnouncement,
	oneAnnouncement,
} from './schemas.ts'
import { visibleAnnouncement } from './access.ts'

export function announcementRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const staff = requireAccount({ roles: ['tutor', 'organization'] })

	return new ApiRoutes(config, 'announcements')
		.endpoint(
			createRoute({
				method: 'get',
				path: '/audiences',
				operationId: 'getAudiences',
				summary: 'Where the caller may post',
				middleware: staff,
				request: { query: courseMenuQuery },
				description:
					"A tutor or an organization: the courses the caller may announce to (an organization's own and its tutors' courses), and `organizationWide`, true for an organization, which may also announce to all its students. `search` keeps the courses whose title holds it, `limit` the first by title; `total` counts every match (without either: all of them).",
				responses: answers({ 200: audiences }),
			}),
			async (c) => {
				const account = c.get('account')
				const menu = await coursesRunBy(db, account, c.req.valid('query'))
				return c.json({ ...menu, organizationWide: account.role === 'organization' }, 200)
			},
		)
		.endpoint(
			createRoute({
				method: 'get',
				path: '/',
				operationId: 'getAnnouncements',
				summary: "A student's announcements, or those the caller wrote",
				middleware: requireAccount(),
				request: { query: announcementListQuery },
				description:
					"Any signed-in account. A student gets what they may read (their courses' announcements and their organization's), newest first, with `unread` counting the unread ones over all pages; `unread=true` lists only those (`total` then counts them). A tutor or an organization gets the announcements they wrote, each with `readCount`.",
				responses: answers({ 200: announcementList }),
			}),
			async (c) => {
				const account = c.get('account')
				const query = c.req.valid('query')
				const page = toPage(query)
				if (account.role === 'student') {
					const { rows, total, unread } = await listForStudent(
						db,
						account,
						page,
						query.unread === 'true',
					)
					return c.json(
						{ announcements: rows.map(toAnnouncement), unread, pagination: pageOf(total, page) },
						200,
					)
				}
				const { rows, total } = await listForAuthor(db, account, page)
				return c.json(
					{ announcements: rows.map(toAnnouncement), pagination: pageOf(total, page) },
					200,
				)
			},
		)
		.endpoint(
			createRoute({
				method: 'post',
				path: '/',
				operationId: 'postAnnouncement',
				summary: 'Post an announcement',
				middleware: staff,
				request: { body: jsonBody(announcementInput) },
				description:
					'A tutor announces to one of their courses (`courseId` required); an organization to one of its courses or, without `courseId`, to all its students. The students it reaches are mailed (the `announcements` notification kind). `read` is present for students only, `readCount` for its author only.',
				responses: answers(
					{ 201: changedAnnouncement },
					{
						400: { path: 'courseId', msg: 'Choose the course to announce to' },
						403: MESSAGES.forbidden,
						404: ['Course not found', 'Announcement not found'],
					},
				),
			}),
			async (c) => {
				const account = c.get('account')
				const input = c.req.valid('json')
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
						subject: ({ say }) =>
							say('New announcement: {title}', { title: quotedTitle(input.title) }),
						paragraphs: [
							({ say }) =>
								course
									? say('{author} posted an announcement in {course}: "{title}".', {
											author: author.name,
											course: course.title,
											title: input.title,
										})
									: say('{author} posted an announcement: "{title}".', {
											author: author.name,
											title: input.title,
										}),
							body,
						],
						actionLabel: ({ say }) => say('Read the announcement'),
					},
				)
				return c.json(
					{ message: 'Announcement posted successfully', announcement: toAnnouncement(row) },
					201,
				)
			},
		)
		.endpoint(
			createRoute({
				method: 'get',
				path: '/{id}',
				operationId: 'getAnnouncement',
				summary: 'One announcement',
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description:
					'A student it is addressed to (enrolled in its course, or a member of its organization), or its author.',
				responses: answers(
					{ 200: oneAnnouncement },
					{ 403: MESSAGES.forbidden, 404: 'Announcement not found' },
				),
			}),
			async (c) => {
				const row = await visibleAnnouncement(db, c.get('account'), c.req.valid('param').id)
				return c.json({ announcement: toAnnouncement(row) }, 200)
			},
		)
		.endpoint(
			createRoute({
				method: 'post',
				path: '/{id}/read',
				operationId: 'markAnnouncementRead',
				summary: 'Record that the student read it',
				middleware: requireAccount({ roles: ['student'] }),
				request: { params: uuidParams('id') },
				description:
					'A student it is addressed to records a read receipt (the body is empty; again changes nothing) and gets the announcement with `read: true`.',
				responses: answers(
					{ 200: oneAnnouncement },
					{ 403: MESSAGES.forbidden, 404: 'Announcement not found' },
				),
			}),
			async (c) => {
				const account = c.get('account')
				const row = await visibleAnnouncement(db, account, c.req.valid('param').id)
				await markRead(db, row.id, account.id)
				return c.json({ announcement: toAnnouncement({ ...row, read: true }) }, 200)
			},
		)
		.endpoint(
			createRoute({
				method: 'put',
				path: '/{id}',
				operationId: 'updateAnnouncement',
				summary: 'Edit the words of an announcement',
				middleware: staff,
				request: { params: uuidParams('id'), body: jsonBody(announcementUpdate) },
				description:
					'Its author changes the title and the text; the audience and the read receipts stay. 404 also when it was deleted meanwhile.',
				responses: answers(
					{ 200: changedAnnouncement },
					{ 403: MESSAGES.forbidden, 404: 'Announcement not found' },
				),
			}),
			async (c) => {
				const row = await visibleAnnouncement(db, c.get('account'), c.req.valid('param').id)
				const changed = await updateAnnouncement(db, row.id, c.req.valid('json'))
				const updated = changed ? await findAnnouncement(db, row.id) : undefined
				if (!updated) throw new ApiError(404, 'Announcement not found')
				return c.json(
					{ message: 'Announcement updated successfully', announcement: toAnnouncement(updated) },
					200,
				)
			},
		)
		.endpoint(
			createRoute({
				method: 'delete',
				path: '/{id}',
				operationId: 'deleteAnnouncement',
				summary: 'Delete an announcement',
				middleware: staff,
				request: { params: uuidParams('id') },
				description: 'Its author deletes it, with its read receipts.',
				responses: answers(
					{ 200: deletedAnswer },
					{ 403: MESSAGES.forbidden, 404: 'Announcement not found' },
				),
			}),
			async (c) => {
				const row = await visibleAnnouncement(db, c.get('account'), c.req.valid('param').id)
				await deleteAnnouncement(db, row.id)
				return c.json({ message: 'Announcement deleted successfully', id: row.id }, 200)
			},
		)
}
