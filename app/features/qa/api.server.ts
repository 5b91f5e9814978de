import { t } from '@lingui/core/macro'
import { z } from 'zod'
import type { Upstream } from '~/platform/upstream.server'
import { templateAnswerSchema, templateListSchema, type TemplateInput } from './schema'

// The QA-template calls of spec section 7, each with the spec's fallback error text.

export type TemplateQuery = { page?: number; limit?: number; createdBy?: string; isActive?: 0 | 1 }

/** createdBy and isActive are sent only when set (spec section 7). */
export function getTemplates(
	api: Upstream,
	{ page = 1, limit = 10, createdBy, isActive }: TemplateQuery = {},
) {
	return api.get('/qa/templates', {
		query: {
			page,
			limit,
			...(createdBy && { createdBy }),
			...(isActive !== undefined && { isActive }),
		},
		schema: templateListSchema,
		fallback: t`Failed to fetch templates`,
		retry: true,
		// Listed under /qa; deleting (/templates/{id}) invalidates 'qa' too.
		resource: 'qa',
	})
}

export async function getTemplate(api: Upstream, id: string) {
	const { template } = await api.get(`/qa/templates/${encodeURIComponent(id)}`, {
		schema: templateAnswerSchema,
		fallback: t`Failed to fetch templates`,
	})
	return template
}

export async function createTemplate(api: Upstream, template: TemplateInput) {
	const answer = await api.send('POST', '/qa/create-template', {
		json: template,
		schema: templateAnswerSchema,
		fallback: t`Failed to create template`,
	})
	return answer.template
}

export async function toggleTemplateStatus(
	api: Upstream,
	id: string,
	updates: { isActive: 0 | 1 },
) {
	const answer = await api.send('PATCH', `/qa/templates/${encodeURIComponent(id)}/toggle-status`, {
		json: updates,
		schema: templateAnswerSchema,
		fallback: t`Failed to update template`,
	})
	return answer.template
}

/** Spec section 7: this one call has no /qa prefix, so the cached /qa lists are invalidated by name. */
export function deleteTemplate(api: Upstream, id: string) {
	return api.send('DELETE', `/templates/${encodeURIComponent(id)}`, {
		schema: z.object({ id: z.string().optional() }).loose(),
		fallback: t`Failed to delete template`,
		invalidates: ['qa'],
	})
}
