// After `npm ci` (package.json's postinstall): which Node the scripts run on (docs/decisions/016).
// The machine's own `node` when it satisfies package.json's `engines`: nothing is installed, and a
// release on a machine with Node 24 needs nothing more. Only where it is older (Node 20 on this
// project's build machines), Node 24 from the npm registry (runtime/, its own lockfile, so the
// binary is pinned and checked like every other package) is installed and linked as
// node_modules/.bin/node, which npm puts first on PATH for every script.
//
// Runs on the machine's Node, whatever its age: plain JavaScript, no dependency.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Whether `version` (22.22.0) satisfies a `>=major.minor.patch` range, the only form used. */
export function satisfies(version, range) {
	const wanted = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range.trim())
	if (!wanted) throw new Error(`engines.node must read ">=x.y.z", not "${range}"`)
	const have = version.replace(/^v/, '').split('.').map(Number)
	for (let i = 0; i < 3; i++) {
		const need = Number(wanted[i + 1])
		if (have[i] !== need) return have[i] > need
	}
	return true
}

/** The runtime package for this machine, or why there is none. */
export function runtimePackage(platform = process.platform, arch = process.arch, glibc = true) {
	if (platform !== 'linux' || !['x64', 'arm64'].includes(arch))
		return { missing: `no Node from the npm registry is set up for ${platform} on ${arch}` }
	// The registry's binaries are linked against glibc: on Alpine (musl) they would not run.
	if (!glibc) return { missing: 'the npm registry has no Node for musl (Alpine)' }
	return { name: `node-linux-${arch}` }
}

function main() {
	const range = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node
	const link = join(root, 'node_modules', '.bin', 'node')
	// The Node that runs npm is the machine's (npm_node_execpath). The `node` running this script
	// may be another: npm puts every enclosing folder's node_modules/.bin on PATH, so a release
	// made inside a checkout would otherwise borrow the checkout's runtime and break once moved.
	const machine = process.env.npm_node_execpath
		? execFileSync(process.env.npm_node_execpath, ['-p', 'process.version'], {
				encoding: 'utf8',
			}).trim()
		: process.version
	if (satisfies(machine, range)) {
		console.log(`TutorHub runs on this machine's Node ${machine} (engines ${range}).`)
		return
	}
	const glibc = Boolean(process.report?.getReport?.().header?.glibcVersionRuntime)
	const runtime = runtimePackage(process.platform, process.arch, glibc)
	if (runtime.missing) {
		console.error(
			`TutorHub needs Node ${range.replace('>=', '')} or later, and this machine has ${machine}; ` +
				`${runtime.missing}: install a current Node (https://nodejs.org) and run npm ci again.`,
		)
		process.exit(1)
	}
	console.log(
		`This machine's Node is ${machine} (engines ${range}): installing ${runtime.name} into runtime/.`,
	)
	// npm passes its settings (--offline, --prefer-offline, the registry, the cache) in npm_config_*.
	const npm = process.env.npm_execpath
	const [command, args] = npm ? [process.execPath, [npm]] : ['npm', []]
	const installed = spawnSync(
		command,
		[...args, 'ci', '--prefix', join(root, 'runtime'), '--no-audit', '--no-fund'],
		{ stdio: 'inherit' },
	)
	if (installed.status !== 0) process.exit(installed.status ?? 1)
	const binary = join(root, 'runtime', 'node_modules', runtime.name, 'bin', 'node')
	if (!existsSync(binary)) {
		console.error(`${runtime.name} did not install its binary (${binary})`)
		process.exit(1)
	}
	mkdirSync(dirname(link), { recursive: true })
	rmSync(link, { force: true })
	symlinkSync(relative(dirname(link), binary), link)
	console.log(`npm scripts run on ${relative(root, link)} -> ${relative(root, binary)}.`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
