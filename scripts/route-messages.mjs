// Which translated messages each page needs in the browser (decision 063), written beside the
// server build as build/server/route-messages.json: for every route pattern, the message ids its
// client code uses, read from the page's own chunks (its routes' modules, what they import, and
// what those load later). The root loader sends only these, in the page's language.
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const buildDir = process.env.BUILD_DIR ?? 'build'
const assets = join(buildDir, 'client', 'assets')
const manifestFile = (await readdir(assets)).find((name) => /^manifest-.*\.js$/.test(name))
if (!manifestFile) throw new Error(`No route manifest in ${assets}`)
const manifestText = await readFile(join(assets, manifestFile), 'utf8')
const manifest = JSON.parse(manifestText.slice(manifestText.indexOf('=') + 1).replace(/;\s*$/, ''))

// A compiled message reads `id:"L2CVk3"` (any quote); a chunk loaded later, `import("./x.js")`;
// a chunk that one imports in turn, `from"./x.js"` (the manifest lists a route's own imports, not
// those of the chunks it loads later: a lazy island's shared parts would be missed).
const MESSAGE_ID = /\bid:\s*[`"']([\w-]{6})[`"']/g
const LATER_CHUNK = /import\(\s*[`"']\.\/([\w.-]+\.js)[`"']\s*\)/g
const IMPORTED_CHUNK = /(?:\bfrom|\bimport)\s*[`"']\.\/([\w.-]+\.js)[`"']/g

const chunkCache = new Map()
async function chunk(url) {
	if (!chunkCache.has(url)) {
		const text = await readFile(join(buildDir, 'client', url), 'utf8').catch(() => '')
		chunkCache.set(url, {
			ids: [...text.matchAll(MESSAGE_ID)].map((m) => m[1]),
			later: [...text.matchAll(LATER_CHUNK), ...text.matchAll(IMPORTED_CHUNK)].map(
				(m) => `/assets/${m[1]}`,
			),
		})
	}
	return chunkCache.get(url)
}

async function idsOf(urls) {
	const seen = new Set()
	const ids = new Set()
	const queue = [...urls]
	while (queue.length) {
		const url = queue.pop()
		if (seen.has(url)) continue
		seen.add(url)
		const { ids: found, later } = await chunk(url)
		for (const id of found) ids.add(id)
		queue.push(...later)
	}
	return ids
}

const routes = manifest.routes
const chain = (route) => (route.parentId ? [...chain(routes[route.parentId]), route] : [route])
// As React Router spells a match's pattern (getRoutePattern): its routes' paths joined.
const patternOf = (matches) =>
	matches
		.map((route) => route.path)
		.filter(Boolean)
		.join('/')
		.replace(/\/\/+/g, '/') || '/'

const byPattern = {}
const entry = [manifest.entry.module, ...manifest.entry.imports]
for (const route of Object.values(routes)) {
	const matches = chain(route)
	const urls = [...entry, ...matches.flatMap((r) => [r.module, ...(r.imports ?? [])])]
	const pattern = patternOf(matches)
	const ids = await idsOf(urls)
	for (const id of byPattern[pattern] ?? []) ids.add(id)
	byPattern[pattern] = [...ids].sort()
}
await writeFile(join(buildDir, 'server', 'route-messages.json'), JSON.stringify(byPattern))
console.log(`Messages per page: ${Object.keys(byPattern).length} route patterns`)
