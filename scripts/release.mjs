// `npm run release [-- <folder>]`: the folder production runs from (release/ unless named). It
// builds the app, then copies what the two programs read at run time and nothing else: the build,
// the API's TypeScript (Node strips its types, docs/decisions/016) and migrations, the contract's
// rules it imports (contract/, decision 048; the app's build carries its own copy), the Sentry
// reporting they share, the app server, the launcher, and package.json with the lockfile. In the
// folder, `npm ci --omit=dev` installs the dependencies (no Vite, no TypeScript compiler, no test
// tools) and `node` starts each program. The Dockerfile's build is this script; the multi-process
// suite builds a release with it and starts it (multiprocess/release.test.ts).
//
// --no-build copies the build already in BUILD_DIR (build/) instead of building again.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { npmRun } from './launch.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Files and folders copied as they are; tests and test helpers stay behind. */
export const RELEASE_FILES = [
	'server.mjs',
	'instrument.server.mjs',
	'.node-version',
	'package-lock.json',
	'api/src',
	'api/migrations',
	'contract',
	'reporting',
	'scripts/start.mjs',
	'scripts/launch.mjs',
	'scripts/runtime.mjs',
	'scripts/healthcheck.mjs',
	'runtime/package.json',
	'runtime/package-lock.json',
]
const left = (path) => /\.test\.ts$|^reporting\/test-ingest\.ts$/.test(path)

/** package.json's scripts that run in a release: none needs a development tool. */
export const RELEASE_SCRIPTS = [
	'start',
	'app',
	'api',
	'migrate',
	'backup',
	'restore',
	'postinstall',
]

async function main(args) {
	const build = !args.includes('--no-build')
	const out = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(root, 'release'))
	const buildDir = resolve(root, process.env.BUILD_DIR ?? 'build')
	if (existsSync(out) && readdirSync(out).length > 0) {
		// Only a release this script made before is replaced; anything else is left to its owner.
		if (!existsSync(join(out, 'build', 'release.txt'))) {
			console.error(`${out} is not empty and holds no release: name an empty or new folder.`)
			process.exit(1)
		}
		rmSync(out, { recursive: true })
	}

	if (build) {
		const built = await npmRun('build', { cwd: root }).exited
		if (built.exitCode !== 0) process.exit(built.exitCode ?? 1)
	}
	if (
		!existsSync(join(buildDir, 'server', 'index.js')) ||
		!existsSync(join(buildDir, 'release.txt'))
	) {
		console.error(`No build in ${relative(root, buildDir) || '.'}/: run npm run build first.`)
		process.exit(1)
	}

	mkdirSync(out, { recursive: true })
	cpSync(buildDir, join(out, 'build'), { recursive: true })
	for (const path of RELEASE_FILES)
		cpSync(join(root, path), join(out, path), {
			recursive: true,
			filter: (source) => !left(relative(root, source)),
		})

	const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
	pkg.scripts = Object.fromEntries(RELEASE_SCRIPTS.map((name) => [name, pkg.scripts[name]]))
	// The release has its build: `npm start` there only starts.
	pkg.scripts.start = 'exec node scripts/start.mjs'
	writeFileSync(join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`)

	const release = (await readFile(join(out, 'build', 'release.txt'), 'utf8')).trim()
	console.log(
		`Release ${release} in ${out}: there, npm ci --omit=dev, then npm start, or npm run migrate, api and app (docs/deploy.md).`,
	)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2))
