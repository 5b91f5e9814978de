import type { RouteConfigEntry } from '@react-router/dev/routes'
import { createStaticHandler } from 'react-router'
import { unstable_preloadRoutePattern } from 'react-router/route-pattern'
import { describe, expect, it } from 'vitest'
import routes from './routes'

/**
 * server.mjs matches paths with React Router's route-pattern matcher (decision 049), the browser
 * with the default one (app/entry.client.tsx). Both must answer every address the same way, or a
 * page rendered on the server would hydrate as another in the browser: checked here for every
 * route of the table, with the addresses users and scripts send.
 */
type Routes = Parameters<typeof createStaticHandler>[0]

function dataRoutes(entries: RouteConfigEntry[]): Routes {
	return entries.map(({ id, file, path, index, caseSensitive, children }) => {
		const routeId = id ?? file.replace(/\.tsx?$/, '')
		return index
			? { id: routeId, index: true, path }
			: { id: routeId, path, caseSensitive, children: children && dataRoutes(children) }
	})
}

/** Every route's full pattern, from the root. */
function patterns(entries: RouteConfigEntry[], parent = ''): string[] {
	return entries.flatMap((entry) => {
		const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, '/') : parent
		return [own || '/', ...patterns(entry.children ?? [], own)]
	})
}

/** Addresses for a pattern: its params filled in several ways, and the variants browsers send. */
function addressesFor(pattern: string): string[] {
	const fills = ['c8f1a2b3-0000-4000-8000-000000000001', 'a%20b', 'x.y', '%E2%9C%93', 'a%2Fb']
	return fills.flatMap((fill) => {
		const path = pattern.replace(/:[\w-]+/g, fill).replace(/\*$/, 'some/deep/rest')
		return [
			path,
			`${path}/`,
			path.toUpperCase(),
			`${path}/extra`,
			`${path}/extra/more`,
			`${path}//`,
			`/${path}`,
			path.replace(/\/([^/]*)$/, '//$1'),
			`${path.replace(/\/$/, '')}.data`,
		]
	})
}

/**
 * What server.mjs hands to React Router: a path with an empty segment is redirected first, and one
 * whose %-escapes do not decode is refused (e2e/http/deploy-settings.spec.ts). The two matchers
 * read those differently (`/courses//` is the catalogue to one, not found to the other).
 */
function reachesReactRouter(path: string) {
	try {
		decodeURIComponent(path)
	} catch {
		return false
	}
	return !/[\\/]{2}/.test(path.split('?')[0]!)
}

describe('route matching', () => {
	unstable_preloadRoutePattern()
	const table = dataRoutes(routes)
	const regex = createStaticHandler(table)
	const pattern = createStaticHandler(table, { future: { unstable_routePatternMatching: true } })
	const summary = (handler: typeof regex, path: string) =>
		handler.match(path)?.map(({ route, params, pathname, pathnameBase }) => ({
			id: route.id,
			params,
			pathname,
			pathnameBase,
		})) ?? null

	const addresses = [
		...new Set([
			...patterns(routes).flatMap(addressesFor),
			'/',
			'//',
			'/nothing-here',
			'/a/b/c/d/e/f',
			'/%',
			'/%E2%9C',
			'/courses/%zz',
			'/courses?category=math',
		]),
	]

	it('answers every address of the route table as the default matcher does', () => {
		expect(addresses.length).toBeGreaterThan(1000)
		const differences = addresses
			.filter(reachesReactRouter)
			.map((path) => ({ path, regex: summary(regex, path), pattern: summary(pattern, path) }))
			.filter((row) => JSON.stringify(row.regex) !== JSON.stringify(row.pattern))
		expect(differences).toEqual([])
	})

	it('finds a page for each route pattern, not only the not-found page', () => {
		const notFound = patterns(routes).filter((path) => {
			const last = summary(pattern, path.replace(/:[\w-]+/g, 'x').replace(/\*$/, 'x'))?.at(-1)
			return !last || (last.id.endsWith('not-found') && !path.endsWith('*'))
		})
		expect(notFound).toEqual([])
	})
})
