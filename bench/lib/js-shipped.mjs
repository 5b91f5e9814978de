// JavaScript shipped: what a page loads before it is interactive, read from the build's manifest,
// and where the heavy optional pieces (Sentry, Stripe, the live rooms) can be reached from.
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { matchRoutes } from 'react-router'

export async function readBuild(buildDir) {
	const { assets } = await import(pathToFileURL(resolve(buildDir, 'server/index.js')).href)
	const client = resolve(buildDir, 'client')
	const routes = Object.values(assets.routes)
	const tree = (parentId) =>
		routes
			.filter((route) => route.parentId === parentId)
			.map((route) => ({
				id: route.id,
				path: route.path,
				index: route.index,
				children: tree(route.id),
			}))
	const gzipped = new Map()
	const gzipBytes = (url) => {
		if (!gzipped.has(url)) gzipped.set(url, gzipSync(readFileSync(join(client, url))).length)
		return gzipped.get(url)
	}
	return { assets, client, routeTree: tree(undefined), gzipBytes }
}

/**
 * The scripts React Router's <Scripts> loads for a URL before hydration: the client entry and its
 * imports, then each matched route's module and imports. With lazy route discovery (the default
 * when server-rendering) the full manifest file is not loaded; a partial manifest is inlined.
 */
export function initialScripts(build, pathname) {
	const matches = matchRoutes(build.routeTree, pathname)
	if (!matches) throw new Error(`No route matches ${pathname}`)
	const files = new Set([build.assets.entry.module, ...build.assets.entry.imports])
	for (const { route } of matches) {
		const entry = build.assets.routes[route.id]
		files.add(entry.module)
		for (const file of entry.imports ?? []) files.add(file)
	}
	const bytes = [...files].reduce((sum, file) => sum + build.gzipBytes(file), 0)
	return { routes: matches.map(({ route }) => route.id), files: [...files], bytes }
}

const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'`]\.\/([^"'`]+\.js)["'`]/g

/** Every chunk reachable from a file through static and dynamic imports. */
function reachable(client, start) {
	const seen = new Set()
	const queue = [start]
	while (queue.length) {
		const file = queue.pop()
		if (seen.has(file)) continue
		seen.add(file)
		const source = readFileSync(join(client, 'assets', file), 'utf8')
		for (const [, next] of source.matchAll(IMPORT)) queue.push(next)
	}
	return seen
}

/**
 * Which route modules can reach a chunk whose source matches `marker` (Stripe.js's loader, Yjs,
 * Sentry), and whether any page loads such a chunk before it is interactive.
 */
export function whereLoaded(build, marker) {
	const assetsDir = join(build.client, 'assets')
	const marked = new Set(
		readdirSync(assetsDir).filter(
			(file) => file.endsWith('.js') && marker.test(readFileSync(join(assetsDir, file), 'utf8')),
		),
	)
	const routes = []
	for (const [id, entry] of Object.entries(build.assets.routes)) {
		const chunks = reachable(build.client, entry.module.replace('/assets/', ''))
		if ([...chunks].some((file) => marked.has(file))) routes.push(id)
	}
	const initial = new Set()
	for (const entry of Object.values(build.assets.routes)) {
		for (const file of [entry.module, ...(entry.imports ?? [])])
			initial.add(file.replace('/assets/', ''))
	}
	for (const file of [build.assets.entry.module, ...build.assets.entry.imports])
		initial.add(file.replace('/assets/', ''))
	return {
		chunks: [...marked],
		routes,
		inInitialLoad: [...marked].filter((file) => initial.has(file)),
	}
}
