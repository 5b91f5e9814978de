import { Hono } from 'hono'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { readJsonBody } from '../platform/json.ts'
import { readPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { readId, validate } from '../platform/validation.ts'
import { storedQuestions, toTemplate, type TemplateRow } from './present.ts'
import {
	deleteTemplate,
	findTemplate,
	insertTemplate,
	listTemplates,
	setTemplateActive,
} from './repository.ts'
import { templateBody, templateListQuery, toggleBody } from './schemas.ts'

const NOT_FOUND = 'Template not found'

/** A template is seen by its creator, and by everyone else while it is active. */
const maySee = (account: Account, row: TemplateRow) =>
	row.is_active || row.created_by === account.id

/** The `/qa` calls: list, read, create and toggle templates. */
export function qaRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

	const ownTemplate = async (account: Account, rawId: string | undefined) => {
		const row = await findTemplate(db, readId('id', rawId))
		if (!row || !maySee(account, row)) throw new ApiError(404, NOT_FOUND)
		if (row.created_by !== account.id) throw new ApiError(403, MESSAGES.forbidden)
		return row
	}

	return new Hono<ApiEnv>()
		.get('/templates', requireAccount(), async (c) => {
			const account = c.get('account')
			const page = readPage(c)
			const filter = validate(templateListQuery, c.req.query())
			const { rows, total } = await listTemplates(
				db,
				{ ...filter, viewerId: account.id, seesOwnInactive: account.role === 'tutor' },
				page,
			)
			return c.json({
				templates: rows.map((row) => toTemplate(row, account.id)),
				pagination: {
					total,
					currentPage: page.page,
					totalPages: Math.max(1, Math.ceil(total / page.limit)),
					limit: page.limit,
				},
			})
		})
		.get('/templates/:id', requireAccount(), async (c) => {
			const account = c.get('account')
			const row = await findTemplate(db, readId('id', c.req.param('id')))
			if (!row || !maySee(account, row)) throw new ApiError(404, NOT_FOUND)
			return c.json({ template: toTemplate(row, account.id) })
		})
		.post('/create-template', requireAccount({ roles: ['tutor'] }), async (c) => {
			const account = c.get('account')
			const input = await readJsonBody(c, templateBody)
			const row = await insertTemplate(db, {
				createdBy: account.id,
				title: input.title,
				description: input.description ?? null,
				timeLimit: input.timeLimit,
				isActive: input.isActive,
				questions: storedQuestions(input.questions),
			})
			if (!row) throw new ApiError(404, NOT_FOUND)
			return c.json(
				{ message: 'Template created successfully', template: toTemplate(row, account.id) },
				201,
			)
		})
		.patch('/templates/:id/toggle-status', requireAccount({ roles: ['tutor'] }), async (c) => {
			const account = c.get('account')
			const row = await ownTemplate(account, c.req.param('id'))
			const updates = await readJsonBody(c, toggleBody)
			const updated = await setTemplateActive(db, row.id, updates.isActive ?? !row.is_active)
			if (!updated) throw new ApiError(404, NOT_FOUND)
			return c.json({
				message: 'Template updated successfully',
				template: toTemplate(updated, account.id),
			})
		})
}

/** `DELETE /templates/{id}`: spec section 7 gives this one call no `/qa` prefix. */
export function templateDeleteRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	return new Hono<ApiEnv>().delete('/:id', requireAccount({ roles: ['tutor'] }), async (c) => {
		const account = c.get('account')
		const row = await findTemplate(db, readId('id', c.req.param('id')))
		if (!row || !maySee(account, row)) throw new ApiError(404, NOT_FOUND)
		if (row.created_by !== account.id) throw new ApiError(403, MESSAGES.forbidden)
		await deleteTemplate(db, row.id)
		return c.json({ message: 'Template deleted successfully', id: row.id })
	})
}
