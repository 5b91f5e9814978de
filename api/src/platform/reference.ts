import type { OpenAPIHono } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { html, raw } from 'hono/html'
import type { ApiConfig, ApiEnv } from './context.ts'

type Document = ReturnType<OpenAPIHono['getOpenAPI31Document']>

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** The contract of every declared route (decision 041), built once from the routes' zod schemas. */
export function openApiDocument(api: OpenAPIHono<ApiEnv>): Document {
	// The scheme of every guarded call's `security` (platform/openapi.ts).
	api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
		type: 'http',
		scheme: 'bearer',
		description:
			'The accessToken of a login. Missing, malformed or expired: 403 "Access token is missing or expired"; a role not in the call\'s x-roles: 403 "You do not have permission to do this".',
	})
	const document = api.getOpenAPI31Document({
		openapi: '3.1.0',
		info: {
			title: 'TutorHub API',
			version: '1',
			description:
				'The calls of the reference API that declare their shapes; api/README.md says what a schema cannot (who may call, what each call does).',
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

/** The roles whose bearer token a guarded call takes (`x-roles`, platform/openapi.ts). */
function whoMayCall(operation: { security?: unknown[]; 'x-roles'?: unknown }) {
	if (!operation.security?.length) return 'No token needed.'
	if (operation.security.some((requirement) => !Object.keys(requirement as object).length))
		return 'A bearer token is optional.'
	const roles = Array.isArray(operation['x-roles']) ? operation['x-roles'].join(', ') : 'any role'
	return `Bearer token of: ${roles}.`
}

/** A page listing each call with its request and answers, readable without the internet. */
function referencePage(document: Document) {
	const calls = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
		METHODS.flatMap((method) => {
			const operation = item?.[method]
			if (!operation) return []
			return [
				html`<section>
					<h2><code>${method.toUpperCase()} ${path}</code></h2>
					<p>${operation.summary ?? ''}</p>
					<p>${whoMayCall(operation)}</p>
					<details>
						<summary>Request and answers</summary>
						<pre>
${JSON.stringify(
								{
									parameters: operation.parameters,
									requestBody: operation.requestBody,
									responses: operation.responses,
								},
								null,
								2,
							)}</pre>
					</details>
				</section>`,
			]
		}),
	)
	return html`<!doctype html>
		<html lang="en">
			<head>
				<meta charset="utf-8" />
				<title>${document.info.title}: reference</title>
				<style>
					body {
						font:
							16px/1.5 system-ui,
							sans-serif;
						max-width: 60rem;
						margin: 2rem auto;
						padding: 0 1rem;
					}
					pre {
						overflow-x: auto;
						background: #f4f4f5;
						padding: 0.5rem;
					}
				</style>
			</head>
			<body>
				<h1>${document.info.title}</h1>
				<p>
					${document.info.description} The same as JSON: <a href="openapi.json">openapi.json</a>;
					components:
					${raw(
						Object.keys(document.components?.schemas ?? {})
							.map((name) => `<code>${name}</code>`)
							.join(', '),
					)}.
				</p>
				${calls}
			</body>
		</html>`
}

/** `GET /openapi.json` everywhere; `GET /reference`, the browsable page, outside production. */
export function contractRoutes(api: OpenAPIHono<ApiEnv>, config: Pick<ApiConfig, 'production'>) {
	let document: Document | undefined
	const contract = () => (document ??= openApiDocument(api))
	const routes = new Hono<ApiEnv>().get('/openapi.json', (c) => c.json(contract()))
	if (!config.production) routes.get('/reference', (c) => c.html(referencePage(contract())))
	return routes
}
