import type { OpenAPIHono } from '@hono/zod-openapi'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { Scalar } from '@scalar/hono-api-reference'
import { Hono } from 'hono'
import type { ApiConfig, ApiEnv } from './context.ts'
import { sharedRefusalExamples, sharedRefusalResponses } from './openapi.ts'

type Document = ReturnType<OpenAPIHono['getOpenAPI31Document']>

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** The contract of every declared route (decision 041), built once from the routes' zod schemas. */
export function openApiDocument(api: OpenAPIHono<ApiEnv>): Document {
	// The scheme of every guarded call's `security` (platform/openapi.ts).
	api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
		type: 'http',
		scheme: 'bearer',
		description:
			'The accessToken of a login. Missing, malformed or expired: 403 "Access token is missing or expired"; a role not in the call\'s x-roles: 403 "You do not have permission to do this"; a teacher whose organization requires two-factor sign-in, until it is on (every call but those under /account): 403 "Your organization requires two-factor sign-in. Set it up to continue."',
	})
	// The refusal texts many calls answer, each once (platform/openapi.ts SHARED_REFUSALS).
	for (const [name, example] of Object.entries(sharedRefusalExamples()))
		api.openAPIRegistry.registerComponent('examples', name, example)
	for (const [name, response] of Object.entries(sharedRefusalResponses()))
		api.openAPIRegistry.registerComponent('responses', name, response)
	const document = api.getOpenAPI31Document({
		openapi: '3.1.0',
		info: {
			title: 'TutorHub API',
			version: '1',
			description:
				"The reference API's calls: each one's shapes, who may call it (`x-roles`, and its description), what it does and the texts of its refusals, declared in its route (api/src/<domain>/routes.ts). How to run the API and its conventions (errors, pagination, authentication): api/README.md.",
		},
		// The paths carry /api/v1: a client puts them after the API's own origin.
		servers: [{ url: '/', description: 'The origin the API is served from' }],
	})
	// Each call carries its operationId and its domain's tag (decision 060): the tags, in order.
	const domains = new Set<string>()
	for (const item of Object.values(document.paths ?? {}))
		for (const method of METHODS) for (const tag of item?.[method]?.tags ?? []) domains.add(tag)
	document.tags = [...domains].map((name) => ({
		name,
		description: `The calls api/src/${name}/ declares`,
	}))
	return document
}

/**
 * Scalar's page (decision 059) runs its bundle from the installed `@scalar/api-reference` (a
 * development dependency), never from a CDN, so the reference works on a machine without the
 * internet. Read once, on the first request for it.
 */
let bundle: Promise<string | undefined> | undefined
const scalarBundle = () =>
	(bundle ??= (async () => {
		// The package exports no path to it: it sits beside the entry, in dist/browser.
		const entry = import.meta.resolve('@scalar/api-reference')
		return readFile(fileURLToPath(new URL('browser/standalone.js', entry)), 'utf8')
	})().catch(() => undefined))

/** `GET /openapi.json` everywhere; `GET /reference`, the browsable page, outside production. */
export function contractRoutes(api: OpenAPIHono<ApiEnv>, config: Pick<ApiConfig, 'production'>) {
	let document: Document | undefined
	const contract = () => (document ??= openApiDocument(api))
	const routes = new Hono<ApiEnv>().get('/openapi.json', (c) => c.json(contract()))
	if (!config.production)
		routes
			.get(
				'/reference',
				Scalar({
					pageTitle: 'TutorHub API: reference',
					url: 'openapi.json',
					cdn: 'reference/scalar.js',
					// Nothing from another site: the system's fonts, no telemetry, none of Scalar's
					// hosted services (its client, AI agent, SDK generator, sharing toolbar).
					withDefaultFonts: false,
					telemetry: false,
					hideClientButton: true,
					showDeveloperTools: 'never',
					agent: { disabled: true },
					tagsSorter: 'alpha',
					showOperationId: true,
				}),
			)
			.get('/reference/scalar.js', async (c) => {
				const script = await scalarBundle()
				if (script === undefined)
					return c.text('The reference page needs the development dependencies (npm ci).', 404)
				c.header('Cache-Control', 'public, max-age=3600')
				return c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8' })
			})
	return routes
}
