import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../platform/context.ts'
import { answers, ApiRoutes, jsonBody } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import { chooseLanguage, language, languageOf } from './language.ts'

const languageAnswer = z
	.object({
		/** What the account chose; null when it follows its organization or the browser. */
		locale: language,
		/** What its pages and mails speak now: its own, else its organization's default. */
		spoken: language,
	})
	.openapi('Language')

/**
 * The account's language (decision 063): a person's own, or an organization's default for its
 * members and its own pages. Mails follow it.
 */
export function languageRoutes(deps: ApiDeps) {
	const { db } = deps
	const requireAccount = accountGuard({ db, config: deps.config })({ beforeTwoFactor: true })
	return new ApiRoutes(deps.config, 'account')
		.endpoint(
			{
				method: 'get',
				path: '/',
				operationId: 'getLanguage',
				summary: "The signed-in account's language",
				description:
					"The language the account chose (null: none) and the one its pages and mails speak: a person's own, else their organization's default. Any signed-in account.",
				middleware: requireAccount,
				responses: answers({ 200: languageAnswer }),
			},
			async (c) => c.json(await languageOf(db, c.get('account')), 200),
		)
		.endpoint(
			{
				method: 'put',
				path: '/',
				operationId: 'setLanguage',
				summary: "Choose the signed-in account's language",
				description:
					"Sets the language of a person's pages and mails, or an organization's default for its members who chose none (and its own pages); null goes back to following the organization or the browser. Any signed-in account. A language other than en, es, fr or ar is refused with 400.",
				middleware: requireAccount,
				request: { body: jsonBody(z.object({ locale: language })) },
				responses: answers({ 200: languageAnswer }),
			},
			async (c) =>
				c.json(await chooseLanguage(db, c.get('account'), c.req.valid('json').locale), 200),
		)
}
