// No source map may be served from build/: after an optional Sentry upload, remove any left.
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

async function* walk(dir) {
	for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
		const path = join(dir, entry.name)
		if (entry.isDirectory()) yield* walk(path)
		else yield path
	}
}

let removed = 0
for await (const file of walk(process.env.BUILD_DIR ?? 'build')) {
	if (file.endsWith('.map')) {
		await rm(file)
		removed++
	}
}
if (removed) console.log(`Removed ${removed} source map file(s) from build/`)
