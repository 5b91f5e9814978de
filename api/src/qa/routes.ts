import type { ApiDeps } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { answers, ApiRoutes, deletedAnswer, jsonBody, uuidParams } from '../platform/openapi.ts'
import { pageOf, toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import {
	OWN_TEMPLATE_REFUSALS,
	ownTemplate,
	TEMPLATE_NOT_FOUND,
	visibleTemplate,
} from './access.ts'
import { storedQuestions, toTemplate } from './present.ts'
import { deleteTemplate, insertTemplate, listTemplates, setTemplateActive } from './repository.ts'
import {
	changedTemplate,
	oneTemplate,
	templateBody,
	templateList,
	templateListQuery,
	toggleBody,
} from './schemas.ts'

/** The `/qa` calls: list, read, create and toggle templates. */
export function qaRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

	return new ApiRoutes(config, 'qa')
		.endpoint(
			{
				method: 'get',
				path: '/templates',
				operationId: 'getTemplates',
				summary: 'Templates the caller may see, filtered',
				middleware: requireAccount(),
				request: { query: templateListQuery },
				description:
					"Any signed-in account: the templates the caller may see, newest first; `createdBy` a tutor's id, `isActive` `1`/`0` (or `true`/`false`). A tutor sees their own templates (active or not) and other tutors' active ones; students and organizations see active ones only. `questions` (with the correct options) is present only for the template's creator; anyone else sees `questionCount`. `isActive` is sent as `1` or `0` (spec section 3), accepted as `1`, `0`, `true` or `false`; `timeLimit` is in minutes. Templates are not tied to a course: any student may take any active template.",
				responses: answers({ 200: templateList }),
			},
			async (c) => {
				const account = c.get('account')
				const { page: _page, limit: _limit, ...filter } = c.req.valid('query')
				const page = toPage(c.req.valid('query'))
				const { rows, total } = await listTemplates(
					db,
					{ ...filter, viewerId: account.id, seesOwnInactive: account.role === 'tutor' },
					page,
				)
				return c.json(
					{
						templates: rows.map((row) => toTemplate(row, account.id)),
						pagination: { ...pageOf(total, page), limit: page.limit },
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/templates/{id}',
				operationId: 'getTemplate',
				summary: 'One template',
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description:
					"Its creator; anyone while it is active (another tutor's inactive template is 404). A tutor sees their own templates (active or not) and other tutors' active ones; students and organizations see active ones only. `questions` (with the correct options) is present only for the template's creator; anyone else sees `questionCount`. `isActive` is sent as `1` or `0` (spec section 3), accepted as `1`, `0`, `true` or `false`; `timeLimit` is in minutes.",
				responses: answers({ 200: oneTemplate }, { 404: TEMPLATE_NOT_FOUND }),
			},
			async (c) => {
				const account = c.get('account')
				const row = await visibleTemplate(db, account, c.req.valid('param').id)
				return c.json({ template: toTemplate(row, account.id) }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/create-template',
				operationId: 'createTemplate',
				summary: 'Create a template',
				middleware: requireAccount({ roles: ['tutor'] }),
				request: { body: jsonBody(templateBody) },
				description:
					'A tutor creates a template: questions with 2 to 10 options each, at least one correct. Options get ids by position (1, 2, …); a test answer names the chosen option by that id.',
				responses: answers(
					{ 201: changedTemplate },
					{
						400: [
							{ path: 'questions', msg: 'A template needs at least one question' },
							{ path: 'questions.<index>.options', msg: 'Mark at least one option as correct' },
						],
						404: TEMPLATE_NOT_FOUND,
					},
				),
			},
			async (c) => {
				const account = c.get('account')
				const input = c.req.valid('json')
				const row = await insertTemplate(db, {
					createdBy: account.id,
					title: input.title,
					description: input.description ?? null,
					timeLimit: input.timeLimit,
					isActive: input.isActive,
					questions: storedQuestions(input.questions),
				})
				if (!row) throw new ApiError(404, TEMPLATE_NOT_FOUND)
				return c.json(
					{ message: 'Template created successfully', template: toTemplate(row, account.id) },
					201,
				)
			},
		)
		.endpoint(
			{
				method: 'patch',
				path: '/templates/{id}/toggle-status',
				operationId: 'toggleTemplateStatus',
				summary: 'Turn a template on or off',
				middleware: requireAccount({ roles: ['tutor'] }),
				request: { params: uuidParams('id'), body: jsonBody(toggleBody) },
				description:
					'Its creator sets `isActive` (`1` or `0`); `{}` flips it. Only active templates can be taken.',
				responses: answers({ 200: changedTemplate }, OWN_TEMPLATE_REFUSALS),
			},
			async (c) => {
				const account = c.get('account')
				const row = await ownTemplate(db, account, c.req.valid('param').id)
				const updates = c.req.valid('json')
				const updated = await setTemplateActive(db, row.id, updates.isActive ?? !row.is_active)
				if (!updated) throw new ApiError(404, TEMPLATE_NOT_FOUND)
				return c.json(
					{ message: 'Template updated successfully', template: toTemplate(updated, account.id) },
					200,
				)
			},
		)
}

/** `DELETE /templates/{id}`: spec section 7 gives this one call no `/qa` prefix. */
export function templateDeleteRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	return new ApiRoutes(config, 'qa').endpoint(
		{
			method: 'delete',
			path: '/{id}',
			operationId: 'deleteTemplate',
			summary: 'Delete a template',
			middleware: requireAccount({ roles: ['tutor'] }),
			request: { params: uuidParams('id') },
			description:
				'Its creator deletes a template (the path has no `/qa` prefix, as in spec section 7); attempts and history already made keep their copy of the questions.',
			responses: answers({ 200: deletedAnswer }, OWN_TEMPLATE_REFUSALS),
		},
		async (c) => {
			const row = await ownTemplate(db, c.get('account'), c.req.valid('param').id)
			await deleteTemplate(db, row.id)
			return c.json({ message: 'Template deleted successfully', id: row.id }, 200)
		},
	)
}
